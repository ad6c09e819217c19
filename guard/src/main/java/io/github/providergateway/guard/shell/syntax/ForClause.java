package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * {@code for name in words; do list; done}, or {@code select}: the body runs once per item with the
 * variable set to it. Without {@code in}, over the positional parameters. Bash also takes <code>
 * { list; }</code> for {@code do list; done}.
 *
 * @param select whether it is a {@code select} loop (a menu of the items)
 * @param name the variable's name as written
 * @param items the words after {@code in}, or {@code null} when there is no {@code in}
 * @param body the statements of the loop's body
 * @param redirections the redirections after the {@code done}
 * @param start the offset of the keyword
 * @param end the offset after the {@code done} or its last redirection
 */
public record ForClause(
    boolean select,
    WrittenWord name,
    List<WrittenWord> items,
    List<Statement> body,
    List<Redirection> redirections,
    int start,
    int end)
    implements CompoundCommand {

  /**
   * Checks and copies.
   *
   * @param select whether it is a {@code select} loop
   * @param name the variable's name as written
   * @param items the words after {@code in}, or {@code null} when there is no {@code in}
   * @param body the statements of the loop's body
   * @param redirections the redirections after the {@code done}
   * @param start the offset of the keyword
   * @param end the offset after the {@code done} or its last redirection
   */
  public ForClause {
    requireNonNull(name, "name");
    items = items == null ? null : FixedList.of(items);
    body = FixedList.of(body);
    redirections = FixedList.of(redirections);
  }
}
