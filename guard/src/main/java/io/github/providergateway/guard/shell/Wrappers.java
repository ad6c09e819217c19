package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.internal.Runners;
import io.github.providergateway.guard.shell.syntax.ParseLimits;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import io.github.providergateway.guard.shell.syntax.SyntaxParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The programs that run another program given as their remaining words ({@code sudo}, {@code env},
 * {@code timeout}, …), taken off the command: how each one's own options are skipped to find it is
 * a row of the table of programs that run programs ({@link Runners}), but for {@code env}, whose
 * {@code -S} string is split here. A wrapper is taken off only when a command is left after it
 * ({@code sudo -l} and {@code env} alone stay programs), and only when its word is literal.
 */
final class Wrappers {
  static final Set<String> XARGS_LONG =
      NameSet.of(
          "--arg-file",
          "--delimiter",
          "--max-args",
          "--max-procs",
          "--max-chars",
          "--process-slot-var");

  private Wrappers() {}

  /**
   * Takes the wrappers off {@code words}, adding their names to {@code wrappers}. Each wrapper is a
   * level of nesting: the command at {@code depth} may have as many as the depth left.
   *
   * @param seen scratch for the options a wrapper's skip meets, reused from command to command
   * @param names the resolver's program names
   * @return the wrapped command's words
   */
  static List<Word> strip(
      List<Word> words,
      List<String> wrappers,
      Seen seen,
      Resolver.ProgramNames names,
      ParseLimits limits,
      int depth)
      throws ShellParseException {
    List<Word> current = words;
    int i = 0;
    while (i < current.size()) {
      limits.depth(depth + wrappers.size(), 0, "a chain of wrappers (sudo, env, …)", "");
      Word first = current.get(i);
      if (!first.literal()) {
        break;
      }
      String name = names.of(first.text());
      int next;
      if (name.equals("env")) {
        List<Word> split = env(current, i);
        if (split == null) {
          break;
        }
        wrappers.add(name);
        current = split;
        i = 0;
        continue;
      }
      next = skip(name, current, i, seen);
      if (next < 0 || next >= current.size()) {
        break;
      }
      wrappers.add(name);
      i = next;
    }
    return i == 0 ? current : current.subList(i, current.size());
  }

  /**
   * Where the command wrapped by the wrapper {@code name} at {@code i} starts, or -1: read from the
   * table of programs that run programs ({@link Runners}), its rows marked as wrappers.
   */
  private static int skip(String name, List<Word> w, int i, Seen seen) {
    seen.clear();
    Runners.Row row = Runners.of(name);
    if (row == null || !row.wrapper() || row.handler() != null) {
      return -1;
    }
    return RunnerWords.skipWrapper(row, w, i, seen);
  }

  /**
   * The folder a wrapper runs its command in ({@code env -C DIR}, {@code env --chdir=DIR}, {@code
   * sudo -D DIR}, {@code sudo --chdir=DIR}), or null.
   */
  static Word chdir(List<Word> words, Resolver.ProgramNames names) {
    Word first = words.get(0);
    if (!first.literal()) {
      return null;
    }
    String program = names.of(first.text());
    ChdirOption option = CHDIR_OPTIONS.get(program);
    if (option == null) {
      return null;
    }
    boolean env = program.equals("env");
    String valued = env ? "uCS" : Runners.of(program).options();
    Set<String> valuedLong =
        env ? Set.of("--unset", "--split-string") : Runners.of(program).longOptions();
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("-") || t.equals("--") || t.length() == 1) {
        return null; // sudo -u root: its value is skipped below; a word here is the command
      }
      if (t.startsWith("--")) {
        int eq = t.indexOf('=');
        String name = eq > 0 ? t.substring(0, eq) : t;
        if (option.named(name)) { // --chdir, and getopt_long's beginnings of it: env --chd=/home
          if (eq > 0) {
            return new Word(t.substring(eq + 1), words.get(i).literal());
          }
          return option.gluedOnly()
              ? UNKNOWN_FOLDER // nsenter --wd: the target's own folder
              : i + 1 < words.size() ? words.get(i + 1) : null;
        }
        i += valuedLong.contains(t) ? 1 : 0;
        continue;
      }
      for (int j = 1; j < t.length(); j++) { // -iC DIR, -ED/, -u root: bundled as getopt reads
        char c = t.charAt(j);
        boolean glued = j + 1 < t.length();
        if (c == option.letter()) {
          if (option.gluedOnly()) {
            return glued ? new Word(t.substring(j + 1), words.get(i).literal()) : UNKNOWN_FOLDER;
          }
          return glued
              ? new Word(t.substring(j + 1), words.get(i).literal())
              : i + 1 < words.size() ? words.get(i + 1) : null;
        }
        if (valued.indexOf(c) < 0) {
          continue;
        }
        i += glued ? 0 : 1;
        break;
      }
    }
    return null;
  }

  /**
   * How a wrapper is told the folder its command runs in: a letter ({@code 0} for none), a long
   * option, and whether the folder is only ever glued to it ({@code nsenter -w/dir}, {@code
   * --wd=dir}; alone, the target process's own folder).
   */
  private record ChdirOption(char letter, String longName, boolean gluedOnly) {
    /** Whether a long option is this one, whole or by a beginning getopt_long takes for it. */
    boolean named(String option) {
      return option.length() >= 4 && longName.startsWith(option) || option.equals(longName);
    }
  }

  /** The wrappers that run their command in another folder, by name (red team {@code rtw-011}…). */
  private static final Map<String, ChdirOption> CHDIR_OPTIONS =
      Map.of(
          "env", new ChdirOption('C', "--chdir", false),
          "sudo", new ChdirOption('D', "--chdir", false),
          "run0", new ChdirOption('D', "--chdir", false),
          "unshare", new ChdirOption('w', "--wd", false),
          "nsenter", new ChdirOption('w', "--wd", true),
          "systemd-run", new ChdirOption((char) 0, "--working-directory", false));

  /** A folder the reading cannot know: the programs in it are read as anywhere. */
  private static final Word UNKNOWN_FOLDER = new Word("$WRAPPER_FOLDER", false);

  /**
   * {@code env}'s options ({@code -i} and its {@code -}, {@code -u NAME}, {@code -C DIR}, {@code -S
   * STRING} split into words) and assignments: the wrapped command's words, or null when there is
   * none.
   */
  private static List<Word> env(List<Word> w, int i) {
    List<Word> split = new ArrayList<>();
    int at = i + 1;
    while (at < w.size()) {
      String t = w.get(at).text();
      if (t.equals("--")) {
        at++;
        break;
      }
      if (t.equals("-S") || t.equals("--split-string")) {
        if (at + 1 < w.size()) {
          split.addAll(splitString(w.get(at + 1)));
        }
        at += 2;
        continue;
      }
      if (t.startsWith("--split-string=")) {
        split.addAll(splitString(new Word(t.substring(15), w.get(at).literal())));
        at++;
        continue;
      }
      if (t.equals("--unset") || t.equals("--chdir")) {
        at += 2;
        continue;
      }
      if (t.startsWith("-") && !t.startsWith("--") && t.length() > 1) {
        at = envShortOptions(w, at, split); // -i, -0, -v; -u NAME, -C DIR, -S STRING; bundled
        continue;
      }
      if (t.startsWith("-")) {
        at++; // a lone - is -i (env(1)), not the command
        continue;
      }
      if (t.indexOf('=') > 0) {
        at++;
        continue;
      }
      break;
    }
    List<Word> result = new ArrayList<>(split);
    // env -S 'A=1 cmd': the string's leading assignments are env's, as the words' are.
    while (!result.isEmpty() && isAssignment(result.get(0).text())) {
      result.remove(0);
    }
    if (at < w.size()) {
      result.addAll(w.subList(at, w.size()));
    }
    return result.isEmpty() ? null : result;
  }

  /**
   * A word of env's short options at {@code at}, bundled as getopt reads them ({@code -iS 'cmd'},
   * {@code -iu HOME}, {@code -SCMD}): {@code -S}'s string split into {@code split}; where the words
   * after them start.
   */
  private static int envShortOptions(List<Word> w, int at, List<Word> split) {
    String t = w.get(at).text();
    for (int j = 1; j < t.length(); j++) {
      char c = t.charAt(j);
      if (c != 'u' && c != 'C' && c != 'S') {
        continue;
      }
      boolean glued = j + 1 < t.length();
      if (c == 'S') {
        Word value =
            glued
                ? new Word(t.substring(j + 1), w.get(at).literal())
                : at + 1 < w.size() ? w.get(at + 1) : null;
        if (value != null) {
          split.addAll(splitString(value));
        }
      }
      return glued ? at + 1 : at + 2;
    }
    return at + 1;
  }

  /** {@code env -S}'s string as env splits it: blanks, quotes and backslashes. */
  static List<Word> splitString(Word string) {
    String s = string.text();
    List<Word> words = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else if (c == '\\' && quote == '"' && i + 1 < s.length()) {
          char next = s.charAt(++i);
          sb.append(next == '_' ? ' ' : next); // \_ is a space inside double quotes
        } else {
          sb.append(c);
        }
      } else if (c == ' ' || c == '\t' || c == '\n') {
        if (inWord) {
          words.add(new Word(sb.toString(), string.literal() && sb.indexOf("$") < 0));
          sb.setLength(0);
          inWord = false;
        }
      } else {
        inWord = true;
        if (c == '\'' || c == '"') {
          quote = c;
        } else if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '_') {
          i++; // env(1): \_ outside quotes separates words, as a blank does
          if (sb.length() > 0) {
            words.add(new Word(sb.toString(), string.literal() && sb.indexOf("$") < 0));
          }
          sb.setLength(0);
          inWord = false;
        } else if (c == '\\' && i + 1 < s.length()) {
          sb.append(s.charAt(++i));
        } else {
          sb.append(c);
        }
      }
    }
    if (inWord) {
      words.add(new Word(sb.toString(), string.literal() && sb.indexOf("$") < 0));
    }
    return words;
  }

  /**
   * Skips the options from {@code i}: bundles of short ones, where one of {@code withArgument}
   * takes the rest of the bundle or the next word; long ones, where one of {@code longWithArgument}
   * takes the next word unless written with {@code =}; {@code --} ends them.
   *
   * @param seen when not null, gets every short option letter and long option name met
   * @return the first word that is no option
   */
  static int skipOptions(
      List<Word> w, int i, String withArgument, Set<String> longWithArgument, Seen seen) {
    while (i < w.size()) {
      String t = w.get(i).text();
      if (t.equals("--")) {
        return i + 1;
      }
      if (!t.startsWith("-") || t.length() == 1) {
        return i;
      }
      if (t.startsWith("--")) {
        int eq = t.indexOf('=');
        String name = eq < 0 ? t : t.substring(0, eq);
        if (seen != null) {
          seen.addLong(name);
        }
        i += eq < 0 && takesValue(name, longWithArgument) ? 2 : 1;
        continue;
      }
      i++;
      for (int j = 1; j < t.length(); j++) {
        char c = t.charAt(j);
        if (seen != null) {
          seen.addLetter(c);
        }
        if (withArgument.indexOf(c) >= 0) {
          if (j + 1 == t.length()) {
            i++;
          }
          break;
        }
      }
    }
    return i;
  }

  /**
   * Whether the long option {@code name} takes the next word as its value: it is one of {@code
   * valued}, or abbreviates exactly one of them, as getopt_long reads {@code --targ} for {@code
   * --target}.
   */
  static boolean takesValue(String name, Set<String> valued) {
    return valued.contains(name) || abbreviated(name, valued) != null;
  }

  /**
   * The one name of {@code names} that {@code word} abbreviates ({@code --comm} of {@code
   * --command}), or null when it abbreviates none or several. A word of a dash and one letter
   * abbreviates nothing ({@code -T} is no {@code -TT}); an exact name is its own.
   */
  static String abbreviated(String word, Iterable<String> names) {
    if (word.length() < 3 || word.charAt(0) != '-') {
      return null;
    }
    String found = null;
    boolean several = false;
    for (String name : names) {
      if (name.equals(word)) {
        return name;
      }
      if (name.length() > word.length() && name.startsWith(word) && !name.equals(found)) {
        several |= found != null;
        found = name;
      }
    }
    return several ? null : found;
  }

  /** The value of option {@code -c} (alone, last of a bundle, or glued) or {@code --long[=]}. */
  static String optionValue(List<Word> w, char letter, String longName) {
    for (int i = 1; i < w.size(); i++) {
      String t = w.get(i).text();
      if (t.equals("--")) {
        return null;
      }
      if (t.equals(longName)) {
        return i + 1 < w.size() ? w.get(i + 1).text() : null;
      }
      if (t.startsWith(longName + "=")) {
        return t.substring(longName.length() + 1);
      }
      if (t.startsWith("-") && !t.startsWith("--")) {
        int at = t.indexOf(letter);
        if (at > 0) {
          if (at + 1 < t.length()) {
            return t.substring(at + 1);
          }
          return i + 1 < w.size() ? w.get(i + 1).text() : null;
        }
      }
    }
    return null;
  }

  static int skipAssignments(List<Word> w, int at) {
    while (at < w.size() && isAssignment(w.get(at).text())) {
      at++;
    }
    return at;
  }

  private static boolean isAssignment(String t) {
    int eq = t.indexOf('=');
    if (eq <= 0 || !SyntaxParser.isNameStart(t.charAt(0))) {
      return false;
    }
    for (int k = 1; k < eq; k++) {
      if (!SyntaxParser.isNameChar(t.charAt(k))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The options a skip met: short letters and long names. One for a whole parse (its {@link
   * Resolver}'s), cleared at each skip: every command the parse reads is asked whether it is a
   * wrapper, most of them are not, and a new one each was a twentieth of a long command's garbage.
   */
  static final class Seen {
    /** Every short option letter met, in order; null for none. */
    private StringBuilder letters;

    /** Every long option name met, without its value; null for none. */
    private List<String> longs;

    void clear() {
      if (letters != null) {
        letters.setLength(0);
      }
      if (longs != null) {
        longs.clear();
      }
    }

    void addLetter(char c) {
      if (letters == null) {
        letters = new StringBuilder();
      }
      letters.append(c);
    }

    void addLong(String name) {
      if (longs == null) {
        longs = new ArrayList<>();
      }
      longs.add(name);
    }

    boolean has(char... wanted) {
      for (char c : wanted) {
        if (letters != null && letters.indexOf(String.valueOf(c)) >= 0) {
          return true;
        }
      }
      return false;
    }

    boolean hasLong(String... wanted) {
      for (String name : wanted) {
        if (longs != null && longs.contains(name)) {
          return true;
        }
      }
      return false;
    }
  }
}
