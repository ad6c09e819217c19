package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A rule written in a configuration, without code: what it matches and what it does. In an allow
 * list, a rule with no condition (no tool, command, path or arg) stands for the built-in rule its
 * {@code id} names.
 *
 * @param id its id, as the audit trail and {@code explain} name it
 * @param action {@link GuardVerdict.Outcome#DENY}, {@link GuardVerdict.Outcome#ASK}, or {@link
 *     GuardVerdict.Outcome#ALLOW} in an allow list
 * @param tool a glob over the tool's gateway name ({@code shell}, {@code edit}, {@code read}, an
 *     MCP tool's), or {@code null} for any
 * @param command for shells: word globs matched against each program the command runs, after the
 *     parse ({@code git push *} matches {@code sudo git push -f}), or {@code null}
 * @param path a glob over the file the call touches ({@code **}{@code /secrets/**}), or {@code
 *     null}
 * @param arg an object from argument name to a glob over its decoded string value, or {@code null}
 * @param reason what the agent reads when it blocks, or {@code null} for a reason made up from the
 *     match
 * @param after a flow rule's condition on what the session took in before the call: {@code
 *     untrusted} or {@code secret}; {@code null} for a rule of the call alone
 * @param sends whether the rule matches only a call that sends data out of the project
 *     (docs/guard.md, "Sending data out"); a flow rule's usual condition
 * @param acts whether the rule matches only a call that does more than look, as the guard reads it
 *     (a read, a dry run, a test's or staging's place, a server's tool named for a read are let
 *     through: decision 311); for deny and ask rules
 */
public record PlainRule(
    String id,
    GuardVerdict.Outcome action,
    String tool,
    String command,
    String path,
    JsonNode arg,
    String reason,
    String after,
    boolean sends,
    boolean acts) {

  /**
   * A rule of the call alone.
   *
   * @param id its id
   * @param action deny, ask, or allow in an allow list
   * @param tool a glob over the tool's gateway name, or {@code null}
   * @param command word globs over each program the command runs, or {@code null}
   * @param path a glob over the file the call touches, or {@code null}
   * @param arg argument name to a glob over its decoded value, or {@code null}
   * @param reason what the agent reads when it blocks, or {@code null}
   */
  public PlainRule(
      String id,
      GuardVerdict.Outcome action,
      String tool,
      String command,
      String path,
      JsonNode arg,
      String reason) {
    this(id, action, tool, command, path, arg, reason, null, false, false);
  }

  /**
   * A rule that matches looks too.
   *
   * @param id its id
   * @param action deny, ask, or allow in an allow list
   * @param tool a glob over the tool's gateway name, or {@code null}
   * @param command word globs over each program the command runs, or {@code null}
   * @param path a glob over the file the call touches, or {@code null}
   * @param arg argument name to a glob over its decoded value, or {@code null}
   * @param reason what the agent reads when it blocks, or {@code null}
   * @param after a flow rule's condition: {@code untrusted} or {@code secret}, or {@code null}
   * @param sends whether the rule matches only a call that sends data out of the project
   */
  public PlainRule(
      String id,
      GuardVerdict.Outcome action,
      String tool,
      String command,
      String path,
      JsonNode arg,
      String reason,
      String after,
      boolean sends) {
    this(id, action, tool, command, path, arg, reason, after, sends, false);
  }

  /** {@return whether the rule is a flow rule: it needs the session's past to match} */
  public boolean flow() {
    return after != null || sends;
  }

  /**
   * Checks the rule.
   *
   * @param id its id, as the audit trail and {@code explain} name it
   * @param action {@link GuardVerdict.Outcome#DENY}, {@link GuardVerdict.Outcome#ASK}, or {@link
   *     GuardVerdict.Outcome#ALLOW} in an allow list
   * @param tool a glob over the tool's gateway name ({@code shell}, {@code edit}, {@code read}, an
   *     MCP tool's), or {@code null} for any
   * @param command for shells: word globs matched against each program the command runs, after the
   *     parse ({@code git push *} matches {@code sudo git push -f}), or {@code null}
   * @param path a glob over the file the call touches ({@code **}{@code /secrets/**}), or {@code
   *     null}
   * @param arg an object from argument name to a glob over its decoded string value, or {@code
   *     null}
   * @param reason what the agent reads when it blocks, or {@code null} for a reason made up from
   *     the match
   * @param after a flow rule's condition: {@code untrusted} or {@code secret}, or {@code null}
   * @param sends whether the rule matches only a call that sends data out of the project
   * @param acts whether the rule matches only a call that does more than look
   * @throws NullPointerException when {@code id} or {@code action} is null
   * @throws IllegalArgumentException when {@code after} is another word
   */
  public PlainRule {
    requireNonNull(id, "id");
    requireNonNull(action, "action");
    if (after != null && !after.equals("untrusted") && !after.equals("secret")) {
      throw new IllegalArgumentException("after is untrusted or secret, not " + after);
    }
  }
}
