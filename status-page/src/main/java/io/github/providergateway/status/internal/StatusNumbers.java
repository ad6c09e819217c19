package io.github.providergateway.status.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The page's numbers, counted from the gateway's decisions as they are taken: calls by outcome and
 * by error code, call and gate latencies (the latest of each), and refusals by kind (pushes refused
 * by budget among them). What the gateway counts itself (calls in flight and queued, pushes
 * accepted) is read from it when the numbers are shown. Decisions arrive on the gateway loop and
 * the page reads from its own threads, hence the lock.
 */
public final class StatusNumbers implements GatewayListener {

  private final Gateway gateway;

  /** Tool calls by outcome ({@code success}, {@code failure}, {@code denied}). Guarded by this. */
  private final Map<String, Long> calls = new TreeMap<>();

  /** Tool calls by error code ({@code TIMEOUT}, {@code INVALID_ARGS}, ...). Guarded by this. */
  private final Map<String, Long> callCodes = new TreeMap<>();

  /** Refusals by decision kind. Guarded by this. */
  private final Map<String, Long> refusals = new TreeMap<>();

  /** Guarded by this. */
  private final LatencyWindow callLatency = new LatencyWindow();

  /** Guarded by this. */
  private final LatencyWindow gateLatency = new LatencyWindow();

  /** Pre-tool-use checks by outcome ({@code allow}, {@code deny}, {@code ask}). Guarded by this. */
  private final Map<String, Long> hookChecks = new TreeMap<>();

  public StatusNumbers(Gateway gateway) {
    this.gateway = gateway;
  }

  @Override
  public synchronized void decided(Decision decision) {
    switch (decision.kind()) {
      case TOOL_CALL -> {
        calls.merge(decision.outcome().wireName(), 1L, Long::sum);
        if (decision.code() != null) {
          callCodes.merge(decision.code(), 1L, Long::sum);
        }
        if (decision.latency() != null) {
          callLatency.add(decision.latency());
        }
      }
      case PRE_TOOL_USE -> {
        // Every hook check: a call's through the gateway, and the agents' own tools' (the hooks).
        hookChecks.merge(decision.outcome().wireName(), 1L, Long::sum);
        decision.gates().forEach(gate -> gateLatency.add(gate.latency()));
      }
      case ASK -> {
        // Questions to the person are listed on the page while they wait; the person's time is
        // not gate latency.
      }
      case AUTH, PAIRING, HELLO, UPDATE, PUSH, OTHER -> {
        if (decision.outcome() == Decision.Outcome.REFUSED) {
          refusals.merge(decision.kind().name().toLowerCase(Locale.ROOT), 1L, Long::sum);
        }
      }
    }
  }

  /**
   * {@code {callsInFlight, callsQueued, calls: {outcome: n}, callCodes: {code: n}, hookChecks:
   * {outcome: n}, callLatency, gateLatency, pushesAccepted, pushesRefused, refusals: {kind: n}}}.
   */
  public ObjectNode toJson(JsonNodeFactory nodes) {
    ObjectNode json = nodes.objectNode();
    json.put("callsInFlight", gateway.monitor().callsInFlight());
    json.put("callsQueued", gateway.monitor().callsQueued());
    json.put("pushesAccepted", gateway.monitor().pushesAccepted());
    synchronized (this) {
      json.set("calls", counts(nodes, calls));
      json.set("callCodes", counts(nodes, callCodes));
      json.set("hookChecks", counts(nodes, hookChecks));
      json.set("callLatency", callLatency.toJson(nodes));
      json.set("gateLatency", gateLatency.toJson(nodes));
      json.put("pushesRefused", refusals.getOrDefault("push", 0L));
      json.set("refusals", counts(nodes, refusals));
    }
    return json;
  }

  private static ObjectNode counts(JsonNodeFactory nodes, Map<String, Long> counts) {
    ObjectNode json = nodes.objectNode();
    counts.forEach(json::put);
    return json;
  }
}
