package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A provider on the JDK's own WebSocket client ({@code java.net.http}), an independent
 * implementation of RFC 6455: what arrives is queued, read by the test with a bounded wait.
 */
final class JdkProvider implements AutoCloseable {

  private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
  /** Pings from the server; the JDK client answers each with a pong by itself. */
  private final BlockingQueue<ByteBuffer> pings = new LinkedBlockingQueue<>();
  /** Pongs from the server, answering {@link #awaitPingAnswered()}'s pings. */
  private final BlockingQueue<ByteBuffer> pongs = new LinkedBlockingQueue<>();
  /** The close code the server sent. */
  final CompletableFuture<Integer> closeCode = new CompletableFuture<>();
  private final WebSocket socket;

  private JdkProvider(URI url) {
    socket =
        ServerFixture.await(
            HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(url, new Listener()));
  }

  static JdkProvider connect(URI url) {
    return new JdkProvider(url);
  }

  void send(ProviderMessage message) {
    ServerFixture.await(socket.sendText(ServerFixture.CODEC.encode(message), true));
  }

  /** The next message from the gateway, which must be of {@code type}. */
  <T extends GatewayMessage> T next(Class<T> type) throws InterruptedException {
    String text = received.poll(ServerFixture.WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(text).as("a message within %s", ServerFixture.WAIT).isNotNull();
    DecodeResult<GatewayMessage, DecodeError> decoded = ServerFixture.CODEC.decodeGatewayMessage(text);
    assertThat(decoded.messageOrNull()).as("decoded %s", text).isInstanceOf(type);
    return type.cast(decoded.messageOrNull());
  }

  /**
   * Waits for the server's next ping, then until the server has read the pong the client answered
   * it with. The JDK client queues that pong before it tells the listener of the ping, so a ping
   * of our own sent now follows it on the wire, and the server answers ours only after reading it.
   */
  void awaitPingAnswered() throws InterruptedException {
    assertThat(pings.poll(ServerFixture.WAIT.toMillis(), TimeUnit.MILLISECONDS))
        .as("a ping from the server within %s", ServerFixture.WAIT)
        .isNotNull();
    ServerFixture.await(socket.sendPing(ByteBuffer.wrap(new byte[] {42})));
    assertThat(pongs.poll(ServerFixture.WAIT.toMillis(), TimeUnit.MILLISECONDS))
        .as("the server's answer to our ping within %s", ServerFixture.WAIT)
        .isNotNull();
  }

  @Override
  public void close() {
    socket.abort();
  }

  private final class Listener implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        received.add(partial.toString());
        partial.setLength(0);
      }
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onPing(WebSocket webSocket, ByteBuffer message) {
      pings.add(message);
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onPong(WebSocket webSocket, ByteBuffer message) {
      pongs.add(message);
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      closeCode.complete(statusCode);
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      closeCode.completeExceptionally(error);
    }
  }
}
