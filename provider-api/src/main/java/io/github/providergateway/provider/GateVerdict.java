package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.GateDecision;

/**
 * A {@link GateHandler}'s answer to one {@code gate.check}; the runtime sends it as {@code
 * gate.result} with the check's {@code gateId} and {@code callId}.
 *
 * @param decision allow, deny, or allow with {@code reason} added as context
 * @param reason for {@code deny}: why (shown to the agent); for {@code context}: the text to add;
 *     {@code null} for {@code allow}
 */
public record GateVerdict(GateDecision decision, String reason) {

  /**
   * Checks the verdict.
   *
   * @param decision allow, deny, or allow with context
   * @param reason why (deny), the text to add (context), or {@code null} (allow)
   * @throws NullPointerException when {@code decision} is null, or a context verdict has no text
   */
  public GateVerdict {
    requireNonNull(decision, "decision");
    if (decision == GateDecision.CONTEXT) {
      requireNonNull(reason, "a context verdict needs the context text");
    }
  }

  /** {@return a verdict that lets the tool call run} */
  public static GateVerdict allow() {
    return new GateVerdict(GateDecision.ALLOW, null);
  }

  /**
   * Block the tool call; {@code reason} tells the agent why.
   *
   * @param reason why, shown to the agent; not null
   * @return the verdict
   */
  public static GateVerdict deny(String reason) {
    return new GateVerdict(GateDecision.DENY, requireNonNull(reason, "reason"));
  }

  /**
   * Let the tool call run and add {@code context} to it.
   *
   * @param context the text the agent gets with the call's result; not null
   * @return the verdict
   */
  public static GateVerdict context(String context) {
    return new GateVerdict(GateDecision.CONTEXT, context);
  }
}
