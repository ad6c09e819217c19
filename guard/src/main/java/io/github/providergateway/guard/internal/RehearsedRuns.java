package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A script the session wrote whose every harm waits behind its own dry-run switch, run with that
 * switch (issue 80, round 61): {@code if not args.dry_run: requests.post(…)} run as {@code python
 * comp.py --dry-run} does only what the rest of the text does. When a whole script is written that
 * declares a {@code --dry-run} option and holds what a rule blocks ({@link HeldContent}), its text
 * is judged again without the branches that run only when the switch is off ({@code if not
 * dry_run:}, the {@code else:} of {@code if dry_run:}, what follows an {@code if dry_run:} that
 * returns, JavaScript's {@code if (!dryRun) {…}}); a clean rehearsal is remembered under {@code
 * rehearsal:<path>}. A run of that script with {@code --dry-run} is then not answered for it
 * ({@link #rehearsed}); without the switch, or after any later write of the file, it is, as before.
 * A harm outside the switch's branches, or a switch stored the other way ({@code store_false}),
 * keeps the whole text's answer.
 */
final class RehearsedRuns {
  private RehearsedRuns() {}

  /** The session's key of a written script whose dry run holds nothing a rule blocks. */
  private static final String KEY = "rehearsal:";

  /** A run entry of a script run with its dry-run switch: {@code rehearses:<path>}. */
  private static final String RUN = "rehearses:";

  /** The switch on a command line: {@code --dry-run}, {@code --dry_run}, {@code --dryrun}. */
  private static final Pattern SWITCH = Pattern.compile("--dry[-_]?run(?:=(?:true|1|yes))?");

  /** The switch declared in a script's text. */
  private static final Pattern DECLARED = Pattern.compile("[\"']--dry[-_]?run[\"']");

  /** A Python test of the switch: {@code if not a.dry_run:}, {@code if dry_run:}. */
  private static final Pattern PY_IF =
      Pattern.compile(
          "^(\\s*)if\\s+(not\\s+)?\\(?\\s*(?:[\\w.]{1,60}\\.)?(?:\\w{1,30}\\[[\"'])?dry_?run(?:[\"']\\])?\\s*\\)?\\s*:\\s*(.*)$");

  /** A JavaScript test of the switch off: {@code if (!dryRun) {}, {@code if (!opts.dry_run)}. */
  private static final Pattern JS_IF =
      Pattern.compile("if\\s*\\(\\s*!\\s*(?:[\\w.]{1,60}\\.)?(?:dryRun|dry_run|dryrun)\\s*\\)\\s*");

  /** A line that leaves the function or the script. */
  private static final Pattern LEAVES =
      Pattern.compile("(?:return\\b.*|sys\\.exit\\(.*\\)|exit\\(.*\\)|raise SystemExit.*)");

  /** A JavaScript or TypeScript file's name, as one pattern made once (each file written asks). */
  private static final Pattern SCRIPT_NAME = Pattern.compile(".*\\.(?:js|mjs|cjs|ts|mts)");

  /** Whether a file's name in lower case is a JavaScript or TypeScript file's. */
  private static boolean scriptName(String lower) {
    return (lower.endsWith("js") || lower.endsWith("ts")) && SCRIPT_NAME.matcher(lower).matches();
  }

  /**
   * Remembers whether a written script's dry run is clean: only for a whole text that declares the
   * switch and holds a rule's hit; any other write of the file forgets it.
   *
   * @param scan the writing call's scan
   * @param path the file's absolute path
   * @param code what is written
   * @param whole whether it is the file's whole text
   * @param held whether the text holds what a rule blocks
   * @param found where it is remembered
   */
  static void written(
      Scan scan, String path, String code, boolean whole, boolean held, Found found) {
    String lower = path.toLowerCase(Locale.ROOT);
    boolean python = lower.endsWith(".py");
    boolean script = python || scriptName(lower);
    if (!script || found.writesSenders().size() >= 16) {
      return;
    }
    boolean clean = false;
    if (whole && held && PatternLiterals.finds(DECLARED, code) && !code.contains("store_false")) {
      String rehearsal = python ? pythonRehearsal(code) : jsRehearsal(code);
      String shell = rehearsal == null ? null : HeldContent.asShell(path, rehearsal);
      clean = shell != null && HeldContent.strongest(scan, path, shell) == null;
    }
    found.writesSenders().put(KEY + path, clean ? "clean" : "");
  }

  /**
   * The scripts a program runs with the dry-run switch among its arguments.
   *
   * @param scan the call's scan
   * @param step the program
   * @param found where the run entries go
   */
  static void runs(Scan scan, Step step, Found found) {
    boolean rehearsed = false;
    for (Word word : step.args()) {
      rehearsed |= word.text() != null && PatternLiterals.matches(SWITCH, word.text());
    }
    if (!rehearsed) {
      return;
    }
    for (Word script : WrittenScripts.files(step)) {
      for (Target target : scan.targets(step, script)) {
        if (target.known() && found.runs().size() < 32) {
          found.runs().add(RUN + target.path());
        }
      }
    }
  }

  /**
   * Whether a written script is run with its switch and its dry run is clean.
   *
   * @param written the session's written files
   * @param path the script's absolute path
   * @param runs the call's run entries
   * @return whether its held text is not answered
   */
  static boolean rehearsed(Map<String, String> written, String path, List<String> runs) {
    return "clean".equals(written.get(KEY + path)) && runs.contains(RUN + path);
  }

  /** The Python text without what runs only when the switch is off; null when unsure. */
  static String pythonRehearsal(String code) {
    String[] lines = code.split("\n", -1);
    List<String> kept = new ArrayList<>();
    int cutBelow = -1; // after an if dry_run: that leaves, what follows at this indent or deeper
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      int indent = indent(line);
      if (cutBelow >= 0 && !line.isBlank() && indent < cutBelow) {
        cutBelow = -1;
      }
      if (cutBelow >= 0) {
        continue;
      }
      Matcher test = PY_IF.matcher(line);
      if (!test.matches()) {
        kept.add(line);
        continue;
      }
      boolean off = test.group(2) != null;
      String inline = test.group(3).strip();
      int end = blockEnd(lines, i, indent);
      if (off) {
        i = inline.isEmpty() ? end : i; // the branch run only for real: dropped
        if (i + 1 < lines.length
            && lines[i + 1].strip().equals("else:")
            && indent(lines[i + 1]) == indent) {
          kept.add(" ".repeat(indent) + "if True:"); // its else: is the dry run's
          i++;
        }
        continue;
      }
      boolean leaves = PatternLiterals.matches(LEAVES, inline);
      for (int j = i; j <= (inline.isEmpty() ? end : i); j++) {
        kept.add(lines[j]);
        leaves |= j > i && PatternLiterals.matches(LEAVES, lines[j].strip());
      }
      i = inline.isEmpty() ? end : i;
      if (i + 1 < lines.length
          && lines[i + 1].strip().equals("else:")
          && indent(lines[i + 1]) == indent) {
        i = blockEnd(lines, i + 1, indent); // the else: is the real run's
      } else if (leaves) {
        cutBelow = indent;
      }
    }
    return String.join("\n", kept);
  }

  /** The last line of the block below line {@code at}, indented deeper than {@code indent}. */
  private static int blockEnd(String[] lines, int at, int indent) {
    int end = at;
    for (int j = at + 1; j < lines.length; j++) {
      if (!lines[j].isBlank() && indent(lines[j]) <= indent) {
        break;
      }
      end = j;
    }
    return end;
  }

  private static int indent(String line) {
    return line.length() - line.stripLeading().length();
  }

  /** The JavaScript text without the {@code if (!dryRun)} branches; null when unsure. */
  static String jsRehearsal(String code) {
    StringBuilder kept = new StringBuilder();
    Matcher test = JS_IF.matcher(code);
    int from = 0;
    while (test.find()) {
      kept.append(code, from, test.start());
      int at = test.end();
      if (at < code.length() && code.charAt(at) == '{') {
        int depth = 0;
        int end = -1;
        for (int i = at; i < code.length() && end < 0; i++) {
          char c = code.charAt(i);
          depth += c == '{' ? 1 : c == '}' ? -1 : 0;
          end = depth == 0 ? i : -1;
        }
        if (end < 0) {
          return null;
        }
        from = end + 1;
      } else {
        int semicolon = code.indexOf(';', at);
        if (semicolon < 0) {
          return null;
        }
        from = semicolon + 1;
      }
    }
    kept.append(code, from, code.length());
    return kept.toString();
  }
}
