package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;

/**
 * {@code gate.result}: a gate provider's decision on a {@code gate.check}.
 *
 * <pre>
 * {@code {"type":"gate.result","gateId":"check-before-push","callId":"gate-456","decision":"deny","reason":"CI is failing"}}
 * </pre>
 *
 * @param gateId the rule's gate id, echoed (optional)
 * @param callId the {@code gate.check}'s call id
 * @param decision allow, deny, allow with {@code reason} added as context, or ask the person
 *     (extension {@code gate.ask})
 * @param reason why (deny), the context to add (context), or the question (ask)
 * @param args replacement arguments for the call, {@code null} to keep them: the {@link
 *     ProtocolExtension#GATE_ARGS} extension, heeded only from a provider whose {@code hello.ack}
 *     accepted it and only with {@code allow}, {@code context} or {@code ask}; any JSON value is
 *     read, and the gateway denies a call whose replacement is not an object its tool's schema
 *     accepts
 * @param askTimeout how long the person has to answer, on the wire {@code askTimeoutMs}: the {@link
 *     ProtocolExtension#GATE_ASK} extension, read only beside {@code "ask"} (elsewhere it is an
 *     unknown field); {@code null} for the gateway's default. The gateway caps it ({@code
 *     Limits.maxAskTimeout})
 */
public record GateResult(
    String gateId,
    String callId,
    GateDecision decision,
    String reason,
    JsonNode args,
    Duration askTimeout)
    implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param gateId the rule's gate id, echoed (optional)
   * @param callId the {@code gate.check}'s call id
   * @param decision allow, deny, or allow with {@code reason} added as context
   * @param reason why (deny), or the context to add (context)
   * @param args replacement arguments (extension {@code gate.args}), or {@code null}; a JSON {@code
   *     null} is read as absent
   * @param askTimeout how long the person has to answer (extension {@code gate.ask}), or {@code
   *     null}
   * @throws NullPointerException when {@code callId} or {@code decision} is null
   * @throws IllegalArgumentException when {@code callId} is empty, or {@code askTimeout} is given
   *     and not positive or beside another decision than {@code ask}
   */
  public GateResult {
    Require.nonEmpty(callId, "callId");
    Require.present(decision, "decision");
    if (args != null && args.isNull()) {
      args = null;
    }
    if (askTimeout != null
        && (decision != GateDecision.ASK || askTimeout.isNegative() || askTimeout.isZero())) {
      throw new IllegalArgumentException(
          "askTimeout must be positive and goes only with decision ask, was "
              + askTimeout
              + " with "
              + decision);
    }
  }

  /**
   * A {@code gate.result} with replacement arguments and no ask deadline.
   *
   * @param gateId the rule's gate id, echoed (optional)
   * @param callId the {@code gate.check}'s call id
   * @param decision allow, deny, context or ask
   * @param reason why (deny), the context to add (context), or the question (ask)
   * @param args replacement arguments (extension {@code gate.args}), or {@code null}
   * @throws NullPointerException when {@code callId} or {@code decision} is null
   * @throws IllegalArgumentException when {@code callId} is empty
   */
  public GateResult(
      String gateId, String callId, GateDecision decision, String reason, JsonNode args) {
    this(gateId, callId, decision, reason, args, null);
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
    this(gateId, callId, decision, reason, null, null);
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

  /**
   * Ask the person {@code question}; the call runs only if they allow it within {@code timeout}
   * (extension {@code gate.ask}).
   *
   * @param gateId the rule's gate id, echoed; may be null
   * @param callId the {@code gate.check}'s call id
   * @param question what the person is asked, shown with the call
   * @param timeout how long they have, or {@code null} for the gateway's default (60 s)
   * @return the message
   */
  public static GateResult ask(String gateId, String callId, String question, Duration timeout) {
    return new GateResult(
        gateId, callId, GateDecision.ASK, Require.present(question, "question"), null, timeout);
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.GATE_RESULT;
  }
}
