package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import java.io.IOException;

/** Speaks the provider protocol over a {@link RawWebSocket}, reading on the test thread. */
final class RawProvider implements AutoCloseable {

  final RawWebSocket socket;

  RawProvider(RawWebSocket socket) {
    this.socket = socket;
    assertThat(socket.status()).as("handshake status").isEqualTo(101);
  }

  void send(ProviderMessage message) throws IOException {
    socket.sendText(ServerFixture.CODEC.encode(message));
  }

  /** The next message from the gateway, which must be of {@code type}. */
  <T extends GatewayMessage> T next(Class<T> type) throws IOException {
    Object next = socket.readMessage(ServerFixture.WAIT);
    assertThat(next).as("next message").isInstanceOf(String.class);
    DecodeResult<GatewayMessage, DecodeError> decoded =
        ServerFixture.CODEC.decodeGatewayMessage((String) next);
    assertThat(decoded.isDecoded()).as("decoded %s", next).isTrue();
    assertThat(decoded.messageOrNull()).isInstanceOf(type);
    return type.cast(decoded.messageOrNull());
  }

  /** Reads until the server closes; the close frame's code, or -1 if the socket just ended. */
  int awaitCloseCode() throws IOException {
    return socket.awaitClose(ServerFixture.WAIT).code();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
