package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * Bash's {@code (( expression ))}: the expression is evaluated, and succeeds when not zero. It runs
 * no program, but its substitutions run.
 *
 * @param expression the expression between the parentheses
 * @param redirections the redirections after the {@code ))}
 * @param start the offset of the first {@code (}
 * @param end the offset after the {@code ))} or its last redirection
 */
public record ArithmeticCommand(
    ArithmeticExpression expression, List<Redirection> redirections, int start, int end)
    implements CompoundCommand {

  /**
   * Checks and copies.
   *
   * @param expression the expression between the parentheses
   * @param redirections the redirections after the {@code ))}
   * @param start the offset of the first {@code (}
   * @param end the offset after the {@code ))} or its last redirection
   */
  public ArithmeticCommand {
    requireNonNull(expression, "expression");
    redirections = FixedList.of(redirections);
  }
}
