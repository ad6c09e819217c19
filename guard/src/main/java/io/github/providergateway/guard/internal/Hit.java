package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;

/**
 * A built-in rule that matched a call.
 *
 * @param rule the rule
 * @param invocation the program it matched in, or {@code null} for a file tool or another tool
 * @param target the path it matched, or {@code null}
 * @param found what was found, as the person reads it ({@code rm -rf /})
 */
public record Hit(BuiltinRule rule, Invocation invocation, Target target, String found) {

  /** {@return the reason the agent reads: the rule, what was found, why, and what instead} */
  public String reason() {
    String text = rule.id() + ": `" + found + "` " + rule.why();
    return rule.instead() == null ? text : text + "; instead: " + rule.instead();
  }
}
