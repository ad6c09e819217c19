package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * A simple command: assignments, then words (the program and its arguments), with redirections
 * anywhere among them: {@code LANG=C sort -u < in > out}. With no word, its assignments set the
 * shell's variables ({@code x=1}) and its redirections open and close their files.
 *
 * @param assignments the assignments before the program, in order
 * @param words the program and its arguments as written, before any expansion
 * @param redirections the redirections, in order
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
public record SimpleCommand(
    List<Assignment> assignments,
    List<WrittenWord> words,
    List<Redirection> redirections,
    int start,
    int end)
    implements Command {

  /**
   * Copies.
   *
   * @param assignments the assignments before the program, in order
   * @param words the program and its arguments as written
   * @param redirections the redirections, in order
   * @param start the offset of its first character
   * @param end the offset after its last character
   */
  public SimpleCommand {
    assignments = FixedList.of(assignments);
    words = FixedList.of(words);
    redirections = FixedList.of(redirections);
  }
}
