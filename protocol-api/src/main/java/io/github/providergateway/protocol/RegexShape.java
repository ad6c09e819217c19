package io.github.providergateway.protocol;

/**
 * What the step count of {@link RegexSteps} cannot see in a pattern (issue 32, finding 9). A step
 * is a read of a character of the text; {@code java.util.regex} also does work that reads nothing,
 * in two ways:
 *
 * <ul>
 *   <li><b>Ambiguous ways through nothing</b>, which backtracking explores one by one, each
 *       exponentially more: a repetition forced at least twice through a part that can match
 *       nothing ({@code (?:){1000}}, {@code (?:a?){50}}), a repetition that may or may not take
 *       such a part ({@code (?:a?)*}, {@code (?:\b)?}), and an alternation with two alternatives
 *       that can match nothing ({@code (?:a?|b?)}): {@code \z(?:a?|b?){24}(?!)} takes seconds on
 *       one character at no step at all. These shapes are {@link #problem refused}; none says
 *       anything a pattern without them cannot ({@code a{0,50}} for {@code (?:a?){50}}). With them
 *       gone there is at most one way through nothing from any point of a pattern, so what the
 *       engine does between two reads is bounded by the pattern's structure.
 *   <li><b>Structure</b>: groups, alternatives, anchors, boundaries and back references are nodes
 *       the engine passes at every position it tries and on every turn, reading nothing; 300 empty
 *       groups before a letter cost 130 ms over 64 KiB at one step a position. So each read is
 *       charged {@link #stepsPerRead} steps, and each position {@code stepsPerRead - 1} more, which
 *       grow with that {@link #structure}: one for a pattern with fewer than eight such nodes, as
 *       most are.
 * </ul>
 *
 * <p>The reader follows the syntax of {@link java.util.regex.Pattern} far enough for this, on
 * patterns that compile: escapes, {@code \Q…\E}, character classes (nested too), every kind of
 * group and inline flags. The comments flag ({@code x}) is refused: its white-space rules are
 * Java's own (ASCII only, and allowed between {@code (} and {@code ?}), JavaScript has no such
 * flag, and a reader that skipped differently from the engine would misjudge the pattern. Where the
 * reader cannot tell, it takes the part as one that can match nothing (a back reference, a
 * look-around), which can only refuse more.
 */
final class RegexShape {

  /** Structure nodes per extra step a read costs: fewer than eight cost nothing extra. */
  static final int NODES_PER_EXTRA_STEP = 8;

  private final String regex;
  private int at;

  /** The first problem found, or null. */
  private String problem;

  /** Groups, alternatives, anchors, boundaries and back references seen. */
  private int structure;

  private RegexShape(String regex) {
    this.regex = regex;
  }

  /** Reads {@code regex}, a pattern that compiles. */
  static RegexShape of(String regex) {
    RegexShape shape = new RegexShape(regex);
    shape.alternatives();
    return shape;
  }

  /** Why the pattern does work the step count cannot see, or null when it does not. */
  String problem() {
    return problem;
  }

  /** The pattern's groups, alternatives, anchors, boundaries and back references. */
  int structure() {
    return structure;
  }

  /**
   * The steps a read of the pattern costs: one, and one more for every eight nodes of structure.
   */
  int stepsPerRead() {
    return 1 + structure / NODES_PER_EXTRA_STEP;
  }

  private void refuse(int where, String why) {
    refuseAs(
        why
            + " (at index "
            + where
            + "); the regex engine does that without reading the text, so the"
            + " gateway cannot bound its work: write it so that every turn and every alternative reads a character,"
            + " for example a{0,3} instead of (?:a?){3}, or (?:a|b)? instead of (?:a?|b?)");
  }

  private void refuseAs(String why) {
    if (problem == null) {
      problem = why;
    }
  }

  /** Reads alternatives up to a {@code )} or the end; whether they can match nothing. */
  private boolean alternatives() {
    int start = at;
    int nothing = sequence() ? 1 : 0;
    while (at < regex.length() && regex.charAt(at) == '|') {
      structure++;
      at++;
      nothing += sequence() ? 1 : 0;
    }
    if (nothing >= 2) {
      refuse(start, "two alternatives can match nothing");
    }
    return nothing > 0;
  }

  /** Reads one alternative: parts, each with its quantifiers; whether all can match nothing. */
  private boolean sequence() {
    boolean canMatchNothing = true;
    while (at < regex.length() && regex.charAt(at) != '|' && regex.charAt(at) != ')') {
      canMatchNothing &= quantified(part());
    }
    return canMatchNothing;
  }

  /**
   * Reads the quantifiers after a part; whether the quantified part can match nothing. A quantifier
   * over a part that can match nothing is refused unless it takes the part exactly once (or never).
   */
  private boolean quantified(boolean partCanMatchNothing) {
    boolean canMatchNothing = partCanMatchNothing;
    while (at < regex.length()) {
      int start = at;
      long min;
      long max;
      switch (regex.charAt(at)) {
        case '*' -> {
          min = 0;
          max = Long.MAX_VALUE;
          at++;
        }
        case '?' -> {
          min = 0;
          max = 1;
          at++;
        }
        case '+' -> {
          min = 1;
          max = Long.MAX_VALUE;
          at++;
        }
        case '{' -> {
          int close = regex.indexOf('}', at);
          if (close < 0) {
            return canMatchNothing; // not a quantifier; cannot happen in a pattern that compiles
          }
          String bounds = regex.substring(at + 1, close);
          int comma = bounds.indexOf(',');
          min = count(comma < 0 ? bounds : bounds.substring(0, comma), 0);
          max = comma < 0 ? min : count(bounds.substring(comma + 1), Long.MAX_VALUE);
          at = close + 1;
        }
        default -> {
          return canMatchNothing;
        }
      }
      if (at < regex.length() && (regex.charAt(at) == '?' || regex.charAt(at) == '+')) {
        at++; // lazy or possessive: the same turns
      }
      if (canMatchNothing && min >= 2) {
        refuse(
            start,
            "'"
                + regex.substring(start, at)
                + "' repeats, at least "
                + min
                + " times, a part that can match nothing");
      } else if (canMatchNothing && max > min) {
        refuse(
            start,
            "'"
                + regex.substring(start, at)
                + "' may or may not repeat a part that can match nothing");
      }
      canMatchNothing = canMatchNothing || min == 0;
    }
    return canMatchNothing;
  }

  /** A quantifier's bound; {@code none} when it is empty (as in {@code {2,}}). */
  private static long count(String digits, long none) {
    String trimmed = digits.strip();
    if (trimmed.isEmpty()) {
      return none;
    }
    long value = 0;
    for (int i = 0; i < trimmed.length() && value < Integer.MAX_VALUE; i++) {
      char c = trimmed.charAt(i);
      if (c < '0' || c > '9') {
        return none;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  /**
   * Reads one part: a character, an escape, a class, a group or an anchor; whether it can match
   * nothing.
   */
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
        structure++;
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
   * Reads a group; whether it can match nothing. Inline flags alone are a part that matches
   * nothing.
   */
  private boolean group() {
    int start = at;
    structure++;
    at++; // (
    boolean zeroWidth = false;
    if (at < regex.length() && regex.charAt(at) == '?') {
      at++;
      char kind = at < regex.length() ? regex.charAt(at) : ')';
      if (kind == '=' || kind == '!' || kind == '>') {
        zeroWidth = kind != '>';
        at++;
      } else if (kind == '<'
          && at + 1 < regex.length()
          && (regex.charAt(at + 1) == '=' || regex.charAt(at + 1) == '!')) {
        zeroWidth = true; // look-behind
        at += 2;
      } else if (kind == '<') {
        at = after('>'); // a named group
      } else {
        // Inline flags: (?ix-s) for the rest of the enclosing group, (?ix-s: …) for this one.
        boolean on = true;
        while (at < regex.length() && regex.charAt(at) != ')' && regex.charAt(at) != ':') {
          char flag = regex.charAt(at++);
          if (flag == '-') {
            on = false;
          } else if (flag == 'x' && on) {
            refuseAs(
                "the comments flag x is not taken (at index "
                    + start
                    + "): the gateway reads a pattern as"
                    + " the regex engine does only without it; write the pattern without x");
          }
        }
        at++; // ) or :
        if (regex.charAt(at - 1) == ')') {
          return true; // flags alone: they match nothing
        }
      }
    }
    boolean canMatchNothing = alternatives();
    at++; // )
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
        structure++;
        if (c == 'b' && regex.startsWith("{g}", at)) {
          at += 3; // \b{g}, a grapheme boundary; any other brace after \b is a quantifier
        }
        return true;
      }
      case 'k' -> {
        structure++;
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
        // \0n, \0nn, or \0mnn when m is at most 3: the engine reads no digit after those, so a
        // quantifier after a further digit takes that digit alone.
        int end =
            Math.min(regex.length(), at + (at < regex.length() && regex.charAt(at) <= '3' ? 3 : 2));
        while (at < end && regex.charAt(at) >= '0' && regex.charAt(at) <= '7') {
          at++;
        }
        return false;
      }
      default -> {
        if (c >= '1' && c <= '9') {
          structure++;
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
}
