package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * A test of one word: {@code -f path}, {@code -z "$x"}, {@code -v name}.
 *
 * @param operator the operator as written: {@code -a}, {@code -b}, … {@code -z}, {@code -G}, {@code
 *     -L}, {@code -N}, {@code -O}, {@code -R}, {@code -S}
 * @param operand the word tested
 * @param start the offset of the operator
 * @param end the offset after the operand
 */
public record UnaryTest(String operator, WrittenWord operand, int start, int end)
    implements TestExpression {

  /**
   * Checks.
   *
   * @param operator the operator as written
   * @param operand the word tested
   * @param start the offset of the operator
   * @param end the offset after the operand
   */
  public UnaryTest {
    requireNonNull(operator, "operator");
    requireNonNull(operand, "operand");
  }
}
