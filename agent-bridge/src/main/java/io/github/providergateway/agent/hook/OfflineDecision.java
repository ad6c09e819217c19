package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

/**
 * A decision the hook took with no gateway to ask (issue 78): the home's guard and its record of
 * gates decided, and no gateway was there to keep it in the audit trail. {@link HookAdapter#run}
 * hands it to whoever keeps it once the agent has its answer.
 *
 * @param agent whose hook call it was
 * @param tool the tool as the gateway names it ({@code shell}, {@code edit}, {@code read}, {@code
 *     mcp__server__tool})
 * @param allowed whether the call was let through
 * @param reason why, as the agent read it (the deny's reason, or what allowed it)
 * @param ruleId the guard's rule that denied, or null when no rule did (a held gate, a failure)
 */
public record OfflineDecision(
    AgentKind agent, String tool, boolean allowed, String reason, String ruleId) {

  /**
   * Checks the required fields.
   *
   * @param agent whose hook call it was; not null
   * @param tool the tool as the gateway names it; not null
   * @param allowed whether the call was let through
   * @param reason why; not null
   * @param ruleId the guard's rule that denied, or null
   */
  public OfflineDecision {
    requireNonNull(agent, "agent");
    requireNonNull(tool, "tool");
    requireNonNull(reason, "reason");
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
