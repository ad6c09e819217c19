package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * {@code ! expression} in a {@code [[ … ]]}.
 *
 * @param operand the expression negated
 * @param start the offset of the {@code !}
 * @param end the offset after the operand
 */
public record NotTest(TestExpression operand, int start, int end) implements TestExpression {

  /**
   * Checks.
   *
   * @param operand the expression negated
   * @param start the offset of the {@code !}
   * @param end the offset after the operand
   */
  public NotTest {
    requireNonNull(operand, "operand");
  }
}
