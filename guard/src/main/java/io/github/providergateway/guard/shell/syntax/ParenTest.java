package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * {@code ( expression )} in a {@code [[ … ]]}.
 *
 * @param expression the expression within
 * @param start the offset of the {@code (}
 * @param end the offset after the {@code )}
 */
public record ParenTest(TestExpression expression, int start, int end) implements TestExpression {

  /**
   * Checks.
   *
   * @param expression the expression within
   * @param start the offset of the {@code (}
   * @param end the offset after the {@code )}
   */
  public ParenTest {
    requireNonNull(expression, "expression");
  }
}
