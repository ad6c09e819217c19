package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Optional;

/**
 * The tmux commands a file holds, as {@code tmux source-file F} runs them (issue 75): a file with
 * {@code send-keys -t gateway y Enter} types into the person's pane as the command line would. The
 * file is read through the disk, as a script a command runs is ({@link ScriptsRun}); a file that is
 * not there, or holds no such command ({@code ~/.tmux.conf}'s options and bindings), is the
 * person's and stays allowed.
 */
final class TmuxFiles {
  private TmuxFiles() {}

  /** The most characters of a file read. */
  private static final int MAX_CHARS = 256 * 1024;

  /**
   * Whether a tmux command line sources a file that types into a pane.
   *
   * @param scan the call's scan
   * @param step a tmux
   * @return whether one of its sourced files holds such a command
   */
  static boolean sourcesTyping(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean sources = false;
    for (Word command : TerminalTyping.tmuxCommands(args)) {
      String t = command.text();
      sources |= t.equals("source") || t.length() >= 8 && "source-file".startsWith(t);
    }
    if (!sources || scan.places().disk().none()) {
      return false;
    }
    for (Word word : args) {
      if (word.text().startsWith("-") || word.text().startsWith("source")) {
        continue;
      }
      for (Target target : scan.targets(step, word)) {
        if (target.path() == null) {
          continue;
        }
        Optional<String> text = scan.places().disk().text(target.path(), MAX_CHARS);
        if (text.isPresent() && types(text.get())) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a tmux file holds a command, at a line's start or after {@code ;}, that types. */
  private static boolean types(String text) {
    for (String line : text.split("[\\n;]")) {
      String[] words = line.strip().split("\\s+");
      if (words.length > 0 && TerminalTyping.tmuxTypes(words[0])) {
        return true;
      }
    }
    return false;
  }
}
