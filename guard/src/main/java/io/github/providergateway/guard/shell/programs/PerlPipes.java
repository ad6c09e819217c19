package io.github.providergateway.guard.shell.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Perl's {@code open} of a pipe (perlfunc open, perlipc): {@code open(F, "|-", "sh")} and {@code
 * open(F, "-|", "rm", "-rf", $d)} run the program named after the mode, {@code open(F, "| sh")} and
 * {@code open(F, "rm -rf ~ |")} run their text by the shell. Where the program fed is a shell, what
 * the code prints into a handle is read as its commands ({@code print $f "rm -rf ~"}).
 */
final class PerlPipes {
  private PerlPipes() {}

  private static final String STRING = "(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')";

  /** {@code open(F, "|-", …)} or {@code "-|"}: the words after the mode are the command. */
  private static final Pattern OPEN_LIST =
      Pattern.compile(
          "\\bopen\\s*\\(?\\s*(?:my\\s+)?[$*\\w]+\\s*,\\s*([\"'])(\\|-|-\\|)\\1\\s*,\\s*([^;)]+)");

  /** {@code open(F, "| cmd")} or {@code open(F, "cmd |")}: the text is a shell command. */
  private static final Pattern OPEN_SHELL =
      Pattern.compile(
          "\\bopen\\s*\\(?\\s*(?:my\\s+)?[$*\\w]+\\s*,\\s*([\"'])\\s*(\\|[^\"'|-][^\"']*|[^\"'|]*[^\"'|\\s-]\\s*\\|)\\s*\\1");

  /** A print into a handle: {@code print $f "…"}, {@code print F '…'}, {@code printf {$f} "…"}. */
  private static final Pattern PRINT_TO =
      Pattern.compile("\\b(?:print|printf|say)\\s*\\(?\\s*\\{?\\s*\\$?\\w+\\s*\\}?\\s+" + STRING);

  private static final Pattern SHELL =
      Pattern.compile("(?:/(?:usr/)?bin/)?(?:sh|bash|dash|zsh|ksh)(?:\\s+-s)?");

  /** {@return what {@code code}'s pipes run} */
  static List<InlineRun> runs(String code) {
    if (!code.contains("open")) {
      return List.of();
    }
    List<InlineRun> found = new ArrayList<>();
    boolean shellFed = false;
    Matcher list = OPEN_LIST.matcher(code);
    while (list.find()) {
      List<ProgramWord> words = new ArrayList<>();
      Matcher word = Pattern.compile(STRING + "|([$@]\\w+)").matcher(list.group(3));
      while (word.find()) {
        words.add(
            word.group(1) != null
                ? ProgramWord.plain(unquote(word.group(1)))
                : ProgramWord.of(word.group(2), false));
      }
      if (!words.isEmpty()) {
        found.add(InlineRun.argv(words));
        shellFed |= list.group(2).equals("|-") && SHELL.matcher(words.get(0).text()).matches();
      }
    }
    Matcher shell = OPEN_SHELL.matcher(code);
    while (shell.find()) {
      String text = shell.group(2).strip();
      boolean writes = text.startsWith("|");
      text = writes ? text.substring(1).strip() : text.substring(0, text.length() - 1).strip();
      found.add(InlineRun.shell(text));
      shellFed |= writes && SHELL.matcher(text).matches();
    }
    if (shellFed) {
      Matcher print = PRINT_TO.matcher(code);
      while (print.find()) {
        found.add(InlineRun.shell(unquote(print.group(1)).replace("\\n", "\n")));
      }
    }
    return found;
  }

  private static String unquote(String quoted) {
    String inner = quoted.substring(1, quoted.length() - 1);
    return quoted.charAt(0) == '"' ? inner.replace("\\\"", "\"").replace("\\\\", "\\") : inner;
  }
}
