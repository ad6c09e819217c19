package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * {@code if list; then list; [elif list; then list;]… [else list;] fi}: its branches in order (the
 * {@code if}, then each {@code elif}), kept in one list however many.
 *
 * @param branches the {@code if} and {@code elif} branches, in order: one or more
 * @param elseBody the statements after {@code else}, or empty when there is no {@code else}
 * @param redirections the redirections after the {@code fi}
 * @param start the offset of the {@code if}
 * @param end the offset after the {@code fi} or its last redirection
 */
public record IfClause(
    List<IfBranch> branches,
    List<Statement> elseBody,
    List<Redirection> redirections,
    int start,
    int end)
    implements CompoundCommand {

  /**
   * Checks and copies.
   *
   * @param branches the {@code if} and {@code elif} branches, in order: one or more
   * @param elseBody the statements after {@code else}, or empty when there is none
   * @param redirections the redirections after the {@code fi}
   * @param start the offset of the {@code if}
   * @param end the offset after the {@code fi} or its last redirection
   */
  public IfClause {
    branches = FixedList.of(branches);
    elseBody = FixedList.of(elseBody);
    redirections = FixedList.of(redirections);
    if (branches.isEmpty()) {
      throw new IllegalArgumentException("an if has a branch at least");
    }
  }
}
