package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.internal.CallDispatcher;
import io.github.providergateway.gateway.internal.Engine;
import io.github.providergateway.gateway.internal.Secrets;
import io.github.providergateway.gateway.internal.Timers;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * The provider gateway, embedded: the one place where agent sessions and tool providers meet.
 *
 * <p>Build one with {@link #builder()}. It is running when {@code build()} returns: its token is
 * issued (and written to {@code <home>/.provider-token} by {@link #publishTokenFile()} once a
 * transport listens), transports can register connections with {@link #acceptWebSocket}, {@link
 * #acceptSpawned} and {@link #acceptLocal}, and the host drives it through the {@link HostApi}
 * methods. {@link #close()} stops it: connections close, pending calls end {@code DISCONNECTED},
 * the token file is deleted.
 *
 * <p>All state lives on one serial loop; every method here is thread-safe and returns at once.
 * Futures complete on the loop (callbacks must not block), which runs on the builder's executor or,
 * when it is idle, on the transport thread that delivers a message. Time comes from the builder's clock
 * and scheduler, so tests drive every timeout with a manual clock.
 *
 * <p>Every future it returns completes. A request the gateway fails to handle (a bug, or a class
 * that no longer loads because the jar was rewritten under the running JVM) completes
 * exceptionally with {@link HostException} {@link HostErrorCode#INTERNAL}, a tool call with a
 * {@code INTERNAL} failure; once the gateway has stopped, requests are refused {@link
 * HostErrorCode#GATEWAY_CLOSED}, and whatever was still pending has ended ({@code DISCONNECTED}
 * for a call).
 *
 * <pre>{@code
 * Gateway gateway = Gateway.builder().home(Path.of(System.getProperty("user.home"), ".provider-gateway")).build();
 * SessionInfo session = gateway.startSession(SessionSpec.of("demo", "/code/demo"), myHost).join();
 * CallResult result = gateway.callTool(session.id(), "greet", args, null).join();
 * gateway.close();
 * }</pre>
 */
public final class Gateway implements HostApi, AutoCloseable {

  /** How long past its deadline {@link #shutdown} waits for sessions to end before closing. */
  static final Duration SHUTDOWN_SLACK = Duration.ofSeconds(1);

  private final Engine engine;
  private final SerialExecutor loop;
  private final List<AutoCloseable> owned;
  private volatile boolean closed;
  private final Clock clock;
  /** Times {@link #shutdown}'s deadline, as it times the engine's. */
  private final Scheduler scheduler;
  /** The futures handed to hosts that have not completed: none is left pending by a stop. */
  private final HostFutures futures = new HostFutures();

  private Gateway(
      Engine engine, SerialExecutor loop, List<AutoCloseable> owned, Clock clock, Scheduler scheduler) {
    this.engine = engine;
    this.clock = clock;
    this.loop = loop;
    this.owned = owned;
    this.scheduler = scheduler;
  }

  /**
   * The gateway loop, for code that keeps state beside the gateway's own (the host side, {@code
   * HostService}): its tasks run one at a time, in submission order, and never at once with the
   * gateway's own work or its callbacks ({@link GatewayListener}, {@link SessionHost}, the
   * completions of the {@link HostApi} futures), so state they share needs no lock. A task must
   * not block. Once the gateway is closed, {@code execute} may refuse a task with {@link
   * java.util.concurrent.RejectedExecutionException}.
   *
   * @return the loop's executor
   */
  public Executor loop() {
    return loop;
  }

  /** {@return whether the calling thread is running a task of the {@linkplain #loop() gateway loop} now} */
  public boolean inLoop() {
    return loop.inLoop();
  }

  /** {@return a new builder: every setting has a production default} */
  public static Builder builder() {
    return new Builder();
  }

  // ---- for transports ----

  /**
   * Registers a new WebSocket connection. It starts in AwaitAuth: its first message must be {@code
   * auth}, and unless it has authenticated within {@link Limits#authTimeout()} (or, pairing, before
   * its codes expire) it gets {@code AUTH_FAILED} and is closed.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @return the gateway's side, which the transport delivers to
   */
  public ProviderLink acceptWebSocket(ProviderConnection connection) {
    return engine.acceptWebSocket(connection);
  }

  /**
   * Registers a connection from any other transport whose peer must prove who it is with {@code
   * auth}, exactly as a WebSocket connection does ({@link #acceptWebSocket}): for example an MCP
   * server bridged in as a provider, which authenticates with a spawn token ({@link
   * #issueSpawnToken}) and so gets project trust and one session, as a spawned provider does.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @return the gateway's side, which the transport delivers to
   */
  public ProviderLink acceptAuthenticating(ProviderConnection connection) {
    return engine.acceptWebSocket(connection);
  }

  /**
   * Registers the connection of a provider that the host spawned for {@code sessionId} and reaches
   * over a channel nobody else holds, such as the process's stdin and stdout: it is authenticated
   * by having been spawned. It gets exactly what a spawned provider presenting {@linkplain
   * #issueSpawnToken a spawn token} for that session gets: project trust, that one session (a
   * {@code hello} without {@code session} binds to it; one naming another session is {@code
   * INVALID_SESSION}), no token of its own. It starts in AwaitHello and is sent {@code sessions}
   * at once, as after a successful {@code auth}; its first message must be {@code hello}, and an
   * {@code auth} is refused {@code UNAUTHORIZED} (it is authenticated already). When the session
   * is no longer active (it ended while the process started), the connection gets {@code
   * AUTH_FAILED} and is closed, as a spawn token of an ended session is refused.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @param sessionId the session that spawned the provider
   * @return the gateway's side, which the transport delivers to
   */
  public ProviderLink acceptSpawned(ProviderConnection connection, String sessionId) {
    return engine.acceptSpawned(connection, requireNonNull(sessionId, "sessionId"), null);
  }

  /**
   * {@link #acceptSpawned(ProviderConnection, String)} for a provider the host spawned as {@code
   * spawnName} (a config entry's name): when the host later {@linkplain #restarting restarts} it,
   * this is the name it gives, and the {@code hello} of a connection spawned under it ends that
   * restart.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @param sessionId the session that spawned the provider
   * @param spawnName what the host spawned it as; not null
   * @return the gateway's side, which the transport delivers to
   */
  public ProviderLink acceptSpawned(ProviderConnection connection, String sessionId, String spawnName) {
    return engine.acceptSpawned(
        connection, requireNonNull(sessionId, "sessionId"), requireNonNull(spawnName, "spawnName"));
  }

  /**
   * Registers an in-process provider: internal trust, no {@code auth}, starting in AwaitHello.
   *
   * @param connection the transport's side of the connection, which the gateway sends through
   * @param homeSessionId the session a {@code hello} without {@code session} binds to; may be null
   * @return the gateway's side, which the transport delivers to
   */
  public ProviderLink acceptLocal(ProviderConnection connection, String homeSessionId) {
    return engine.acceptLocal(connection, homeSessionId);
  }

  /**
   * How many tool calls are under way now, from the host's request until the gateway is done with
   * them (a cancelled call counts until its provider confirms, at most the cancel grace): for
   * metrics (a gauge read from an exporter's thread). Any thread; a moment's value.
   *
   * @return calls in flight, queued ones included
   */
  public int callsInFlight() {
    return engine.calls().callsInFlight();
  }

  /**
   * How many tool calls wait now for their provider's concurrency slot; for metrics. Any thread.
   *
   * @return calls queued
   */
  public int callsQueued() {
    return engine.calls().callsQueued();
  }

  /** {@return the limits this gateway enforces} */
  public Limits limits() {
    return engine.limits();
  }

  /** {@return the clock this gateway reads ({@link Builder#clock}), for transports that time their peers} */
  public Clock clock() {
    return clock;
  }

  /** {@return the gateway token for providers started by hand (project trust)}. Treat it as a secret. */
  public String providerToken() {
    return engine.credentials().gatewayToken();
  }

  /**
   * Whether {@code presented} is the {@linkplain #providerToken() gateway token}, compared in
   * constant time (by SHA-256 digest): for code that lets peers in with it, such as the host side's
   * {@code host.auth}.
   *
   * @param presented the token a peer presented; not null
   * @return whether it is the gateway token
   */
  public boolean isProviderToken(String presented) {
    return engine.credentials().isGatewayToken(requireNonNull(presented, "presented"));
  }

  /**
   * Where the token file is, when the gateway has a home: {@code <home>/.provider-token}. It exists
   * from {@link #publishTokenFile()} until {@link #close()}.
   *
   * @return the path, whether or not the file exists now; empty without a home
   */
  public Optional<Path> tokenFile() {
    return Optional.ofNullable(engine.credentials().tokenFile());
  }

  /**
   * Writes the gateway token to {@code <home>/.provider-token} (owner-only), where providers
   * started by hand look for it. A {@code WebSocketServer} calls this once it listens; call it
   * yourself when other processes reach the gateway another way. It is not written at {@link
   * Builder#build()}: a gateway that then fails to listen (its port taken by another gateway of the
   * same home) must not replace, and on closing delete, the running gateway's token file.
   * Idempotent; does nothing without a home or after {@link #close()}. Any thread.
   *
   * @return the file, when one was written
   * @throws java.io.UncheckedIOException when the file cannot be written
   */
  public Optional<Path> publishTokenFile() {
    return Optional.ofNullable(engine.credentials().publishTokenFile());
  }

  /**
   * Issues a fresh project token scoped to {@code sessionId}, for a provider the host spawns (its
   * {@code TAP_PROVIDER_TOKEN}). It dies with the session.
   *
   * @param sessionId the session the token is scoped to
   * @return the token; fails with {@link HostException} for an unknown session
   */
  public CompletableFuture<String> issueSpawnToken(String sessionId) {
    return onLoop(() -> engine.issueSpawnToken(sessionId, null));
  }

  /**
   * {@link #issueSpawnToken(String)} for a provider the host spawns as {@code spawnName} (a config
   * entry's name), so that it can {@linkplain #restarting restart} it later.
   *
   * @param sessionId the session the token is scoped to
   * @param spawnName what the host spawns the provider as; not null
   * @return the token; fails with {@link HostException} for an unknown session
   */
  public CompletableFuture<String> issueSpawnToken(String sessionId, String spawnName) {
    requireNonNull(spawnName, "spawnName");
    return onLoop(() -> engine.issueSpawnToken(sessionId, spawnName));
  }

  /**
   * Tells the gateway that the host is about to restart what it spawned as {@code spawnName} for
   * {@code sessionId} ({@link #issueSpawnToken(String, String)}, {@link
   * #acceptSpawned(ProviderConnection, String, String)}), so that the session's host hears of the
   * restart once (architecture, decision 34). Call it before stopping the old process:
   *
   * <ul>
   *   <li>until a connection spawned as {@code spawnName} for that session says {@code hello}, or
   *       {@code grace} has passed, the session's tool registration waits: the provider's tools
   *       stay listed ({@link #tools}), and the host is not told of them leaving;
   *   <li>a call to one of them fails {@code DISCONNECTED} at once, as do its calls in flight when
   *       its connection ends;
   *   <li>the new run's {@code hello} may take the old run's name while its connection is still
   *       open (the old one is closed; no {@code DUPLICATE_INSTANCE});
   *   <li>when the last restart of the session has ended (its provider is back, or its grace has
   *       passed and its tools are gone, which the session's timeline says), the host's {@link
   *       SessionHost#registerTools} is called once with the list then, even an unchanged one.
   * </ul>
   *
   * <p>Providers see none of it. Calling it again for a restart under way starts its grace again.
   *
   * @param sessionId an active session
   * @param spawnName what the host spawned the provider as; not null
   * @param grace how long the registration may wait for it; positive
   * @return completes on the loop once the tools are held; fails with {@link HostException}
   *     {@code INVALID_SESSION} for a session that is not active
   * @throws IllegalArgumentException when {@code grace} is not positive
   */
  public CompletableFuture<Void> restarting(String sessionId, String spawnName, Duration grace) {
    requireNonNull(spawnName, "spawnName");
    requireNonNull(grace, "grace");
    if (grace.isNegative() || grace.isZero()) {
      throw new IllegalArgumentException("grace must be positive, was " + grace);
    }
    return onLoop(
        () -> {
          engine.restarting(sessionId, spawnName, grace);
          return null;
        });
  }

  /**
   * Adds a listener for gateway-wide events; it hears them from now on, on the loop.
   *
   * @param listener the listener
   */
  public void addListener(GatewayListener listener) {
    engine.addListener(requireNonNull(listener, "listener"));
  }

  /**
   * Writes a line to a session's timeline ({@link SessionHost#log}) on behalf of {@code source}:
   * for components beside the gateway that report into sessions, such as the reference app's
   * spawner of project providers. Once the gateway has stopped it does nothing: the sessions are
   * gone, and a reporter on another thread must not get an exception for a line nobody can read.
   *
   * @param sessionId the session
   * @param source who reports, shown as the line's source
   * @param message the line
   */
  public void log(String sessionId, String source, String message) {
    try {
      loop.execute(() -> engine.log(sessionId, source, message));
    } catch (RejectedExecutionException stopped) {
      // The gateway stopped: no session is left to write to.
    }
  }

  // ---- the host API ----

  @Override
  public CompletableFuture<SessionInfo> startSession(SessionSpec spec, SessionHost host) {
    requireNonNull(spec, "spec");
    requireNonNull(host, "host");
    return onLoop(() -> engine.sessionManager().start(spec, host));
  }

  @Override
  public CompletableFuture<Void> idle(String sessionId) {
    return onLoop(
        () -> {
          engine.sessionManager().idle(sessionId);
          return null;
        });
  }

  @Override
  public CompletableFuture<Void> endSession(String sessionId, Duration deadline) {
    Duration effective = deadline == null ? engine.limits().defaultShutdownDeadline() : deadline;
    return onLoopAsync(() -> engine.sessionManager().end(sessionId, effective));
  }

  @Override
  public CompletableFuture<Void> interrupt(String sessionId) {
    return onLoop(
        () -> {
          engine.sessionManager().interrupt(sessionId);
          return null;
        });
  }

  /**
   * {@inheritDoc}
   *
   * <p>Cancelling the returned future cancels the call, as with a progress listener.
   */
  @Override
  public CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout) {
    return callTool(sessionId, tool, args, timeout, ProgressListener.NONE);
  }

  /**
   * {@inheritDoc}
   *
   * <p>{@code progress} is called on the loop. Cancelling the returned future is safe from any
   * thread: the call is cancelled when the loop next runs (a future cancelled before the loop took
   * the call up never starts it: no hooks run, nothing is sent); cancelling after the outcome does
   * nothing.
   */
  @Override
  public CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout, ProgressListener progress) {
    requireNonNull(tool, "tool");
    requireNonNull(progress, "progress");
    CompletableFuture<CallResult> future = futures.call(tool);
    submit(
        future,
        () -> {
          if (future.isDone()) {
            return; // cancelled before it started
          }
          HostFutures.own(
              future,
              () -> {
                CallDispatcher.HostCall call = engine.calls().call(sessionId, tool, args, timeout, progress);
                relay(call.outcome(), future);
                future.whenComplete(
                    (value, error) -> {
                      if (future.isCancelled()) {
                        cancelOnLoop(call);
                      }
                    });
              },
              broken -> future.complete(HostFutures.internalOutcome(tool, broken)));
        });
    return future;
  }

  /**
   * Cancels {@code call} on the loop, whichever thread cancelled its future. Once the gateway is
   * closed its loop refuses tasks, and every call has ended already: nothing is left to cancel.
   */
  private void cancelOnLoop(CallDispatcher.HostCall call) {
    try {
      loop.execute(call.cancel());
    } catch (RejectedExecutionException closedAlready) {
      // The gateway stopped: its calls ended DISCONNECTED with it.
    }
  }

  @Override
  public CompletableFuture<HookDecision> preToolUse(String sessionId, String tool, JsonNode args) {
    return preToolUse(sessionId, tool, args, false);
  }

  @Override
  public CompletableFuture<HookDecision> preToolUse(
      String sessionId, String tool, JsonNode args, boolean hostAsks) {
    requireNonNull(tool, "tool");
    return onLoopAsync(() -> engine.calls().preToolUse(sessionId, tool, args, hostAsks));
  }

  /**
   * {@inheritDoc}
   *
   * <p>Completes on the loop; an answer from any thread is taken in turn with everything else, so
   * the first one the loop takes decides.
   */
  @Override
  public CompletableFuture<Boolean> answerQuestion(String askId, boolean allow, String answeredBy) {
    requireNonNull(askId, "askId");
    return onLoop(() -> engine.answerQuestion(askId, allow, answeredBy));
  }

  /**
   * Adds a gateway-wide channel for gates' questions to the person (extension {@code gate.ask},
   * architecture decision 35): a console, a status page. Questions asked from now on go to it
   * whenever it {@linkplain AskChannel#reaches reaches} their session, beside the session host's
   * own ({@link SessionHost#askChannel}). Any thread; it takes effect on the loop, in order.
   *
   * @param channel the channel; its methods are called on the loop
   */
  public void addAskChannel(AskChannel channel) {
    requireNonNull(channel, "channel");
    runOnLoop(() -> engine.addAskChannel(channel));
  }

  /**
   * Removes a channel {@link #addAskChannel} added: it gets no new question. Questions it was given
   * go on until answered elsewhere or their deadline. Any thread.
   *
   * @param channel the channel
   */
  public void removeAskChannel(AskChannel channel) {
    requireNonNull(channel, "channel");
    runOnLoop(() -> engine.removeAskChannel(channel));
  }

  /**
   * The gates' questions waiting for the person now (extension {@code gate.ask}), oldest first:
   * for a page that shows them to whoever opens it.
   *
   * @return the questions
   */
  public CompletableFuture<List<PersonQuestion>> questions() {
    return onLoop(engine::questions);
  }

  /** Runs {@code task} on the loop; once the gateway has stopped, nothing is left to change. */
  private void runOnLoop(Runnable task) {
    try {
      loop.execute(task);
    } catch (RejectedExecutionException stopped) {
      // The gateway stopped: no question will be asked any more.
    }
  }

  @Override
  public CompletableFuture<PromptResult> onPrompt(String sessionId, Map<String, String> sections) {
    return onLoopAsync(() -> engine.prompt(sessionId, sections == null ? Map.of() : sections));
  }

  @Override
  public CompletableFuture<Void> emit(String sessionId, String event, JsonNode data) {
    requireNonNull(event, "event");
    requireNonNull(data, "data");
    return onLoop(
        () -> {
          engine.emit(sessionId, event, data);
          return null;
        });
  }

  @Override
  public CompletableFuture<List<SessionInfo>> sessions() {
    return onLoop(() -> engine.sessionManager().list());
  }

  @Override
  public CompletableFuture<List<HostTool>> tools(String sessionId) {
    return onLoop(() -> engine.tools(sessionId));
  }

  @Override
  public CompletableFuture<List<ProviderInfo>> providers() {
    return onLoop(engine::providers);
  }

  /**
   * Tells the gateway that the host is about to start {@code spawnNames} for {@code sessionId} (its
   * config's entries), so that {@link #providersSettled} waits for them from now, before their
   * processes run: call it from {@link GatewayListener#sessionStarted}, before a client of the
   * session can ask. Each counts as starting until a provider spawned under that name binds, its
   * connection closes unbound, {@link #providerNotStarted} says so, or 30 s pass.
   *
   * @param sessionId the session
   * @param spawnNames what the host will spawn, by the names it passes to {@link
   *     #issueSpawnToken(String, String)} or {@link #acceptSpawned(ProviderConnection, String, String)}
   */
  public void expectProviders(String sessionId, List<String> spawnNames) {
    requireNonNull(sessionId, "sessionId");
    List<String> names = List.copyOf(spawnNames);
    try {
      loop.execute(() -> engine.expectProviders(sessionId, names));
    } catch (RejectedExecutionException stopped) {
      // The gateway stopped: nobody waits for anything.
    }
  }

  /**
   * Tells the gateway that what the host announced ({@link #expectProviders}) as {@code spawnName}
   * for {@code sessionId} could not start (its command failed): nobody need wait for it.
   *
   * @param sessionId the session
   * @param spawnName the name it was announced under
   */
  public void providerNotStarted(String sessionId, String spawnName) {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(spawnName, "spawnName");
    try {
      loop.execute(() -> engine.providerNotStarted(sessionId, spawnName));
    } catch (RejectedExecutionException stopped) {
      // The gateway stopped: nobody waits for anything.
    }
  }

  @Override
  public CompletableFuture<Void> providersSettled(String sessionId) {
    requireNonNull(sessionId, "sessionId");
    return onLoopAsync(() -> engine.providersSettled(sessionId));
  }

  @Override
  public CompletableFuture<Map<String, List<StreamEntry>>> queryStreams(
      String sessionId, List<String> streams, int last) {
    return onLoop(() -> engine.pushes().hostQuery(sessionId, streams, last));
  }

  /**
   * Every retained stream of a session with its newest events, read with internal trust: what a
   * status page shows. Not part of {@link HostApi}: hosts of a shared gateway read streams by name
   * ({@link #queryStreams}).
   *
   * @param sessionId the session
   * @param last how many entries of each stream, at most the retention
   * @return each {@code stream@provider} → its newest entries, newest first, streams in the order
   *     first written; fails with {@link HostException} ({@code INVALID_SESSION}) for an unknown
   *     session
   */
  public CompletableFuture<Map<String, List<StreamEntry>>> streams(String sessionId, int last) {
    return onLoop(() -> engine.pushes().hostStreams(sessionId, last));
  }

  /**
   * How many pushes the gateway has accepted since it started (each past every check, whatever its
   * stream's filter then did with it); for metrics, with the refusals the audit trail counts. Any
   * thread; a moment's value.
   *
   * @return pushes accepted
   */
  public long pushesAccepted() {
    return engine.pushes().pushesAccepted();
  }

  // ---- stopping ----

  /**
   * Ends every session gracefully (providers get {@code shutdown.pending} with {@code deadline}),
   * then closes the gateway. It closes 1 s after the deadline at the latest, even if a session
   * did not finish ending (its teardown failed): a stop must not hang on a broken task.
   *
   * @param deadline how long each session's providers have to answer {@code shutdown.ready}
   * @return completes once the gateway is closed
   */
  public CompletableFuture<Void> shutdown(Duration deadline) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    AtomicBoolean closing = new AtomicBoolean();
    Runnable closeNow =
        () -> {
          if (closing.compareAndSet(false, true)) {
            // Closing waits for the loop, so it must not run on it.
            Thread closer = new Thread(
                () -> {
                  close();
                  done.complete(null);
                },
                "gateway-shutdown");
            closer.setDaemon(true);
            closer.start();
          }
        };
    Scheduler.Cancellable latest = scheduleUnlessClosed(deadline.plus(SHUTDOWN_SLACK), closeNow);
    sessions()
        .thenCompose(
            sessions -> {
              List<CompletableFuture<Void>> ends = new ArrayList<>();
              for (SessionInfo session : sessions) {
                ends.add(endSession(session.id(), deadline).exceptionally(e -> null));
              }
              return CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new));
            })
        .whenComplete(
            (ok, error) -> {
              latest.cancel();
              closeNow.run();
            });
    return done;
  }

  /** Schedules {@code task}; once the gateway has closed, its scheduler may refuse, and nothing is. */
  private Scheduler.Cancellable scheduleUnlessClosed(Duration delay, Runnable task) {
    try {
      return scheduler.schedule(delay, task);
    } catch (RejectedExecutionException closedAlready) {
      return () -> {};
    }
  }

  /**
   * Stops the gateway now: every connection closes, every pending call ends {@code DISCONNECTED},
   * the token file is deleted, and the gateway's own threads stop. Every future a host got and
   * that is still pending then ends too ({@code DISCONNECTED} for a call, {@link
   * HostErrorCode#GATEWAY_CLOSED} for the rest), even when stopping the engine failed or did not
   * finish within 5 s. Idempotent.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    CountDownLatch stopped = new CountDownLatch(1);
    try {
      loop.execute(
          () -> {
            try {
              engine.stop();
            } finally {
              futures.endAll();
              stopped.countDown();
            }
          });
    } catch (RejectedExecutionException alreadyStopped) {
      stopped.countDown();
    }
    boolean onLoop = loop.inLoop();
    if (!onLoop) {
      try {
        stopped.await(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    loop.close(); // a transport delivering a late message is refused, not run on its thread
    for (AutoCloseable resource : owned) {
      try {
        resource.close();
      } catch (Exception e) {
        // Only our own executors are here, and they do not fail to close.
        throw new IllegalStateException("could not stop " + resource, e);
      }
    }
    if (!onLoop) {
      // What the loop could not end (its stop failed, or it is stuck): no host waits forever.
      futures.endAll();
    }
  }

  // ---- running on the loop ----

  private <T> CompletableFuture<T> onLoop(Supplier<T> action) {
    CompletableFuture<T> future = futures.request();
    submit(future, () -> HostFutures.own(future, () -> future.complete(action.get()), failedWith(future)));
    return future;
  }

  private <T> CompletableFuture<T> onLoopAsync(Supplier<CompletableFuture<T>> action) {
    CompletableFuture<T> future = futures.request();
    submit(future, () -> HostFutures.own(future, () -> relay(action.get(), future), failedWith(future)));
    return future;
  }

  private static Consumer<Error> failedWith(CompletableFuture<?> future) {
    return broken -> future.completeExceptionally(HostFutures.internal(broken));
  }

  /**
   * Runs {@code task}, the work {@code future} waits for, on the loop; once the gateway has
   * stopped its loop refuses, and the request is refused as closed (HostApi: a refused request
   * completes exceptionally with {@link HostException}).
   */
  private void submit(CompletableFuture<?> future, Runnable task) {
    try {
      loop.execute(task);
    } catch (RejectedExecutionException stopped) {
      future.completeExceptionally(new HostException(HostErrorCode.GATEWAY_CLOSED, "The gateway has stopped"));
    }
  }

  /** Completes {@code to} as {@code from} completes. */
  private static <T> void relay(CompletableFuture<T> from, CompletableFuture<T> to) {
    from.whenComplete(
        (value, error) -> {
          if (error != null) {
            to.completeExceptionally(error);
          } else {
            to.complete(value);
          }
        });
  }

  /**
   * Configures a {@link Gateway}. Defaults: the spec's {@link Limits}, the system UTC clock, a
   * {@link SystemScheduler}, a dedicated loop thread, a {@link SecureRandom}, no home directory
   * (no token file), and a listener that ignores everything.
   */
  public static final class Builder {
    private Limits limits = Limits.defaults();
    private Clock clock = Clock.systemUTC();
    private Scheduler scheduler;
    private Executor executor;
    private Path home;
    private RandomGenerator random;
    private GatewayListener listener = new GatewayListener() {};
    private Executor io;
    private boolean auditArguments;

    private Builder() {}

    /**
     * The limits to enforce (default: the spec's).
     *
     * @param limits the limits
     * @return this builder
     */
    public Builder limits(Limits limits) {
      this.limits = requireNonNull(limits, "limits");
      return this;
    }

    /**
     * The clock every timeout and timestamp reads (tests: a manual clock).
     *
     * @param clock the clock
     * @return this builder
     */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /**
     * What runs delayed tasks (tests: the manual clock, so advancing time fires them).
     *
     * @param scheduler the scheduler
     * @return this builder
     */
    public Builder scheduler(Scheduler scheduler) {
      this.scheduler = requireNonNull(scheduler, "scheduler");
      return this;
    }

    /**
     * What runs the gateway loop. Tasks run one at a time whatever it is; tests pass {@code
     * Runnable::run} so everything happens on the test thread. Default: one dedicated thread.
     *
     * @param executor runs the loop's tasks
     * @return this builder
     */
    public Builder executor(Executor executor) {
      this.executor = requireNonNull(executor, "executor");
      return this;
    }

    /**
     * The gateway home: the token file, providers' {@code persistDir}s and logs live here. Without
     * one the token exists only in memory ({@link #providerToken()}).
     *
     * @param home the directory
     * @return this builder
     */
    public Builder home(Path home) {
      this.home = requireNonNull(home, "home");
      return this;
    }

    /**
     * The source of tokens, pairing codes and ids (default: a {@link SecureRandom}). Tests pass a
     * seeded generator to pin them; production must keep the secure default.
     *
     * @param random the generator
     * @return this builder
     */
    public Builder random(RandomGenerator random) {
      this.random = requireNonNull(random, "random");
      return this;
    }

    /**
     * Whether decisions carry the call's arguments themselves ({@link Decision#args()}), not only
     * their hash. Off by default: arguments may hold secrets, and an audit trail is read by more
     * people than the agent that made the call. Turn it on only when the person running the
     * gateway asks for it (the reference app's {@code --audit-args}).
     *
     * @param keep true to keep them
     * @return this builder
     */
    public Builder auditArguments(boolean keep) {
      this.auditArguments = keep;
      return this;
    }

    /**
     * Gateway-wide events for the host (providers connecting and leaving, warnings).
     *
     * @param listener hears them on the loop; {@link Gateway#addListener} adds more
     * @return this builder
     */
    public Builder listener(GatewayListener listener) {
      this.listener = requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Where the gateway does file I/O (reading file results), off its loop. Default: a small pool
     * of daemon threads. Tests pass {@code Runnable::run}.
     *
     * @param io runs the file reads
     * @return this builder
     */
    public Builder ioExecutor(Executor io) {
      this.io = requireNonNull(io, "io");
      return this;
    }

    /** {@return a new gateway, running: builds and starts it} */
    public Gateway build() {
      List<AutoCloseable> owned = new ArrayList<>();
      Executor loopExecutor = executor;
      if (loopExecutor == null) {
        ExecutorService thread =
            Executors.newSingleThreadExecutor(
                task -> {
                  Thread t = new Thread(task, "gateway-loop");
                  t.setDaemon(true);
                  return t;
                });
        owned.add(thread::shutdown);
        loopExecutor = thread;
      }
      Scheduler timer = scheduler;
      if (timer == null) {
        SystemScheduler system = new SystemScheduler();
        owned.add(system);
        timer = system;
      }
      Executor ioExecutor = io;
      if (ioExecutor == null) {
        ExecutorService pool =
            Executors.newCachedThreadPool(
                task -> {
                  Thread t = new Thread(task, "gateway-io");
                  t.setDaemon(true);
                  return t;
                });
        owned.add(pool::shutdown);
        ioExecutor = pool;
      }
      SerialExecutor loop = new SerialExecutor("gateway", loopExecutor);
      Secrets secrets = new Secrets(random == null ? new SecureRandom() : random);
      Engine engine =
          new Engine(
              loop,
              new Timers(clock, timer, loop),
              secrets,
              limits,
              ProtocolCodec.create(),
              listener,
              home,
              ioExecutor,
              auditArguments);
      return new Gateway(engine, loop, owned, clock, timer);
    }
  }
}
