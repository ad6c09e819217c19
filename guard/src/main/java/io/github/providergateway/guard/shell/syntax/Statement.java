package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * One command of a list, as separated by {@code ;}, {@code &} or a newline: {@code make &} is a
 * statement whose command runs in the background. Its span ends after the {@code &} of a background
 * statement, after the command otherwise.
 *
 * @param command the command: simple, compound, a pipeline, an and-or list, …
 * @param background whether it ended with {@code &}: bash runs it without waiting
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
public record Statement(Command command, boolean background, int start, int end) implements Node {

  /**
   * Checks.
   *
   * @param command the command
   * @param background whether it ended with {@code &}
   * @param start the offset of its first character
   * @param end the offset after its last character
   */
  public Statement {
    requireNonNull(command, "command");
  }
}
