package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code gate.result}: a gate provider's decision on a {@code gate.check}.
 *
 * <pre>{@code {"type":"gate.result","gateId":"check-before-push","callId":"gate-456","decision":"deny","reason":"CI is failing"}}</pre>
 *
 * @param gateId the rule's gate id, echoed (optional)
 * @param callId the {@code gate.check}'s call id
 * @param decision allow, deny, or allow with {@code reason} added as context
 * @param reason why (deny), or the context to add (context)
 * @param args replacement arguments for the call, {@code null} to keep them: the {@link
 *     ProtocolExtension#GATE_ARGS} extension, heeded only from a provider whose {@code hello.ack}
 *     accepted it and only with {@code allow} or {@code context}; any JSON value is read, and the
 *     gateway denies a call whose replacement is not an object its tool's schema accepts
 */
public record GateResult(
    String gateId, String callId, GateDecision decision, String reason, JsonNode args)
    implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param gateId the rule's gate id, echoed (optional)
   * @param callId the {@code gate.check}'s call id
   * @param decision allow, deny, or allow with {@code reason} added as context
   * @param reason why (deny), or the context to add (context)
   * @param args replacement arguments (extension {@code gate.args}), or {@code null}; a JSON
   *     {@code null} is read as absent
   * @throws NullPointerException when {@code callId} or {@code decision} is null
   * @throws IllegalArgumentException when {@code callId} is empty
   */
  public GateResult {
    Require.nonEmpty(callId, "callId");
    Require.present(decision, "decision");
    if (args != null && args.isNull()) {
      args = null;
    }
  }

  /**
   * A {@code gate.result} as the spec has it, without replacement arguments.
   *
   * @param gateId the rule's gate id, echoed (optional)
   * @param callId the {@code gate.check}'s call id
   * @param decision allow, deny, or allow with {@code reason} added as context
   * @param reason why (deny), or the context to add (context)
   * @throws NullPointerException when {@code callId} or {@code decision} is null
   * @throws IllegalArgumentException when {@code callId} is empty
   */
  public GateResult(String gateId, String callId, GateDecision decision, String reason) {
    this(gateId, callId, decision, reason, null);
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

  /**
   * Let the call run with {@code args} in place of its arguments (extension {@code gate.args}).
   *
   * @param gateId the rule's gate id, echoed; may be null
   * @param callId the {@code gate.check}'s call id
   * @param args the arguments the call runs with, a JSON object
   * @return the message
   */
  public static GateResult rewrite(String gateId, String callId, JsonNode args) {
    return new GateResult(gateId, callId, GateDecision.ALLOW, null, Require.present(args, "args"));
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.GATE_RESULT;
  }
}
