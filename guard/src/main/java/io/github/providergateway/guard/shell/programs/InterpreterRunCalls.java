package io.github.providergateway.guard.shell.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commands run by code of the interpreters issue 80's red team gave code ({@code gjs -c},
 * {@code guile -c}, {@code erl -eval}, {@code elixir -e}, {@code octave --eval}, {@code gnuplot
 * -e}): each language's calls that run a shell string or a program with its arguments, read where
 * their arguments are literal; a call that runs what it builds is reported as such ({@link
 * ForeignRun#opaque()}), never dropped.
 */
final class InterpreterRunCalls {
  private InterpreterRunCalls() {}

  /** The languages read here, as the runners' table names them. */
  static boolean reads(String language) {
    return switch (language) {
      case "gjs", "scheme", "erlang", "elixir", "octave", "gnuplot" -> true;
      default -> false;
    };
  }

  private static final String STRING = "(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')";

  /** One language's calls: those given a shell string, those given a program and its words. */
  private record Calls(Pattern shell, Pattern argv, Pattern any) {}

  private static final Calls GJS =
      new Calls(
          Pattern.compile("\\bspawn_command_line_(?:sync|async)\\s*\\(\\s*" + STRING),
          Pattern.compile("\\b(?:spawn_sync|spawn_async\\w*|Subprocess(?:\\.new)?)\\s*\\("),
          Pattern.compile("\\b(?:spawn_\\w+|Subprocess\\w*|SubprocessLauncher)\\b"));

  private static final Calls SCHEME =
      new Calls(
          Pattern.compile("\\((?:system|open-pipe|open-input-pipe|open-output-pipe)\\s+" + STRING),
          Pattern.compile("\\((?:system\\*|open-pipe\\*)\\s+(?:OPEN_\\w+\\s+)?(?=[\"'])"),
          Pattern.compile("\\((?:system\\*?|open-pipe\\*?|open-input-pipe|open-output-pipe)\\s"));

  private static final Calls ERLANG =
      new Calls(
          Pattern.compile(
              "\\b(?:os:cmd\\s*\\(|open_port\\s*\\(\\s*\\{\\s*spawn\\s*,)\\s*" + STRING),
          Pattern.compile("\\bopen_port\\s*\\(\\s*\\{\\s*spawn_executable\\s*,\\s*(?=[\"'])"),
          Pattern.compile("\\b(?:os:cmd|open_port)\\s*\\("));

  private static final Calls ELIXIR =
      new Calls(
          Pattern.compile(
              "(?:\\bSystem\\.shell|:os\\.cmd)\\s*\\(?\\s*(?:~c)?"
                  + STRING
                  + "|\\bPort\\.open\\s*\\(\\s*\\{\\s*:spawn\\s*,\\s*"
                  + STRING),
          Pattern.compile("\\bSystem\\.cmd\\s*\\(?\\s*(?=[\"'])"),
          Pattern.compile("\\b(?:System\\.cmd|System\\.shell|:os\\.cmd|Port\\.open)\\b"));

  private static final Calls OCTAVE =
      new Calls(
          Pattern.compile("\\b(?:system|shell_cmd|unix|dos|popen2?)\\s*\\(?\\s*" + STRING),
          null,
          Pattern.compile("\\b(?:system|shell_cmd|unix|dos|popen2?)\\s*\\("));

  private static final Calls GNUPLOT =
      new Calls(
          Pattern.compile(
              "\\bsystem\\s*\\(?\\s*"
                  + STRING
                  + "|`([^`]+)`|(?m)^\\s*!(.+)$|[\"']\\s*[<|]([^\"']+)[\"']"),
          null,
          Pattern.compile("\\bsystem\\s*\\(|\\bsystem\\s+[A-Za-z_]"));

  /** An expression of the home folder, read as {@code ~}. */
  private static final Pattern HOME =
      Pattern.compile(
          "System\\.user_home!?\\(\\)|GLib\\.get_home_dir\\(\\)|\\(getenv \"HOME\"\\)"
              + "|os:getenv\\(\"HOME\"\\)|System\\.get_env\\(\"HOME\"\\)|getenv\\(\"HOME\"\\)");

  /** {@return what {@code code} in {@code language} runs} */
  static List<ForeignRun> extract(String language, String code) {
    Calls calls =
        switch (language) {
          case "gjs" -> GJS;
          case "scheme" -> SCHEME;
          case "erlang" -> ERLANG;
          case "elixir" -> ELIXIR;
          case "octave" -> OCTAVE;
          default -> GNUPLOT;
        };
    String read = HOME.matcher(code).replaceAll("\"~\"");
    List<ForeignRun> found = new ArrayList<>();
    Matcher shell = calls.shell().matcher(read);
    while (shell.find()) {
      for (int g = 1; g <= shell.groupCount(); g++) {
        if (shell.group(g) != null) {
          String text = shell.group(g);
          boolean quoted = text.startsWith("\"") || text.startsWith("'");
          found.add(ForeignRun.shell(quoted ? unquote(text) : text.strip()));
          break;
        }
      }
    }
    if (calls.argv() != null) {
      Matcher argv = calls.argv().matcher(read);
      while (argv.find()) {
        found.add(words(read, argv.end()));
      }
    }
    if (found.isEmpty() && calls.any().matcher(code).find()) {
      found.add(ForeignRun.opaque(language + " code that runs a command it builds"));
    }
    return found;
  }

  /**
   * The program and words given from {@code at} on: the string literals up to the call's close,
   * lists opened within it included; a word that is no literal stands as {@code $CODE}, not read.
   */
  private static ForeignRun words(String code, int at) {
    List<ProgramWord> words = new ArrayList<>();
    int depth = 0;
    boolean listClosed = false;
    int i = at;
    while (i < code.length() && words.size() < 64) {
      char c = code.charAt(i);
      if (c == '"' || c == '\'') {
        Matcher s = Pattern.compile(STRING).matcher(code).region(i, code.length());
        if (!s.lookingAt()) {
          break;
        }
        words.add(ProgramWord.plain(unquote(s.group())));
        i = s.end();
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        if (--depth < 0) {
          break;
        }
        listClosed |= depth == 0;
      } else if (c == ',' && depth == 0 && listClosed) {
        break; // System.cmd("git", ["status"], cd: "x"): the options after the words
      } else if (Character.isLetter(c) && depth >= 0 && !words.isEmpty()) {
        int end = i;
        while (end < code.length() && "),]} \n".indexOf(code.charAt(end)) < 0) {
          end++;
        }
        if (end > i && !code.startsWith("OPEN_", i)) {
          words.add(ProgramWord.of("$CODE", false)); // a value the code computes
        }
        i = Math.max(end, i + 1);
        continue;
      }
      i++;
    }
    if (words.isEmpty()) {
      return ForeignRun.opaque("a command it builds");
    }
    return new ForeignRun(null, words, null, null, null, false);
  }

  private static String unquote(String quoted) {
    String inner = quoted.substring(1, quoted.length() - 1);
    return quoted.charAt(0) == '"' ? inner.replace("\\\"", "\"").replace("\\\\", "\\") : inner;
  }
}
