package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * {@code ( list )}: statements run in a child shell.
 *
 * @param statements the statements, in order
 * @param redirections the redirections after the {@code )}
 * @param start the offset of the {@code (}
 * @param end the offset after the {@code )} or its last redirection
 */
public record Subshell(
    List<Statement> statements, List<Redirection> redirections, int start, int end)
    implements CompoundCommand {

  /**
   * Copies.
   *
   * @param statements the statements, in order
   * @param redirections the redirections after the {@code )}
   * @param start the offset of the {@code (}
   * @param end the offset after the {@code )} or its last redirection
   */
  public Subshell {
    statements = FixedList.of(statements);
    redirections = FixedList.of(redirections);
  }
}
