package io.github.providergateway.protocol;

/**
 * {@code gate.result}: a gate provider's decision on a {@code gate.check}.
 *
 * <pre>{@code {"type":"gate.result","gateId":"check-before-push","callId":"gate-456","decision":"deny","reason":"CI is failing"}}</pre>
 *
 * @param gateId the rule's gate id, echoed (optional)
 * @param callId the {@code gate.check}'s call id
 * @param decision allow, deny, or allow with {@code reason} added as context
 * @param reason why (deny), or the context to add (context)
 */
public record GateResult(String gateId, String callId, GateDecision decision, String reason)
    implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param gateId the rule's gate id, echoed (optional)
   * @param callId the {@code gate.check}'s call id
   * @param decision allow, deny, or allow with {@code reason} added as context
   * @param reason why (deny), or the context to add (context)
   * @throws NullPointerException when {@code callId} or {@code decision} is null
   * @throws IllegalArgumentException when {@code callId} is empty
   */
  public GateResult {
    Require.nonEmpty(callId, "callId");
    Require.present(decision, "decision");
  }

  /**
   * Let the call run.
   *
   * @param gateId the rule's gate id, echoed; may be null
   * @param callId the {@code gate.check}'s call id
   * @return the message
   */
  public static GateResult allow(String gateId, String callId) {
    return new GateResult(gateId, callId, GateDecision.ALLOW, null);
  }

  /**
   * Block the call.
   *
   * @param gateId the rule's gate id, echoed; may be null
   * @param callId the {@code gate.check}'s call id
   * @param reason why, shown to the agent
   * @return the message
   */
  public static GateResult deny(String gateId, String callId, String reason) {
    return new GateResult(gateId, callId, GateDecision.DENY, reason);
  }

  /**
   * Let the call run and add {@code context}.
   *
   * @param gateId the rule's gate id, echoed; may be null
   * @param callId the {@code gate.check}'s call id
   * @param context the text added to the call for the agent
   * @return the message
   */
  public static GateResult context(String gateId, String callId, String context) {
    return new GateResult(gateId, callId, GateDecision.CONTEXT, context);
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.GATE_RESULT;
  }
}
