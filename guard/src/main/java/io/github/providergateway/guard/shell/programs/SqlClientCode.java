package io.github.providergateway.guard.shell.programs;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell commands and files in the input of SQL clients ({@link ForeignCode}'s {@code sql}
 * language): their meta commands that run a shell command, the files sqlite's functions read and
 * write, and the program {@code COPY … PROGRAM} runs.
 */
final class SqlClientCode {
  private static final Pattern SQL_FILE =
      Pattern.compile("(?i)\\b(readfile|writefile)\\s*\\(\\s*'([^']*)'");

  private static final Pattern SQL_PROGRAM = Pattern.compile("(?i)\\bprogram\\s+('(?:[^']|'')*')");

  private SqlClientCode() {}

  /** sqlite's dot-commands that run a shell command, by the beginning it takes of each. */
  private static final List<String> RUNS_SHELL = List.of("shell", "system");

  /** sqlite's dot-commands whose output may go to a command ({@code .once |cmd}). */
  private static final List<String> PIPES_OUTPUT = List.of("once", "output");

  /** psql's pager set to a command psql runs on output: {@code \setenv PAGER …}. */
  private static final Pattern PAGER = Pattern.compile("^\\\\setenv\\s+(?:PSQL_)?PAGER\\s+(.+)$");

  /** Whether {@code line} starts with a dot-command named by {@code min} or more letters of one. */
  private static boolean dotCommand(String line, List<String> names, int min) {
    if (!line.startsWith(".")) {
      return false;
    }
    int end = 1;
    while (end < line.length() && Character.isLetter(line.charAt(end))) {
      end++;
    }
    String word = line.substring(1, end);
    if (word.length() < min) {
      return false;
    }
    for (String name : names) {
      if (name.startsWith(word)) {
        return true;
      }
    }
    return false;
  }

  /** Each {@code `…`} of a psql meta-command's line, run as a shell command. */
  private static void backquoted(String line, List<ForeignRun> found) {
    int open = line.indexOf('`');
    while (open >= 0) {
      int close = line.indexOf('`', open + 1);
      if (close < 0) {
        return;
      }
      found.add(ForeignRun.shell(line.substring(open + 1, close)));
      open = line.indexOf('`', close + 1);
    }
  }

  private static String unquoted(String value) {
    String v = value.strip();
    boolean quoted =
        v.length() >= 2
            && (v.startsWith("'") && v.endsWith("'") || v.startsWith("\"") && v.endsWith("\""));
    return quoted ? v.substring(1, v.length() - 1) : v;
  }

  /**
   * What SQL clients' {@code code} runs: {@code \! cmd}, {@code system cmd}, psql's {@code \o |cmd}
   * and {@code \g |cmd}, sqlite's {@code .shell cmd}, {@code .system cmd} and {@code .once |cmd},
   * the files sqlite's {@code readfile} and {@code writefile} read and write, and {@code COPY …
   * PROGRAM 'cmd'}.
   *
   * @param code the client's input
   * @param found where what it runs goes, in order
   */
  static void extract(String code, List<ForeignRun> found) {
    for (String line : code.split("\n|;")) {
      String l = line.strip();
      String lower = l.toLowerCase(Locale.ROOT);
      if (l.startsWith("\\!")) {
        found.add(ForeignRun.shell(l.substring(2)));
      } else if (lower.startsWith("system ")) {
        found.add(ForeignRun.shell(l.substring(7)));
      } else if (dotCommand(lower, RUNS_SHELL, 2) && l.indexOf(' ') > 0) {
        // sqlite takes a dot-command by any beginning it reaches first: .sh, .sys (rtq red team)
        found.add(ForeignRun.shell(l.substring(l.indexOf(' ') + 1)));
      } else if ((dotCommand(lower, PIPES_OUTPUT, 1) || lower.startsWith("\\o"))
          && l.indexOf('|') > 0) {
        found.add(ForeignRun.shell(l.substring(l.indexOf('|') + 1)));
      } else if (l.startsWith("\\") && l.indexOf('`') >= 0) {
        backquoted(l, found); // psql runs a meta-command argument's `…` as a shell command
      } else if (PAGER.matcher(l).find()) {
        Matcher pager = PAGER.matcher(l);
        pager.find();
        found.add(ForeignRun.shell(unquoted(pager.group(1)))); // \setenv PAGER 'cmd'
      } else {
        String piped = psqlPipe(l);
        if (piped != null) {
          found.add(ForeignRun.shell(piped));
        }
      }
    }
    Matcher files = SQL_FILE.matcher(code);
    while (files.find()) {
      // sqlite's readfile('p') and writefile('p', …): a file read or written.
      String program = files.group(1).equalsIgnoreCase("readfile") ? "cat" : "tee";
      found.add(ForeignRun.argv(List.of(program, files.group(2))));
    }
    Matcher m = SQL_PROGRAM.matcher(code);
    while (m.find()) {
      String quoted = m.group(1);
      found.add(ForeignRun.shell(quoted.substring(1, quoted.length() - 1).replace("''", "'")));
    }
  }

  /**
   * The command psql's {@code \g}, {@code \gx} or {@code \w} pipes into ({@code select 1 \g |rm -rf
   * ~}): psql runs what follows the bar as a shell command, as {@code \o |cmd} does. The
   * meta-command may end a line of SQL. Returns {@code null} for none.
   */
  private static String psqlPipe(String line) {
    for (int at = line.indexOf('\\'); at >= 0; at = line.indexOf('\\', at + 1)) {
      int end = at + 1;
      while (end < line.length() && Character.isLetter(line.charAt(end))) {
        end++;
      }
      String name = line.substring(at + 1, end);
      if (!name.equals("g") && !name.equals("gx") && !name.equals("w") && !name.equals("write")) {
        continue;
      }
      int bar = end;
      while (bar < line.length() && line.charAt(bar) == ' ') {
        bar++;
      }
      if (bar < line.length() && line.charAt(bar) == '|') {
        return line.substring(bar + 1);
      }
    }
    return null;
  }
}
