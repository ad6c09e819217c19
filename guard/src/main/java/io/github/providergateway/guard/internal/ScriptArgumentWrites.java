package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A script the session wrote that writes or appends to a file one of its arguments names, then run
 * with a path (issue 80 round 33, decision 220): {@code scripts/coc_add_entry.py}, whose {@code
 * open(a.log, "a")} appends to its first positional, run on {@code
 * /mnt/evidence/MRDN-2023-114/chain_of_custody.csv}. The file's text names no path, so what it
 * writes is known only at the run: the run is judged as that write typed ({@code tee -a PATH}), and
 * a rule that would ask or deny there makes it {@code written.runs-held}'s. Which argument the
 * script writes is remembered under {@code argument-writes:<script>}: a positional by its place
 * among argparse's, an option by its name, {@code sys.argv[N]} or a shell script's {@code $N}.
 */
final class ScriptArgumentWrites {
  private ScriptArgumentWrites() {}

  /** The session's key of a script that writes an argument's file. */
  private static final String KEY = "argument-writes:";

  /** An argparse argument: its first name, and the dest it gives. */
  private static final Pattern ARGUMENT =
      Pattern.compile(
          "add_argument\\(\\s*[\"'](-{0,2}[A-Za-z_][\\w-]{0,60})[\"'](?:\\s*,\\s*[\"'](--[\\w-]{1,60})[\"'])?"
              + "([^)]{0,300}?dest\\s*=\\s*[\"'](\\w{1,60})[\"'])?");

  /** A Python file opened to write or append, by a parsed argument or {@code sys.argv[N]}. */
  private static final Pattern PYTHON_OPEN =
      Pattern.compile(
          "open\\(\\s*(?:\\w{1,30}\\.(\\w{1,60})|sys\\.argv\\[(\\d)\\])\\s*,\\s*(?:mode\\s*=\\s*)?[\"']([aw])");

  /** A shell script's redirection to, or {@code tee} of, its positional parameter. */
  private static final Pattern SHELL_WRITE =
      Pattern.compile("(>>?|tee\\s+(?:-a\\s+)?)\\s*\"?\\$\\{?([1-9])}?\"?");

  /** The interpreters a script is run by, its path their first operand. */
  private static final Set<String> INTERPRETERS =
      NameSet.of("python", "python3", "bash", "sh", "zsh");

  /**
   * Remembers which argument a written script writes or appends to: {@code p:<place> <mode>} for a
   * positional, {@code o:<option> <mode>}, {@code v:<index> <mode>} for {@code sys.argv} and {@code
   * $N}; a whole text writing none forgets it.
   *
   * @param path the script's absolute path
   * @param text what is written
   * @param whole whether it is the file's whole text
   * @param found where it is remembered
   */
  static void written(String path, String text, boolean whole, FlowReading.Found found) {
    String lower = path.toLowerCase(Locale.ROOT);
    String writes =
        lower.endsWith(".py") ? python(text) : lower.endsWith(".sh") ? shell(text) : null;
    if ((writes != null || whole && (lower.endsWith(".py") || lower.endsWith(".sh")))
        && found.writesSenders().size() < 16) {
      found.writesSenders().put(KEY + path, writes == null ? "" : writes);
    }
  }

  private static String python(String text) {
    Matcher open = PatternLiterals.matcher(PYTHON_OPEN, text);
    if (!open.find()) {
      return null;
    }
    String mode = open.group(3);
    if (open.group(2) != null) {
      return "v:" + open.group(2) + " " + mode;
    }
    List<String> positionals = new ArrayList<>();
    Matcher argument = PatternLiterals.matcher(ARGUMENT, text);
    while (argument.find()) {
      String first = argument.group(1);
      String option = argument.group(2) != null ? argument.group(2) : first;
      String dest =
          argument.group(4) != null
              ? argument.group(4)
              : option.replaceFirst("^-+", "").replace('-', '_');
      if (!first.startsWith("-")) {
        positionals.add(first);
      }
      if (dest.equals(open.group(1))) {
        return first.startsWith("-")
            ? "o:" + option + " " + mode
            : "p:" + (positionals.size() - 1) + " " + mode;
      }
    }
    return null;
  }

  private static String shell(String text) {
    Matcher write = PatternLiterals.matcher(SHELL_WRITE, text);
    return write.find()
        ? "v:"
            + write.group(2)
            + " "
            + (write.group(1).contains("-a") || write.group(1).equals(">>") ? "a" : "w")
        : null;
  }

  /**
   * What a call's runs of such scripts write: the write typed to the argument's path, as the
   * guard's rules judge it; a rule that would deny or ask there makes the run {@code
   * written.runs-held}'s.
   *
   * @param scan the call's scan
   * @param written the session's written files
   * @return what it found, at most one
   */
  static List<WrittenRules.Found> runs(Scan scan, Map<String, String> written) {
    List<WrittenRules.Found> found = new ArrayList<>();
    for (Step step : scan.steps()) {
      List<String> words = new ArrayList<>();
      for (Word word : step.args()) {
        words.add(word.text() == null ? "" : word.text());
      }
      boolean interpreted = INTERPRETERS.contains(step.program());
      int at = interpreted ? firstOperand(words) : -1;
      String script = interpreted ? (at < 0 ? null : words.get(at)) : step.program();
      for (Path cwd : script == null ? List.<Path>of() : step.cwds()) {
        String spec = cwd == null ? null : written.get(KEY + cwd.resolve(script).normalize());
        String target = spec == null || spec.isEmpty() ? null : target(spec, words, at + 1);
        if (target == null) {
          continue;
        }
        boolean appends = spec.endsWith(" a");
        String typed = "tee " + (appends ? "-a " : "") + "'" + target.replace("'", "") + "'";
        Hit hit = WrittenRules.typedBlocks(scan, cwd, typed);
        if (hit != null) {
          found.add(
              new WrittenRules.Found(
                  WrittenRules.RUNS_HELD,
                  hit.rule(),
                  "runs "
                      + script
                      + ", written in this session, which "
                      + (appends ? "appends to" : "writes")
                      + " the file its arguments name, "
                      + target
                      + " (`"
                      + typed
                      + "`: "
                      + hit.rule().id()
                      + ": "
                      + hit.rule().why()
                      + ")"));
          return found;
        }
      }
    }
    return found;
  }

  private static int firstOperand(List<String> words) {
    for (int i = 0; i < words.size(); i++) {
      if (!words.get(i).startsWith("-")) {
        return i;
      }
    }
    return -1;
  }

  /** The path the remembered argument takes in the run's words after the script, or null. */
  private static String target(String spec, List<String> words, int from) {
    String which = spec.substring(2, spec.lastIndexOf(' '));
    if (spec.startsWith("v:")) {
      int index = from + Integer.parseInt(which) - 1;
      return index < words.size() ? words.get(index) : null;
    }
    int place = 0;
    for (int i = from; i < words.size(); i++) {
      String word = words.get(i);
      if (spec.startsWith("o:") && word.startsWith(which + "=")) {
        return word.substring(which.length() + 1);
      }
      if (word.startsWith("-")) {
        boolean valued = !word.contains("=") && i + 1 < words.size();
        if (spec.startsWith("o:") && word.equals(which)) {
          return valued ? words.get(i + 1) : null;
        }
        i += valued && !words.get(i + 1).startsWith("-") ? 1 : 0;
      } else if (spec.startsWith("p:") && place++ == Integer.parseInt(which)) {
        return word;
      }
    }
    return null;
  }
}
