package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.json.DecodeError;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Tool calls from the host to providers, and every way they end (spec: Tool call terminal
 * semantics; architecture: Per-call life). A call runs the pre-tool hooks, is routed (to the one
 * owner, or for a multi-instance tool to its {@code target} or the most recently active instance),
 * waits for a concurrency slot if its provider set a limit, and is sent. Its single outcome comes
 * from the first of: the provider's result, a cancel, the timeout, or the provider going away.
 * Nothing is left pending: every path that removes a provider or a session ends its calls. Loop
 * only.
 */
public final class CallDispatcher {

  private static final System.Logger LOG = System.getLogger(CallDispatcher.class.getName());

  private final SerialExecutor loop;
  private final Timers timers;
  private final Secrets secrets;
  private final Limits limits;

  /** Reads file results off the loop. */
  private final Executor ioExecutor;

  private final SessionRegistry sessions;
  private final HookEngine hooks;
  private final ArgsSchemas schemas;
  private final Listeners listener;
  private final EventRelay events;
  private final Outbox outbox;
  private final ConcurrencyLimiter limiter = new ConcurrencyLimiter();

  /** Calls under way (from the host's request to their bookkeeping's end); read by metrics. */
  private final java.util.concurrent.atomic.AtomicInteger inFlight =
      new java.util.concurrent.atomic.AtomicInteger();

  /** Calls waiting for a concurrency slot; read by metrics. */
  private final java.util.concurrent.atomic.AtomicInteger queued =
      new java.util.concurrent.atomic.AtomicInteger();

  CallDispatcher(
      SerialExecutor loop,
      Timers timers,
      Secrets secrets,
      Limits limits,
      Executor ioExecutor,
      SessionRegistry sessions,
      HookEngine hooks,
      ArgsSchemas schemas,
      Listeners listener,
      EventRelay events,
      Outbox outbox) {
    this.loop = loop;
    this.timers = timers;
    this.secrets = secrets;
    this.limits = limits;
    this.ioExecutor = ioExecutor;
    this.sessions = sessions;
    this.hooks = hooks;
    this.schemas = schemas;
    this.listener = listener;
    this.events = events;
    this.outbox = outbox;
  }

  // ---- starting a call ----

  /**
   * A host's call under way: its outcome, and the way to cancel it.
   *
   * @param outcome completes on the loop with the call's single outcome
   * @param cancel ends the call {@code CANCELLED} as an interrupt does (a sent call's provider gets
   *     {@code tool.cancel}, reason {@code interrupted}); nothing once the call has ended. Loop
   *     only.
   */
  public record HostCall(CompletableFuture<CallResult> outcome, Runnable cancel) {}

  /**
   * Runs {@code tool} in {@code sessionId} for the host.
   *
   * @throws HostException for an unknown session; tool failures are outcomes, not exceptions
   */
  public CompletableFuture<CallResult> call(
      String sessionId, String tool, JsonNode args, Duration hostTimeout) {
    return call(sessionId, tool, args, hostTimeout, ProgressListener.NONE).outcome();
  }

  /**
   * Runs {@code tool} in {@code sessionId} for the host, telling {@code progress} of each {@code
   * tool.progress} as the timeline shows it; the host may cancel it.
   *
   * @throws HostException for an unknown session; tool failures are outcomes, not exceptions
   */
  public HostCall call(
      String sessionId,
      String tool,
      JsonNode args,
      Duration hostTimeout,
      ProgressListener progress) {
    loop.assertInLoop();
    SessionState session = sessions.requireActive(sessionId);
    JsonNode callArgs = args == null ? JsonNodeFactory.instance.objectNode() : args;
    CompletableFuture<CallResult> future = new CompletableFuture<>();
    CallState call =
        new CallState(secrets.id("call"), session, tool, callArgs, timers.now(), future, progress);
    HostCall hostCall =
        new HostCall(
            future,
            () -> {
              loop.assertInLoop();
              cancel(call, CancelReason.INTERRUPTED);
            });
    List<Binding> owners = session.owners(tool);
    String metaToolOf = owners.isEmpty() ? MultiInstance.metaToolProvider(session, tool) : null;
    if (owners.isEmpty() && metaToolOf == null) {
      String restarting = session.restartHolding(tool);
      complete(
          call,
          restarting != null
              ? restarting(tool, restarting)
              : ToolOutcome.failure(
                  ToolErrorCode.NOT_FOUND,
                  "No provider tool '" + tool + "' in session " + sessionId));
      return hostCall;
    }
    String mismatch = owners.isEmpty() ? null : argsMismatch(owners, tool, callArgs);
    if (mismatch != null) {
      // Before hooks, gates and the provider (X-ENG-18): a call it did not declare reaches none.
      complete(
          call,
          ToolOutcome.failure(
              ToolErrorCode.INVALID_ARGS,
              "Arguments of tool '" + tool + "' do not match its schema: " + mismatch));
      return hostCall;
    }
    session.calls.add(call);
    inFlight.incrementAndGet();
    // The clock runs from the host's request, hooks and queue wait included (design brief,
    // decision 23).
    Duration timeout =
        owners.isEmpty() ? hostTimeoutOr(hostTimeout) : timeoutOf(owners.get(0), tool, hostTimeout);
    call.timeout(timers.deadline(timeout, () -> timedOut(call)), timers.now().plus(timeout));
    String toolProvider = owners.isEmpty() ? "gateway" : owners.get(0).provider.name;
    hooks
        .evaluate(
            session,
            tool,
            callArgs,
            toolProvider,
            call.id(),
            replacement -> replacementMismatch(session, tool, replacement),
            caller(call),
            false)
        .thenAccept(decision -> afterHooks(call, decision, metaToolOf))
        .exceptionally(failure -> dispatchFailed(call, failure));
    return hostCall;
  }

  /**
   * The call as its hooks see it: a question to the person stops its timeout until answered
   * (decision 35), and one is never put for a call that has ended.
   */
  private HookEngine.Caller caller(CallState call) {
    return new HookEngine.Caller() {
      @Override
      public boolean ended() {
        return call.phase() == CallState.Phase.CLOSED || call.isHostDone();
      }

      @Override
      public void asking() {
        call.stopTimeout(timers.now());
      }

      @Override
      public void asked() {
        Duration left = call.timeLeft();
        if (left != null && call.phase() != CallState.Phase.CLOSED) {
          call.timeout(timers.after(left, () -> timedOut(call)), timers.now().plus(left));
        }
      }
    };
  }

  /**
   * Why {@code args} do not match the schema of the instance the call would now be routed to (or,
   * if its {@code target} names none, of the first), or null when they do. The arguments are
   * checked as that provider will receive them, without a gateway-injected {@code target}.
   */
  private String argsMismatch(List<Binding> owners, String tool, JsonNode args) {
    Binding routed = route(owners, args);
    Binding owner = routed != null ? routed : owners.get(0);
    ToolDefinition definition = owner.declared.tools.get(tool);
    ArgsSchema schema =
        owner.declared.schemas.computeIfAbsent(tool, name -> schemas.compiled(definition));
    JsonNode checked = owners.size() > 1 ? withoutTarget(args) : args;
    return schema.violations(checked, hooks.allowance(owner.provider));
  }

  /**
   * Why a gate's replacement arguments do not match the tool's schema, or null when they do
   * (decision 33): checked as the host's were, against the instance they would now be routed to, so
   * that a gate can never make a tool run with arguments it did not declare. The gateway's own
   * meta-tools have no schema.
   */
  private String replacementMismatch(SessionState session, String tool, JsonNode args) {
    List<Binding> owners = session.owners(tool);
    String mismatch = owners.isEmpty() ? null : argsMismatch(owners, tool, args);
    return mismatch == null ? null : "they do not match its schema: " + mismatch;
  }

  /**
   * Routing or sending the call failed (a bug, or a class that no longer loads): the call ends
   * {@code INTERNAL} now rather than at its timeout. The future chain would otherwise keep the
   * failure to itself, unlogged.
   */
  private Void dispatchFailed(CallState call, Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    LOG.log(Level.ERROR, "dispatching " + call + " failed", cause);
    finish(
        call,
        ToolOutcome.failure(
            ToolErrorCode.INTERNAL, "Tool '" + call.tool + "': the gateway failed: " + cause));
    return null;
  }

  private Duration hostTimeoutOr(Duration hostTimeout) {
    return hostTimeout != null ? hostTimeout : limits.calls().defaultToolTimeout();
  }

  private Duration timeoutOf(Binding target, String tool, Duration hostTimeout) {
    if (hostTimeout != null) {
      return hostTimeout;
    }
    ToolDefinition definition = target.declared.tools.get(tool);
    if (definition != null && definition.timeout() != null) {
      return definition.timeout();
    }
    return limits.calls().defaultToolTimeout();
  }

  /**
   * The hooks have decided: a denied call never reaches the provider (R-HOOK-02); an allowed one
   * runs with the arguments the gates left it (decision 33), routed by them.
   */
  private void afterHooks(CallState call, HookDecision decision, String metaToolOf) {
    call.hooksDecided(decision);
    if (call.phase() == CallState.Phase.CLOSED) {
      return; // timed out or cancelled while the hooks ran
    }
    if (!decision.allowed()) {
      finish(call, new ToolOutcome.Denied(decision.reason()));
      return;
    }
    if (metaToolOf != null) {
      // The gateway answers list_<name>_instances itself (spec: Multi-instance providers).
      finish(call, ToolOutcome.success(MultiInstance.listInstances(call.session, metaToolOf)));
      return;
    }
    List<Binding> owners = call.session.owners(call.tool);
    Binding target = owners.isEmpty() ? null : route(owners, call.args());
    if (target == null) {
      String restarting = owners.isEmpty() ? call.session.restartHolding(call.tool) : null;
      finish(
          call,
          restarting != null
              ? restarting(call.tool, restarting)
              : ToolOutcome.failure(
                  ToolErrorCode.NOT_FOUND,
                  owners.isEmpty()
                      ? "Tool '" + call.tool + "' is gone"
                      : "No instance '"
                          + call.args().path(MultiInstance.TARGET).asText()
                          + "' of "
                          + call.tool));
      return;
    }
    call.routedTo(target);
    admit(call);
  }

  /**
   * A call to a tool its provider's restart holds (decision 34) fails at once, as a call in flight
   * when the provider went: the new run may not have the tool, nor the same schema, and an agent
   * handles a prompt {@code DISCONNECTED} better than a call that waits out a process start.
   */
  private static ToolOutcome restarting(String tool, String spawnName) {
    return ToolOutcome.failure(
        ToolErrorCode.DISCONNECTED,
        "Tool '"
            + tool
            + "' is restarting with its provider ('"
            + spawnName
            + "'); call it again once it is back");
  }

  /** Calls under way now, from the host's request to their end; any thread. */
  public int callsInFlight() {
    return inFlight.get();
  }

  /** Calls waiting for their provider's concurrency slot now; any thread. */
  public int callsQueued() {
    return queued.get();
  }

  /** Runs only the hooks, for a tool the host owns. */
  public CompletableFuture<HookDecision> preToolUse(String sessionId, String tool, JsonNode args) {
    return preToolUse(sessionId, tool, args, false);
  }

  /**
   * Runs only the hooks, for a tool the host owns; with {@code hostAsks} a gate's question to the
   * person comes back in the decision (extension {@code gate.ask}) rather than being put here.
   */
  public CompletableFuture<HookDecision> preToolUse(
      String sessionId, String tool, JsonNode args, boolean hostAsks) {
    loop.assertInLoop();
    SessionState session = sessions.requireActive(sessionId);
    // The host runs its own tools: no schema here, and the host is told the final arguments.
    return hooks.evaluate(
        session,
        tool,
        args == null ? JsonNodeFactory.instance.objectNode() : args,
        null,
        null,
        HookEngine.ArgsCheck.ANY_OBJECT,
        HookEngine.Caller.NONE,
        hostAsks);
  }

  /**
   * Picks the binding to serve a call: the one owner; or, for a tool several instances share, the
   * instance its {@code target} names, else the most recently active (spec: Multi-instance
   * providers; design brief, decision 13). Null when {@code target} names no live instance.
   */
  private static Binding route(List<Binding> owners, JsonNode args) {
    if (owners.size() == 1) {
      return owners.get(0);
    }
    JsonNode target = args.get(MultiInstance.TARGET);
    if (target != null && target.isTextual()) {
      for (Binding owner : owners) {
        if (target.textValue().equals(owner.provider.instance)) {
          return owner;
        }
      }
      return null;
    }
    return mostRecentlyActive(owners, null);
  }

  private static Binding mostRecentlyActive(List<Binding> owners, Binding except) {
    Binding latest = null;
    for (Binding owner : owners) {
      if (owner != except
          && (latest == null
              || owner.provider.lastActive().isAfter(latest.provider.lastActive()))) {
        latest = owner;
      }
    }
    return latest;
  }

  // ---- concurrency ----

  /**
   * Sends the call, or queues it when its provider's concurrency limit is reached; past {@code
   * maxQueuedCalls} waiting calls it fails {@code RATE_LIMITED} (spec: Tool concurrency).
   */
  private void admit(CallState call) {
    ConcurrencyLimiter.Key key = ConcurrencyLimiter.keyFor(call.target(), call.tool);
    if (key == null) {
      send(call);
      return;
    }
    call.countsAgainst(key);
    ConcurrencyLimiter.Slot slot = limiter.slot(key, call.target().provider.concurrency.max());
    if (slot.inFlight < slot.max) {
      slot.inFlight++;
      call.tookSlot(timers.now());
      send(call);
    } else if (slot.waiting.size() >= limits.calls().maxQueuedCalls()) {
      call.countsAgainst(null);
      limiter.dropIfIdle(key, slot);
      finish(
          call,
          ToolOutcome.failure(
              ToolErrorCode.RATE_LIMITED,
              "Provider '"
                  + call.target().provider.name
                  + "' has "
                  + limits.calls().maxQueuedCalls()
                  + " calls waiting already"));
    } else {
      call.queued(timers.now());
      queued.incrementAndGet();
      slot.waiting.addLast(call);
    }
  }

  /** Frees the call's slot (or its place in the queue) and sends whoever waits next. */
  private void leaveSlot(CallState call) {
    ConcurrencyLimiter.Key key = call.leaveLimit();
    if (key == null) {
      return;
    }
    ConcurrencyLimiter.Slot slot = limiter.existing(key);
    if (slot == null) {
      return;
    }
    if (call.releaseSlot()) {
      slot.inFlight--;
    } else if (slot.waiting.remove(call)) {
      queued.decrementAndGet();
    }
    while (slot.inFlight < slot.max && !slot.waiting.isEmpty()) {
      CallState next = slot.waiting.pollFirst();
      queued.decrementAndGet();
      slot.inFlight++;
      next.tookSlot(timers.now());
      send(next);
    }
    limiter.dropIfIdle(key, slot);
  }

  private void send(CallState call) {
    Conn conn = call.target().provider.conn;
    call.sentOn(conn);
    outbox.send(conn, new ToolCall(call.id(), call.session.id, call.tool, argsForProvider(call)));
  }

  /** The arguments as the provider declared them: a gateway-injected {@code target} is removed. */
  private static JsonNode argsForProvider(CallState call) {
    return call.session.owners(call.tool).size() > 1 ? withoutTarget(call.args()) : call.args();
  }

  private static JsonNode withoutTarget(JsonNode args) {
    if (args instanceof ObjectNode object && object.has(MultiInstance.TARGET)) {
      ObjectNode copy = object.deepCopy();
      copy.remove(MultiInstance.TARGET);
      return copy;
    }
    return args;
  }

  // ---- answers from the provider ----

  /** A {@code tool.result} arrived on {@code conn}. */
  void onResult(Conn conn, ToolResult result) {
    CallState call = conn.call(result.id());
    if (call == null) {
      if (conn.hasEnded(result.id())) {
        return; // a late duplicate: the first terminal message already won (R-TOOL-23)
      }
      uncorrelatable(
          conn,
          ErrorCode.INVALID_JSON,
          "tool.result for unknown call id '" + result.id() + "'",
          new Outbox.Refused("tool.result", null, null));
      return;
    }
    switch (call.phase()) {
      case SENT -> answered(call, result);
      case CANCELLING -> {
        // After tool.cancel only CANCELLED counts; anything else is ignored (R-TOOL-21).
        if (result.isCancelled()) {
          close(call);
        }
      }
      case QUEUED, READING_FILE, CLOSED -> {
        // Not waiting for an answer on this connection.
      }
    }
  }

  private void answered(CallState call, ToolResult result) {
    if (result.isFailure()) {
      if (result.isRetryable() && !call.retried()) {
        Binding other = mostRecentlyActive(call.session.owners(call.tool), call.target());
        if (other != null) {
          retry(call, other);
          return;
        }
      }
      ToolErrorCode code = result.errorCode() == null ? ToolErrorCode.INTERNAL : result.errorCode();
      String codeText = result.errorCodeText() == null ? code.wireName() : result.errorCodeText();
      String error = result.error() == null ? codeText : result.error();
      finish(call, new ToolOutcome.Failure(error, code, codeText));
    } else if (result.file() != null) {
      readFile(call, result);
    } else {
      finish(
          call,
          ToolOutcome.success(result.data() == null ? NullNode.getInstance() : result.data()));
    }
  }

  /** A retryable failure gets one more try on another instance of the provider (spec). */
  private void retry(CallState call, Binding other) {
    call.leaveConnection();
    leaveSlot(call);
    call.retryOn(secrets.id("call"), other);
    admit(call);
  }

  /** The provider answered with a file: read it off the loop, then finish on it. */
  private void readFile(CallState call, ToolResult result) {
    call.readingFile();
    var persistDir = call.target().provider.persistDir;
    var ref = result.file();
    ioExecutor.execute(
        () -> {
          ToolOutcome outcome = FileResults.read(persistDir, ref);
          loop.execute(
              () -> {
                if (call.phase() == CallState.Phase.READING_FILE) {
                  finish(call, outcome);
                }
              });
        });
  }

  /**
   * A {@code tool.progress} arrived: shown in the session timeline, the call stays open. At most
   * one per call reaches the host per {@code Limits.progressInterval} (250 ms); later ones within
   * it are held and coalesced to the latest, shown when the interval ends or, at the latest, just
   * before the call's outcome. 400,000 progress messages in 5 s used to become as many timeline
   * lines.
   */
  void onProgress(Conn conn, ToolProgress progress) {
    CallState call = conn.call(progress.id());
    if (call == null || call.phase() != CallState.Phase.SENT) {
      return;
    }
    Duration interval = limits.calls().progressInterval();
    Instant now = timers.now();
    Instant shownAt = call.progressShownAt();
    Instant next = shownAt == null ? now : shownAt.plus(interval);
    if (interval.isZero() || !now.isBefore(next)) {
      showProgress(call, progress.message());
      return;
    }
    call.holdProgress(progress.message());
    if (!call.awaitsProgressFlush()) {
      call.progressFlush(timers.after(Duration.between(now, next), () -> showHeldProgress(call)));
    }
  }

  private void showHeldProgress(CallState call) {
    call.progressFlushFired();
    String held = call.heldProgress();
    if (held != null && call.phase() == CallState.Phase.SENT) {
      showProgress(call, held);
    }
  }

  private void showProgress(CallState call, String message) {
    call.progressShown(timers.now());
    call.session.host.log(call.session.id, call.target().provider.name, message);
    call.tellProgress(message);
  }

  /**
   * A message from {@code conn} could not be read, or was a {@code tool.result} matching no call
   * (core profile, rule 4). A failed {@code tool.result} whose id names a call of this connection
   * fails that call; otherwise: with no call pending, an error only; with one, that call fails
   * {@code INTERNAL}; with several, the provider is disconnected and all of them end {@code
   * DISCONNECTED}.
   */
  void unreadable(Conn conn, DecodeError error, Outbox.Refused refused) {
    CallState named =
        "tool.result".equals(error.type()) && error.id() != null ? conn.call(error.id()) : null;
    if (named != null) {
      outbox.error(conn, error.code(), error.detail(), refused);
      failUnreadable(named, error.code(), error.detail());
      return;
    }
    uncorrelatable(conn, error.code(), error.detail(), refused);
  }

  private void uncorrelatable(Conn conn, ErrorCode code, String detail, Outbox.Refused refused) {
    outbox.error(conn, code, detail, refused);
    List<CallState> open = new ArrayList<>();
    for (CallState call : conn.calls()) {
      if (call.phase() == CallState.Phase.SENT) {
        open.add(call);
      }
    }
    if (open.size() == 1) {
      failUnreadable(open.get(0), code, detail);
    } else if (open.size() > 1) {
      outbox.close(conn, CloseReason.PROTOCOL_ERROR);
    }
  }

  private void failUnreadable(CallState call, ErrorCode code, String detail) {
    if (call.phase() == CallState.Phase.SENT) {
      finish(call, ToolOutcome.failure(ToolErrorCode.INTERNAL, code.wireName() + ": " + detail));
    } else {
      close(call);
    }
  }

  // ---- ending calls ----

  /**
   * The call's timeout passed: the host gets {@code TIMEOUT} now, the provider {@code tool.cancel}.
   */
  private void timedOut(CallState call) {
    if (call.phase() == CallState.Phase.CLOSED || call.isHostDone()) {
      return;
    }
    deliver(call, ToolOutcome.failure(ToolErrorCode.TIMEOUT, "Tool '" + call.tool + "' timed out"));
    cancelOnProvider(call, CancelReason.TIMEOUT);
  }

  /**
   * Ends {@code call} as {@code CANCELLED} for the host; a call already sent gets {@code
   * tool.cancel} and keeps its bookkeeping until the provider answers or the grace period ends.
   */
  void cancel(CallState call, CancelReason reason) {
    if (call.phase() == CallState.Phase.CLOSED) {
      return;
    }
    deliver(
        call,
        ToolOutcome.failure(
            ToolErrorCode.CANCELLED, "Tool '" + call.tool + "' cancelled: " + reason.wireName()));
    // A question to the person about it is taken back (decision 35): nobody may answer for a call
    // that will not run.
    hooks.callEnded(
        call.id(),
        "The call was cancelled ("
            + reason.wireName()
            + "); its question to the person was withdrawn.");
    cancelOnProvider(call, reason);
  }

  private void cancelOnProvider(CallState call, CancelReason reason) {
    switch (call.phase()) {
      case SENT -> {
        call.cancelling();
        outbox.send(call.conn(), new ToolCancel(call.id(), call.session.id, reason));
        // The slot stays taken until CANCELLED arrives or the grace period ends (R-CONC-06).
        call.cancelGrace(timers.after(limits.calls().cancelGrace(), () -> close(call)));
      }
      case QUEUED, READING_FILE ->
          close(call); // never sent, or already answered: nothing to cancel
      case CANCELLING, CLOSED -> {
        // already cancelled or finished
      }
    }
  }

  /** Ends {@code call} as {@code DISCONNECTED}: its provider is gone. */
  void disconnected(CallState call) {
    deliver(
        call,
        ToolOutcome.failure(
            ToolErrorCode.DISCONNECTED,
            "Provider '" + call.target().provider.name + "' disconnected"));
    close(call);
  }

  /** Every call sent on {@code conn} ends {@code DISCONNECTED}. */
  void connectionGone(Conn conn) {
    for (CallState call : conn.calls()) {
      disconnected(call);
    }
  }

  /**
   * The open calls routed to {@code binding}, waiting ones first: ended in this order as the
   * binding goes, an in-flight call's freed slot finds none of them left to send to a provider that
   * is leaving (R-CONC-07; goodbye unbinds while the connection is still open).
   */
  List<CallState> callsOf(Binding binding) {
    List<CallState> waiting = new ArrayList<>();
    List<CallState> others = new ArrayList<>();
    for (CallState call : binding.session.calls) {
      if (call.target() == binding) {
        (call.phase() == CallState.Phase.QUEUED ? waiting : others).add(call);
      }
    }
    waiting.addAll(others);
    return waiting;
  }

  /** Gives the host its outcome (if it has none yet) and closes the call. */
  private void finish(CallState call, ToolOutcome outcome) {
    deliver(call, outcome);
    close(call);
  }

  /**
   * Gives the host its outcome if it has none yet; for a call that reached its provider, the
   * gateway also tells subscribers {@code tool.execution_complete} (design brief, decision 16).
   */
  private void deliver(CallState call, ToolOutcome outcome) {
    boolean dispatched =
        call.phase() == CallState.Phase.SENT || call.phase() == CallState.Phase.READING_FILE;
    if (call.heldProgress() != null && dispatched && !call.isHostDone()) {
      showProgress(call, call.heldProgress()); // the latest progress still comes before the outcome
    }
    if (complete(call, outcome) && dispatched) {
      events.toolExecutionComplete(call, outcome);
    }
  }

  /**
   * Gives the audit trail the call's record and the host its one outcome, in that order: a host
   * that asks the trail about a call it has the answer of finds the record (the host's future wakes
   * its thread at once). False when the host had its outcome already. Only the loop completes a
   * call's host future, so the check and the completion cannot be raced.
   */
  private boolean complete(CallState call, ToolOutcome outcome) {
    if (call.isHostDone()) {
      return false;
    }
    if (listener.hearsDecisions()) {
      Binding target = call.target();
      List<Binding> owners = target == null ? call.session.owners(call.tool) : List.of(target);
      String provider = owners.isEmpty() ? null : owners.get(0).provider.name;
      listener.decided(
          Decisions.toolCall(
              timers.now(), call, outcome, provider, call.queueWait(), listener.keepsArguments()));
    }
    call.completeHost(outcome);
    return true;
  }

  /** Closes the call's bookkeeping: timers stopped, slot freed, forgotten, its id remembered. */
  private void close(CallState call) {
    if (!call.close()) {
      return;
    }
    call.session.calls.remove(call);
    inFlight.decrementAndGet();
    call.leaveConnection();
    leaveSlot(call);
  }

  /** Interrupts every call of {@code session}: each ends {@code CANCELLED} (R-TOOL-19). */
  public void interrupt(SessionState session) {
    for (CallState call : new ArrayList<>(session.calls)) {
      cancel(call, CancelReason.INTERRUPTED);
    }
  }
}
