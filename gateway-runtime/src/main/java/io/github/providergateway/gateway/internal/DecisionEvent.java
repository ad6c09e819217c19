package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.event.Decision;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * A {@link Decision} as a JDK Flight Recorder event, so that {@code jfr print --events
 * io.github.providergateway.Decision recording.jfr} shows the audit trail of a recording beside the
 * JVM's own events. Built only while a recording enables it (docs/audit.md).
 */
@Name("io.github.providergateway.Decision")
@Label("Gateway Decision")
@Category({"Provider Gateway"})
@Description("A decision the provider gateway took about a peer or a call, with its reason")
final class DecisionEvent extends Event {

  private static final EventType TYPE = EventType.getEventType(DecisionEvent.class);

  @Label("Kind")
  String kind;

  @Label("Outcome")
  String outcome;

  @Label("Code")
  String code;

  @Label("Reason")
  String reason;

  @Label("Connection")
  String connection;

  @Label("Provider")
  String provider;

  @Label("Session")
  String session;

  @Label("Tool")
  String tool;

  @Label("Call")
  String callId;

  @Label("Latency")
  @Timespan(Timespan.NANOSECONDS)
  long latency;

  @Label("Answered By")
  @Description("For a question to the person: the channel it was answered on")
  String answeredBy;

  @Label("Gates")
  @Description("Each gate asked: provider/gate=decision (latency)")
  String gates;

  /** Whether a recording wants these events: one check of a cached type, no allocation. */
  static boolean enabled() {
    return TYPE.isEnabled();
  }

  /** Commits {@code decision} as an event. */
  static void commit(Decision decision) {
    DecisionEvent event = new DecisionEvent();
    if (!event.shouldCommit()) {
      return;
    }
    event.kind = decision.kind().name();
    event.outcome = decision.outcome().wireName();
    event.code = decision.code();
    event.reason = decision.reason();
    event.connection = decision.connection();
    event.provider = decision.provider();
    event.session = decision.sessionId();
    event.tool = decision.tool();
    event.callId = decision.callId();
    event.answeredBy = decision.answeredBy();
    event.latency = decision.latency() == null ? 0 : decision.latency().toNanos();
    StringBuilder gates = new StringBuilder();
    for (Decision.GateAnswer gate : decision.gates()) {
      if (gates.length() > 0) {
        gates.append(", ");
      }
      gates
          .append(gate.provider())
          .append('/')
          .append(gate.gateId())
          .append('=')
          .append(gate.decision())
          .append(" (")
          .append(gate.latency().toMillis())
          .append(" ms")
          .append(
              gate.argsSha256() == null
                  ? ")"
                  : ", args rewritten to sha256 " + gate.argsSha256() + ")");
    }
    event.gates = gates.toString();
    event.commit();
  }
}
