package io.github.providergateway.gateway.policy;

import static java.util.Objects.requireNonNull;

import java.util.Objects;

/**
 * A {@link CallPolicy}'s answer about one call: allow it, deny it (with the reason the agent and
 * the audit trail read and the id of the rule that decided), or ask the person (with the question,
 * and the rule's id; the call runs only if they allow it, as a gate's {@code ask} of extension
 * {@code gate.ask}, decision 35). A final class rather than a record so that it can grow (decision
 * 71).
 *
 * <pre>{@code
 * PolicyVerdict verdict =
 *     destructive ? PolicyVerdict.ask("Delete the branch?") : PolicyVerdict.allow();
 * }</pre>
 */
public final class PolicyVerdict {

  /** What a verdict does with the call. */
  public enum Kind {
    /** The call goes on to the next policy and the providers' rules. */
    ALLOW,
    /** The call is denied with {@link #reason()}. */
    DENY,
    /** The person is asked {@link #reason()}; the call goes on only if they allow it. */
    ASK
  }

  private static final PolicyVerdict ALLOWED = new PolicyVerdict(Kind.ALLOW, null, null);

  private final Kind kind;
  private final String reason;
  private final String ruleId;

  private PolicyVerdict(Kind kind, String reason, String ruleId) {
    this.kind = kind;
    this.reason = reason;
    this.ruleId = ruleId;
  }

  /** {@return the verdict that lets the call go on} */
  public static PolicyVerdict allow() {
    return ALLOWED;
  }

  /**
   * A deny.
   *
   * @param reason what the agent and the audit trail read, as it is
   * @param ruleId the id of the rule that denied, or null
   * @return the verdict
   */
  public static PolicyVerdict deny(String reason, String ruleId) {
    return new PolicyVerdict(Kind.DENY, requireNonNull(reason, "reason"), ruleId);
  }

  /**
   * A question to the person.
   *
   * @param question what the person is asked
   * @return the verdict
   */
  public static PolicyVerdict ask(String question) {
    return ask(question, null);
  }

  /**
   * A question to the person, naming the rule that asked.
   *
   * @param question what the person is asked
   * @param ruleId the id of the rule that asked, or null
   * @return the verdict
   */
  public static PolicyVerdict ask(String question, String ruleId) {
    return new PolicyVerdict(Kind.ASK, requireNonNull(question, "question"), ruleId);
  }

  /** {@return what the verdict does with the call} */
  public Kind kind() {
    return kind;
  }

  /** {@return the deny's reason or the question; null for an allow} */
  public String reason() {
    return reason;
  }

  /** {@return the id of the rule that denied or asked, or null} */
  public String ruleId() {
    return ruleId;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PolicyVerdict that
        && kind == that.kind
        && Objects.equals(reason, that.reason)
        && Objects.equals(ruleId, that.ruleId);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, reason, ruleId);
  }

  @Override
  public String toString() {
    return "PolicyVerdict[" + kind + (reason == null ? "" : ", " + reason) + "]";
  }
}
