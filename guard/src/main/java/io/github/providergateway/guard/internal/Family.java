package io.github.providergateway.guard.internal;

import java.util.List;

/** A family of built-in rules: their table, and the scan that finds them in a call. */
interface Family {
  /** {@return the family's rules, in the order the docs list them} */
  List<BuiltinRule> rules();

  /**
   * Adds to {@code scan} every match of the family's rules.
   *
   * @param scan the call
   */
  void scan(Scan scan);
}
