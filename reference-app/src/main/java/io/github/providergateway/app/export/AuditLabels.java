package io.github.providergateway.app.export;

/**
 * What a record sent off the machine carries beside its decision, as the trail's line does: the
 * agent whose session it was, and the organisation's policy in force when it was made, so that a
 * SIEM's copy counts per agent and says which rules decided (issue 66).
 *
 * @param agent the agent that opened the decision's session ({@code claude-code}), or null
 * @param policy the policy in force ({@code org:v12}, {@code builtin}, {@code deny}, {@code none}),
 *     or null when unknown
 */
record AuditLabels(String agent, String policy) {

  /** Neither known. */
  static final AuditLabels NONE = new AuditLabels(null, null);
}
