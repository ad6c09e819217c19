package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

/**
 * The guard's decision about one call.
 *
 * @param outcome allow, ask the person, or deny
 * @param ruleId the id of the rule that decided ({@code git.push-force}, {@code config.deny-prod}),
 *     or {@code null} when no rule applied
 * @param reason what the agent and the person read: what was found and why it is blocked; for an
 *     allow, why it is allowed
 * @param instead what would be allowed instead, where there is one ({@code --force-with-lease} for
 *     {@code --force}), or {@code null}
 */
public record GuardVerdict(Outcome outcome, String ruleId, String reason, String instead) {

  /** What the guard decided. */
  public enum Outcome {
    /** No rule objects. */
    ALLOW,
    /** The person decides. */
    ASK,
    /** The call does not run. */
    DENY
  }

  /**
   * Checks and copies.
   *
   * @param outcome allow, ask the person, or deny
   * @param ruleId the id of the rule that decided ({@code git.push-force}, {@code
   *     config.deny-prod}), or {@code null} when no rule applied
   * @param reason what the agent and the person read: what was found and why it is blocked; for an
   *     allow, why it is allowed
   * @param instead what would be allowed instead, where there is one ({@code --force-with-lease}
   *     for {@code --force}), or {@code null}
   */
  public GuardVerdict {
    requireNonNull(outcome, "outcome");
    requireNonNull(reason, "reason");
    if (outcome != Outcome.ALLOW) {
      requireNonNull(ruleId, "an ask or a deny names its rule");
    }
  }

  /** {@return whether the call may run without asking} */
  public boolean allowed() {
    return outcome == Outcome.ALLOW;
  }

  /**
   * How this verdict reads wherever it is given (the engine's policy answer, a hook with no session
   * or no gateway, the audit trail): {@code guard: fs.delete-root: <what was found and why>;
   * instead: <what>}, the rule's id once, and what is allowed instead only when the reason does not
   * say it already.
   *
   * @return the text the agent and the audit trail read
   */
  public String message() {
    String text =
        ruleId == null || reason.startsWith(ruleId + ":") ? reason : ruleId + ": " + reason;
    if (instead != null && !text.contains(instead)) {
      text += "; instead: " + instead;
    }
    return "guard: " + text;
  }
}
