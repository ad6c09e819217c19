package io.github.providergateway.provider.internal;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.ProviderTool;
import io.github.providergateway.provider.ToolCallContext;
import io.github.providergateway.provider.ToolException;
import io.github.providergateway.provider.ToolHandler;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * The provider side of the protocol for one {@link JavaProvider}, shared by every transport. A
 * transport gives it connections ({@link #opened}), the gateway's messages ({@link #received}) and
 * the end of each connection ({@link #closed}); the runtime answers through the connection's {@link
 * ProviderChannel}. Over WebSocket one runtime outlives many connections.
 *
 * <p>Its duties: {@code hello} (after {@code sessions} over WebSocket, at once in-process), exactly
 * one {@code tool.result} per call, {@code CANCELLED} after {@code tool.cancel}, {@code
 * shutdown.ready} after {@code shutdown.pending}, {@code session.ready} for new sessions when bound
 * to {@code "all"}, tool updates one at a time, and dropping what it does not know (R-CODEC-13).
 *
 * <p>Threads: every field below is owned by the provider's {@link SerialExecutor} ("the loop");
 * transports call the three connection methods on it, and everything else (user calls, handler
 * completions) is moved onto it. Only {@link #channel} and {@link #terminated} are read elsewhere.
 */
public final class ProviderRuntime {

  private static final System.Logger LOG = System.getLogger(ProviderRuntime.class.getName());

  /** How long after a drop the last {@code hello.ack}'s reconnect token is offered (spec: 30 s). */
  static final Duration RECONNECT_WINDOW = Duration.ofSeconds(30);

  private final JavaProvider provider;
  private final SerialExecutor loop;
  private final Clock clock;
  private final Runnable onTerminated;
  private final Session session = new Session();

  /** Completes with the first {@code hello.ack}. */
  private final CompletableFuture<HelloAck> bound = new CompletableFuture<>();

  /** Completes when the runtime has terminated. */
  private final CompletableFuture<Void> closedFuture = new CompletableFuture<>();

  /**
   * The open connection, or null between connections. Written on the loop; read by {@link #push}.
   */
  private volatile ProviderChannel channel;

  /** Whether the runtime has ended for good. Written on the loop; read by user calls. */
  private volatile boolean terminated;

  /** Where the current connection is in its life. */
  private Phase phase = Phase.CLOSED;

  /**
   * Whether the current connection has been bound at least once: then the runtime never rebinds it
   * by itself.
   */
  private boolean boundOnConnection;

  /** What the {@code hello} in flight named (null: the gateway's choice). */
  private SessionSelector helloSelector;

  /** Whether a {@code hello} naming no session was refused on this connection. */
  private boolean defaultRefused;

  /** The latest session list, or null before any on this connection. */
  private List<SessionInfo> sessions;

  /**
   * Sessions this connection is bound in ({@code session.lifecycle started} seen), for {@code
   * "all"}.
   */
  private final Set<String> startedSessions = new HashSet<>();

  /** Sessions {@code session.ready} was sent for on this connection. */
  private final Set<String> readySent = new HashSet<>();

  /** The latest {@code hello.ack}, kept across connections for its reconnect token. */
  private HelloAck lastAck;

  /** When the last bound connection ended, or null. */
  private Instant droppedAt;

  /** The tool list the gateway has accepted. */
  private List<ProviderTool> tools;

  /**
   * Tool updates not yet applied, oldest first; the head is in flight when {@link
   * PendingUpdate#requestId} is set.
   */
  private final Deque<PendingUpdate> updates = new ArrayDeque<>();

  /** The tools the {@code hello} in flight carries. */
  private List<ProviderTool> helloTools;

  /** How many of {@link #updates}, from the head, the {@code hello} in flight carries. */
  private int helloCarries;

  /** Counter behind {@code requestId}s, so they are predictable in tests. */
  private long requestSerial;

  /** Calls running on the current connection, by id. */
  private final Map<String, RunningCall> calls = new LinkedHashMap<>();

  /** Whether the user asked to leave. */
  private boolean leaving;

  /** The fatal {@code error} that ends the runtime, or null. */
  private ErrorMessage fatal;

  /** Where a connection is in its life, as the provider sees it. */
  private enum Phase {
    /** Authenticated over WebSocket; waiting for {@code sessions}. */
    AWAIT_SESSIONS,
    /** {@code hello} sent; waiting for {@code hello.ack} or {@code error}. */
    HELLO_SENT,
    /** {@code hello.ack} received. */
    BOUND,
    /** {@code hello} refused; waiting for a session list worth another try. */
    UNBOUND,
    /** No connection. */
    CLOSED
  }

  /** What a transport does after a connection ended. */
  public record AfterClose(boolean reconnect, boolean wasBound) {}

  /**
   * @param loop the provider's loop: every callback and handler runs on it
   * @param clock reads time for the reconnect-token window
   * @param onTerminated runs on the loop once the runtime has ended for good (the transport stops
   *     reconnecting and frees its threads)
   */
  public ProviderRuntime(
      JavaProvider provider, SerialExecutor loop, Clock clock, Runnable onTerminated) {
    this.provider = requireNonNull(provider, "provider");
    this.loop = requireNonNull(loop, "loop");
    this.clock = requireNonNull(clock, "clock");
    this.onTerminated = requireNonNull(onTerminated, "onTerminated");
    this.tools = provider.tools();
  }

  /** The user's handle on this runtime. */
  public ProviderSession session() {
    return session;
  }

  /** Whether the runtime has ended for good. Any thread. */
  public boolean isTerminated() {
    return terminated;
  }

  // ---- connections (transport → runtime, on the loop) ----

  /**
   * A connection is open.
   *
   * @param auth sent first over WebSocket, after which the runtime waits for {@code sessions}; null
   *     in-process, where {@code hello} goes at once
   */
  public void opened(ProviderChannel connection, Auth auth) {
    loop.assertInLoop();
    requireNonNull(connection, "connection");
    if (terminated) {
      connection.close();
      return;
    }
    channel = connection;
    boundOnConnection = false;
    defaultRefused = false;
    sessions = null;
    startedSessions.clear();
    readySent.clear();
    if (auth != null) {
      phase = Phase.AWAIT_SESSIONS;
      connection.send(auth);
    } else {
      sendHello(firstSelector());
    }
  }

  /** A message from the gateway, in arrival order. */
  public void received(GatewayMessage message) {
    loop.assertInLoop();
    requireNonNull(message, "message");
    if (channel == null) {
      return; // the connection ended; what it still delivers belongs to no one
    }
    switch (message.type()) {
      case SESSIONS -> onSessions(((Sessions) message).active(), true);
      case SESSIONS_UPDATED -> onSessions(((SessionsUpdated) message).active(), false);
      case HELLO_ACK -> onHelloAck((HelloAck) message);
      case ACK -> onAck((Ack) message);
      case ERROR -> onError((ErrorMessage) message);
      case TOOL_CALL -> startCall((ToolCall) message);
      case TOOL_CANCEL -> cancelCall((ToolCancel) message);
      case SESSION_LIFECYCLE -> onLifecycle((SessionLifecycle) message);
      case AUTH_PAIRING, GATE_CHECK, TRANSFORM_REQUEST, SESSION_EVENT, STREAM_HISTORY ->
          // This API declares no pairing, hooks, transforms, subscriptions or stream queries, so
          // the gateway has no reason to send these; a gate left unanswered fails closed.
          LOG.log(
              Level.DEBUG,
              "{0}: {1} not handled by the Java provider API",
              provider.name(),
              message.wireType());
      case UNKNOWN ->
          // Forward compatibility: log and drop, stay connected (R-CODEC-13).
          LOG.log(
              Level.DEBUG,
              "{0}: dropped unknown gateway message {1}",
              provider.name(),
              message.wireType());
    }
  }

  /**
   * The connection ended, whoever ended it. Calls still running are cancelled (the gateway has
   * already ended them {@code DISCONNECTED}, and they are not replayed), and their results are
   * dropped.
   *
   * @param mayReconnect whether the transport can open another connection; the runtime ends for
   *     good when it cannot, when the user left, or after a fatal error
   */
  public AfterClose closed(boolean mayReconnect) {
    loop.assertInLoop();
    if (channel == null) {
      return new AfterClose(!terminated, false);
    }
    boolean wasBound = boundOnConnection;
    channel = null;
    phase = Phase.CLOSED;
    if (wasBound) {
      // The gateway's 30 s start when the bound connection drops; failed attempts after it do not
      // restart them.
      droppedAt = clock.instant();
    }
    for (RunningCall call : new ArrayList<>(calls.values())) {
      call.done = true;
      call.context.cancel();
    }
    calls.clear();
    // An update in flight lost its ack with the connection; the next hello carries its list.
    for (PendingUpdate update : updates) {
      update.requestId = null;
    }
    if (!mayReconnect || leaving || fatal != null) {
      terminate();
      return new AfterClose(false, wasBound);
    }
    return new AfterClose(true, wasBound);
  }

  // ---- hello ----

  /**
   * What the first {@code hello} of a connection names: the binding a live reconnect token
   * restores, else the configured session.
   */
  private SessionSelector firstSelector() {
    if (reconnectToken() != null && lastAck.sessionId() != null) {
      return SessionSelector.fromWire(lastAck.sessionId());
    }
    return provider.session();
  }

  /**
   * The last {@code hello.ack}'s reconnect token while the gateway still honours it (spec:
   * Reconnect protocol).
   */
  private String reconnectToken() {
    if (lastAck == null || lastAck.reconnectToken() == null || droppedAt == null) {
      return null;
    }
    return Duration.between(droppedAt, clock.instant()).compareTo(RECONNECT_WINDOW) < 0
        ? lastAck.reconnectToken()
        : null;
  }

  private void sendHello(SessionSelector selector) {
    helloSelector = selector;
    helloTools = requestedTools();
    helloCarries = updates.size();
    phase = Phase.HELLO_SENT;
    List<ToolDefinition> definitions = new ArrayList<>();
    for (ProviderTool tool : helloTools) {
      definitions.add(tool.definition());
    }
    channel.send(
        Hello.builder(provider.name())
            .session(selector)
            .instance(provider.instance())
            .reconnectToken(reconnectToken())
            .metadata(provider.metadata())
            .concurrency(provider.concurrency())
            .tools(definitions)
            .build());
  }

  private void onSessions(List<SessionInfo> active, boolean first) {
    sessions = active;
    notifyUser("onSessions", () -> provider.onSessions().accept(active));
    if (first && phase == Phase.AWAIT_SESSIONS) {
      sendHello(firstSelector());
    } else if (phase == Phase.UNBOUND && !boundOnConnection) {
      retryHello();
    } else if (phase == Phase.BOUND && helloSelector instanceof SessionSelector.All) {
      readyForNewSessions();
    }
  }

  /**
   * After a refused {@code hello}, tries again when the session list offers something new: the
   * configured session once it is listed, or the first active session when the gateway had no
   * choice to make. A connection that was bound once is never rebound by the runtime.
   */
  private void retryHello() {
    SessionSelector configured = provider.session();
    if (configured instanceof SessionSelector.Named named) {
      if (sessions != null && listed(named.sessionId())) {
        sendHello(named);
      }
    } else if (configured == null && sessions != null && !sessions.isEmpty()) {
      sendHello(SessionSelector.of(sessions.get(0).id()));
    }
    // "all" refused is a trust problem, which a new session list does not change.
  }

  private boolean listed(String sessionId) {
    for (SessionInfo info : sessions) {
      if (info.id().equals(sessionId)) {
        return true;
      }
    }
    return false;
  }

  /**
   * An {@code "all"}-bound provider is registered in a new session only after {@code
   * session.ready}.
   */
  private void readyForNewSessions() {
    for (SessionInfo info : sessions) {
      if (!startedSessions.contains(info.id()) && readySent.add(info.id())) {
        channel.send(new SessionReady(info.id()));
      }
    }
  }

  private void onHelloAck(HelloAck ack) {
    if (phase != Phase.HELLO_SENT) {
      LOG.log(Level.DEBUG, "{0}: hello.ack without a hello in flight", provider.name());
      return;
    }
    phase = Phase.BOUND;
    boundOnConnection = true;
    lastAck = ack;
    // The hello carried every update asked for before it was sent; later ones go now, in order.
    tools = helloTools;
    for (int i = 0; i < helloCarries; i++) {
      updates.pollFirst().future.complete(null);
    }
    helloCarries = 0;
    bound.complete(ack);
    sendNextUpdate();
  }

  private void onError(ErrorMessage error) {
    if (error.code().isFatal()) {
      // The gateway closes the connection after a fatal code; nothing can be retried.
      fatal = error;
      notifyUser("onError", () -> provider.onError().accept(error));
      channel.close();
      return;
    }
    PendingUpdate head = updates.peekFirst();
    if (head != null && head.requestId != null && head.requestId.equals(error.requestId())) {
      updates.pollFirst();
      head.future.completeExceptionally(new GatewayErrorException(error));
      notifyUser("onError", () -> provider.onError().accept(error));
      sendNextUpdate();
      return;
    }
    if (phase == Phase.HELLO_SENT && "hello".equals(error.replyTo())) {
      phase = Phase.UNBOUND;
      if (helloSelector == null && error.code() == ErrorCode.INVALID_SESSION && !defaultRefused) {
        // The gateway has no session to choose for this connection (e.g. the gateway token): bind
        // to the first active one instead. An expected step, so not the user's concern.
        defaultRefused = true;
        retryHello();
        return;
      }
    }
    notifyUser("onError", () -> provider.onError().accept(error));
  }

  // ---- lifecycle ----

  private void onLifecycle(SessionLifecycle event) {
    if (event.state() == LifecycleState.STARTED) {
      startedSessions.add(event.sessionId());
    }
    notifyUser("onLifecycle", () -> provider.onLifecycle().accept(event));
    if (event.state() != LifecycleState.SHUTDOWN_PENDING) {
      return;
    }
    ProviderChannel connection = channel;
    CompletionStage<Void> cleanup;
    try {
      cleanup = provider.onShutdown().prepare(event);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, provider.name() + ": onShutdown failed", e);
      cleanup = null;
    }
    Runnable ready =
        () -> {
          if (channel == connection) {
            channel.send(new ShutdownReady(event.sessionId()));
          }
        };
    if (cleanup == null) {
      ready.run();
    } else {
      // Ready whether the cleanup worked or not: the gateway tears down at the deadline anyway.
      cleanup.whenComplete((ok, error) -> loop.execute(ready));
    }
  }

  // ---- tool calls ----

  private void startCall(ToolCall call) {
    if (calls.containsKey(call.id())) {
      LOG.log(Level.DEBUG, "{0}: duplicate tool.call {1} dropped", provider.name(), call.id());
      return;
    }
    ToolHandler handler = handlerFor(call.tool());
    if (handler == null) {
      channel.send(
          ToolResult.failure(
              call.id(),
              "Provider '" + provider.name() + "' has no tool '" + call.tool() + "'",
              ToolErrorCode.NOT_FOUND));
      return;
    }
    RunningCall running = new RunningCall(new CallContext(call), channel);
    calls.put(call.id(), running);
    CompletionStage<? extends JsonNode> stage;
    try {
      stage = handler.call(call.args(), running.context);
    } catch (Exception | Error e) {
      finish(running, failureOf(call.id(), e));
      if (e instanceof VirtualMachineError vmError) {
        throw vmError;
      }
      return;
    }
    if (stage == null) {
      finish(
          running,
          ToolResult.failure(
              call.id(), "The tool's handler returned no result", ToolErrorCode.INTERNAL));
      return;
    }
    stage.whenComplete(
        (value, error) ->
            loop.execute(
                () ->
                    finish(
                        running,
                        error != null
                            ? failureOf(call.id(), error)
                            : ToolResult.success(
                                call.id(), value == null ? NullNode.getInstance() : value))));
  }

  /** The handler for {@code tool}: the newest list that has it, pending updates first. */
  private ToolHandler handlerFor(String tool) {
    // Calls for a tool just added may arrive before the ack; calls for a tool just removed may
    // still arrive before the gateway applies the update. Both are served.
    for (var it = updates.descendingIterator(); it.hasNext(); ) {
      ToolHandler handler = find(it.next().tools, tool);
      if (handler != null) {
        return handler;
      }
    }
    if (phase == Phase.HELLO_SENT) {
      ToolHandler handler = find(helloTools, tool);
      if (handler != null) {
        return handler;
      }
    }
    return find(tools, tool);
  }

  private static ToolHandler find(List<ProviderTool> list, String tool) {
    for (ProviderTool candidate : list) {
      if (candidate.name().equals(tool)) {
        return candidate.handler();
      }
    }
    return null;
  }

  private static ToolResult failureOf(String id, Throwable thrown) {
    Throwable cause = thrown;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof ToolException tool) {
      ToolResult result = ToolResult.failure(id, tool.getMessage(), tool.code());
      return tool.retryable() ? result.withRetryable(true) : result;
    }
    if (cause instanceof CancellationException) {
      return ToolResult.cancelled(id);
    }
    String message = cause.getMessage() == null ? cause.getClass().getName() : cause.getMessage();
    return ToolResult.failure(id, message, ToolErrorCode.INTERNAL);
  }

  /**
   * Sends {@code result} unless the call already ended: the first end wins, the rest are dropped.
   */
  private void finish(RunningCall call, ToolResult result) {
    if (call.done) {
      LOG.log(
          Level.DEBUG, "{0}: late result for ended call {1} dropped", provider.name(), result.id());
      return;
    }
    call.done = true;
    calls.remove(result.id(), call);
    if (channel == call.connection) {
      channel.send(result);
    }
  }

  private void cancelCall(ToolCancel cancel) {
    RunningCall call = calls.get(cancel.id());
    if (call == null) {
      // Already answered: the gateway drops a late CANCELLED anyway, and one result per call it is.
      LOG.log(Level.DEBUG, "{0}: tool.cancel for ended call {1}", provider.name(), cancel.id());
      return;
    }
    finish(call, ToolResult.cancelled(cancel.id()));
    call.context.cancel();
  }

  private void progress(CallContext context, String message) {
    RunningCall call = calls.get(context.call.id());
    if (call != null && call.context == context && channel == call.connection) {
      channel.send(new ToolProgress(context.call.id(), message));
    }
  }

  // ---- tool updates ----

  /** The tools the gateway will have once every pending update is applied. */
  private List<ProviderTool> requestedTools() {
    return updates.isEmpty() ? tools : updates.peekLast().tools;
  }

  private void enqueueUpdate(PendingUpdate update) {
    if (terminated) {
      update.future.completeExceptionally(
          new IllegalStateException("the provider session is closed"));
      return;
    }
    updates.addLast(update);
    if (phase == Phase.BOUND && updates.size() == 1) {
      sendNextUpdate();
    }
    // Otherwise it waits: for the update in flight (one at a time, spec: Update acknowledgments),
    // or for the next hello, which carries it.
  }

  private void sendNextUpdate() {
    PendingUpdate next = updates.peekFirst();
    if (next == null || phase != Phase.BOUND) {
      return;
    }
    next.requestId = "req-" + (++requestSerial);
    List<ToolDefinition> definitions = new ArrayList<>();
    for (ProviderTool tool : next.tools) {
      definitions.add(tool.definition());
    }
    channel.send(ToolsUpdate.replaceAll(definitions).withRequestId(next.requestId));
  }

  private void onAck(Ack ack) {
    PendingUpdate head = updates.peekFirst();
    if (head == null || head.requestId == null || !head.requestId.equals(ack.requestId())) {
      return; // another session's ack of an update already applied ("all" bindings get one each)
    }
    updates.pollFirst();
    tools = head.tools;
    head.future.complete(null);
    sendNextUpdate();
  }

  // ---- leaving ----

  private void leave(String reason) {
    leaving = true;
    ProviderChannel connection = channel;
    if (connection == null) {
      terminate(); // between connections: nobody to tell
      return;
    }
    connection.send(new Goodbye(reason));
    connection.close();
  }

  private void terminate() {
    if (terminated) {
      return;
    }
    terminated = true;
    phase = Phase.CLOSED;
    RuntimeException cause =
        fatal != null
            ? new GatewayErrorException(fatal)
            : new IllegalStateException("the provider session is closed");
    bound.completeExceptionally(cause);
    for (PendingUpdate update : updates) {
      update.future.completeExceptionally(cause);
    }
    updates.clear();
    if (fatal != null) {
      closedFuture.completeExceptionally(cause);
    } else {
      closedFuture.complete(null);
    }
    onTerminated.run();
  }

  // ---- user code ----

  /**
   * Runs a user callback. Its failure is logged and goes no further: user code must not stop the
   * runtime from keeping its protocol duties (one result per call, {@code shutdown.ready}).
   */
  private void notifyUser(String what, Runnable callback) {
    try {
      callback.run();
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, provider.name() + ": " + what + " failed", e);
    }
  }

  /** Runs {@code task} on the loop, or fails {@code future} when the provider has stopped. */
  private void onLoop(Runnable task, CompletableFuture<?> future) {
    if (terminated || !loop.submit(task)) {
      future.completeExceptionally(new IllegalStateException("the provider session is closed"));
    }
  }

  /** One call being handled. Loop only. */
  private static final class RunningCall {
    final CallContext context;

    /** The connection the call came on; its result goes nowhere else. */
    final ProviderChannel connection;

    /** Whether the call has its one result (or its connection ended). */
    boolean done;

    RunningCall(CallContext context, ProviderChannel connection) {
      this.context = context;
      this.connection = connection;
    }
  }

  /** One {@code updateTools} request. Loop only. */
  private static final class PendingUpdate {
    final List<ProviderTool> tools;
    final CompletableFuture<Void> future;

    /** The {@code requestId} of its {@code tools.update} while in flight, else null. */
    String requestId;

    PendingUpdate(List<ProviderTool> tools, CompletableFuture<Void> future) {
      this.tools = tools;
      this.future = future;
    }
  }

  /** A call as its handler sees it. Thread-safe: handlers use it from any thread. */
  private final class CallContext implements ToolCallContext {
    private final ToolCall call;

    /** Guards the two fields below: handlers read them from any thread. */
    private final Object lock = new Object();

    /** Whether the call was cancelled (tool.cancel, or its connection dropped). */
    private boolean cancelled;

    /** Actions to run on cancellation; emptied when they run. */
    private List<Runnable> onCancel = new ArrayList<>();

    CallContext(ToolCall call) {
      this.call = call;
    }

    @Override
    public String id() {
      return call.id();
    }

    @Override
    public String sessionId() {
      return call.sessionId();
    }

    @Override
    public String tool() {
      return call.tool();
    }

    @Override
    public boolean isCancelled() {
      synchronized (lock) {
        return cancelled;
      }
    }

    @Override
    public void onCancel(Runnable action) {
      requireNonNull(action, "action");
      synchronized (lock) {
        if (!cancelled) {
          onCancel.add(action);
          return;
        }
      }
      action.run();
    }

    @Override
    public void progress(String message) {
      requireNonNull(message, "message");
      loop.execute(() -> ProviderRuntime.this.progress(this, message));
    }

    /** Marks the call cancelled and runs its cancel actions; on the loop. */
    void cancel() {
      List<Runnable> actions;
      synchronized (lock) {
        if (cancelled) {
          return;
        }
        cancelled = true;
        actions = onCancel;
        onCancel = List.of();
      }
      for (Runnable action : actions) {
        notifyUser("onCancel", action);
      }
    }
  }

  /** The user's handle: every method moves its work onto the loop. */
  private final class Session implements ProviderSession {

    @Override
    public CompletionStage<HelloAck> bound() {
      return bound.copy();
    }

    @Override
    public boolean push(PushLevel level, String event) {
      return push(Push.event(level, event));
    }

    @Override
    public boolean push(Push push) {
      requireNonNull(push, "push");
      // Straight to the channel, which is thread-safe: a push needs no runtime state.
      ProviderChannel connection = channel;
      return connection != null && connection.send(push);
    }

    @Override
    public CompletionStage<Void> updateTools(List<ProviderTool> newTools) {
      List<ProviderTool> list = List.copyOf(newTools);
      Set<String> names = new HashSet<>();
      for (ProviderTool tool : list) {
        if (!names.add(tool.name())) {
          throw new IllegalArgumentException("two tools are named '" + tool.name() + "'");
        }
      }
      CompletableFuture<Void> future = new CompletableFuture<>();
      PendingUpdate update = new PendingUpdate(list, future);
      onLoop(() -> enqueueUpdate(update), future);
      return future.copy();
    }

    @Override
    public CompletionStage<Void> goodbye(String reason) {
      CompletableFuture<Void> unused = new CompletableFuture<>();
      onLoop(
          () -> {
            if (!terminated && !leaving) {
              leave(reason);
            }
          },
          unused);
      return closed();
    }

    @Override
    public CompletionStage<Void> closed() {
      return closedFuture.copy();
    }

    @Override
    public void close() {
      goodbye(null);
    }
  }
}
