package io.github.providergateway.provider.client;

import static io.github.providergateway.loop.base.Durations.requirePositive;
import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Backoff;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.PairingCodeSupplier;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.spi.ProviderAuth;
import io.github.providergateway.provider.spi.ProviderLoop;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Runs a {@link JavaProvider} in another process than the gateway, over WebSocket: the same
 * provider code as in-process, behind the same {@link ProviderSession}.
 *
 * <pre>{@code
 * ProviderSession session = WebSocketProviderClient.fromEnvironment(provider);
 * session.bound().toCompletableFuture().join();
 * session.push(PushLevel.INJECT, "CI failed");
 * session.goodbye("done");
 * }</pre>
 *
 * <p>{@link #fromEnvironment(JavaProvider)} finds the gateway and the token as providers in every
 * language do ({@code TAP_GATEWAY_URL}, {@code TAP_PROVIDER_TOKEN}, else the gateway's home, looked
 * up again at every reconnect); {@link #connect} takes them from the caller; {@link #pair} needs no
 * token.
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
 * UNSUPPORTED_VERSION}). The first attempt that cannot connect (nothing listens at the URL, the
 * handshake is refused) is logged once as a {@code WARNING} naming the URL and the reason, through
 * {@link System.Logger} under this class's name; later ones at {@code DEBUG} until a connection
 * opens again.
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

  /** Opens WebSockets; the JDK's by default, a fake in tests. */
  @FunctionalInterface
  interface Connector {
    CompletableFuture<WebSocket> connect(URI uri, WebSocket.Listener listener);
  }

  /** The provider's executor, made serial: messages are handled and tools run one at a time. */
  private final ProviderLoop loop;

  private final ReconnectLoop connection;

  private WebSocketProviderClient(
      Supplier<URI> address,
      ProviderAuth auth,
      JavaProvider provider,
      Options options,
      Connector connector) {
    requireNonNull(address, "address");
    requireNonNull(auth, "auth");
    requireNonNull(options, "options");
    requireNonNull(connector, "connector");
    requireNonNull(provider, "provider");
    // What the backend makes for this client is the client's, released when it ends.
    Backend backend = options.backend();
    Executor ownedThread = backend.loopExecutor("provider-" + provider.name());
    Scheduler scheduler = backend.scheduler();
    this.loop = new ProviderLoop(ownedThread);
    Runnable release =
        () -> {
          Backend.release(scheduler);
          Backend.release(ownedThread);
        };
    this.connection =
        new ReconnectLoop(
            address,
            options,
            connector,
            loop,
            scheduler,
            options.random(),
            release,
            provider,
            auth,
            options.clock());
  }

  /**
   * Runs {@code provider} against the gateway that the process environment names, with {@link
   * Options#defaults()}: {@link #fromEnvironment(JavaProvider, Map, Options)} with {@link
   * System#getenv()}.
   *
   * @param provider the provider
   * @return the running provider; it is connecting when this returns
   * @throws IllegalStateException when no token is found
   * @throws IllegalArgumentException when {@code TAP_GATEWAY_URL} is not a {@code ws://} or {@code
   *     wss://} URI
   */
  public static ProviderSession fromEnvironment(JavaProvider provider) {
    return fromEnvironment(provider, System.getenv(), Options.defaults());
  }

  /**
   * {@link #fromEnvironment(JavaProvider, Map, Options)} with {@link Options#defaults()}.
   *
   * @param provider the provider
   * @param environment the variables to read, such as {@link System#getenv()}
   * @return the running provider; it is connecting when this returns
   * @throws IllegalStateException when no token is found
   * @throws IllegalArgumentException when {@code TAP_GATEWAY_URL} is not a {@code ws://} or {@code
   *     wss://} URI
   */
  public static ProviderSession fromEnvironment(
      JavaProvider provider, Map<String, String> environment) {
    return fromEnvironment(provider, environment, Options.defaults());
  }

  /**
   * Runs {@code provider} against the gateway that {@code environment} names, the way the Node and
   * Python providers find it (docs/providers.md), so that a provider the gateway spawns and one a
   * person starts by hand need no code of their own for it. An empty variable counts as unset.
   *
   * <ul>
   *   <li>The home is {@code TAP_HOME}, else {@code <COPILOT_HOME>/extensions/tap}, where {@code
   *       COPILOT_HOME} defaults to {@code ~/.copilot} ({@code ~} is {@code HOME}, else the JVM's
   *       {@code user.home}).
   *   <li>The URL is {@code TAP_GATEWAY_URL} (pinned), else {@code ws://127.0.0.1:<port>} with the
   *       port looked up again at every connection: the home's {@code gateway.port} (every running
   *       gateway writes it), else its {@code settings.json}'s {@code port}, else 9400. So the
   *       provider follows a gateway that restarted on another port. While the token file is newer
   *       than {@code gateway.port} (a gateway started after the last was killed, and does not
   *       listen yet), it waits rather than send the new token to the dead gateway's port.
   *   <li>The token is {@code TAP_PROVIDER_TOKEN} (a spawned provider's), else what the home's
   *       token file {@code <home>/.provider-token} holds: read now, when it must be there, and
   *       again at every connection, since a gateway that restarted has a new token; a refusal
   *       ({@code AUTH_FAILED}) of a token read from the file does not end the provider.
   * </ul>
   *
   * <p>{@code TAP_SESSION} (a session's id or label) picks the session of a provider that names
   * none ({@code JavaProvider.Builder.session}), as the examples read it; the gateway sets it for
   * the providers it starts from its {@code --config}.
   *
   * @param provider the provider
   * @param environment the variables to read, such as {@link System#getenv()}
   * @param options how to connect, reconnect and queue
   * @return the running provider; it is connecting when this returns
   * @throws IllegalStateException when there is neither {@code TAP_PROVIDER_TOKEN} nor a readable,
   *     non-empty token file; the message names the file
   * @throws IllegalArgumentException when {@code TAP_GATEWAY_URL} is not a {@code ws://} or {@code
   *     wss://} URI
   */
  public static ProviderSession fromEnvironment(
      JavaProvider provider, Map<String, String> environment, Options options) {
    return fromEnvironment(provider, environment, options, jdkConnector(options.connectTimeout));
  }

  static ProviderSession fromEnvironment(
      JavaProvider provider,
      Map<String, String> environment,
      Options options,
      Connector connector) {
    return fromEnvironment(provider, environment, options, connector, LoopbackListener.PROC_NET);
  }

  /** As above, with the kernel's socket tables read from {@code socketTables}. */
  static ProviderSession fromEnvironment(
      JavaProvider provider,
      Map<String, String> environment,
      Options options,
      Connector connector,
      Path socketTables) {
    requireNonNull(provider, "provider");
    ProviderEnvironment found =
        new ProviderEnvironment(requireNonNull(environment, "environment"), socketTables);
    return start(found.address(), found.auth(), provider, options, connector);
  }

  /**
   * Runs {@code provider} against the gateway at {@code uri} with {@link Options#defaults()}.
   *
   * @param uri the gateway's {@code ws://} or {@code wss://} URL
   * @param token the gateway token, a spawn token ({@code TAP_PROVIDER_TOKEN}) or an external token
   * @param provider the provider
   * @return the running provider; it is connecting when this returns
   */
  public static ProviderSession connect(URI uri, String token, JavaProvider provider) {
    return connect(uri, token, provider, Options.defaults());
  }

  /**
   * Runs {@code provider} against the gateway at {@code uri}.
   *
   * @param uri the gateway's {@code ws://} or {@code wss://} URL
   * @param token the gateway token, a spawn token ({@code TAP_PROVIDER_TOKEN}) or an external token
   * @param provider the provider
   * @param options how to connect, reconnect and queue
   * @return the running provider; it is connecting when this returns
   */
  public static ProviderSession connect(
      URI uri, String token, JavaProvider provider, Options options) {
    return connect(uri, token, provider, options, jdkConnector(options.connectTimeout));
  }

  static ProviderSession connect(
      URI uri, String token, JavaProvider provider, Options options, Connector connector) {
    return start(fixed(uri), ProviderAuth.token(token), provider, options, connector);
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
   * @param uri the gateway's {@code ws://} or {@code wss://} URL
   * @param provider the provider
   * @param codes asks the person for the code shown in their session
   * @return the running provider; it is connecting when this returns
   */
  public static ProviderSession pair(URI uri, JavaProvider provider, PairingCodeSupplier codes) {
    return pair(uri, provider, codes, Options.defaults());
  }

  /**
   * {@link #pair(URI, JavaProvider, PairingCodeSupplier)} with {@code options}.
   *
   * @param uri the gateway's {@code ws://} or {@code wss://} URL
   * @param provider the provider
   * @param codes asks the person for the code shown in their session
   * @param options how to connect, reconnect and queue
   * @return the running provider; it is connecting when this returns
   */
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
    return start(fixed(uri), ProviderAuth.pairing(codes), provider, options, connector);
  }

  /** {@code uri}, checked, as the address of every attempt. */
  private static Supplier<URI> fixed(URI uri) {
    checkScheme(requireNonNull(uri, "uri"));
    return () -> uri;
  }

  /** Refuses a URL that is no WebSocket URL; returns it. */
  static URI checkScheme(URI uri) {
    String scheme = uri.getScheme();
    if (!"ws".equalsIgnoreCase(scheme) && !"wss".equalsIgnoreCase(scheme)) {
      throw new IllegalArgumentException("uri must be ws:// or wss://, was " + uri);
    }
    return uri;
  }

  private static ProviderSession start(
      Supplier<URI> address,
      ProviderAuth auth,
      JavaProvider provider,
      Options options,
      Connector connector) {
    WebSocketProviderClient client =
        new WebSocketProviderClient(address, auth, provider, options, connector);
    client.loop.execute(client.connection::open);
    return client.connection.session();
  }

  private static Connector jdkConnector(Duration connectTimeout) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
    return (uri, listener) ->
        http.newWebSocketBuilder().connectTimeout(connectTimeout).buildAsync(uri, listener);
  }

  /**
   * How a {@link WebSocketProviderClient} connects, reconnects and queues. Defaults: backoff from
   * 250 ms doubling to 2 s with 20 % jitter (a gateway on this machine that restarted has its
   * providers back within about 2 s of listening), 10 s to connect, 5 s for the gateway to answer a
   * close, 4,096 queued outbound messages, incoming messages up to 16 Mi chars, a daemon thread of
   * its own for the provider, the system clock, a scheduler thread of its own (all three from
   * {@link Backend#system()}), jitter from {@link ThreadLocalRandom}.
   */
  public static final class Options {
    private final Backoff backoff;
    private final Duration connectTimeout;
    private final Duration closeTimeout;
    private final int maxQueuedMessages;
    private final int maxMessageChars;
    private final Backend backend;

    private Options(Builder b) {
      this.backoff = new Backoff(b.initialBackoff, b.maxBackoff, b.jitter);
      this.connectTimeout = b.connectTimeout;
      this.closeTimeout = b.closeTimeout;
      this.maxQueuedMessages = b.maxQueuedMessages;
      this.maxMessageChars = b.maxMessageChars;
      this.backend = b.backend;
    }

    /** The backend set, else {@link Backend#system()}. */
    private Backend backend() {
      return backend != null ? backend : Backend.system();
    }

    /** The backend's clock. */
    private Clock clock() {
      return backend().clock();
    }

    /** The backend's generator, else {@link ThreadLocalRandom}. */
    private DoubleSupplier random() {
      if (backend != null) {
        return backend.random()::nextDouble;
      }
      return () -> ThreadLocalRandom.current().nextDouble();
    }

    /**
     * The defaults listed on {@link Options}.
     *
     * @return the options
     */
    public static Options defaults() {
      return builder().build();
    }

    /**
     * A builder with the defaults listed on {@link Options}.
     *
     * @return the builder
     */
    public static Builder builder() {
      return new Builder();
    }

    /**
     * The wait before reconnect number {@code failures} (0 for the first after a drop): {@code
     * initialBackoff × 2^failures}, at most {@code maxBackoff}, shortened by up to {@code jitter}
     * of itself so that providers dropped together do not return together ({@link
     * Backoff#delay(int, double)}).
     *
     * @param failures failed attempts in a row; 0 or more
     * @param random a number in [0, 1)
     * @return the delay
     */
    public Duration backoff(int failures, double random) {
      return backoff.delay(failures, random);
    }

    /**
     * The first reconnect delay.
     *
     * @return the setting
     */
    public Duration initialBackoff() {
      return backoff.initial();
    }

    /**
     * The longest reconnect delay.
     *
     * @return the setting
     */
    public Duration maxBackoff() {
      return backoff.max();
    }

    /**
     * The share of each delay taken off at random, from 0 to 1.
     *
     * @return the setting
     */
    public double jitter() {
      return backoff.jitter();
    }

    /**
     * How long opening a connection may take.
     *
     * @return the setting
     */
    public Duration connectTimeout() {
      return connectTimeout;
    }

    /**
     * How long the gateway has to answer a close.
     *
     * @return the setting
     */
    public Duration closeTimeout() {
      return closeTimeout;
    }

    /**
     * The most messages waiting to be sent on one connection.
     *
     * @return the setting
     */
    public int maxQueuedMessages() {
      return maxQueuedMessages;
    }

    /**
     * The longest message accepted from the gateway, in chars.
     *
     * @return the setting
     */
    public int maxMessageChars() {
      return maxMessageChars;
    }

    /** Builds {@link Options}; every setting has the default listed there. */
    public static final class Builder {
      private Duration initialBackoff = Duration.ofMillis(250);
      private Duration maxBackoff = Duration.ofSeconds(2);
      private double jitter = 0.2;
      private Duration connectTimeout = Duration.ofSeconds(10);
      private Duration closeTimeout = Duration.ofSeconds(5);
      private int maxQueuedMessages = 4096;
      private int maxMessageChars = 16 << 20;
      private Backend backend;

      private Builder() {}

      /**
       * The first reconnect delay, doubled after each failed attempt.
       *
       * @param initialBackoff the setting
       * @return this builder
       */
      public Builder initialBackoff(Duration initialBackoff) {
        this.initialBackoff = requirePositive(initialBackoff, "initialBackoff");
        return this;
      }

      /**
       * The longest reconnect delay.
       *
       * @param maxBackoff the setting
       * @return this builder
       */
      public Builder maxBackoff(Duration maxBackoff) {
        this.maxBackoff = requirePositive(maxBackoff, "maxBackoff");
        return this;
      }

      /**
       * The share of each delay taken off at random, from 0 (none) to 1.
       *
       * @param jitter the setting
       * @return this builder
       */
      public Builder jitter(double jitter) {
        if (!(jitter >= 0 && jitter <= 1)) {
          throw new IllegalArgumentException("jitter must be within [0, 1], was " + jitter);
        }
        this.jitter = jitter;
        return this;
      }

      /**
       * How long opening a connection may take.
       *
       * @param connectTimeout the setting
       * @return this builder
       */
      public Builder connectTimeout(Duration connectTimeout) {
        this.connectTimeout = requirePositive(connectTimeout, "connectTimeout");
        return this;
      }

      /**
       * How long the gateway has to answer a close before the socket is dropped.
       *
       * @param closeTimeout the setting
       * @return this builder
       */
      public Builder closeTimeout(Duration closeTimeout) {
        this.closeTimeout = requirePositive(closeTimeout, "closeTimeout");
        return this;
      }

      /**
       * The most messages waiting to be sent on one connection.
       *
       * @param maxQueuedMessages the setting
       * @return this builder
       */
      public Builder maxQueuedMessages(int maxQueuedMessages) {
        if (maxQueuedMessages < 1) {
          throw new IllegalArgumentException("maxQueuedMessages must be at least 1");
        }
        this.maxQueuedMessages = maxQueuedMessages;
        return this;
      }

      /**
       * The longest message accepted from the gateway, in chars.
       *
       * @param maxMessageChars the setting
       * @return this builder
       */
      public Builder maxMessageChars(int maxMessageChars) {
        if (maxMessageChars < 1) {
          throw new IllegalArgumentException("maxMessageChars must be at least 1");
        }
        this.maxMessageChars = maxMessageChars;
        return this;
      }

      /**
       * Where the client's time and threads come from: the thread its messages are handled and its
       * tools run on ({@code provider-<name>}), the scheduler of its reconnect delays and close
       * timeouts, the clock its reconnect token's expiry reads, and its jitter. Tests pass {@code
       * ManualClock.backend()}. What the backend makes for the client is the client's, released
       * when the client ends ({@link Backend#release}), so an executor the caller keeps is returned
       * wrapped or as a method reference ({@code pool::execute}), not as the pool itself. Default:
       * none, so {@link Backend#system()}'s thread, scheduler and clock, and jitter from {@link
       * ThreadLocalRandom}.
       *
       * @param backend the setting
       * @return this builder
       */
      public Builder backend(Backend backend) {
        this.backend = requireNonNull(backend, "backend");
        return this;
      }

      /**
       * The options.
       *
       * @return the options
       * @throws IllegalArgumentException when {@code initialBackoff} exceeds {@code maxBackoff}
       */
      public Options build() {
        if (initialBackoff.compareTo(maxBackoff) > 0) {
          throw new IllegalArgumentException("initialBackoff must not exceed maxBackoff");
        }
        return new Options(this);
      }
    }
  }
}
