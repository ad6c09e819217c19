package io.github.providergateway.transport.local;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.spi.ProviderChannel;
import io.github.providergateway.provider.spi.ProviderLoop;
import io.github.providergateway.provider.spi.ProviderRuntime;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Connects in-process providers to a {@link Gateway}: internal trust, no {@code auth}, no
 * serialization (the gateway and the provider exchange the same records), per-connection FIFO both
 * ways (spec: Transport abstraction; R-STATE-14, R-STATE-15).
 *
 * <p>Each provider gets its messages on an executor of its own: by default one daemon thread per
 * provider, stopped when its connection ends; or an {@link Executor} the caller supplies (a pool is
 * fine, delivery stays one at a time and in order; tests pass {@code Runnable::run}). Never on the
 * gateway loop, so a slow provider cannot block the gateway.
 *
 * <pre>{@code
 * ProviderSession session = LocalProviderTransport.connect(gateway, provider, sessionId);
 * session.bound().toCompletableFuture().join();
 * session.push(PushLevel.SURFACE, "indexing done");
 * session.goodbye("done");
 * }</pre>
 */
public final class LocalProviderTransport {

  /** Numbers connections in descriptions, for logs. */
  private static final AtomicLong SERIALS = new AtomicLong();

  /** How the gateway takes a connection; {@code Gateway::acceptLocal}, or a wrapper in tests. */
  @FunctionalInterface
  interface Acceptor {
    ProviderLink accept(ProviderConnection connection, String homeSessionId);
  }

  private LocalProviderTransport() {}

  // ---- the Java provider API ----

  /**
   * Runs {@code provider} in-process, on a daemon thread of its own.
   *
   * @param gateway the gateway to connect to, with internal trust
   * @param provider the provider to run
   * @param homeSessionId the session a provider configured without one binds to; may be null
   * @return the running provider; it sends {@code hello} at once
   */
  public static ProviderSession connect(
      Gateway gateway, JavaProvider provider, String homeSessionId) {
    requireNonNull(gateway, "gateway");
    return connect(gateway.transports()::acceptLocal, provider, homeSessionId, null);
  }

  /**
   * Runs {@code provider} in-process, delivering to it on {@code executor}. The executor stays the
   * caller's: it is not shut down.
   *
   * @param gateway the gateway to connect to, with internal trust
   * @param provider the provider to run
   * @param homeSessionId the session a provider configured without one binds to; may be null
   * @param executor runs the provider's handlers, one at a time
   * @return the running provider; it sends {@code hello} at once
   */
  public static ProviderSession connect(
      Gateway gateway, JavaProvider provider, String homeSessionId, Executor executor) {
    requireNonNull(gateway, "gateway");
    requireNonNull(executor, "executor");
    return connect(gateway.transports()::acceptLocal, provider, homeSessionId, executor);
  }

  static ProviderSession connect(
      Acceptor acceptor, JavaProvider provider, String homeSessionId, Executor executor) {
    requireNonNull(provider, "provider");
    ExecutorService owned = executor == null ? daemonThread("provider-" + provider.name()) : null;
    ProviderLoop loop = new ProviderLoop(executor == null ? owned : executor);
    Runnable release = owned == null ? () -> {} : owned::shutdown;
    // The runtime reads time only for reconnect tokens, which an in-process provider never uses.
    ProviderRuntime runtime = new ProviderRuntime(provider, loop, Clock.systemUTC(), release);
    LocalConnection connection =
        new LocalConnection(
            "local#" + SERIALS.incrementAndGet() + " " + provider.name(),
            loop,
            new LocalConnection.Listener() {
              @Override
              public void onMessage(GatewayMessage message) {
                runtime.received(message);
              }

              @Override
              public void onClosed(CloseReason reason) {
                runtime.closed(false); // in-process connections are not reopened
              }
            },
            LocalConnection.DEFAULT_MAX_QUEUED_MESSAGES,
            () -> {});
    connection.attach(acceptor.accept(connection.gatewaySide(), homeSessionId));
    loop.execute(() -> runtime.opened(new Channel(connection)));
    return runtime.session();
  }

  // ---- the low-level API ----

  /**
   * Opens a connection whose gateway messages go to {@code listener} on a daemon thread of its own,
   * stopped after {@link LocalConnection.Listener#onClosed}.
   *
   * @param gateway the gateway to connect to, with internal trust
   * @param homeSessionId the session a {@code hello} without {@code session} binds to; may be null
   * @param listener receives the gateway's messages and the close
   * @return the open connection, awaiting {@code hello} (no {@code auth}: internal trust)
   */
  public static LocalConnection open(
      Gateway gateway, String homeSessionId, LocalConnection.Listener listener) {
    requireNonNull(gateway, "gateway");
    return open(gateway.transports()::acceptLocal, homeSessionId, listener, null);
  }

  /**
   * Opens a connection whose gateway messages go to {@code listener} on {@code executor}, one at a
   * time and in order. The executor stays the caller's.
   *
   * @param gateway the gateway to connect to, with internal trust
   * @param homeSessionId the session a {@code hello} without {@code session} binds to; may be null
   * @param listener receives the gateway's messages and the close
   * @param executor runs the listener, one message at a time
   * @return the open connection, awaiting {@code hello} (no {@code auth}: internal trust)
   */
  public static LocalConnection open(
      Gateway gateway, String homeSessionId, LocalConnection.Listener listener, Executor executor) {
    requireNonNull(gateway, "gateway");
    requireNonNull(executor, "executor");
    return open(gateway.transports()::acceptLocal, homeSessionId, listener, executor);
  }

  static LocalConnection open(
      Acceptor acceptor,
      String homeSessionId,
      LocalConnection.Listener listener,
      Executor executor) {
    return open(
        acceptor, homeSessionId, listener, executor, LocalConnection.DEFAULT_MAX_QUEUED_MESSAGES);
  }

  static LocalConnection open(
      Acceptor acceptor,
      String homeSessionId,
      LocalConnection.Listener listener,
      Executor executor,
      int maxQueuedMessages) {
    requireNonNull(listener, "listener");
    ExecutorService owned = executor == null ? daemonThread("local-provider") : null;
    LocalConnection connection =
        new LocalConnection(
            "local#" + SERIALS.incrementAndGet(),
            new ProviderLoop(executor == null ? owned : executor),
            listener,
            maxQueuedMessages,
            owned == null ? () -> {} : owned::shutdown);
    connection.attach(acceptor.accept(connection.gatewaySide(), homeSessionId));
    return connection;
  }

  private static ExecutorService daemonThread(String name) {
    return Executors.newSingleThreadExecutor(DaemonThreads.factory(name));
  }

  /** The runtime's view of a local connection. */
  private static final class Channel implements ProviderChannel {
    private final LocalConnection connection;

    Channel(LocalConnection connection) {
      this.connection = connection;
    }

    @Override
    public boolean send(ProviderMessage message) {
      return connection.send(message);
    }

    @Override
    public void close() {
      connection.close();
    }
  }
}
