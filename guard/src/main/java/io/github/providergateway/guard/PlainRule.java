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
 */
public record PlainRule(
    String id,
    GuardVerdict.Outcome action,
    String tool,
    String command,
    String path,
    JsonNode arg,
    String reason) {

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
   * @throws NullPointerException when {@code id} or {@code action} is null
   */
  public PlainRule {
    requireNonNull(id, "id");
    requireNonNull(action, "action");
  }
}
