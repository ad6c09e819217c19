package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import java.util.Locale;

/**
 * PowerShell's own command line, {@code pwsh} and Windows PowerShell's {@code powershell.exe}
 * (about_Pwsh, about_PowerShell_exe; decision 140), read as the program reads it: a parameter's
 * name in any case and shortened to any prefix it allows ({@code -c}, {@code -Comm}, {@code
 * -COMMAND}), begun with a dash of any width or a slash; {@code -Command}'s code is every word
 * after it, not the next one alone; {@code -EncodedCommand}'s value is the code, encoded; Windows
 * PowerShell's first positional word begins the command (pwsh's names a script file); {@code
 * -Command -}, a lone {@code -}, or nothing to run reads the code from standard input.
 */
final class PowerShellLine {
  private PowerShellLine() {}

  /** The parameters that take a value, with the shortest prefix each accepts. */
  private static final String[][] VALUED = {
    {"executionpolicy", "ex"},
    {"ep", "ep"},
    {"inputformat", "inp"},
    {"if", "if"},
    {"outputformat", "o"},
    {"of", "of"},
    {"encodedarguments", "encodeda"},
    {"ea", "ea"},
    {"settingsfile", "settings"},
    {"configurationname", "config"},
    {"configurationfile", "configurationf"},
    {"custompipename", "cus"},
    {"workingdirectory", "wo"},
    {"wd", "wd"},
    {"windowstyle", "w"},
    {"psconsolefile", "ps"}
  };

  static void read(Resolver r, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    boolean windowsPowerShell = r.names.of(words.get(0).text()).equals("powershell");
    for (int i = 1; i < words.size(); i++) {
      String text = words.get(i).text();
      String key = parameter(text);
      if (key == null) {
        if (text.equals("-")) {
          RunnerCode.input(r, raw, "powershell", words, depth, via);
        } else if (windowsPowerShell) {
          code(r, raw, words, i, depth, via);
        }
        return; // pwsh's first positional word is a script file, run as sh runs one
      }
      if (named(key, "command", "c")
          || named(key, "commandwithargs", "commandwithargs")
          || key.equals("cwa")) {
        code(r, raw, words, i + 1, depth, via);
        return;
      }
      if (named(key, "encodedcommand", "e") || key.equals("ec")) {
        if (i + 1 < words.size()) {
          RunnerCode.code(r, words.get(i + 1), "powershell", words, depth, via);
        }
        return;
      }
      if (named(key, "file", "f")) {
        if (i + 1 < words.size() && words.get(i + 1).text().equals("-")) {
          RunnerCode.input(r, raw, "powershell", words, depth, via);
        }
        return;
      }
      boolean joined = text.indexOf(':') > 0; // -ExecutionPolicy:Bypass: its value in the word
      if (!joined && (takesValue(key) || windowsPowerShell && named(key, "version", "v"))) {
        i++;
      }
    }
    RunnerCode.input(r, raw, "powershell", words, depth, via); // nothing named: its input runs
  }

  /** The code from word {@code at} on, joined as PowerShell joins them; {@code -}: its input. */
  private static void code(
      Resolver r, RawCommand raw, List<Word> words, int at, int depth, List<String> via)
      throws ShellParseException {
    if (at >= words.size()) {
      return;
    }
    if (at == words.size() - 1 && words.get(at).text().equals("-")) {
      RunnerCode.input(r, raw, "powershell", words, depth, via);
      return;
    }
    Word code = RunnerHandlers.joined(words.subList(at, words.size()));
    RunnerCode.code(r, code, "powershell", words, depth, via);
  }

  /**
   * A parameter's name in lower case without its mark, or null for a word that is none: PowerShell
   * takes a hyphen, an en or em dash, a horizontal bar or (on Windows) a slash.
   */
  static String parameter(String word) {
    if (word.length() < 2) {
      return null;
    }
    char mark = word.charAt(0);
    if (mark != '-' && mark != '/' && mark != '\u2013' && mark != '\u2014' && mark != '\u2015') {
      return null;
    }
    String key = word.substring(mark == '-' && word.charAt(1) == '-' ? 2 : 1);
    int colon = key.indexOf(':'); // -ExecutionPolicy:Bypass
    String name = colon > 0 ? key.substring(0, colon) : key;
    for (int i = 0; i < name.length(); i++) {
      if (!Character.isLetter(name.charAt(i)) && name.charAt(i) != '?') {
        return null; // a path (/home/u/x.ps1), a number: a positional word
      }
    }
    return name.toLowerCase(Locale.ROOT);
  }

  /** Whether {@code key} names {@code full}: a prefix of it no shorter than {@code shortest}. */
  private static boolean named(String key, String full, String shortest) {
    return key.length() >= shortest.length() && full.startsWith(key);
  }

  private static boolean takesValue(String key) {
    for (String[] valued : VALUED) {
      if (named(key, valued[0], valued[1])) {
        return true;
      }
    }
    return false;
  }
}
