package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.Runners;
import io.github.providergateway.guard.shell.internal.Runners.Row;
import java.util.ArrayList;
import java.util.List;

/**
 * A command's words as a runner of {@link Runners}' table reads them: where the command a wrapper
 * runs starts, the values of its options that are code, what comes after {@code --}. The table is
 * below, in {@code guard.shell.internal}, where the guard's rules read it too (decision 80).
 */
final class RunnerWords {
  private RunnerWords() {}

  /**
   * Where the command a wrapper at {@code i} runs starts, or -1 when it runs none (or is not a
   * wrapper of the table's).
   */
  static int skipWrapper(Row row, List<Word> w, int i, Wrappers.Seen seen) {
    if (row.applet()) {
      return i + 1 < w.size() && !w.get(i + 1).text().startsWith("-") ? i + 1 : -1;
    }
    int at = Wrappers.skipOptions(w, i + 1, row.options(), row.longOptions(), seen);
    if (seen.has(row.none().toCharArray()) || seen.hasLong(row.noneLong().toArray(new String[0]))) {
      return -1;
    }
    if (row.assignments()) {
      at = Wrappers.skipAssignments(w, at);
    }
    int skipped = skipped(row, w, at);
    if (skipped > 0 && at + skipped < w.size() && w.get(at + skipped).text().startsWith("-")) {
      // setarch x86_64 -R cmd: options after the skipped word, theirs too; flock FILE -c …:
      // an option that says it runs no command of its own.
      at = Wrappers.skipOptions(w, at + skipped, row.options(), row.longOptions(), seen);
      return seen.has(row.none().toCharArray())
              || seen.hasLong(row.noneLong().toArray(new String[0]))
          ? -1
          : at;
    }
    return at + skipped;
  }

  /** How many words the row skips at {@code at}: its count, when the word is one it skips. */
  static int skipped(Row row, List<Word> w, int at) {
    if (row.skip() == 0 || row.skipOnly().isEmpty()) {
      return row.skip();
    }
    return at < w.size() && w.get(at).text().matches(row.skipOnly()) ? row.skip() : 0;
  }

  /**
   * Where the words a row's runner runs start, after the words it wants first and its options: a
   * command's first word, or -1 when the row does not apply to these words (an {@code npm} that is
   * no {@code npm exec}) or its options say it runs nothing.
   */
  static int commandStart(Row row, List<Word> words) {
    int i = 1;
    Wrappers.Seen before = new Wrappers.Seen();
    if (!row.after().isEmpty()) {
      int first = Wrappers.skipOptions(words, 1, row.options(), row.longOptions(), before);
      i = matchAfter(row, words, first);
      if (i < 0) {
        return -1;
      }
    }
    Wrappers.Seen seen = new Wrappers.Seen();
    int at = Wrappers.skipOptions(words, i, row.options(), row.longOptions(), seen);
    if (seen.has(row.none().toCharArray()) || seen.hasLong(row.noneLong().toArray(new String[0]))) {
      return -1;
    }
    if (row.assignments()) {
      at = Wrappers.skipAssignments(words, at);
    }
    char[] skipNone = row.skipNone().toCharArray();
    return at + (before.has(skipNone) || seen.has(skipNone) ? 0 : skipped(row, words, at));
  }

  private static int matchAfter(Row row, List<Word> words, int from) {
    for (List<String> alternative : row.after()) {
      int at = from;
      boolean matched = true;
      for (String expected : alternative) {
        boolean optional = expected.endsWith("?");
        String word = optional ? expected.substring(0, expected.length() - 1) : expected;
        if (at < words.size() && words.get(at).text().equals(word)) {
          at++;
        } else if (!optional) {
          matched = false;
          break;
        }
      }
      if (matched) {
        return at;
      }
    }
    return -1;
  }

  /**
   * The values of a row's code options in {@code words}, in order: {@code -c X}, {@code
   * --command=X}, an abbreviation getopt_long takes for one ({@code --comm X}, gdb's {@code -eval
   * X} of {@code -eval-command}), {@code -aqfec X} (a bundle of flags ending in the letter).
   */
  static List<Word> codeValues(Row row, List<Word> words) {
    if (row.code().isEmpty()) {
      return List.of();
    }
    List<Word> values = new ArrayList<>(1);
    for (int i = 1; i < words.size(); i++) {
      Word word = words.get(i);
      String t = word.text();
      if (t.equals("--")) {
        break;
      }
      int eq = t.indexOf('=');
      if (codeOption(row, eq < 0 ? t : t.substring(0, eq))) {
        if (eq >= 0) {
          values.add(new Word(t.substring(eq + 1), word.literal()));
        } else if (i + 1 < words.size()) {
          values.add(words.get(++i));
        }
        continue;
      }
      for (String option : row.code()) {
        boolean letter = option.length() == 2 && option.charAt(0) == '-' && option.charAt(1) != '-';
        if (letter && flagBundle(row, t, option.charAt(1)) && i + 1 < words.size()) {
          values.add(words.get(++i)); // script -qc CMD
          break;
        }
        if (letter && t.length() > 2 && t.startsWith(option) && attachedValue(t.substring(2))) {
          // man -P'sh -c "…"' ls: the value joined to its letter, as getopt reads it.
          values.add(new Word(t.substring(2), word.literal()));
          break;
        }
      }
    }
    return values;
  }

  /**
   * Whether the option word {@code name} (without a {@code =value}) is one of the row's code
   * options or the one of them it abbreviates among the row's long options: {@code --comm} of su's
   * {@code --command}, {@code --filt} of split's {@code --filter}, {@code -eval} of gdb's {@code
   * -eval-command} (getopt_long_only takes one dash). A single letter is exact only.
   */
  static boolean codeOption(Row row, String name) {
    if (row.code().contains(name)) {
      return true;
    }
    if (name.length() < 3 || name.charAt(0) != '-') {
      return false;
    }
    List<String> known = new ArrayList<>(row.code());
    known.addAll(row.longOptions());
    known.addAll(row.noneLong());
    known.removeIf(option -> option.length() < 3);
    String option = Wrappers.abbreviated(name, known);
    return option != null && row.code().contains(option);
  }

  /**
   * Whether {@code t} is a bundle of short flags ending in the code option's {@code letter} ({@code
   * -qc}, {@code -aqfec}): letters, none taking a value by the row, none twice (a word such as
   * {@code -NoProfile} is no bundle).
   */
  private static boolean flagBundle(Row row, String t, char letter) {
    int n = t.length();
    if (n < 3 || t.charAt(0) != '-' || t.charAt(1) == '-' || t.charAt(n - 1) != letter) {
      return false;
    }
    for (int j = 1; j < n - 1; j++) {
      char c = t.charAt(j);
      boolean isLetter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
      if (!isLetter || row.options().indexOf(c) >= 0 || t.indexOf(c, j + 1) >= 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the rest of a word after an option's letter is that option's value rather than more
   * letters of a bundle ({@code -ce}): a value with a blank, a folder or a pipe is no bundle.
   */
  private static boolean attachedValue(String rest) {
    return rest.indexOf(' ') >= 0 || rest.indexOf('/') >= 0 || rest.indexOf('|') >= 0;
  }

  /** {@return the words after the first {@code --}, or null when there is none} */
  static List<Word> afterDoubleDash(List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      if (words.get(i).text().equals("--")) {
        return i + 1 < words.size() ? words.subList(i + 1, words.size()) : null;
      }
    }
    return null;
  }
}
