package io.github.providergateway.guard.shell;

/**
 * Text computed whole: nothing but expansions the guard cannot know ({@code $CODE}, {@code
 * ${SCRIPT}}, {@code $(cat payload.py)}, {@code `get-code`}), with at most white space between
 * them. Code given so ({@code python3 -c "$CODE"}) says nothing of what it runs, unlike code with a
 * value put in ({@code python3 -c "print('$NAME')"}), whose text is still read.
 */
final class ComputedText {
  private ComputedText() {}

  /** {@return whether {@code text} is one or more expansions and nothing else} */
  static boolean whole(String text) {
    String t = text.strip();
    int at = 0;
    while (at < t.length()) {
      at = expansionEnd(t, at);
      if (at < 0) {
        return false;
      }
      while (at < t.length() && Character.isWhitespace(t.charAt(at))) {
        at++;
      }
    }
    return !t.isEmpty();
  }

  /** Where the expansion at {@code at} ends, or -1 when none starts there. */
  private static int expansionEnd(String t, int at) {
    char c = t.charAt(at);
    if (c == '`') {
      int close = t.indexOf('`', at + 1);
      return close < 0 ? -1 : close + 1;
    }
    if (c != '$' || at + 1 >= t.length()) {
      return -1;
    }
    char next = t.charAt(at + 1);
    if (next == '{') {
      return closing(t, at + 1, '{', '}');
    }
    if (next == '(') {
      return closing(t, at + 1, '(', ')');
    }
    if (Character.isLetter(next) || next == '_') {
      int end = at + 2;
      while (end < t.length()
          && (Character.isLetterOrDigit(t.charAt(end)) || t.charAt(end) == '_')) {
        end++;
      }
      return end;
    }
    return Character.isDigit(next) || "@*#?$!-".indexOf(next) >= 0 ? at + 2 : -1;
  }

  /** Past the {@code close} that balances the {@code open} at {@code at}, or -1. */
  private static int closing(String t, int at, char open, char close) {
    int depth = 0;
    for (int i = at; i < t.length(); i++) {
      if (t.charAt(i) == open) {
        depth++;
      } else if (t.charAt(i) == close && --depth == 0) {
        return i + 1;
      }
    }
    return -1;
  }

  /**
   * Whether one statement of {@code code} (its text between {@code ;} and line ends) is computed
   * whole: {@code import os, sys; $REMEDIATION} runs the value as its own statement (decision 297);
   * {@code print('$NAME')} puts a value into a statement that is written.
   *
   * @param code the code
   * @return whether it has such a statement
   */
  static boolean aStatement(String code) {
    if (code.length() > 16 * 1024) {
      return false;
    }
    for (String statement : code.split("[;\n]")) {
      if (whole(statement)) {
        return true;
      }
    }
    return false;
  }
}
