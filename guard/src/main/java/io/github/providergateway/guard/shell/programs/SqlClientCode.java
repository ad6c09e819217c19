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
      } else if (lower.startsWith(".shell ") || lower.startsWith(".system ")) {
        found.add(ForeignRun.shell(l.substring(l.indexOf(' ') + 1)));
      } else if ((lower.startsWith(".once")
              || lower.startsWith(".output")
              || lower.startsWith("\\o"))
          && l.indexOf('|') > 0) {
        found.add(ForeignRun.shell(l.substring(l.indexOf('|') + 1)));
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
