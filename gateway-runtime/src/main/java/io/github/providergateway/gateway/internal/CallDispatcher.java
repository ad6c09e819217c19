package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.HookDecision;
import io.github.providergateway.gateway.HostErrorCode;
import io.github.providergateway.gateway.HostException;
import io.github.providergateway.gateway.ToolOutcome;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.json.DecodeError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Tool calls from the host to providers, and every way they end (spec: Tool call terminal
 * semantics; architecture: Per-call life). Each call has one outcome, decided by the first of:
 * the provider's result, a cancel, the timeout, or the provider going away. Nothing is left
 * pending: every path that removes a provider or a session ends its calls. Loop only.
 */
public final class CallDispatcher {

  private final Engine engine;

  CallDispatcher(Engine engine) {
    this.engine = engine;
  }

  // ---- starting a call ----

  /**
   * Runs {@code tool} in {@code sessionId} for the host.
   *
   * @throws HostException for an unknown session; tool failures are outcomes, not exceptions
   */
  public CompletableFuture<CallResult> call(
      String sessionId, String tool, JsonNode args, Duration hostTimeout) {
    engine.loop.assertInLoop();
    SessionState session = engine.activeSession(sessionId);
    if (session == null) {
      throw new HostException(HostErrorCode.INVALID_SESSION, "No active session " + sessionId);
    }
    JsonNode callArgs = args == null ? JsonNodeFactory.instance.objectNode() : args;
    CompletableFuture<CallResult> future = new CompletableFuture<>();
    CallState call =
        new CallState(
            engine.secrets.id("call"), session, tool, callArgs, engine.timers.now(), future);
    List<Binding> owners = session.owners(tool);
    if (owners.isEmpty()) {
      call.completeHost(
          ToolOutcome.failure(
              ToolErrorCode.NOT_FOUND, "No provider tool '" + tool + "' in session " + sessionId));
      return future;
    }
    session.calls.add(call);
    // The clock runs from the host's request, hooks and queue wait included (decision 23).
    call.timeout =
        engine.timers.after(timeoutOf(owners.get(0), tool, hostTimeout), () -> timedOut(call));
    engine.hooks
        .evaluate(session, tool, callArgs, owners.get(0).provider.name)
        .thenAccept(decision -> afterHooks(call, decision));
    return future;
  }

  /** The hooks have decided: a denied call never reaches the provider (R-HOOK-02). */
  private void afterHooks(CallState call, HookDecision decision) {
    call.hookContext = decision.context();
    if (call.phase == CallState.Phase.CLOSED) {
      return; // timed out or cancelled while the hooks ran
    }
    if (!decision.allowed()) {
      call.completeHost(new ToolOutcome.Denied(decision.reason()));
      close(call);
      return;
    }
    List<Binding> owners = call.session.owners(call.tool);
    Binding target = owners.isEmpty() ? null : route(owners, call.args);
    if (target == null) {
      call.completeHost(
          ToolOutcome.failure(
              ToolErrorCode.NOT_FOUND,
              owners.isEmpty()
                  ? "Tool '" + call.tool + "' is gone"
                  : "No instance '" + call.args.path(MultiInstance.TARGET).asText() + "' of " + call.tool));
      close(call);
      return;
    }
    call.target = target;
    send(call);
  }

  /** Runs only the hooks, for a tool the host owns. */
  public CompletableFuture<HookDecision> preToolUse(String sessionId, String tool, JsonNode args) {
    SessionState session = engine.sessionManager.requireActive(sessionId);
    return engine.hooks.evaluate(
        session, tool, args == null ? JsonNodeFactory.instance.objectNode() : args, null);
  }

  private Duration timeoutOf(Binding target, String tool, Duration hostTimeout) {
    if (hostTimeout != null) {
      return hostTimeout;
    }
    ToolDefinition definition = target.declared.tools.get(tool);
    if (definition != null && definition.timeout() != null) {
      return definition.timeout();
    }
    return engine.limits.defaultToolTimeout();
  }

  /**
   * Picks the binding to serve a call: the one owner; or, for a tool several instances share, the
   * instance its {@code target} names, else the most recently active (spec: Multi-instance
   * providers). Null when {@code target} names no live instance.
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
    Binding latest = owners.get(0);
    for (Binding owner : owners) {
      if (owner.provider.lastActive.isAfter(latest.provider.lastActive)) {
        latest = owner;
      }
    }
    return latest;
  }

  private void send(CallState call) {
    Conn conn = call.target.provider.conn;
    call.conn = conn;
    call.phase = CallState.Phase.SENT;
    conn.calls.put(call.id, call);
    engine.outbox.send(
        conn, new ToolCall(call.id, call.session.id, call.tool, argsForProvider(call)));
  }

  /** The arguments as the provider declared them: a gateway-injected {@code target} is removed. */
  private static JsonNode argsForProvider(CallState call) {
    if (call.session.owners(call.tool).size() > 1
        && call.args instanceof ObjectNode object
        && object.has(MultiInstance.TARGET)) {
      ObjectNode copy = object.deepCopy();
      copy.remove(MultiInstance.TARGET);
      return copy;
    }
    return call.args;
  }

  // ---- answers from the provider ----

  /** A {@code tool.result} arrived on {@code conn}. */
  void onResult(Conn conn, ToolResult result) {
    CallState call = conn.calls.get(result.id());
    if (call == null) {
      if (conn.endedCalls.contains(result.id())) {
        return; // a late duplicate: the first terminal message already won (R-TOOL-23)
      }
      uncorrelatable(
          conn,
          ErrorCode.INVALID_JSON,
          "tool.result for unknown call id '" + result.id() + "'",
          new Outbox.Refused("tool.result", null, null));
      return;
    }
    switch (call.phase) {
      case SENT -> finish(call, outcomeOf(call, result));
      case CANCELLING -> {
        // After tool.cancel only CANCELLED counts; anything else is ignored (R-TOOL-21).
        if (result.isCancelled()) {
          close(call);
        }
      }
      case QUEUED, CLOSED -> {
        // Not sent on this connection, or already finished: nothing to do.
      }
    }
  }

  private ToolOutcome outcomeOf(CallState call, ToolResult result) {
    if (result.isFailure()) {
      ToolErrorCode code = result.errorCode() == null ? ToolErrorCode.INTERNAL : result.errorCode();
      String codeText = result.errorCodeText() == null ? code.wireName() : result.errorCodeText();
      String error = result.error() == null ? codeText : result.error();
      return new ToolOutcome.Failure(error, code, codeText);
    }
    if (result.file() != null) {
      return ToolOutcome.failure(
          ToolErrorCode.INTERNAL, "file results are not supported by this gateway yet");
    }
    return ToolOutcome.success(result.data() == null ? NullNode.getInstance() : result.data());
  }

  /** A {@code tool.progress} arrived: shown in the session timeline, the call stays open. */
  void onProgress(Conn conn, ToolProgress progress) {
    CallState call = conn.calls.get(progress.id());
    if (call != null && call.phase == CallState.Phase.SENT) {
      call.session.host.log(call.session.id, call.target.provider.name, progress.message());
    }
  }

  /**
   * A message from {@code conn} could not be read, or was a {@code tool.result} matching no call
   * (core profile, rule 4). A failed {@code tool.result} whose id names a call of this connection
   * fails that call; otherwise: with no call pending, an error only; with one, that call fails
   * {@code INTERNAL}; with several, the provider is disconnected and all of them end {@code
   * DISCONNECTED}.
   */
  void unreadable(Conn conn, DecodeError error, Outbox.Refused refused) {
    CallState named = "tool.result".equals(error.type()) && error.id() != null
        ? conn.calls.get(error.id())
        : null;
    if (named != null) {
      engine.outbox.error(conn, error.code(), error.detail(), refused);
      failUnreadable(named, error.code(), error.detail());
      return;
    }
    uncorrelatable(conn, error.code(), error.detail(), refused);
  }

  private void uncorrelatable(Conn conn, ErrorCode code, String detail, Outbox.Refused refused) {
    engine.outbox.error(conn, code, detail, refused);
    List<CallState> open = new ArrayList<>();
    for (CallState call : conn.calls.values()) {
      if (call.phase == CallState.Phase.SENT) {
        open.add(call);
      }
    }
    if (open.size() == 1) {
      failUnreadable(open.get(0), code, detail);
    } else if (open.size() > 1) {
      engine.closeConnection(conn, io.github.providergateway.gateway.CloseReason.PROTOCOL_ERROR);
    }
  }

  private void failUnreadable(CallState call, ErrorCode code, String detail) {
    if (call.phase == CallState.Phase.SENT) {
      finish(call, ToolOutcome.failure(ToolErrorCode.INTERNAL, code.wireName() + ": " + detail));
    } else {
      close(call);
    }
  }

  // ---- ending calls ----

  /** The call's timeout passed: the host gets {@code TIMEOUT} now, the provider {@code tool.cancel}. */
  private void timedOut(CallState call) {
    if (call.phase == CallState.Phase.CLOSED || call.isHostDone()) {
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
    if (call.phase == CallState.Phase.CLOSED) {
      return;
    }
    deliver(
        call,
        ToolOutcome.failure(
            ToolErrorCode.CANCELLED, "Tool '" + call.tool + "' cancelled: " + reason.wireName()));
    cancelOnProvider(call, reason);
  }

  private void cancelOnProvider(CallState call, CancelReason reason) {
    if (call.phase != CallState.Phase.SENT) {
      if (call.phase == CallState.Phase.QUEUED) {
        close(call); // never sent: nothing to cancel on the provider
      }
      return;
    }
    call.phase = CallState.Phase.CANCELLING;
    engine.outbox.send(call.conn, new ToolCancel(call.id, call.session.id, reason));
    call.cancelGrace = engine.timers.after(engine.limits.cancelGrace(), () -> close(call));
  }

  /** Ends {@code call} as {@code DISCONNECTED}: its provider is gone. */
  void disconnected(CallState call) {
    deliver(
        call,
        ToolOutcome.failure(
            ToolErrorCode.DISCONNECTED,
            "Provider '" + call.target.provider.name + "' disconnected"));
    close(call);
  }

  /** Every call sent on {@code conn}, and every queued call meant for it, ends {@code DISCONNECTED}. */
  void connectionGone(Conn conn) {
    for (CallState call : new ArrayList<>(conn.calls.values())) {
      disconnected(call);
    }
  }

  /** The open calls routed to {@code binding}. */
  List<CallState> callsOf(Binding binding) {
    List<CallState> result = new ArrayList<>();
    for (CallState call : binding.session.calls) {
      if (call.target == binding) {
        result.add(call);
      }
    }
    return result;
  }

  /** Gives the host its outcome (if it has none yet) and closes the call. */
  private void finish(CallState call, ToolOutcome outcome) {
    deliver(call, outcome);
    close(call);
  }

  /**
   * Gives the host its outcome if it has none yet; for a call that reached its provider, the
   * gateway also tells subscribers {@code tool.execution_complete} (architecture, decision 16).
   */
  private void deliver(CallState call, ToolOutcome outcome) {
    boolean dispatched = call.phase == CallState.Phase.SENT;
    if (call.completeHost(outcome) && dispatched) {
      engine.events.toolExecutionComplete(call, outcome);
    }
  }

  /** Closes the call's bookkeeping: timers stopped, forgotten everywhere, its id remembered. */
  private void close(CallState call) {
    if (call.phase == CallState.Phase.CLOSED) {
      return;
    }
    call.phase = CallState.Phase.CLOSED;
    if (call.timeout != null) {
      call.timeout.cancel();
    }
    if (call.cancelGrace != null) {
      call.cancelGrace.cancel();
    }
    call.session.calls.remove(call);
    if (call.conn != null) {
      call.conn.calls.remove(call.id);
      call.conn.endedCalls.add(call.id);
    }
  }

  /** Interrupts every call of {@code session}: each ends {@code CANCELLED} (R-TOOL-19). */
  public void interrupt(SessionState session) {
    for (CallState call : new ArrayList<>(session.calls)) {
      cancel(call, CancelReason.INTERRUPTED);
    }
  }
}
