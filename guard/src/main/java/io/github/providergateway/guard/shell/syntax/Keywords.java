package io.github.providergateway.guard.shell.syntax;

import java.util.Arrays;

/**
 * The words bash reads as keywords where a command starts ({@code if}, {@code then}, <code>{</code>
 * , {@code !}, {@code [[}, {@code time}, …): found in place, by a table of their first characters
 * and lengths, as a command's start is looked at for one at every command of a long script.
 */
final class Keywords {
  private Keywords() {}

  /** The keywords, by their length. */
  private static final String[][] KEYWORDS =
      byLength(
          "if",
          "then",
          "else",
          "elif",
          "fi",
          "do",
          "done",
          "while",
          "until",
          "for",
          "select",
          "case",
          "esac",
          "function",
          "{",
          "}",
          "!",
          "[[",
          "]]",
          "time",
          "coproc",
          "in");

  private static String[][] byLength(String... keywords) {
    String[][] table = new String[10][0];
    for (String keyword : keywords) {
      String[] same = Arrays.copyOf(table[keyword.length()], table[keyword.length()].length + 1);
      same[same.length - 1] = keyword;
      table[keyword.length()] = same;
    }
    return table;
  }

  /** Whether a keyword starts with the character, by code: most words are ruled out by it. */
  private static final boolean[] START = new boolean[128];

  /** The characters that end a keyword's run: operators and blanks, quotes, escapes, expansions. */
  private static final boolean[] STOP = new boolean[128];

  static {
    for (String[] same : KEYWORDS) {
      for (String keyword : same) {
        START[keyword.charAt(0)] = true;
      }
    }
    for (char c = 0; c < STOP.length; c++) {
      STOP[c] = Source.isMeta(c) || "'\"\\$`".indexOf(c) >= 0;
    }
  }

  /**
   * {@return the keyword at the read position of {@code in}, unquoted and ending its word, or null}
   */
  static String at(Source in) {
    // A table look at the first character rules most programs out, and the run is compared in
    // place (a substring per command would be garbage for every program).
    char[] chars = in.chars;
    int pos = in.pos;
    if (pos >= in.length) {
      return null;
    }
    char first = chars[pos];
    if (first >= START.length || !START[first]) {
      return null;
    }
    int i = pos + 1;
    int limit = Math.min(in.length, pos + 9);
    while (i < limit) {
      char c = chars[i];
      if (c < STOP.length && STOP[c]) {
        break;
      }
      i++;
    }
    // A line continued after the keyword is nothing: what follows it decides where the word ends.
    int after = i;
    while (after + 1 < in.length && chars[after] == '\\' && chars[after + 1] == '\n') {
      after += 2;
    }
    if (!in.endsWord(after)) {
      return null;
    }
    candidates:
    for (String keyword : KEYWORDS[i - pos]) {
      for (int k = 0; k < keyword.length(); k++) {
        if (chars[pos + k] != keyword.charAt(k)) {
          continue candidates;
        }
      }
      return keyword;
    }
    return null;
  }

  /** {@return whether {@code keyword} closes a compound command (and so cannot start one)} */
  static boolean isCloser(String keyword) {
    return switch (keyword) {
      case "then", "elif", "else", "fi", "do", "done", "esac", "}", "]]" -> true;
      default -> false;
    };
  }

  /** {@return the message for {@code keyword}, a closer, where a command should start} */
  static String unexpected(String keyword) {
    String opener =
        switch (keyword) {
          case "then", "elif", "else", "fi" -> "if";
          case "do" -> "while, until, for or select";
          case "done" -> "do";
          case "esac" -> "case";
          case "}" -> "{";
          default -> "[[";
        };
    return "a " + keyword + " with no " + opener + " before it";
  }
}
