package io.github.providergateway.transport.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A provider on the JDK's own WebSocket client ({@code java.net.http}), an independent
 * implementation of RFC 6455, for tests that run a real server: what arrives is queued, read by the
 * test with a bounded wait ({@link #WAIT}). It speaks whatever the test sends; the protocol's steps
 * (auth, hello) are the test's.
 */
public final class JdkProvider implements AutoCloseable {

  /** How long any wait may take. */
  public static final Duration WAIT = Duration.ofSeconds(10);

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final BlockingQueue<String> received = new LinkedBlockingQueue<>();

  /** Pings from the server; the JDK client answers each with a pong by itself. */
  private final BlockingQueue<ByteBuffer> pings = new LinkedBlockingQueue<>();

  /** Pongs from the server, answering {@link #awaitPingAnswered()}'s pings. */
  private final BlockingQueue<ByteBuffer> pongs = new LinkedBlockingQueue<>();

  /** The close code the server sent. */
  private final CompletableFuture<Integer> closeCode = new CompletableFuture<>();

  private final WebSocket socket;

  private JdkProvider(URI url) {
    socket =
        await(HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(url, new Listener()));
  }

  /**
   * Opens a WebSocket to {@code url}, waiting at most {@link #WAIT} for the handshake.
   *
   * @param url the server's provider endpoint, such as {@code ws://127.0.0.1:<port>}
   * @return the open connection
   * @throws AssertionError when it does not open in time
   */
  public static JdkProvider connect(URI url) {
    return new JdkProvider(url);
  }

  /**
   * Sends {@code message} as one text message, waiting at most {@link #WAIT} for it to be written.
   *
   * @param message what to send
   */
  public void send(ProviderMessage message) {
    await(socket.sendText(CODEC.encode(message), true));
  }

  /**
   * The next message from the gateway, which must be of {@code type}.
   *
   * @param <T> the type expected
   * @param type the type expected
   * @return the message
   * @throws InterruptedException when interrupted while waiting
   */
  public <T extends GatewayMessage> T next(Class<T> type) throws InterruptedException {
    String text = nextText();
    DecodeResult<GatewayMessage, DecodeError> decoded = CODEC.decodeGatewayMessage(text);
    assertThat(decoded.messageOrNull()).as("decoded %s", text).isInstanceOf(type);
    return type.cast(decoded.messageOrNull());
  }

  /**
   * Sends {@code json} as one text message, exactly as given, waiting at most {@link #WAIT} for it
   * to be written: for a test that speaks the protocol's JSON as a provider in another language
   * would, or sends what no codec writes.
   *
   * @param json the message's text
   */
  public void sendText(String json) {
    await(socket.sendText(json, true));
  }

  /**
   * The next text message from the gateway, as it came.
   *
   * @return the message's text
   * @throws AssertionError when none arrives within {@link #WAIT}
   * @throws InterruptedException when interrupted while waiting
   */
  public String nextText() throws InterruptedException {
    String text = nextText(WAIT);
    assertThat(text).as("a message within %s", WAIT).isNotNull();
    return text;
  }

  /**
   * The next text message from the gateway, as it came, if one arrives within {@code wait}.
   *
   * @param wait the longest to wait
   * @return the message's text, or null when none came within {@code wait}
   * @throws InterruptedException when interrupted while waiting
   */
  public String nextText(Duration wait) throws InterruptedException {
    return received.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * Waits for the server's next ping, then until the server has read the pong the client answered
   * it with. The JDK client queues that pong before it tells the listener of the ping, so a ping of
   * our own sent now follows it on the wire, and the server answers ours only after reading it.
   *
   * @throws InterruptedException when interrupted while waiting
   */
  public void awaitPingAnswered() throws InterruptedException {
    assertThat(pings.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS))
        .as("a ping from the server within %s", WAIT)
        .isNotNull();
    await(socket.sendPing(ByteBuffer.wrap(new byte[] {42})));
    assertThat(pongs.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS))
        .as("the server's answer to our ping within %s", WAIT)
        .isNotNull();
  }

  /**
   * {@return the close code the server sent, once it closes (exceptionally when the connection
   * failed instead)}
   */
  public CompletableFuture<Integer> closeCode() {
    return closeCode;
  }

  /** Drops the connection without a close handshake. */
  @Override
  public void close() {
    socket.abort();
  }

  private static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new AssertionError("no value within " + WAIT, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
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
