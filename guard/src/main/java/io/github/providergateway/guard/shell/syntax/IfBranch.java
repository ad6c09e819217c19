package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * One {@code if} or {@code elif} of an {@link IfClause}: its condition and what runs when the
 * condition succeeds.
 *
 * @param condition the statements between {@code if} (or {@code elif}) and {@code then}
 * @param body the statements after {@code then}
 * @param start the offset of the {@code if} or {@code elif}
 * @param end the offset after the body's last statement
 */
public record IfBranch(List<Statement> condition, List<Statement> body, int start, int end)
    implements Node {

  /**
   * Copies.
   *
   * @param condition the statements between {@code if} (or {@code elif}) and {@code then}
   * @param body the statements after {@code then}
   * @param start the offset of the {@code if} or {@code elif}
   * @param end the offset after the body's last statement
   */
  public IfBranch {
    condition = FixedList.of(condition);
    body = FixedList.of(body);
  }
}
