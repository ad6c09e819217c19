package io.github.providergateway.provider.client;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.spi.ProviderAuth;
import io.github.providergateway.provider.spi.ProviderLoop;
import io.github.providergateway.provider.spi.ProviderRuntime;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * The connection attempt loop of a {@link WebSocketProviderClient}: opens a socket, hands it to the
 * provider runtime once open, feeds it what arrives, and when it drops (or cannot be opened) tries
 * again after an exponential backoff with jitter, until the runtime has ended. Loop only, unless a
 * method says otherwise.
 */
final class ReconnectLoop {
  private static final System.Logger LOG =
      System.getLogger(WebSocketProviderClient.class.getName());

  /** Where to connect, asked at every attempt: a fixed URL, or the home's gateway as it is then. */
  private final Supplier<URI> address;

  /** The URL of the latest attempt, for the log; null while none could be found. Loop only. */
  private URI uri;

  private final WebSocketProviderClient.Options options;
  private final WebSocketProviderClient.Connector connector;
  private final ProviderLoop loop;
  private final Scheduler scheduler;

  /** The source of jitter, numbers in [0, 1). */
  private final DoubleSupplier random;

  /** Frees the threads the client owns (its executor, its scheduler). */
  private final Runnable release;

  private final ProviderRuntime runtime;

  /** The connection open or being opened, or null while waiting to retry. Loop only. */
  private ProviderSocket current;

  /** How many reconnects in a row failed to reach a binding; sets the next delay. Loop only. */
  private int failures;

  /** The scheduled reconnect, or null. Loop only. */
  private Scheduler.Cancellable retry;

  /**
   * Whether a failed attempt was warned about since a connection last opened: the person hears once
   * that the gateway cannot be reached, not at every retry. Loop only.
   */
  private boolean failureWarned;

  /** Whether the client has stopped for good. Written on the loop; read by socket threads. */
  private volatile boolean stopped;

  ReconnectLoop(
      Supplier<URI> address,
      WebSocketProviderClient.Options options,
      WebSocketProviderClient.Connector connector,
      ProviderLoop loop,
      Scheduler scheduler,
      DoubleSupplier random,
      Runnable release,
      JavaProvider provider,
      ProviderAuth auth,
      Clock clock) {
    this.address = address;
    this.options = options;
    this.connector = connector;
    this.loop = loop;
    this.scheduler = scheduler;
    this.random = random;
    this.release = release;
    this.runtime = new ProviderRuntime(provider, loop, clock, auth, this::stop);
  }

  /** The provider's session, for the caller. Any thread. */
  ProviderSession session() {
    return runtime.session();
  }

  /** Whether the client has stopped for good. Any thread. */
  boolean isStopped() {
    return stopped;
  }

  /** One connection attempt. */
  void open() {
    if (stopped) {
      return;
    }
    retry = null;
    ProviderSocket socket = new ProviderSocket(this, loop, scheduler, options);
    current = socket;
    CompletableFuture<WebSocket> opening;
    try {
      uri = null;
      uri = address.get(); // again at every attempt: a gateway that restarted may listen elsewhere
      opening = connector.connect(uri, socket);
    } catch (RuntimeException e) {
      opening = CompletableFuture.failedFuture(e);
    }
    opening.whenComplete(
        (ws, error) -> {
          if (error != null) {
            loop.execute(() -> lost(socket, error));
          }
        });
  }

  void opened(ProviderSocket socket) {
    if (socket != current || stopped) {
      socket.ws.abort();
      return;
    }
    socket.open = true;
    if (failureWarned) {
      failureWarned = false;
      LOG.log(Level.INFO, "connected to the gateway at {0}", uri);
    }
    runtime.opened(socket);
    socket.ws.request(1);
  }

  void received(ProviderSocket socket, DecodeResult<GatewayMessage, DecodeError> decoded) {
    if (socket != current) {
      return;
    }
    if (decoded.isDecoded()) {
      runtime.received(decoded.messageOrNull());
    } else {
      // Nothing to answer: the gateway takes no errors from providers. Drop it and read on.
      LOG.log(
          Level.DEBUG,
          "unreadable message from the gateway dropped: {0}",
          decoded.errorOrNull().detail());
    }
    socket.ws.request(1); // only now: the provider keeps up before the socket reads more
  }

  /** The connection ended or could not be opened: reconnect after a backoff, or stop. */
  void lost(ProviderSocket socket, Throwable cause) {
    if (socket != current) {
      return;
    }
    current = null;
    socket.shut();
    boolean reconnect;
    boolean wasBound = false;
    if (socket.open) {
      ProviderRuntime.AfterClose end = runtime.closed(true);
      reconnect = end.reconnect();
      wasBound = end.wasBound();
    } else {
      reconnect = !runtime.isTerminated();
    }
    if (!reconnect || stopped) {
      return; // the runtime has terminated, and called stop()
    }
    if (wasBound) {
      failures = 0; // a connection that worked restarts the backoff
    }
    Duration delay = options.backoff(failures++, random.getAsDouble());
    if (!socket.open && !failureWarned) {
      // Not silent: a wrong URL or a gateway that is not running would otherwise look like a
      // provider that works but never shows up.
      failureWarned = true;
      LOG.log(
          Level.WARNING,
          "cannot connect to the gateway at {0}: {1}. Is it running, and is this its URL? Retrying"
              + " in {2} ms, then with a backoff up to {3} s; further failures are logged at DEBUG",
          uri != null ? uri : "its home",
          describe(cause),
          delay.toMillis(),
          options.maxBackoff().toSeconds());
    } else {
      LOG.log(
          Level.DEBUG,
          "connection to {0} lost ({1}); reconnecting in {2} ms",
          uri,
          cause == null ? "closed" : cause.toString(),
          delay.toMillis());
    }
    retry = scheduler.schedule(delay, () -> loop.execute(this::open));
  }

  /**
   * Why a connection could not be opened, for a person: the JDK wraps the cause in {@link
   * CompletionException}s, and a refused connection is a {@link java.net.ConnectException} without
   * a message.
   */
  static String describe(Throwable cause) {
    Throwable root = cause;
    while ((root instanceof CompletionException || root instanceof ExecutionException)
        && root.getCause() != null) {
      root = root.getCause();
    }
    if (root == null) {
      return "closed before it opened";
    }
    if (root instanceof WebSocketHandshakeException refused) {
      return "the handshake was refused with HTTP " + refused.getResponse().statusCode();
    }
    String name = root.getClass().getSimpleName();
    return root.getMessage() == null ? name : name + ": " + root.getMessage();
  }

  /** The runtime has ended for good; called by it, on the loop. */
  private void stop() {
    stopped = true;
    if (retry != null) {
      retry.cancel();
      retry = null;
    }
    ProviderSocket socket = current;
    current = null;
    if (socket != null && socket.ws != null) {
      socket.ws.abort();
    }
    release.run();
  }
}
