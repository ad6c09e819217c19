package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * {@code $( list )}: the statements run, and their output stands in the word.
 *
 * @param statements the statements, in order
 * @param start the offset of the {@code $}
 * @param end the offset after the {@code )}
 */
public record CommandSubstitution(List<Statement> statements, int start, int end)
    implements WordPart {

  /**
   * Copies.
   *
   * @param statements the statements, in order
   * @param start the offset of the {@code $}
   * @param end the offset after the {@code )}
   */
  public CommandSubstitution {
    statements = FixedList.of(statements);
  }
}
