package io.github.providergateway.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.event.Decision;
import java.util.Locale;

/**
 * The audit trail's decisions in JSON, one shape for every place that shows them: {@code
 * audit.query}'s reply (over {@code --rpc} and {@code /host}), {@code <home>/logs/audit.jsonl}, the
 * console's {@code audit} and the status page. A host reads them back as plain JSON, so the shape
 * lives here, beside {@link DecisionLog}, and not in the host protocol's {@code HostWire}, which
 * would otherwise need the engine's {@link Decision}.
 */
public final class AuditJson {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private AuditJson() {}

  /**
   * A decision of the audit trail, as {@code audit.query} replies and {@code audit.jsonl} holds it:
   * {@code time}, {@code kind} (lower case), {@code outcome}, and each other field that is set
   * ({@code latencyMs} and {@code queueWaitMs} as fractional milliseconds; {@code gates} as objects
   * with {@code provider}, {@code gateId}, {@code decision}, {@code reason}, {@code latencyMs},
   * {@code failedOpen}).
   *
   * @param decision the decision
   * @return its JSON object
   */
  public static ObjectNode decision(Decision decision) {
    ObjectNode json = NODES.objectNode();
    json.put("time", decision.time().toString());
    json.put("kind", decision.kind().name().toLowerCase(Locale.ROOT));
    json.put("outcome", decision.outcome().wireName());
    putIfSet(json, "code", decision.code());
    putIfSet(json, "reason", decision.reason());
    putIfSet(json, "connection", decision.connection());
    putIfSet(json, "provider", decision.provider());
    putIfSet(json, "trust", decision.trust() == null ? null : decision.trust().wireName());
    putIfSet(json, "sessionId", decision.sessionId());
    putIfSet(json, "tool", decision.tool());
    putIfSet(json, "callId", decision.callId());
    if (decision.latency() != null) {
      json.put("latencyMs", decision.latency().toNanos() / 1e6);
    }
    if (decision.queueWait() != null) {
      json.put("queueWaitMs", decision.queueWait().toNanos() / 1e6);
    }
    putIfSet(json, "argsSha256", decision.argsSha256());
    putIfSet(json, "answeredBy", decision.answeredBy());
    putIfSet(json, "agent", decision.agent());
    if (decision.args() != null) {
      json.set("args", decision.args().deepCopy()); // only where the gateway keeps them
    }
    if (!decision.gates().isEmpty()) {
      ArrayNode gates = json.putArray("gates");
      for (Decision.GateAnswer gate : decision.gates()) {
        ObjectNode g = gates.addObject();
        g.put("provider", gate.provider());
        putIfSet(g, "gateId", gate.gateId());
        g.put("decision", gate.decision());
        putIfSet(g, "reason", gate.reason());
        g.put("latencyMs", gate.latency().toNanos() / 1e6);
        g.put("failedOpen", gate.failedOpen());
        putIfSet(g, "argsSha256", gate.argsSha256());
      }
    }
    return json;
  }

  private static void putIfSet(ObjectNode json, String field, String value) {
    if (value != null) {
      json.put(field, value);
    }
  }
}
