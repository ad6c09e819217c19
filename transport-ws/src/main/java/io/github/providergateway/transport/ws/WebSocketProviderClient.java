package io.github.providergateway.transport.ws;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Scheduler;
import io.github.providergateway.gateway.SystemScheduler;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.PairingCodeSupplier;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.internal.ProviderAuth;
import io.github.providergateway.provider.internal.ProviderChannel;
import io.github.providergateway.provider.internal.ProviderRuntime;
import io.github.providergateway.provider.internal.SerialExecutor;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Runs a {@link JavaProvider} in another process than the gateway, over WebSocket: the same
 * provider code as in-process, behind the same {@link ProviderSession}.
 *
 * <pre>{@code
 * ProviderSession session = WebSocketProviderClient.connect(
 *     URI.create("ws://127.0.0.1:9400/"), System.getenv("TAP_PROVIDER_TOKEN"), provider);
 * session.bound().toCompletableFuture().join();
 * session.push(PushLevel.INJECT, "CI failed");
 * session.goodbye("done");
 * }</pre>
 *
 * <p>Each connection sends {@code auth} with the token, then the provider runtime sends {@code
 * hello} once {@code sessions} arrives. An external provider with no token pairs instead ({@link
 * #pair}): the person types the code shown in their session, and the token the pairing issues is
 * presented on later connections. When the socket drops (or cannot be opened), the client connects
 * again after an exponential backoff with jitter ({@link Options}), authenticates again and sends a
 * new {@code hello}, carrying the last {@code hello.ack}'s {@code reconnectToken} while it is valid
 * (30 s after the drop). Calls running at the drop are cancelled, not replayed (the gateway has
 * ended them {@code DISCONNECTED}). It stops for good on {@link ProviderSession#goodbye}/{@link
 * ProviderSession#close()} and after a fatal {@code error} ({@code AUTH_FAILED}, {@code
 * UNSUPPORTED_VERSION}).
 *
 * <p>Threads: the JDK's WebSocket threads only decode and encode; every message is handled, and
 * every tool handler runs, on the provider's executor (default: one daemon thread per client).
 * Sends never block the caller: each connection has a bounded outbound queue with one send in
 * flight; a connection whose queue overflows, or that sends a message over {@link
 * Options#maxMessageChars()}, is dropped and reconnected. The next message is read only after the
 * previous one was handled, so a provider that falls behind slows the socket rather than growing
 * memory.
 *
 * <p>Built on the JDK's {@code java.net.http} WebSocket rather than the Tyrus client: it needs no
 * container threads or extra dependency, its send API is asynchronous with exactly the
 * one-in-flight rule we need, and its explicit {@code request(n)} flow control gives backpressure
 * for free.
 */
public final class WebSocketProviderClient {

  private static final System.Logger LOG =
      System.getLogger(WebSocketProviderClient.class.getName());
  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  /** Opens WebSockets; the JDK's by default, a fake in tests. */
  @FunctionalInterface
  interface Connector {
    CompletableFuture<WebSocket> connect(URI uri, WebSocket.Listener listener);
  }

  private final URI uri;
  private final Options options;
  private final Connector connector;
  private final SerialExecutor loop;
  private final Scheduler scheduler;
  private final ProviderRuntime runtime;

  /** Frees the threads this client owns (its executor, its scheduler). */
  private final Runnable release;

  /** The connection open or being opened, or null while waiting to retry. Loop only. */
  private Socket current;

  /** How many reconnects in a row failed to reach a binding; sets the next delay. Loop only. */
  private int failures;

  /** The scheduled reconnect, or null. Loop only. */
  private Scheduler.Cancellable retry;

  /** Whether the client has stopped for good. Written on the loop; read by socket threads. */
  private volatile boolean stopped;

  private WebSocketProviderClient(
      URI uri, ProviderAuth auth, JavaProvider provider, Options options, Connector connector) {
    this.uri = requireNonNull(uri, "uri");
    String scheme = uri.getScheme();
    if (!"ws".equalsIgnoreCase(scheme) && !"wss".equalsIgnoreCase(scheme)) {
      throw new IllegalArgumentException("uri must be ws:// or wss://, was " + uri);
    }
    requireNonNull(auth, "auth");
    this.options = requireNonNull(options, "options");
    this.connector = requireNonNull(connector, "connector");
    requireNonNull(provider, "provider");
    ExecutorService ownedThread =
        options.executor == null ? daemonThread("provider-" + provider.name()) : null;
    SystemScheduler ownedScheduler = options.scheduler == null ? new SystemScheduler() : null;
    this.loop = new SerialExecutor(ownedThread != null ? ownedThread : options.executor);
    this.scheduler = ownedScheduler != null ? ownedScheduler : options.scheduler;
    this.release =
        () -> {
          if (ownedScheduler != null) {
            ownedScheduler.close();
          }
          if (ownedThread != null) {
            ownedThread.shutdown();
          }
        };
    this.runtime = new ProviderRuntime(provider, loop, options.clock, auth, this::stop);
  }

  /**
   * Runs {@code provider} against the gateway at {@code uri} with {@link Options#defaults()}.
   *
   * @param token the gateway token, a spawn token ({@code TAP_PROVIDER_TOKEN}) or an external token
   * @return the running provider; it is connecting when this returns
   */
  public static ProviderSession connect(URI uri, String token, JavaProvider provider) {
    return connect(uri, token, provider, Options.defaults());
  }

  /** Runs {@code provider} against the gateway at {@code uri}. */
  public static ProviderSession connect(
      URI uri, String token, JavaProvider provider, Options options) {
    return connect(uri, token, provider, options, jdkConnector(options.connectTimeout));
  }

  static ProviderSession connect(
      URI uri, String token, JavaProvider provider, Options options, Connector connector) {
    return start(uri, ProviderAuth.token(token), provider, options, connector);
  }

  /**
   * Runs {@code provider} as an external provider that pairs (spec: External providers), with
   * {@link Options#defaults()}.
   *
   * <p>The first connection sends {@code auth {mode: "pair"}}; the gateway shows a 6-digit code in
   * each active session's timeline and answers {@code auth.pairing}, upon which {@code codes} asks
   * the person for the code they read there; it goes back as {@code auth.confirm}, and the session
   * it belongs to is the one the provider is bound to. Later connections present the external token
   * the pairing issued; if the gateway refuses it (its session ended, or the gateway restarted) the
   * next connection pairs again. A wrong code ends the provider with {@code AUTH_FAILED}; a
   * supplier that gives no code ends it with its failure.
   *
   * @return the running provider; it is connecting when this returns
   */
  public static ProviderSession pair(URI uri, JavaProvider provider, PairingCodeSupplier codes) {
    return pair(uri, provider, codes, Options.defaults());
  }

  /** {@link #pair(URI, JavaProvider, PairingCodeSupplier)} with {@code options}. */
  public static ProviderSession pair(
      URI uri, JavaProvider provider, PairingCodeSupplier codes, Options options) {
    return pair(uri, provider, codes, options, jdkConnector(options.connectTimeout));
  }

  static ProviderSession pair(
      URI uri,
      JavaProvider provider,
      PairingCodeSupplier codes,
      Options options,
      Connector connector) {
    return start(uri, ProviderAuth.pairing(codes), provider, options, connector);
  }

  private static ProviderSession start(
      URI uri, ProviderAuth auth, JavaProvider provider, Options options, Connector connector) {
    WebSocketProviderClient client =
        new WebSocketProviderClient(uri, auth, provider, options, connector);
    client.loop.execute(client::open);
    return client.runtime.session();
  }

  private static Connector jdkConnector(Duration connectTimeout) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
    return (uri, listener) ->
        http.newWebSocketBuilder().connectTimeout(connectTimeout).buildAsync(uri, listener);
  }

  // ---- connecting and reconnecting (loop only) ----

  private void open() {
    if (stopped) {
      return;
    }
    retry = null;
    Socket socket = new Socket();
    current = socket;
    CompletableFuture<WebSocket> opening;
    try {
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

  private void opened(Socket socket) {
    if (socket != current || stopped) {
      socket.ws.abort();
      return;
    }
    socket.open = true;
    runtime.opened(socket);
    socket.ws.request(1);
  }

  private void received(Socket socket, DecodeResult<GatewayMessage> decoded) {
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
  private void lost(Socket socket, Throwable cause) {
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
    Duration delay = options.backoff(failures++, options.random.getAsDouble());
    LOG.log(
        Level.DEBUG,
        "connection to {0} lost ({1}); reconnecting in {2} ms",
        uri,
        cause == null ? "closed" : cause.toString(),
        delay.toMillis());
    retry = scheduler.schedule(delay, () -> loop.execute(this::open));
  }

  /** The runtime has ended for good; called by it, on the loop. */
  private void stop() {
    stopped = true;
    if (retry != null) {
      retry.cancel();
      retry = null;
    }
    Socket socket = current;
    current = null;
    if (socket != null && socket.ws != null) {
      socket.ws.abort();
    }
    release.run();
  }

  private static ExecutorService daemonThread(String name) {
    return Executors.newSingleThreadExecutor(
        task -> {
          Thread thread = new Thread(task, name);
          thread.setDaemon(true);
          return thread;
        });
  }

  /**
   * One connection attempt: the JDK's listener for its socket and the runtime's channel to it.
   * Listener callbacks arrive one at a time on the JDK's threads and only decode or hop to the
   * loop; sends come from any thread.
   */
  private final class Socket implements WebSocket.Listener, ProviderChannel {

    /** Set by {@link #onOpen} before anything else can use it. */
    volatile WebSocket ws;

    /** Whether the runtime was told about this connection. Loop only. */
    boolean open;

    /** The text message being assembled from frames. JDK listener threads only, one at a time. */
    private StringBuilder incoming = new StringBuilder();

    /** Guards the outbound state below. */
    private final Object lock = new Object();

    /** Encoded messages waiting for the send in flight. */
    private final Deque<String> outbound = new ArrayDeque<>();

    /** Whether a send is in flight (the JDK allows one at a time). */
    private boolean sending;

    /** Whether a thread is inside {@link #pump()}; a send completing then leaves the next to it. */
    private boolean pumping;

    /** Whether the runtime asked to close once the queue is sent. */
    private boolean closeRequested;

    /** Whether the close frame went out. */
    private boolean closeSent;

    /** Whether this connection takes no more sends (it ended, or is being dropped). */
    private boolean shut;

    // ---- the runtime's channel ----

    @Override
    public boolean send(ProviderMessage message) {
      String text = CODEC.encode(message); // encoded on the caller's thread, off the socket's
      synchronized (lock) {
        if (shut || closeRequested || ws == null) {
          return false;
        }
        if (outbound.size() >= options.maxQueuedMessages) {
          // The gateway stopped reading: this connection is no use; a new one starts clean.
          shut = true;
        } else {
          outbound.addLast(text);
        }
      }
      if (shut) {
        abortAndLose(
            new IOException("outbound queue full (" + options.maxQueuedMessages + " messages)"));
        return false;
      }
      pump();
      return true;
    }

    @Override
    public void close() {
      synchronized (lock) {
        if (shut || closeRequested) {
          return;
        }
        closeRequested = true;
      }
      pump();
      // A gateway that never answers the close frame must not keep the socket forever.
      scheduler.schedule(
          options.closeTimeout, () -> abortAndLose(new IOException("close timed out")));
    }

    /** Sends queued messages one at a time; the close frame once they are out. */
    private void pump() {
      while (true) {
        String next;
        boolean sendClose = false;
        synchronized (lock) {
          if (pumping || sending || shut) {
            return;
          }
          next = outbound.pollFirst();
          if (next == null) {
            if (!closeRequested || closeSent) {
              return;
            }
            closeSent = true;
            sendClose = true;
          } else {
            sending = true;
            pumping = true;
          }
        }
        if (sendClose) {
          ws.sendClose(WebSocket.NORMAL_CLOSURE, "");
          return;
        }
        CompletableFuture<WebSocket> sent;
        try {
          sent = ws.sendText(next, true);
        } catch (RuntimeException e) {
          sent = CompletableFuture.failedFuture(e);
        }
        sent.whenComplete(this::sent);
        synchronized (lock) {
          // If the send completed inline, sent() left the next one to this loop.
          pumping = false;
          if (sending) {
            return;
          }
        }
      }
    }

    private void sent(WebSocket socket, Throwable error) {
      boolean again;
      synchronized (lock) {
        sending = false;
        again = !pumping;
      }
      if (error != null) {
        abortAndLose(error);
      } else if (again) {
        pump();
      }
    }

    /** No more sends on this connection. */
    void shut() {
      synchronized (lock) {
        shut = true;
        outbound.clear();
      }
    }

    private void abortAndLose(Throwable cause) {
      shut();
      WebSocket socket = ws;
      if (socket != null) {
        socket.abort(); // the JDK tells the listener nothing after an abort
      }
      loop.execute(() -> lost(this, cause));
    }

    // ---- the JDK's listener ----

    @Override
    public void onOpen(WebSocket webSocket) {
      ws = webSocket;
      if (stopped) {
        webSocket.abort();
        return;
      }
      loop.execute(() -> opened(this));
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      incoming.append(data);
      if (incoming.length() > options.maxMessageChars) {
        incoming = new StringBuilder();
        abortAndLose(new IOException("message over " + options.maxMessageChars + " chars"));
        return null;
      }
      if (!last) {
        webSocket.request(1);
        return null;
      }
      String text = incoming.toString();
      incoming = new StringBuilder();
      DecodeResult<GatewayMessage> decoded = CODEC.decodeGatewayMessage(text);
      loop.execute(() -> received(this, decoded));
      return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
      webSocket.request(1); // the protocol is text only
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      loop.execute(() -> lost(this, null));
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      loop.execute(() -> lost(this, error));
    }
  }

  /**
   * How a {@link WebSocketProviderClient} connects, reconnects and queues. Defaults: backoff from
   * 250 ms doubling to 30 s with 20 % jitter, 10 s to connect, 5 s for the gateway to answer a
   * close, 4,096 queued outbound messages, incoming messages up to 16 Mi chars, a daemon thread of
   * its own for the provider, the system clock, a scheduler thread of its own.
   */
  public static final class Options {
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final double jitter;
    private final Duration connectTimeout;
    private final Duration closeTimeout;
    private final int maxQueuedMessages;
    private final int maxMessageChars;
    private final Executor executor;
    private final Clock clock;
    private final Scheduler scheduler;
    private final DoubleSupplier random;

    private Options(Builder b) {
      this.initialBackoff = b.initialBackoff;
      this.maxBackoff = b.maxBackoff;
      this.jitter = b.jitter;
      this.connectTimeout = b.connectTimeout;
      this.closeTimeout = b.closeTimeout;
      this.maxQueuedMessages = b.maxQueuedMessages;
      this.maxMessageChars = b.maxMessageChars;
      this.executor = b.executor;
      this.clock = b.clock;
      this.scheduler = b.scheduler;
      this.random = b.random;
    }

    /** The defaults listed on {@link Options}. */
    public static Options defaults() {
      return builder().build();
    }

    public static Builder builder() {
      return new Builder();
    }

    /**
     * The wait before reconnect number {@code failures} (0 for the first after a drop): {@code
     * initialBackoff × 2^failures}, at most {@code maxBackoff}, shortened by up to {@code jitter}
     * of itself so that providers dropped together do not return together.
     *
     * @param random a number in [0, 1)
     */
    public Duration backoff(int failures, double random) {
      Duration base = maxBackoff;
      if (failures < 31) {
        Duration doubled = initialBackoff.multipliedBy(1L << failures);
        base = doubled.compareTo(maxBackoff) < 0 ? doubled : maxBackoff;
      }
      long nanos = base.toNanos();
      return Duration.ofNanos(nanos - (long) (nanos * jitter * random));
    }

    public Duration initialBackoff() {
      return initialBackoff;
    }

    public Duration maxBackoff() {
      return maxBackoff;
    }

    public double jitter() {
      return jitter;
    }

    public Duration connectTimeout() {
      return connectTimeout;
    }

    public Duration closeTimeout() {
      return closeTimeout;
    }

    public int maxQueuedMessages() {
      return maxQueuedMessages;
    }

    public int maxMessageChars() {
      return maxMessageChars;
    }

    /** Builds {@link Options}; every setting has the default listed there. */
    public static final class Builder {
      private Duration initialBackoff = Duration.ofMillis(250);
      private Duration maxBackoff = Duration.ofSeconds(30);
      private double jitter = 0.2;
      private Duration connectTimeout = Duration.ofSeconds(10);
      private Duration closeTimeout = Duration.ofSeconds(5);
      private int maxQueuedMessages = 4096;
      private int maxMessageChars = 16 << 20;
      private Executor executor;
      private Clock clock = Clock.systemUTC();
      private Scheduler scheduler;
      private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();

      private Builder() {}

      /** The first reconnect delay, doubled after each failed attempt. */
      public Builder initialBackoff(Duration initialBackoff) {
        this.initialBackoff = positive(initialBackoff, "initialBackoff");
        return this;
      }

      /** The longest reconnect delay. */
      public Builder maxBackoff(Duration maxBackoff) {
        this.maxBackoff = positive(maxBackoff, "maxBackoff");
        return this;
      }

      /** The share of each delay taken off at random, from 0 (none) to 1. */
      public Builder jitter(double jitter) {
        if (!(jitter >= 0 && jitter <= 1)) {
          throw new IllegalArgumentException("jitter must be within [0, 1], was " + jitter);
        }
        this.jitter = jitter;
        return this;
      }

      /** How long opening a connection may take. */
      public Builder connectTimeout(Duration connectTimeout) {
        this.connectTimeout = positive(connectTimeout, "connectTimeout");
        return this;
      }

      /** How long the gateway has to answer a close before the socket is dropped. */
      public Builder closeTimeout(Duration closeTimeout) {
        this.closeTimeout = positive(closeTimeout, "closeTimeout");
        return this;
      }

      /** The most messages waiting to be sent on one connection. */
      public Builder maxQueuedMessages(int maxQueuedMessages) {
        if (maxQueuedMessages < 1) {
          throw new IllegalArgumentException("maxQueuedMessages must be at least 1");
        }
        this.maxQueuedMessages = maxQueuedMessages;
        return this;
      }

      /** The longest message accepted from the gateway, in chars. */
      public Builder maxMessageChars(int maxMessageChars) {
        if (maxMessageChars < 1) {
          throw new IllegalArgumentException("maxMessageChars must be at least 1");
        }
        this.maxMessageChars = maxMessageChars;
        return this;
      }

      /**
       * Where the provider's messages are handled and its tools run, one at a time. It stays the
       * caller's: the client does not shut it down.
       */
      public Builder executor(Executor executor) {
        this.executor = requireNonNull(executor, "executor");
        return this;
      }

      /** What reconnect-token expiry reads (tests: a manual clock). */
      public Builder clock(Clock clock) {
        this.clock = requireNonNull(clock, "clock");
        return this;
      }

      /**
       * What runs reconnect delays and close timeouts (tests: a manual clock). Stays the caller's.
       */
      public Builder scheduler(Scheduler scheduler) {
        this.scheduler = requireNonNull(scheduler, "scheduler");
        return this;
      }

      /** The source of jitter, numbers in [0, 1) (tests pin it). */
      public Builder random(DoubleSupplier random) {
        this.random = requireNonNull(random, "random");
        return this;
      }

      public Options build() {
        if (initialBackoff.compareTo(maxBackoff) > 0) {
          throw new IllegalArgumentException("initialBackoff must not exceed maxBackoff");
        }
        return new Options(this);
      }

      private static Duration positive(Duration value, String name) {
        requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
          throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
        return value;
      }
    }
  }
}
