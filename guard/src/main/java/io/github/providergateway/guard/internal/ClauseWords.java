package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * The words a when clause asks of a program's ({@link When#subcommands}, {@link When#next}, {@link
 * When#words}, {@link When#noWords}), as sets looked up by hash ({@link NameSet}): a program of a
 * name is tried by every clause of its name, and most of them name another subcommand (a {@code git
 * status} is asked of 60 clauses of {@code git push}, {@code git reset}…). The same answers as the
 * clause's lists give, a {@code null} word refused alike.
 *
 * @param subcommands the subcommands one of which the clause needs, or none
 * @param next the words one of which the first word after the subcommand must be, or none
 * @param words the words one of which must be among the program's arguments, or none
 * @param noWords the words none of which may be among them
 */
record ClauseWords(
    Set<String> subcommands, Set<String> next, Set<String> words, Set<String> noWords) {

  /** {@return the words of a clause} */
  static ClauseWords of(When when) {
    return new ClauseWords(
        NameSet.copyOf(when.subcommands()),
        NameSet.copyOf(when.next()),
        NameSet.copyOf(when.words()),
        NameSet.copyOf(when.noWords()));
  }

  /** {@return whether a program's subcommand is one the clause names, where it names any} */
  boolean subcommand(String subcommand) {
    return subcommands.isEmpty() || subcommands.contains(subcommand);
  }

  /**
   * {@return whether the words after a program's subcommand and its arguments hold what the clause
   * asks: the next word, a word anywhere, no word of those it refuses}
   *
   * @param args the words after the subcommand
   * @param step the program
   */
  boolean hold(List<Word> args, Step step) {
    if (!next.isEmpty() && (args.isEmpty() || !next.contains(args.get(0).text()))) {
      return false;
    }
    return (words.isEmpty() || hasWord(step, words)) && !hasWord(step, noWords);
  }

  /** Whether one of {@code words} is among the program's arguments, wherever it stands. */
  private static boolean hasWord(Step step, Set<String> words) {
    if (words.isEmpty()) {
      return false; // most clauses name no word: their programs' words are not walked
    }
    for (Word word : step.args()) {
      if (words.contains(word.text())) {
        return true;
      }
    }
    return false;
  }
}
