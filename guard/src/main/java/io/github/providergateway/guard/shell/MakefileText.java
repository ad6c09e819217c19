package io.github.providergateway.guard.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * What a makefile's text runs besides its recipes: the shell code of each {@code $(shell …)} or
 * {@code ${shell …}} function and of each {@code VAR != command} assignment, which GNU make runs
 * while it reads the makefile, before any target; and the character {@code .RECIPEPREFIX} makes
 * recipes begin with in place of a tab.
 */
final class MakefileText {
  private MakefileText() {}

  /** The most shell functions read from one makefile. */
  private static final int MOST = 64;

  /**
   * The character recipes begin with: the first of {@code .RECIPEPREFIX}'s value where the text
   * sets it ({@code .RECIPEPREFIX = >}), else a tab.
   *
   * @param text a makefile
   * @return the character
   */
  static char recipePrefix(String text) {
    int at = text.indexOf(".RECIPEPREFIX");
    char prefix = '\t';
    while (at >= 0) {
      int i = at + ".RECIPEPREFIX".length();
      while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
        i++;
      }
      while (i < text.length() && ":+?".indexOf(text.charAt(i)) >= 0) {
        i++;
      }
      if (i < text.length() && text.charAt(i) == '=') {
        i++;
        while (i < text.length() && text.charAt(i) == ' ') {
          i++;
        }
        if (i < text.length() && text.charAt(i) != '\n') {
          prefix = text.charAt(i);
        }
      }
      at = text.indexOf(".RECIPEPREFIX", at + 1);
    }
    return prefix;
  }

  /**
   * The shell code the text runs as it is read: each {@code $(shell CODE)} or {@code ${shell CODE}}
   * (parentheses or braces balanced), and the right side of each {@code NAME != CODE}.
   *
   * @param text a makefile, or {@code --eval}'s text
   * @return the pieces of code, in order
   */
  static List<String> shellCode(String text) {
    List<String> code = new ArrayList<>();
    for (int at = text.indexOf("shell"); at >= 0 && code.size() < MOST; ) {
      int start = at - 2;
      char open = start >= 0 ? text.charAt(start + 1) : 0;
      if (start >= 0
          && text.charAt(start) == '$'
          && (open == '(' || open == '{')
          && at + 5 < text.length()
          && Character.isWhitespace(text.charAt(at + 5))) {
        int end = closing(text, start + 1, open, open == '(' ? ')' : '}');
        code.add(text.substring(at + 6, end < 0 ? text.length() : end));
      }
      at = text.indexOf("shell", at + 5);
    }
    for (String line : text.split("\n")) {
      int assigns = line.indexOf("!=");
      if (assigns > 0 && !line.startsWith("\t") && line.substring(0, assigns).indexOf(':') < 0) {
        code.add(line.substring(assigns + 2)); // FILES != rm -rf ~ (GNU make 4.0)
      }
    }
    return code;
  }

  /** The place of the bracket that closes the one at {@code from}, or -1. */
  private static int closing(String text, int from, char open, char close) {
    int depth = 0;
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == open) {
        depth++;
      } else if (c == close && --depth == 0) {
        return i;
      }
    }
    return -1;
  }
}
