package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.internal.CallDispatcher;
import io.github.providergateway.gateway.internal.Engine;
import io.github.providergateway.gateway.internal.RegisteredPolicy;
import io.github.providergateway.gateway.internal.Secrets;
import io.github.providergateway.gateway.internal.Timers;
import io.github.providergateway.gateway.policy.CallPolicy;
import io.github.providergateway.gateway.policy.PersonAbsence;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookCall;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.InboundBacklog;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.loop.base.DaemonThreads;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.random.RandomGenerator;

/**
 * The provider gateway, embedded: the one place where agent sessions and tool providers meet.
 *
 * <p>Build one with {@link #builder()}. It is running when {@code build()} returns: its token is
 * issued (and written to {@code <home>/.provider-token} once a transport listens), and the host
 * drives it through the {@link HostApi} methods. {@link #close()} stops it: connections close,
 * pending calls end {@code DISCONNECTED}, the token file is deleted.
 *
 * <p>Each of its other audiences gets a view of its own, with only what it uses:
 *
 * <ul>
 *   <li>{@link #transports()}: transports register the connections they accept;
 *   <li>{@link #credentials()}: the gateway token and its file;
 *   <li>{@link #spawning()}: a host that starts providers: spawn tokens, restarts, what it
 *       announces;
 *   <li>{@link #asks()}: channels that put gates' questions to the person;
 *   <li>{@link #monitor()}: listeners, metrics and a status page's view of the streams;
 *   <li>{@link #mcpOffers()}: federated MCP servers' resources, prompts and completions.
 * </ul>
 *
 * <p>All state lives on one serial loop; every method here is thread-safe and returns at once.
 * Futures complete on the loop (callbacks must not block), which runs on its backend's loop
 * executor or, when it is idle, on the transport thread that delivers a message. Time comes from
 * the backend's clock and scheduler, so tests drive every timeout with a manual clock.
 *
 * <p>Every future it returns completes. A request the gateway fails to handle (a bug, or a class
 * that no longer loads because the jar was rewritten under the running JVM) completes exceptionally
 * with {@link HostException} {@link HostErrorCode#INTERNAL}, a tool call with a {@code INTERNAL}
 * failure; once the gateway has stopped, requests are refused {@link HostErrorCode#GATEWAY_CLOSED},
 * and whatever was still pending has ended ({@code DISCONNECTED} for a call).
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

  /** Times {@link #shutdown}'s deadline, as it times the engine's. */
  private final Scheduler scheduler;

  /** The futures handed to hosts that have not completed: none is left pending by a stop. */
  private final HostFutures futures = new HostFutures();

  /** Runs every request on the loop, with a future from {@link #futures}. */
  private final LoopRequests requests;

  private final TransportPort transports;
  private final GatewayCredentials credentials;
  private final ProviderSpawning spawning;
  private final AskChannels asks;
  private final GatewayMonitor monitor;
  private final McpOffers mcpOffers;

  private Gateway(
      Engine engine,
      SerialExecutor loop,
      List<AutoCloseable> owned,
      Clock clock,
      Scheduler scheduler) {
    this.engine = engine;
    this.loop = loop;
    this.owned = owned;
    this.scheduler = scheduler;
    this.requests = new LoopRequests(loop, futures);
    this.transports = new EngineTransportPort(engine, clock);
    this.credentials = new EngineCredentials(engine.credentials());
    this.spawning = new EngineSpawning(engine, requests);
    this.asks = new EngineAskChannels(engine, requests);
    this.monitor = new EngineMonitor(engine, requests);
    this.mcpOffers =
        new McpOffers(
            loop,
            scheduler,
            new GatedReads(requests, loop, engine.mcpReads()),
            engine::offersChanged,
            engine::host);
  }

  /**
   * The gateway loop, for code that keeps state beside the gateway's own (the host side, {@code
   * HostService}): its tasks run one at a time, in submission order, and never at once with the
   * gateway's own work or its callbacks ({@link GatewayListener}, {@link SessionHost}, the
   * completions of the {@link HostApi} futures), so state they share needs no lock. A task must not
   * block. Once the gateway is closed, {@code execute} may refuse a task with {@link
   * java.util.concurrent.RejectedExecutionException}.
   *
   * @return the loop's executor
   */
  public Executor loop() {
    return loop;
  }

  /**
   * What times this gateway's timeouts, for code that keeps timers beside the gateway's own ({@code
   * HostService} by default): the one its {@link Builder#backend} made for it (by default a {@link
   * SystemScheduler}), which the gateway owns. That one stops with {@link #close()}, after which it
   * may refuse a task with {@link java.util.concurrent.RejectedExecutionException}.
   *
   * @return the gateway's scheduler
   */
  public Scheduler scheduler() {
    return scheduler;
  }

  /**
   * {@return whether the calling thread is running a task of the {@linkplain #loop() gateway loop}
   * now}
   */
  public boolean inLoop() {
    return loop.inLoop();
  }

  /**
   * {@return whether {@link #close} has been called (by itself or by {@link #shutdown}): from then
   * on the gateway decides nothing, and what its requests answer may come from a stopped engine (an
   * executor of the embedder's still runs them), so a caller that answers for it, such as an
   * agent's hook, answers a deny} Any thread.
   */
  public boolean isClosed() {
    return closed;
  }

  /** {@return a new builder: every setting has a production default} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@return what transports use: they register the connections they accept, and read the limits
   * and clock}
   */
  public TransportPort transports() {
    return transports;
  }

  /** {@return the gateway token that providers started by hand present, and its file} */
  public GatewayCredentials credentials() {
    return credentials;
  }

  /**
   * {@return what a host that starts providers for its sessions uses: spawn tokens, restarts,
   * announcements}
   */
  public ProviderSpawning spawning() {
    return spawning;
  }

  /**
   * {@return the gateway-wide channels that put gates' questions to the person, and the questions
   * waiting}
   */
  public AskChannels asks() {
    return asks;
  }

  /** {@return what watches the gateway: listeners, metrics, every stream of a session} */
  public GatewayMonitor monitor() {
    return monitor;
  }

  /** {@return what federated MCP servers offer sessions beyond tools (decision 123)} */
  public McpOffers mcpOffers() {
    return mcpOffers;
  }

  /** {@return the limits this gateway enforces} */
  public Limits limits() {
    return engine.limits();
  }

  /**
   * The budget that received text waits under until the gateway loop decodes it (architecture,
   * "Bounded inbound"): every provider connection's, and every host connection's that a {@code
   * HostService} serves, so hosts and providers share one bound on the heap. Sized by {@link
   * io.github.providergateway.protocol.MessageLimits#maxQueuedInboundBytes()} and {@link
   * io.github.providergateway.protocol.MessageLimits#maxQueuedInboundBytesPerConnection()} in
   * chars, and {@link InboundBacklog#DEFAULT_TOTAL_MESSAGES} and {@link
   * InboundBacklog#DEFAULT_PER_CONNECTION_MESSAGES} in messages.
   *
   * @return the backlog; its {@link InboundBacklog#total()} is what waits now
   */
  public InboundBacklog inboundBacklog() {
    return engine.inbound();
  }

  // ---- the host API ----

  @Override
  public CompletableFuture<SessionInfo> startSession(SessionSpec spec, SessionHost host) {
    requireNonNull(spec, "spec");
    requireNonNull(host, "host");
    return requests.get(() -> engine.sessionManager().start(spec, host));
  }

  @Override
  public CompletableFuture<Void> idle(String sessionId) {
    return requests.run(() -> engine.sessionManager().idle(sessionId));
  }

  @Override
  public CompletableFuture<Void> endSession(String sessionId, Duration deadline) {
    Duration effective =
        deadline == null ? engine.limits().calls().defaultShutdownDeadline() : deadline;
    return requests.getAsync(() -> engine.sessionManager().end(sessionId, effective));
  }

  @Override
  public CompletableFuture<Void> interrupt(String sessionId) {
    return requests.run(() -> engine.sessionManager().interrupt(sessionId));
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
    requests.submit(
        future,
        () -> {
          if (future.isDone()) {
            return; // cancelled before it started
          }
          HostFutures.own(
              future,
              () -> {
                CallDispatcher.HostCall call =
                    engine.calls().call(sessionId, tool, args, timeout, progress);
                LoopRequests.relay(call.outcome(), future);
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
    return requests.getAsync(() -> engine.calls().preToolUse(sessionId, tool, args, hostAsks));
  }

  /**
   * {@inheritDoc}
   *
   * <p>One request to the loop: the steps run there one after the other, the wait timed by this
   * gateway's scheduler, so that nothing but the wait comes between choosing and evaluating.
   */
  @Override
  public CompletableFuture<HookDecision> preToolUse(HookCall call) {
    requireNonNull(call, "call");
    return requests.getAsync(() -> engine.preToolUse(call));
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
    return requests.get(() -> engine.answerQuestion(askId, allow, answeredBy));
  }

  @Override
  public CompletableFuture<PromptResult> onPrompt(String sessionId, Map<String, String> sections) {
    return requests.getAsync(
        () -> engine.prompt(sessionId, sections == null ? Map.of() : sections));
  }

  @Override
  public CompletableFuture<Void> emit(String sessionId, String event, JsonNode data) {
    requireNonNull(event, "event");
    requireNonNull(data, "data");
    return requests.run(() -> engine.emit(sessionId, event, data));
  }

  @Override
  public CompletableFuture<List<SessionInfo>> sessions() {
    return requests.get(() -> engine.sessionManager().list());
  }

  @Override
  public CompletableFuture<List<HostTool>> tools(String sessionId) {
    return requests.get(() -> engine.tools(sessionId));
  }

  @Override
  public CompletableFuture<List<ProviderInfo>> providers() {
    return requests.get(engine::providers);
  }

  @Override
  public CompletableFuture<Void> providersSettled(String sessionId) {
    requireNonNull(sessionId, "sessionId");
    return requests.getAsync(() -> engine.providersSettled(sessionId));
  }

  @Override
  public CompletableFuture<Map<String, List<StreamEntry>>> queryStreams(
      String sessionId, List<String> streams, int last) {
    return requests.get(() -> engine.pushes().hostQuery(sessionId, streams, last));
  }

  /** {@inheritDoc} Answered by the session's {@linkplain #mcpOffers() federated servers}. */
  @Override
  public CompletableFuture<JsonNode> mcpFeature(
      String sessionId, McpFeature method, JsonNode params) {
    return mcpOffers.ask(
        requireNonNull(sessionId, "sessionId"),
        requireNonNull(method, "method"),
        requireNonNull(params, "params"));
  }

  // ---- stopping ----

  /**
   * Ends every session gracefully (providers get {@code shutdown.pending} with {@code deadline}),
   * then closes the gateway. It closes 1 s after the deadline at the latest, even if a session did
   * not finish ending (its teardown failed): a stop must not hang on a broken task.
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
            DaemonThreads.start(
                "gateway-shutdown",
                () -> {
                  close();
                  done.complete(null);
                });
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

  /**
   * Schedules {@code task}; once the gateway has closed, its scheduler may refuse, and nothing is.
   */
  private Scheduler.Cancellable scheduleUnlessClosed(Duration delay, Runnable task) {
    try {
      return scheduler.schedule(delay, task);
    } catch (RejectedExecutionException closedAlready) {
      return () -> {};
    }
  }

  /**
   * Stops the gateway now: every connection closes, every pending call ends {@code DISCONNECTED},
   * the token file is deleted, and the gateway's own threads stop. Every future a host got and that
   * is still pending then ends too ({@code DISCONNECTED} for a call, {@link
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

  /**
   * Configures a {@link Gateway}. Defaults: the spec's {@link Limits}, time and threads from {@link
   * Backend#system()} (the system UTC clock, a {@link SystemScheduler}, a dedicated loop thread, a
   * pool of I/O threads, a {@link SecureRandom}), no home directory (no token file), and a listener
   * that ignores everything.
   */
  public static final class Builder {
    private Limits limits = Limits.defaults();
    private Backend backend = Backend.system();
    private Path home;
    private GatewayListener listener = new GatewayListener() {};
    private boolean auditArguments;
    private List<String> inProcessOnlyNames = List.of();
    private final List<RegisteredPolicy> policies = new ArrayList<>();
    private PersonAbsence personAbsence = PersonAbsence.NEVER;

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
     * Where the gateway's time and threads come from: its clock, its scheduler, the thread of its
     * loop ({@code gateway-loop}), its I/O threads ({@code gateway-io}) and its generator. Tests
     * pass {@code ManualClock.backend()}, so that the one manual clock drives every timeout and
     * everything runs on the test thread. What the backend makes for the gateway is the gateway's:
     * {@link Gateway#close()} releases it ({@link Backend#release}), so a host that runs the loop
     * on an executor of its own returns a wrapper or a method reference ({@code pool::execute}),
     * not the pool itself. Default: {@link Backend#system()}.
     *
     * @param backend the source of time and threads
     * @return this builder
     */
    public Builder backend(Backend backend) {
      this.backend = requireNonNull(backend, "backend");
      return this;
    }

    /**
     * The gateway home: the token file, providers' {@code persistDir}s and logs live here. Without
     * one the token exists only in memory ({@link GatewayCredentials#providerToken()}).
     *
     * @param home the directory
     * @return this builder
     */
    public Builder home(Path home) {
      this.home = requireNonNull(home, "home");
      return this;
    }

    /**
     * Whether decisions carry the call's arguments themselves ({@link
     * io.github.providergateway.gateway.event.Decision#args()}), not only their hash. Off by
     * default: arguments may hold secrets, and an audit trail is read by more people than the agent
     * that made the call. Turn it on only when the person running the gateway asks for it (the
     * reference app's {@code --audit-args}).
     *
     * @param keep true to keep them
     * @return this builder
     */
    public Builder auditArguments(boolean keep) {
      this.auditArguments = keep;
      return this;
    }

    /**
     * Provider names that only a provider in the gateway's own process (on the local transport) may
     * take, as a person would read them ({@link io.github.providergateway.protocol.Hello#readsAs}):
     * the names of providers the host runs itself and whose verdicts its audit trail and answers
     * name, such as the reference app's built-in {@code guard}. A provider over any other transport
     * saying {@code hello} with one is refused with {@code UNAUTHORIZED} (not fatal: it may try
     * another name). None by default.
     *
     * @param names the names, in lower case with {@code -} for a separator
     * @return this builder
     */
    public Builder inProcessOnlyNames(java.util.Collection<String> names) {
      this.inProcessOnlyNames = List.copyOf(names);
      return this;
    }

    /**
     * A policy every tool call meets before the providers' pre-tool rules (decision 77), asked on
     * {@code executor}, never on the loop; policies are asked in the order they are added. The
     * executor stays the caller's: the gateway does not shut it down.
     *
     * @param name the policy's name, which the audit trail gives as its gate's provider and id
     * @param policy the policy
     * @param executor where it is asked: a named one of the host's, not the common pool, which on a
     *     machine of few cores starts a thread per task
     * @return this builder
     */
    public Builder policy(String name, CallPolicy policy, Executor executor) {
      policies.add(new RegisteredPolicy(name, policy, executor));
      return this;
    }

    /**
     * Whether the person is away (decision 322): asked, on the loop, before a gate's or a policy's
     * question is put to any channel; while away the call is denied at once with its reason, and
     * nobody is asked. Default: {@link PersonAbsence#NEVER}, every question is asked.
     *
     * @param absence what says whether the person is away
     * @return this builder
     */
    public Builder personAbsence(PersonAbsence absence) {
      this.personAbsence = requireNonNull(absence, "absence");
      return this;
    }

    /**
     * Gateway-wide events for the host (providers connecting and leaving, warnings).
     *
     * @param listener hears them on the loop; {@link GatewayMonitor#addListener} adds more
     * @return this builder
     */
    public Builder listener(GatewayListener listener) {
      this.listener = requireNonNull(listener, "listener");
      return this;
    }

    /** {@return a new gateway, running: builds and starts it} */
    public Gateway build() {
      List<AutoCloseable> owned = new ArrayList<>();
      Executor loopExecutor = owned(backend.loopExecutor("gateway-loop"), owned);
      Scheduler timer = owned(backend.scheduler(), owned);
      Executor ioExecutor = owned(backend.ioExecutor("gateway-io"), owned);
      Clock clock = backend.clock();
      RandomGenerator random = backend.random();
      SerialExecutor loop = new SerialExecutor("gateway", loopExecutor);
      Secrets secrets = new Secrets(random);
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
              auditArguments,
              inProcessOnlyNames,
              policies,
              personAbsence);
      return new Gateway(engine, loop, owned, clock, timer);
    }

    /** {@return {@code made}, which the backend made for this gateway: its close releases it} */
    private static <T> T owned(T made, List<AutoCloseable> owned) {
      owned.add(() -> Backend.release(made));
      return made;
    }
  }
}
