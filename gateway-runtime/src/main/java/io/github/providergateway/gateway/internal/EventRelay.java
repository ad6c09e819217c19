package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionEvents;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.time.Duration;

/**
 * Session events to subscribed providers (spec: session.event): what the host emits, and the {@code
 * tool.execution_complete} the gateway emits itself for each call it dispatched. A provider
 * receives only the types in its {@code hello.subscribe}, only for its bound sessions. Loop only.
 */
final class EventRelay {

  private final Timers timers;
  private final ProtocolCodec codec;
  private final Outbox outbox;

  EventRelay(Timers timers, ProtocolCodec codec, Outbox outbox) {
    this.timers = timers;
    this.codec = codec;
    this.outbox = outbox;
  }

  void emit(SessionState session, String event, JsonNode data) {
    SessionEvent message = new SessionEvent(session.id, event, data);
    for (ProviderState provider : session.bindings().keySet()) {
      if (receives(provider, event)) {
        outbox.send(provider.conn, message);
      }
    }
  }

  private static boolean receives(ProviderState provider, String event) {
    return provider.subscribe.contains(event) && provider.conn.state() == ConnectionState.BOUND;
  }

  /** {@code {tool, provider, args, result: {type, output?}, durationMs}} for a dispatched call. */
  void toolExecutionComplete(CallState call, ToolOutcome outcome) {
    if (!anyReceives(call.session, SessionEvents.TOOL_EXECUTION_COMPLETE)) {
      // Nobody would get it: spare the loop building the event and writing the result as JSON
      // text, on every call (docs/performance.md).
      return;
    }
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.put("tool", call.tool);
    data.put("provider", call.target().provider.name);
    data.set("args", call.args());
    ObjectNode result = data.putObject("result");
    if (outcome instanceof ToolOutcome.Success success) {
      result.put("type", "success");
      JsonNode value = success.data();
      if (!value.isNull()) {
        result.put("output", value.isTextual() ? value.textValue() : codec.writeJson(value));
      }
    } else {
      result.put("type", "failure");
      if (outcome instanceof ToolOutcome.Failure failure) {
        result.put("output", failure.error());
      }
    }
    data.put("durationMs", Duration.between(call.startedAt, timers.now()).toMillis());
    emit(call.session, SessionEvents.TOOL_EXECUTION_COMPLETE, data);
  }

  private static boolean anyReceives(SessionState session, String event) {
    for (ProviderState provider : session.bindings().keySet()) {
      if (receives(provider, event)) {
        return true;
      }
    }
    return false;
  }
}
