package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * Bash's {@code for (( init; condition; step )); do list; done}.
 *
 * @param init the expression run first (empty when left out)
 * @param condition the expression tested before each turn (empty when left out: always true)
 * @param step the expression run after each turn (empty when left out)
 * @param body the statements of the loop's body
 * @param redirections the redirections after the {@code done}
 * @param start the offset of the {@code for}
 * @param end the offset after the {@code done} or its last redirection
 */
public record ArithmeticForClause(
    ArithmeticExpression init,
    ArithmeticExpression condition,
    ArithmeticExpression step,
    List<Statement> body,
    List<Redirection> redirections,
    int start,
    int end)
    implements CompoundCommand {

  /**
   * Checks and copies.
   *
   * @param init the expression run first
   * @param condition the expression tested before each turn
   * @param step the expression run after each turn
   * @param body the statements of the loop's body
   * @param redirections the redirections after the {@code done}
   * @param start the offset of the {@code for}
   * @param end the offset after the {@code done} or its last redirection
   */
  public ArithmeticForClause {
    requireNonNull(init, "init");
    requireNonNull(condition, "condition");
    requireNonNull(step, "step");
    body = FixedList.of(body);
    redirections = FixedList.of(redirections);
  }
}
