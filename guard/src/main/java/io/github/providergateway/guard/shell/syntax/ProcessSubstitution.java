package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * Bash's {@code <( list )} and {@code >( list )}: the statements run with a pipe to or from them,
 * whose path stands in the word.
 *
 * @param output whether it is {@code >( … )} (the statements read what is written to the path)
 * @param statements the statements, in order
 * @param start the offset of the {@code <} or {@code >}
 * @param end the offset after the {@code )}
 */
public record ProcessSubstitution(boolean output, List<Statement> statements, int start, int end)
    implements WordPart {

  /**
   * Copies.
   *
   * @param output whether it is {@code >( … )}
   * @param statements the statements, in order
   * @param start the offset of the {@code <} or {@code >}
   * @param end the offset after the {@code )}
   */
  public ProcessSubstitution {
    statements = FixedList.of(statements);
  }
}
