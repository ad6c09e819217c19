package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

/**
 * A decision the hook took with no gateway to ask (issue 78): the home's guard and its record of
 * gates decided, and no gateway was there to keep it in the audit trail. Also a call the hook
 * denied because the person is away (decision 321, {@link PersonAway}), gateway or not: the gateway
 * recorded its own question, and only the hook knows the agent was told deny. {@link
 * HookAdapter#run} hands it to whoever keeps it once the agent has its answer.
 *
 * @param agent whose hook call it was
 * @param tool the tool as the gateway names it ({@code shell}, {@code edit}, {@code read}, {@code
 *     mcp__server__tool})
 * @param allowed whether the call was let through
 * @param reason why, as the agent read it (the deny's reason, or what allowed it)
 * @param ruleId the guard's rule that denied, or null when no rule did (a held gate, a failure)
 * @param heldAway whether it was denied because the person is away: {@code reason} is then the call
 *     shortened and the question it would have put to them, which {@code gateway back} lists
 */
public record OfflineDecision(
    AgentKind agent, String tool, boolean allowed, String reason, String ruleId, boolean heldAway) {

  /**
   * Checks the required fields.
   *
   * @param agent whose hook call it was; not null
   * @param tool the tool as the gateway names it; not null
   * @param allowed whether the call was let through
   * @param reason why; not null
   * @param ruleId the guard's rule that denied, or null
   * @param heldAway whether it was denied because the person is away
   */
  public OfflineDecision {
    requireNonNull(agent, "agent");
    requireNonNull(tool, "tool");
    requireNonNull(reason, "reason");
  }

  /**
   * A decision taken with no gateway, not because the person is away.
   *
   * @param agent whose hook call it was; not null
   * @param tool the tool as the gateway names it; not null
   * @param allowed whether the call was let through
   * @param reason why; not null
   * @param ruleId the guard's rule that denied, or null
   */
  public OfflineDecision(
      AgentKind agent, String tool, boolean allowed, String reason, String ruleId) {
    this(agent, tool, allowed, reason, ruleId, false);
  }

  /** Where the hook's offline decisions go: one call each, after the agent has its answer. */
  @FunctionalInterface
  public interface Keeper {
    /**
     * Keeps {@code decision}; it must return quickly (the agent waits for the hook to end) and
     * never throws what it could catch.
     *
     * @param decision what the hook decided with no gateway
     */
    void keep(OfflineDecision decision);
  }
}
