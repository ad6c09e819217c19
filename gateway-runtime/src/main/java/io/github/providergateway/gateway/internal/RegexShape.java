package io.github.providergateway.gateway.internal;

/**
 * Finds the one shape of pattern whose work the step budget cannot see (issue 32, finding 9):
 * a repetition that must run at least twice over a part that can match nothing, such as {@code
 * (?:){1000}}, {@code (?:a?){50}} or {@code (?:\b){9}}. {@code java.util.regex} runs each forced
 * turn of such a part without reading a character of the text, so {@code (?:(?:){1000}){1000}x}
 * spins a million times at every position of the text while the count of characters read ({@link
 * io.github.providergateway.protocol.RegexSteps}) stays at one a position. Every other repetition
 * reads at least one character a turn (a part that cannot match nothing consumes one), and beyond
 * its minimum a repetition stops at the first empty turn, so a step budget bounds the rest.
 *
 * <p>Such patterns say nothing a shorter one cannot ({@code (?:a?){50}} is {@code a{0,50}}), so
 * they are refused when a rule registers them. The reader follows the syntax of {@link
 * java.util.regex.Pattern} far enough to tell parts, groups, alternatives and quantifiers apart, for
 * patterns that compile: escapes, {@code \Q…\E}, character classes (nested too), every kind of
 * group, inline flags and the comments flag {@code x}. Where it cannot tell, it takes the part as
 * one that can match nothing (a back reference, a look-around), which can only refuse more.
 */
final class RegexShape {

  private final String regex;
  private int at;
  /** Whether the comments flag {@code x} is on here: it lasts to the end of the enclosing group. */
  private boolean comments;
  /** The problem found, or null. */
  private String problem;

  private RegexShape(String regex) {
    this.regex = regex;
  }

  /**
   * Why {@code regex}, a pattern that compiles, does work the step budget cannot count, or null
   * when it does not.
   */
  static String unboundedWork(String regex) {
    RegexShape shape = new RegexShape(regex);
    shape.alternatives();
    return shape.problem;
  }

  /** Reads alternatives up to a {@code )} or the end; whether they can match nothing. */
  private boolean alternatives() {
    boolean canMatchNothing = sequence();
    while (at < regex.length() && regex.charAt(at) == '|') {
      at++;
      canMatchNothing |= sequence();
    }
    return canMatchNothing;
  }

  /** Reads one alternative: parts, each with its quantifiers; whether all can match nothing. */
  private boolean sequence() {
    boolean canMatchNothing = true;
    while (true) {
      skipIgnored();
      if (at >= regex.length() || regex.charAt(at) == '|' || regex.charAt(at) == ')') {
        return canMatchNothing;
      }
      canMatchNothing &= quantified(part());
    }
  }

  /**
   * Reads the quantifiers after a part; whether the quantified part can match nothing. A forced
   * turn of a part that can match nothing is the problem this class looks for.
   */
  private boolean quantified(boolean partCanMatchNothing) {
    boolean canMatchNothing = partCanMatchNothing;
    while (true) {
      skipIgnored();
      if (at >= regex.length()) {
        return canMatchNothing;
      }
      int start = at;
      long min;
      switch (regex.charAt(at)) {
        case '*', '?' -> {
          min = 0;
          at++;
        }
        case '+' -> {
          min = 1;
          at++;
        }
        case '{' -> {
          int close = regex.indexOf('}', at);
          if (close < 0) {
            return canMatchNothing; // not a quantifier; cannot happen in a pattern that compiles
          }
          String bounds = regex.substring(at + 1, close);
          int comma = bounds.indexOf(',');
          String low = (comma < 0 ? bounds : bounds.substring(0, comma)).strip();
          min = low.isEmpty() ? 0 : parseCount(low);
          at = close + 1;
        }
        default -> {
          return canMatchNothing;
        }
      }
      if (at < regex.length() && (regex.charAt(at) == '?' || regex.charAt(at) == '+')) {
        at++; // lazy or possessive: the same forced turns
      }
      if (min >= 2 && canMatchNothing && problem == null) {
        problem = "'" + regex.substring(start, at) + "' at index " + start + " repeats, at least " + min
            + " times, a part that can match nothing, which the regex engine does without reading the text, so"
            + " the gateway cannot bound its work; write the repetition so that every turn reads a character"
            + " (for example a{0,3} instead of (?:a?){3})";
      }
      canMatchNothing = canMatchNothing || min == 0;
    }
  }

  private static long parseCount(String digits) {
    long value = 0;
    for (int i = 0; i < digits.length() && value < Integer.MAX_VALUE; i++) {
      char c = digits.charAt(i);
      if (c < '0' || c > '9') {
        return 0;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  /** Reads one part: a character, an escape, a class, a group or an anchor; whether it can match nothing. */
  private boolean part() {
    char c = regex.charAt(at);
    switch (c) {
      case '\\' -> {
        return escape();
      }
      case '[' -> {
        skipClass();
        return false;
      }
      case '^', '$' -> {
        at++;
        return true;
      }
      case '(' -> {
        return group();
      }
      default -> {
        at += Character.charCount(regex.codePointAt(at));
        return false;
      }
    }
  }

  /**
   * Reads a group; whether it can match nothing. Inline flags alone ({@code (?x)}, {@code (?-x)})
   * are a part that matches nothing and set the comments flag for the rest of the enclosing group.
   */
  private boolean group() {
    at++; // (
    boolean outside = comments;
    boolean zeroWidth = false;
    if (at < regex.length() && regex.charAt(at) == '?') {
      at++;
      char kind = at < regex.length() ? regex.charAt(at) : ')';
      if (kind == '=' || kind == '!' || kind == '>') {
        zeroWidth = kind != '>';
        at++;
      } else if (kind == '<' && at + 1 < regex.length() && (regex.charAt(at + 1) == '=' || regex.charAt(at + 1) == '!')) {
        zeroWidth = true; // look-behind
        at += 2;
      } else if (kind == '<') {
        at = after('>'); // a named group
      } else {
        // Inline flags: (?ix-s) for the rest of the enclosing group, (?ix-s: …) for this one.
        boolean on = true;
        boolean groupComments = comments;
        while (at < regex.length() - 1 && regex.charAt(at) != ')' && regex.charAt(at) != ':') {
          char flag = regex.charAt(at++);
          if (flag == '-') {
            on = false;
          } else if (flag == 'x') {
            groupComments = on;
          }
        }
        at++; // ) or :
        comments = groupComments;
        if (regex.charAt(at - 1) == ')') {
          return true; // flags alone: they match nothing, and last to the end of the enclosing group
        }
      }
    }
    boolean canMatchNothing = alternatives();
    at++; // )
    comments = outside;
    return zeroWidth || canMatchNothing;
  }

  /** Reads an escape; whether it can match nothing. */
  private boolean escape() {
    at++; // backslash
    if (at >= regex.length()) {
      return false;
    }
    char c = regex.charAt(at++);
    switch (c) {
      case 'Q' -> {
        int end = regex.indexOf("\\E", at);
        int stop = end < 0 ? regex.length() : end;
        boolean empty = stop == at;
        at = end < 0 ? regex.length() : end + 2;
        return empty;
      }
      case 'b', 'B', 'A', 'G', 'Z', 'z' -> {
        if (c == 'b' && at < regex.length() && regex.charAt(at) == '{') {
          at = after('}'); // \b{g}
        }
        return true;
      }
      case 'k' -> {
        at = after('>'); // \k<name>: what it refers to may have matched nothing
        return true;
      }
      case 'p', 'P', 'x', 'N' -> {
        if (at < regex.length() && regex.charAt(at) == '{') {
          at = after('}');
        } else {
          at += c == 'x' ? 2 : 1; // \xhh, \pL
        }
        return false;
      }
      case 'u' -> {
        at += 4;
        return false;
      }
      case 'c' -> {
        at++;
        return false;
      }
      case '0' -> {
        while (at < regex.length() && regex.charAt(at) >= '0' && regex.charAt(at) <= '7') {
          at++;
        }
        return false;
      }
      default -> {
        if (c >= '1' && c <= '9') {
          while (at < regex.length() && Character.isDigit(regex.charAt(at))) {
            at++;
          }
          return true; // a back reference: its group may have matched nothing
        }
        return false; // \d, \w, \R, \X, an escaped character: each reads at least one
      }
    }
  }

  /** Skips a character class, nested classes and escapes included. */
  private void skipClass() {
    int depth = 0;
    do {
      char c = regex.charAt(at);
      if (c == '\\') {
        if (at + 1 < regex.length() && regex.charAt(at + 1) == 'Q') {
          int end = regex.indexOf("\\E", at + 2);
          at = end < 0 ? regex.length() : end + 2;
        } else {
          at += 2;
        }
        continue;
      }
      if (c == '[') {
        depth++;
        at++;
        if (at < regex.length() && regex.charAt(at) == '^') {
          at++;
        }
        if (at < regex.length() && regex.charAt(at) == ']') {
          at++; // a ']' first in a class is a character of it
        }
        continue;
      }
      if (c == ']') {
        depth--;
      }
      at++;
    } while (depth > 0 && at < regex.length());
  }

  /** Where the text after the next {@code c} from here begins: the end when there is none. */
  private int after(char c) {
    int found = regex.indexOf(c, at);
    return found < 0 ? regex.length() : found + 1;
  }

  /** Skips white space and {@code #} comments while the comments flag is on. */
  private void skipIgnored() {
    while (comments && at < regex.length()) {
      char c = regex.charAt(at);
      if (Character.isWhitespace(c)) {
        at++;
      } else if (c == '#') {
        while (at < regex.length() && regex.charAt(at) != '\n') {
          at++;
        }
      } else {
        break;
      }
    }
  }
}
