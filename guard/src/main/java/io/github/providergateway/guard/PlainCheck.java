package io.github.providergateway.guard;

import io.github.providergateway.guard.internal.Hit;
import io.github.providergateway.guard.internal.PlainMatcher;
import io.github.providergateway.guard.internal.Scan;
import java.nio.file.Path;

/**
 * A plain rule of the configuration with its patterns compiled: the rule as the configuration gave
 * it, for the verdict and the explanation, and its matcher, which takes the patterns field by field
 * (the rules' package names none of this package's types, decision 80).
 */
final class PlainCheck {
  private final PlainRule rule;
  private final PlainMatcher matcher;

  /**
   * Compiles {@code rule}.
   *
   * @param rule the rule, checked by the configuration's reader
   * @param home the user's home, for a path pattern from {@code ~/}
   */
  PlainCheck(PlainRule rule, Path home) {
    this.rule = rule;
    this.matcher =
        new PlainMatcher(rule.tool(), rule.command(), rule.path(), rule.arg(), home, rule.acts());
  }

  /** {@return the rule} */
  PlainRule rule() {
    return rule;
  }

  /**
   * {@return whether the rule matches the call, for a deny or ask rule}
   *
   * @param scan the call
   */
  boolean matches(Scan scan) {
    return matcher.matches(scan);
  }

  /**
   * {@return whether the rule, an allow entry, lets through what a built-in rule found}
   *
   * @param scan the call
   * @param hit what the built-in rule found
   */
  boolean allows(Scan scan, Hit hit) {
    return matcher.allows(scan, hit);
  }

  /** {@return the verdict of this rule, its reason or what it matches} */
  GuardVerdict verdict() {
    PlainRule rule = rule();
    String what =
        rule.reason() != null
            ? rule.reason()
            : "matches the configuration's rule"
                + (rule.command() != null ? " command '" + rule.command() + "'" : "")
                + (rule.path() != null ? " path '" + rule.path() + "'" : "")
                + (rule.tool() != null ? " tool '" + rule.tool() + "'" : "")
                + (rule.arg() != null ? " arg " + rule.arg() : "");
    return new GuardVerdict(rule.action(), rule.id(), rule.id() + ": " + what, null);
  }
}
