package io.github.providergateway.gateway.event;

/** What a {@link Decision} is about. */
public enum DecisionKind {
  /** A connection's {@code auth}: accepted with a trust level, or refused; or no auth in time. */
  AUTH,
  /** Pairing: codes shown, a code confirmed or refused, too many tries. */
  PAIRING,
  /** A provider's {@code hello}: bound to its sessions, or refused and why. */
  HELLO,
  /**
   * A {@code tools.update}, {@code hooks.update}, {@code context.update} or {@code filter.set}
   * refused.
   */
  UPDATE,
  /** A push or stream message refused (budget, size, rate). */
  PUSH,
  /** One tool call's outcome: success, failure with its code, or denied. */
  TOOL_CALL,
  /** One {@code onPreToolUse} evaluation: rules matched, each gate asked, the decision. */
  PRE_TOOL_USE,
  /**
   * A gate's question to the person (extension {@code gate.ask}): put ({@code asked}), then
   * answered ({@code allow}, {@code deny}, with the channel that answered), unanswered ({@code
   * timeout}) or withdrawn; or not put at all ({@code deny}: nobody to ask, too many waiting).
   */
  ASK,
  /** Anything else the gateway refused a provider (an unknown type, a message out of state). */
  OTHER
}
