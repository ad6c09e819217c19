package io.github.providergateway.guard.internal;

import java.util.List;

/** A family of built-in rules: their table, and the scan that finds them in a call. */
interface Family {
  /**
   * {@return the family's rules: those the book says its code finds ({@code "code": "FileRules"}),
   * in the book's order}
   */
  default List<BuiltinRule> rules() {
    return RuleBook.foundBy(getClass().getSimpleName());
  }

  /**
   * {@return the name the book gives the family's code ({@code "code": "FileRules"}) for the rules
   * it finds, or {@code null} where they are the book's clauses or patterns}
   */
  default String code() {
    return getClass().getSimpleName();
  }

  /**
   * Adds to {@code scan} every match of the family's rules.
   *
   * @param scan the call
   */
  void scan(Scan scan);
}
