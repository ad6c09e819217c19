package io.github.providergateway.host.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.UnsafeFileException;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a {@link GatewayClient} runs on, built and wired once: its thread and loop, the connection
 * ({@link GatewayConnection}), the sessions it started ({@link SessionTable}), the router of what
 * the gateway sends ({@link EventRouter}) and the calls ({@link HostCalls}). It hands what the
 * connection hears to the sessions and the router, which are made after it (they send through it);
 * it makes the first connection and closes everything. {@code GatewayClient} is the public face
 * over it.
 */
final class ClientRuntime implements GatewayConnection.Events {

  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());

  /** How long a wait that ran out waits for the loop to say why ({@link #whyNoAnswer}). */
  private static final Duration ACCOUNT_WAIT = Duration.ofSeconds(2);

  private final GatewayClientOptions options;

  /** The client's own thread, where its loop runs when no socket thread is running it. */
  private final ExecutorService thread;

  /**
   * The client's loop: all client state lives on it, and every callback runs on it, one at a time
   * and in order. It runs on {@link #thread}, or on the JDK's WebSocket thread delivering a message
   * while the loop is idle; a caller's request is sent from the caller's thread when the loop is
   * idle, which runs nothing else there. Handing each request and each reply to the client thread
   * cost two thread wake-ups per call (issue 36).
   */
  private final SerialExecutor loop;

  /** Set by the first {@link #close}. */
  private final AtomicBoolean closeCalled = new AtomicBoolean();

  private final Runnable releaseScheduler;

  /** The backend's scheduler: the connection's waits and the first connection's bound. */
  private final Scheduler scheduler;

  /** Who hears the gateway's events: added from any thread, called on the client thread. */
  private final List<GatewayClientListener> listeners = new CopyOnWriteArrayList<>();

  private final GatewayConnection connection;
  private final SessionTable sessions;
  private final EventRouter router;
  private final HostCalls calls;

  ClientRuntime(
      GatewayDiscovery discovery, GatewayLaunch launch, Path home, GatewayClientOptions options) {
    this.options = options;
    this.thread = Executors.newSingleThreadExecutor(DaemonThreads.factory("gateway-client"));
    this.loop = new SerialExecutor("gateway client", thread);
    this.scheduler = options.backend().scheduler();
    this.releaseScheduler = () -> Backend.release(scheduler);
    if (options.listener() != null) {
      listeners.add(options.listener());
    }
    GatewayLauncher launcher = new GatewayLauncher(launch, home, options.clock());
    this.connection =
        new GatewayConnection(loop, scheduler, options, discovery, launcher, listeners, this);
    this.sessions = new SessionTable(connection, listeners);
    this.router = new EventRouter(sessions, listeners);
    this.calls = new HostCalls(loop::executeAloneHere, connection, sessions, router);
  }

  /** {@return the HostApi calls as host commands} */
  HostCalls calls() {
    return calls;
  }

  // ---- what the connection hears (client thread) ----

  @Override
  public boolean authenticated(Set<String> reclaimed, boolean firstTime, boolean otherGatewayRun) {
    return sessions.recover(reclaimed, firstTime, otherGatewayRun);
  }

  @Override
  public void output(HostOutput output) {
    router.route(output);
  }

  // ---- for GatewayClient ----

  void addListener(GatewayClientListener listener) {
    listeners.add(listener);
  }

  CompletableFuture<Optional<String>> gatewaySessionId(String sessionId) {
    return CompletableFuture.supplyAsync(() -> sessions.gatewaySessionId(sessionId), loop);
  }

  CompletableFuture<Boolean> isConnected() {
    return CompletableFuture.supplyAsync(connection::isConnected, loop);
  }

  /** {@code 7 s}, {@code 0.5 s}: how a person reads a duration ({@code PT7S} is ISO's). */
  private static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis / 1000.0 + " s";
  }

  /**
   * Makes the first connection attempt and waits up to {@code limit} for a connection; closes
   * everything when there is none.
   *
   * @param what the gateway, for a person: the messages name it
   */
  void awaitFirstConnection(Duration limit, String what) throws IOException {
    loop.execute(connection::attempt);
    // Timed by the backend's scheduler, as the reconnect waits are: a test's manual clock shows
    // the bound exactly (issue 76: a start's wait is a bound of the product like any other).
    CompletableFuture<Void> answered = new CompletableFuture<>();
    connection
        .firstConnection()
        .whenComplete(
            (ok, error) -> {
              if (error == null) {
                answered.complete(null);
              } else {
                answered.completeExceptionally(error);
              }
            });
    Scheduler.Cancellable timer =
        scheduler.schedule(limit, () -> answered.completeExceptionally(new TimeoutException()));
    try {
      answered.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new IOException("interrupted while connecting to " + what, e);
    } catch (ExecutionException e) {
      // Asked before closing, while the loop that knows still runs.
      String why = e.getCause() instanceof TimeoutException ? whyNoAnswer() : null;
      close();
      if (why != null) {
        throw new IOException(
            "no answer from " + what + " within " + seconds(limit) + " (" + why + ")",
            e.getCause());
      }
      if (e.getCause() instanceof UnverifiedGatewayException
          || e.getCause() instanceof UnsafeFileException) {
        throw (IOException) e.getCause(); // typed, and its message says it all
      }
      throw new IOException(
          "cannot connect to " + what + ": " + e.getCause().getMessage(), e.getCause());
    } finally {
      timer.cancel();
    }
  }

  /**
   * The connection's account of a first connection that did not come, asked on the loop; a loop too
   * busy to say within {@link #ACCOUNT_WAIT} leaves it at that.
   */
  private String whyNoAnswer() {
    try {
      return CompletableFuture.supplyAsync(connection::whyNoAnswer, loop)
          .get(ACCOUNT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while asking why";
    } catch (ExecutionException | TimeoutException | RejectedExecutionException e) {
      return "the client's loop did not say why within " + seconds(ACCOUNT_WAIT);
    }
  }

  /** What {@link GatewayClient#close()} does. Idempotent. */
  void close() {
    if (!closeCalled.compareAndSet(false, true)) {
      return; // idempotent: the first close did it all (or is doing it)
    }
    CompletableFuture<Void> ended = new CompletableFuture<>();
    try {
      loop.execute(
          () -> {
            List<CompletableFuture<ObjectNode>> ends =
                !connection.isClosed() && connection.isConnected()
                    ? sessions.endAll(options.closeDeadline())
                    : List.of();
            connection.stopForGood();
            CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new))
                .whenComplete((ok, error) -> ended.complete(null));
          });
      ended.get(options.closeDeadline().plusSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      LOG.log(Level.DEBUG, "sessions did not end in time: {0}", e.toString());
    }
    CompletableFuture<Void> shut = new CompletableFuture<>();
    loop.execute(
        () -> {
          connection.shut();
          shut.complete(null);
        });
    try {
      shut.get(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      LOG.log(Level.DEBUG, "close did not finish: {0}", e.toString());
    }
    loop.close();
    thread.shutdown();
    releaseScheduler.run();
  }
}
