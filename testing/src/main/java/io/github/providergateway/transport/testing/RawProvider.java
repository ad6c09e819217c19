package io.github.providergateway.transport.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.time.Duration;

/**
 * Speaks the provider protocol over a {@link RawWebSocket}, reading on the test thread with a
 * bounded wait ({@link #WAIT}). It speaks whatever the test sends; the protocol's steps (auth,
 * hello) are the test's. What the protocol does not say, the test says through {@link #socket}.
 */
public final class RawProvider implements AutoCloseable {

  /** How long any read may wait. */
  public static final Duration WAIT = Duration.ofSeconds(10);

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  /** The connection, for frames and bytes the protocol does not send. */
  public final RawWebSocket socket;

  /**
   * Speaks over {@code socket}, whose handshake must have succeeded.
   *
   * @param socket the connection
   * @throws AssertionError when the handshake's status is not 101
   */
  public RawProvider(RawWebSocket socket) {
    this.socket = socket;
    assertThat(socket.status()).as("handshake status").isEqualTo(101);
  }

  /**
   * Sends {@code message} as one text frame.
   *
   * @param message what to send
   * @throws IOException when the socket fails
   */
  public void send(ProviderMessage message) throws IOException {
    socket.sendText(CODEC.encode(message));
  }

  /**
   * The next message from the gateway, which must be of {@code type}.
   *
   * @param <T> the type expected
   * @param type the type expected
   * @return the message
   * @throws AssertionError when the server closed instead, or sent what does not decode to {@code
   *     type}
   * @throws java.net.SocketTimeoutException when nothing arrives within {@link #WAIT}
   * @throws IOException when the socket fails
   */
  public <T extends GatewayMessage> T next(Class<T> type) throws IOException {
    Object next = socket.readMessage(WAIT);
    assertThat(next).as("next message").isInstanceOf(String.class);
    DecodeResult<GatewayMessage, DecodeError> decoded = CODEC.decodeGatewayMessage((String) next);
    assertThat(decoded.isDecoded()).as("decoded %s", next).isTrue();
    assertThat(decoded.messageOrNull()).isInstanceOf(type);
    return type.cast(decoded.messageOrNull());
  }

  /**
   * Reads, dropping messages, until the server closes.
   *
   * @return the close frame's code, or -1 if the socket just ended
   * @throws java.net.SocketTimeoutException when the server does not close within {@link #WAIT}
   * @throws IOException when the socket fails
   */
  public int awaitCloseCode() throws IOException {
    return socket.awaitClose(WAIT).code();
  }

  /**
   * Closes the socket without a close frame.
   *
   * @throws IOException when the socket fails
   */
  @Override
  public void close() throws IOException {
    socket.close();
  }
}
