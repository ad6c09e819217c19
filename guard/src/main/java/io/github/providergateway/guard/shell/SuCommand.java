package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.Runners;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code su} and {@code runuser} run as another user (su(1), runuser(1)): the string of their
 * code options ({@code -c}, {@code --command}, {@code --session-command}, by any abbreviation
 * getopt_long takes: {@code --comm}), and the program {@code -s}/{@code --shell} names, which they
 * run with the words after the user ({@code su -s /bin/rm root -- -rf ~} runs {@code rm -rf ~}).
 */
final class SuCommand {
  private SuCommand() {}

  static void read(Resolver resolver, List<Word> words, String program, int depth, List<String> via)
      throws ShellParseException {
    Runners.Row row = Runners.of(program);
    if (program.equals("su")) { // runuser's code options are read with its row's
      List<String> codes = new ArrayList<>();
      for (Word code : RunnerWords.codeValues(row, words)) {
        codes.add(code.text());
      }
      String glued = Wrappers.optionValue(words, 'c', "--command"); // su -c'id', -lcid
      if (codes.isEmpty() && glued != null) {
        codes.add(glued);
      }
      for (String code : codes) {
        resolver.script(
            code, depth, Resolver.append(via, program + " -c"), " in the string of " + program);
      }
    }
    List<Word> shell = shellCommand(row, words);
    if (shell != null) {
      resolver.command(shell, depth, Resolver.append(via, program + " -s"));
    }
  }

  /**
   * The program named by {@code -s}/{@code --shell} and the words after the user it is run with, or
   * null when no program is named or a code option runs a string instead (su's shell then runs
   * {@code -c STRING}, read as code).
   */
  static List<Word> shellCommand(Runners.Row row, List<Word> words) {
    Word shell = null;
    boolean code = false;
    List<Word> positional = new ArrayList<>();
    for (int i = 1; i < words.size(); i++) {
      Word word = words.get(i);
      String t = word.text();
      if (t.equals("--")) {
        positional.addAll(words.subList(i + 1, words.size()));
        break;
      }
      if (!t.startsWith("-") || t.equals("-")) {
        if (!t.equals("-")) {
          positional.add(word);
        }
        continue;
      }
      int eq = t.indexOf('=');
      String name = eq < 0 ? t : t.substring(0, eq);
      if (t.startsWith("--")) {
        String option = Wrappers.abbreviated(name, allLong(row));
        boolean valued =
            option != null && (row.longOptions().contains(option) || row.code().contains(option));
        code |= option != null && row.code().contains(option);
        Word value =
            !valued
                ? null
                : eq >= 0 ? new Word(t.substring(eq + 1), word.literal()) : next(words, i);
        if (valued && eq < 0) {
          i++;
        }
        if ("--shell".equals(option) && value != null) {
          shell = value;
        }
        continue;
      }
      for (int j = 1; j < t.length(); j++) { // -s PROG, -sPROG, -ls PROG, -u USER
        char c = t.charAt(j);
        if (c == 'c') {
          code = true;
        }
        if (c != 'c' && row.options().indexOf(c) < 0) {
          continue;
        }
        boolean glued = j + 1 < t.length();
        Word value = glued ? new Word(t.substring(j + 1), word.literal()) : next(words, i);
        if (!glued) {
          i++;
        }
        if (c == 's' && value != null) {
          shell = value;
        }
        break;
      }
    }
    if (shell == null || code) {
      return null;
    }
    List<Word> command = new ArrayList<>();
    command.add(shell);
    if (!positional.isEmpty()) {
      command.addAll(positional.subList(1, positional.size())); // after the user
    }
    return command;
  }

  private static Word next(List<Word> words, int i) {
    return i + 1 < words.size() ? words.get(i + 1) : null;
  }

  private static List<String> allLong(Runners.Row row) {
    List<String> names = new ArrayList<>(row.longOptions());
    names.addAll(row.code());
    names.removeIf(name -> !name.startsWith("--"));
    return names;
  }
}
