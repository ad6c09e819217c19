package io.github.providergateway.app.export;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.host.AuditJson;

/** A decision as the JSON a record sent off the machine carries: the trail's, with its labels. */
final class AuditRecords {

  private AuditRecords() {}

  /** {@return {@code decision} as the trail writes it, with the agent and the policy when known} */
  static ObjectNode json(Decision decision, AuditLabels labels) {
    ObjectNode line = AuditJson.decision(decision);
    if (labels.agent() != null) {
      line.put("agent", labels.agent());
    }
    if (labels.policy() != null) {
      line.put("policy", labels.policy());
    }
    return line;
  }
}
