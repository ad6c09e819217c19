package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * {@code while list; do list; done}, or {@code until}: the body runs while the condition succeeds
 * (fails, for {@code until}).
 *
 * @param until whether it is an {@code until} loop
 * @param condition the statements between {@code while} and {@code do}
 * @param body the statements between {@code do} and {@code done}
 * @param redirections the redirections after the {@code done}
 * @param start the offset of the keyword
 * @param end the offset after the {@code done} or its last redirection
 */
public record WhileClause(
    boolean until,
    List<Statement> condition,
    List<Statement> body,
    List<Redirection> redirections,
    int start,
    int end)
    implements CompoundCommand {

  /**
   * Copies.
   *
   * @param until whether it is an {@code until} loop
   * @param condition the statements between {@code while} and {@code do}
   * @param body the statements between {@code do} and {@code done}
   * @param redirections the redirections after the {@code done}
   * @param start the offset of the keyword
   * @param end the offset after the {@code done} or its last redirection
   */
  public WhileClause {
    condition = FixedList.of(condition);
    body = FixedList.of(body);
    redirections = FixedList.of(redirections);
  }
}
