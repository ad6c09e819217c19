package io.github.providergateway.provider.spi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.provider.ToolException;
import io.github.providergateway.provider.ToolHandler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionStage;

/**
 * Tool calls: runs each {@code tool.call}'s handler and sends exactly one {@code tool.result} for
 * it, {@code CANCELLED} after {@code tool.cancel} (spec: Terminal message ordering for tool calls).
 * Loop only.
 */
final class ToolCalls {

  private final String providerName;
  private final ProviderLoop loop;
  private final Link link;
  private final UserCode user;
  private final StateUpdates updates;

  /** Calls running on the current connection, by id. Loop only. */
  private final Map<String, RunningCall> calls = new LinkedHashMap<>();

  ToolCalls(
      String providerName, ProviderLoop loop, Link link, UserCode user, StateUpdates updates) {
    this.providerName = providerName;
    this.loop = loop;
    this.link = link;
    this.user = user;
    this.updates = updates;
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

  void start(ToolCall call) {
    if (calls.containsKey(call.id())) {
      user.debug(() -> "duplicate tool.call " + call.id() + " dropped");
      return;
    }
    ToolHandler handler = updates.handlerFor(call.tool());
    if (handler == null) {
      link.send(
          ToolResult.failure(
              call.id(),
              "Provider '" + providerName + "' has no tool '" + call.tool() + "'",
              ToolErrorCode.NOT_FOUND));
      return;
    }
    RunningCall running =
        new RunningCall(new CallContext(call, loop, user, this::progress), link.current());
    calls.put(call.id(), running);
    CompletionStage<? extends JsonNode> stage =
        user.invoke(
            () -> handler.call(call.args(), running.context),
            "The tool's handler returned no result");
    user.whenDone(
        stage,
        (value, error) ->
            finish(
                running,
                error != null
                    ? failureOf(call.id(), error)
                    : ToolResult.success(
                        call.id(), value == null ? NullNode.getInstance() : value)));
  }

  private static ToolResult failureOf(String id, Throwable cause) {
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
      user.debug(() -> "late result for ended call " + result.id() + " dropped");
      return;
    }
    call.done = true;
    calls.remove(result.id(), call);
    link.sendOn(call.connection, result);
  }

  void cancel(ToolCancel cancel) {
    RunningCall call = calls.get(cancel.id());
    if (call == null) {
      // Already answered: the gateway drops a late CANCELLED anyway, and one result per call it is.
      user.debug(() -> "tool.cancel for ended call " + cancel.id());
      return;
    }
    finish(call, ToolResult.cancelled(cancel.id()));
    call.context.cancel();
  }

  private void progress(CallContext context, String message) {
    RunningCall call = calls.get(context.id());
    if (call != null && call.context == context) {
      link.sendOn(call.connection, new ToolProgress(context.id(), message));
    }
  }

  /**
   * The connection ended: running calls are cancelled (the gateway has ended them {@code
   * DISCONNECTED}, and they are not replayed), and their results dropped.
   */
  void connectionClosed() {
    for (RunningCall call : new ArrayList<>(calls.values())) {
      call.done = true;
      call.context.cancel();
    }
    calls.clear();
  }
}
