package io.github.providergateway.guard.shell.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * Where bash runs the command substitutions inside a string that is quoted as plain text: it
 * evaluates an array subscript, and so runs {@code $(…)}, when the string reaches arithmetic
 * ({@code $((x))}, {@code ((…))}, {@code let}, {@code declare -i}, {@code [[ $x -eq 0 ]]}), a name
 * reference ({@code declare -n}), {@code printf -v}, {@code read}, {@code test -v}, or a prompt
 * expansion ({@code ${x@P}}): {@code x='a[$(rm -rf ~)]'; echo $((x))} runs {@code rm -rf ~} (the
 * red team of issue 60 showed each in bash). Where a command has such a context, the substitutions
 * in its quoted strings are read as commands of their own.
 */
final class EvaluatedStrings {
  private static final String[] CONTEXTS = {
    "$((",
    "((",
    "let ",
    "declare -i",
    "typeset -i",
    "local -i",
    "declare -n",
    "typeset -n",
    "local -n",
    "printf -v",
    "read ",
    "test -v",
    "[ -v",
    "[[",
    "@P}",
    "@P ",
    "readonly -i"
  };

  private EvaluatedStrings() {}

  /**
   * {@return the substitutions inside the single-quoted strings of {@code text}, where it evaluates
   * them}
   */
  static List<String> of(String text) {
    if (text.indexOf('\'') < 0 || text.indexOf("$(") < 0 && text.indexOf('`') < 0) {
      return List.of();
    }
    boolean evaluates = false;
    for (String context : CONTEXTS) {
      evaluates |= text.contains(context);
    }
    if (!evaluates) {
      return List.of();
    }
    List<String> found = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      int open = text.indexOf('\'', i);
      if (open < 0) {
        break;
      }
      int close = text.indexOf('\'', open + 1);
      if (close < 0) {
        break;
      }
      String quoted = text.substring(open + 1, close);
      for (int at = quoted.indexOf("$("); at >= 0; at = quoted.indexOf("$(", at + 2)) {
        int end = closing(quoted, at + 1);
        if (end > at && !quoted.startsWith("$((", at)) {
          // $(( … )) is arithmetic, read as such above; a $( that no ) closes in the quotes (two
          // apostrophes of a comment's words) is no substitution bash would run.
          found.add(quoted.substring(at + 2, end));
        }
      }
      i = close + 1;
    }
    return found;
  }

  /** {@return where the bracket opened at {@code open} is closed, or -1} */
  private static int closing(String text, int open) {
    int depth = 0;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }
}
