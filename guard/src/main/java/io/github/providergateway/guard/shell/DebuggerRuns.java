package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The program a debugger's commands start ({@code gdb -ex 'run -rf ~' /bin/rm}, {@code lldb -o
 * 'process launch -- -rf ~' /bin/rm}): the program file named on its command line (or by {@code
 * file}, {@code target create}), run with the arguments of {@code run}, {@code r}, {@code start},
 * {@code process launch}. Both debuggers start it through a shell ({@code startup-with-shell},
 * lldb's {@code run} alias), so the file and its arguments are read as a line of shell.
 */
final class DebuggerRuns {
  private DebuggerRuns() {}

  /** gdb's options that take the next word (gdb(1); one dash or two). */
  private static final Set<String> GDB_VALUED =
      NameSet.of(
          "-ex",
          "-iex",
          "-eval-command",
          "-init-eval-command",
          "-x",
          "-ix",
          "-command",
          "-init-command",
          "-p",
          "-pid",
          "-cd",
          "-d",
          "-directory",
          "-s",
          "-symbols",
          "-se",
          "-e",
          "-exec",
          "-c",
          "-core",
          "-b",
          "-tty",
          "-t",
          "-data-directory",
          "-D",
          "-interpreter",
          "-i");

  /** lldb's options that take the next word (lldb --help). */
  private static final Set<String> LLDB_VALUED =
      NameSet.of(
          "-o",
          "--one-line",
          "-O",
          "--one-line-before-file",
          "-s",
          "--source",
          "-S",
          "--source-before-file",
          "-k",
          "--one-line-on-crash",
          "-K",
          "--source-on-crash",
          "-a",
          "--arch",
          "-c",
          "--core",
          "-n",
          "--attach-name",
          "-p",
          "--attach-pid",
          "-l",
          "--script-language",
          "-f",
          "--file",
          "-x",
          "-X");

  private static final Pattern RUN =
      Pattern.compile(
          "^\\s*(?:run|r|start|starti|process\\s+launch(?:\\s+--)?|pro\\s+la(?:\\s+--)?)(?:\\s+(.*))?$",
          Pattern.DOTALL);

  private static final Pattern FILE =
      Pattern.compile("^\\s*(?:file|exec-file|target\\s+create)\\s+(\\S+)\\s*$");

  /**
   * Reads what the debugger's commands {@code code} run: for each {@code run ARGS}, the program
   * file with ARGS.
   */
  static void read(
      Resolver resolver,
      String language,
      List<Word> words,
      List<Word> code,
      int depth,
      List<String> via)
      throws ShellParseException {
    String target = target(language, words);
    for (Word command : code) {
      Matcher file = FILE.matcher(command.text());
      if (file.matches()) {
        target = file.group(1);
        continue;
      }
      Matcher run = RUN.matcher(command.text());
      if (target == null || !run.matches()) {
        continue;
      }
      String args = run.group(1) == null ? "" : run.group(1);
      resolver.script(
          "'" + target.replace("'", "'\\''") + "' " + args,
          depth,
          Resolver.append(via, language + " run"),
          " in the program " + language + " runs");
    }
  }

  /** The program file named on the debugger's command line, or null. */
  private static String target(String language, List<Word> words) {
    boolean gdb = language.equals("gdb");
    Set<String> valued = gdb ? GDB_VALUED : LLDB_VALUED;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("--")) {
        return i + 1 < words.size() ? words.get(i + 1).text() : null;
      }
      if (!t.startsWith("-")) {
        return t;
      }
      String name = gdb && t.startsWith("--") ? t.substring(1) : t; // --ex is -ex
      if (!gdb && (name.equals("-f") || name.equals("--file")) && i + 1 < words.size()) {
        return words.get(i + 1).text();
      }
      if (gdb && name.equals("-args")) {
        return i + 1 < words.size() ? words.get(i + 1).text() : null;
      }
      if (name.indexOf('=') < 0 && valued.contains(name)) {
        i++;
      }
    }
    return null;
  }
}
