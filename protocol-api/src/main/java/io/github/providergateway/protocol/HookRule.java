package io.github.providergateway.protocol;

/**
 * An {@code onPreToolUse} rule: when {@link #match()} applies to a tool call, take {@link
 * #action()}.
 *
 * <pre>{@code {"match":{"tool":"shell","args":"git push"},"action":"gate","gateId":"check-ci"}}
 * </pre>
 *
 * @param match when the rule applies; {@code null} means every call
 * @param action what to do
 * @param reason for {@code deny}: why the call is blocked (optional)
 * @param content for {@code context}: what to add to the call's context (required)
 * @param gateId for {@code gate}: the id echoed in {@code gate.check} (required)
 * @param failOpen for {@code gate}: allow the call when the gate does not answer in time
 */
public record HookRule(
    HookMatch match,
    HookAction action,
    String reason,
    String content,
    String gateId,
    Boolean failOpen) {

  /**
   * Checks the required fields.
   *
   * @param match when the rule applies; {@code null} means every call
   * @param action what to do
   * @param reason for {@code deny}: why the call is blocked (optional)
   * @param content for {@code context}: what to add to the call's context (required)
   * @param gateId for {@code gate}: the id echoed in {@code gate.check} (required)
   * @param failOpen for {@code gate}: allow the call when the gate does not answer in time
   * @throws NullPointerException when {@code action} is null
   */
  public HookRule {
    Require.present(action, "action");
    switch (action) {
      case CONTEXT -> Require.present(content, "content");
      case GATE -> Require.nonEmpty(gateId, "gateId");
      case DENY -> {
        // the reason is optional: the gateway supplies one when it is absent
      }
    }
  }

  /**
   * A static deny.
   *
   * @param match which calls it denies
   * @param reason why, shown to the agent
   * @return the rule
   */
  public static HookRule deny(HookMatch match, String reason) {
    return new HookRule(match, HookAction.DENY, reason, null, null, null);
  }

  /**
   * A static context addition.
   *
   * @param match which calls it adds to
   * @param content the text added for the agent
   * @return the rule
   */
  public static HookRule context(HookMatch match, String content) {
    return new HookRule(match, HookAction.CONTEXT, null, content, null, null);
  }

  /**
   * A gate that fails closed.
   *
   * @param match which calls the gate checks
   * @param gateId the id {@code gate.check} names
   * @return the rule
   */
  public static HookRule gate(HookMatch match, String gateId) {
    return new HookRule(match, HookAction.GATE, null, null, gateId, null);
  }

  /** {@return whether a silent gate lets the call run ({@code failOpen: true})} */
  public boolean failsOpen() {
    return Boolean.TRUE.equals(failOpen);
  }
}
