package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * <code>{ list; }</code>: statements run in the current shell as one command.
 *
 * @param statements the statements, in order
 * @param redirections the redirections after the <code>}</code>
 * @param start the offset of the <code>{</code>
 * @param end the offset after the <code>}</code> or its last redirection
 */
public record Group(List<Statement> statements, List<Redirection> redirections, int start, int end)
    implements CompoundCommand {

  /**
   * Copies.
   *
   * @param statements the statements, in order
   * @param redirections the redirections after the closing brace
   * @param start the offset of the opening brace
   * @param end the offset after the closing brace or its last redirection
   */
  public Group {
    statements = FixedList.of(statements);
    redirections = FixedList.of(redirections);
  }
}
