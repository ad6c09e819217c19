package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * Tests joined by {@code &&} and {@code ||} in a {@code [[ … ]]}, in one list however long ({@code
 * &&} binds tighter than {@code ||}, as in bash, when it is evaluated).
 *
 * @param operands the tests, in order: two or more
 * @param operators the operator between each test and the next: one fewer than the operands
 * @param start the offset of the first operand
 * @param end the offset after the last operand
 */
public record AndOrTest(
    List<TestExpression> operands, List<AndOrList.Operator> operators, int start, int end)
    implements TestExpression {

  /**
   * Checks and copies.
   *
   * @param operands the tests, in order: two or more
   * @param operators one fewer than the operands
   * @param start the offset of the first operand
   * @param end the offset after the last operand
   */
  public AndOrTest {
    operands = FixedList.of(operands);
    operators = FixedList.of(operators);
    if (operands.size() < 2 || operators.size() != operands.size() - 1) {
      throw new IllegalArgumentException(
          "tests joined have two operands or more and an operator between each two, not "
              + operands.size()
              + " and "
              + operators.size());
    }
  }
}
