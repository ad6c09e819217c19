package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * Bash's {@code [[ expression ]]}: a test of strings, numbers and files. Its words are not split
 * nor globbed; {@code <}, {@code >}, {@code (} and {@code )} in it are the test's operators, not
 * redirections or subshells. It runs no program, but its substitutions run.
 *
 * @param expression the test between the brackets
 * @param redirections the redirections after the {@code ]]}
 * @param start the offset of the {@code [[}
 * @param end the offset after the {@code ]]} or its last redirection
 */
public record TestClause(
    TestExpression expression, List<Redirection> redirections, int start, int end)
    implements CompoundCommand {

  /**
   * Checks and copies.
   *
   * @param expression the test between the brackets
   * @param redirections the redirections after the {@code ]]}
   * @param start the offset of the {@code [[}
   * @param end the offset after the {@code ]]} or its last redirection
   */
  public TestClause {
    requireNonNull(expression, "expression");
    redirections = FixedList.of(redirections);
  }
}
