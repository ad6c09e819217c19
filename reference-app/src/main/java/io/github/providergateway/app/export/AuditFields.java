package io.github.providergateway.app.export;

import io.github.providergateway.gateway.event.Decision;
import java.util.Locale;

/** What every export reads from a decision beyond its own fields: its kind, its rule, how bad. */
final class AuditFields {

  private AuditFields() {}

  /** {@return the kind as the trail writes it: {@code tool_call}, {@code pre_tool_use}, …} */
  static String kind(Decision decision) {
    return decision.kind().name().toLowerCase(Locale.ROOT);
  }

  /**
   * The rule that decided, or null: the first gate that did not simply let the call through (its
   * {@code provider/gateId}), as a SIEM groups by the rule that fired.
   */
  static String rule(Decision decision) {
    for (Decision.GateAnswer gate : decision.gates()) {
      if (!"allow".equals(gate.decision()) && !"context".equals(gate.decision())) {
        return gate.gateId() == null ? gate.provider() : gate.provider() + "/" + gate.gateId();
      }
    }
    return null;
  }

  /** {@return whether the decision stopped something: a deny, a refusal, a denied call} */
  static boolean stopped(Decision decision) {
    return switch (decision.outcome()) {
      case REFUSED, DENIED, DENY -> true;
      case OK, REQUESTED, CONFIRMED, SUCCESS, FAILURE, ALLOW, ASK, ASKED, TIMEOUT, WITHDRAWN ->
          false;
    };
  }

  /**
   * {@return CEF's severity, 0 (low) to 10: 7 for what was stopped, 5 for a failure, a question or
   * a timeout, 3 otherwise}
   */
  static int severity(Decision decision) {
    return switch (decision.outcome()) {
      case REFUSED, DENIED, DENY -> 7;
      case FAILURE, ASK, ASKED, TIMEOUT, WITHDRAWN -> 5;
      case OK, REQUESTED, CONFIRMED, SUCCESS, ALLOW -> 3;
    };
  }
}
