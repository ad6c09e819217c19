package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A glob compiled once and matched without backtracking: the pattern's positions are the states of
 * a small automaton and the text is read once, keeping the set of positions reached (Thompson's
 * construction), so a match costs at most the text's length times the pattern's, whatever the
 * pattern. No regular expression is involved.
 *
 * <p>In a <em>path</em> glob {@code *} and {@code ?} stay within one folder, {@code **} crosses
 * folders and {@code **}{@code /} also matches no folder at all; in a <em>text</em> glob {@code *}
 * matches any characters. A backslash takes the next character literally.
 */
public final class Glob {
  /** The longest pattern read, in characters. */
  public static final int MAX_LENGTH = 1024;

  private static final int LITERAL = 0;
  private static final int ONE = 1;
  private static final int STAR = 2;
  private static final int ANY = 3;
  private static final int DIRS = 4;

  private final String pattern;
  private final int[] kinds;
  private final char[] chars;
  private final boolean path;

  private Glob(String pattern, int[] kinds, char[] chars, boolean path) {
    this.pattern = pattern;
    this.kinds = kinds;
    this.chars = chars;
    this.path = path;
  }

  /**
   * {@code pattern} with each bracket expression ({@code [er]}, {@code [!a-z]}) read as any one
   * character, which these globs do not have: a rule that asks whether a pattern could reach a file
   * errs on the file's side.
   */
  static String bracketsAsAny(String pattern) {
    return pattern.indexOf('[') < 0 ? pattern : pattern.replaceAll("\\[[^]]*]", "?");
  }

  /**
   * A glob over paths.
   *
   * @param pattern the pattern, at most {@link #MAX_LENGTH} characters
   * @return the glob
   * @throws IllegalArgumentException when the pattern is too long
   */
  public static Glob path(String pattern) {
    return compile(pattern, true);
  }

  /**
   * A glob over any text.
   *
   * @param pattern the pattern, at most {@link #MAX_LENGTH} characters
   * @return the glob
   * @throws IllegalArgumentException when the pattern is too long
   */
  public static Glob text(String pattern) {
    return compile(pattern, false);
  }

  /** {@return whether {@code text} holds a glob's special character} */
  public static boolean hasWildcard(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '*' || c == '?' || c == '[') {
        return true;
      }
    }
    return false;
  }

  private static Glob compile(String pattern, boolean path) {
    if (pattern.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "a pattern is " + pattern.length() + " characters, over " + MAX_LENGTH);
    }
    List<Integer> kinds = new ArrayList<>();
    StringBuilder chars = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length()) {
        kinds.add(LITERAL);
        chars.append(pattern.charAt(++i));
      } else if (c == '?') {
        kinds.add(ONE);
        chars.append(c);
      } else if (c == '*') {
        int run = 1;
        while (i + 1 < pattern.length() && pattern.charAt(i + 1) == '*') {
          i++;
          run++;
        }
        if (!path || run == 1) {
          addStar(kinds, chars, path ? STAR : ANY);
        } else if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '/') {
          i++;
          kinds.add(DIRS);
          chars.append('/');
        } else {
          addStar(kinds, chars, ANY);
        }
      } else {
        kinds.add(LITERAL);
        chars.append(c);
      }
    }
    return new Glob(
        pattern,
        kinds.stream().mapToInt(Integer::intValue).toArray(),
        chars.toString().toCharArray(),
        path);
  }

  private static void addStar(List<Integer> kinds, StringBuilder chars, int kind) {
    // Consecutive stars are one star: keeps the automaton small.
    if (!kinds.isEmpty() && kinds.get(kinds.size() - 1) == kind) {
      return;
    }
    kinds.add(kind);
    chars.append('*');
  }

  /** {@return the pattern as written} */
  public String pattern() {
    return pattern;
  }

  /**
   * Whether the whole of {@code text} matches.
   *
   * @param text the text
   * @return whether it matches
   */
  public boolean matches(String text) {
    return matches(text, null);
  }

  /**
   * Whether the whole of {@code text} matches, spending a step for each position reached at each
   * character.
   *
   * @param text the text
   * @param budget the steps allowed, or {@code null} for no bound
   * @return whether it matches
   * @throws Budget.Exhausted when the budget is spent
   */
  public boolean matches(String text, Budget budget) {
    int n = kinds.length;
    BitSet current = new BitSet(n + 1);
    BitSet next = new BitSet(n + 1);
    current.set(0);
    close(current);
    for (int t = 0; t < text.length() && !current.isEmpty(); t++) {
      char c = text.charAt(t);
      next.clear();
      int reached = 0;
      for (int s = current.nextSetBit(0); s >= 0 && s < n; s = current.nextSetBit(s + 1)) {
        reached++;
        switch (kinds[s]) {
          case LITERAL -> {
            if (chars[s] == c) {
              next.set(s + 1);
            }
          }
          case ONE -> {
            if (!path || c != '/') {
              next.set(s + 1);
            }
          }
          case STAR -> {
            if (c != '/') {
              next.set(s);
            }
          }
          case ANY -> next.set(s);
          case DIRS -> {
            next.set(s);
            if (c == '/') {
              next.set(s + 1);
            }
          }
          default -> throw new IllegalStateException("unknown state kind " + kinds[s]);
        }
      }
      if (budget != null) {
        budget.spend(reached + 1);
      }
      close(next);
      BitSet swap = current;
      current = next;
      next = swap;
    }
    return current.get(n);
  }

  /** Adds the positions a star (or {@code **}{@code /}) reaches without reading a character. */
  private void close(BitSet states) {
    // Ascending over the set positions only: a position set here is visited next, so a run of
    // stars closes in one pass, and a step costs what is reached, not the pattern's length.
    for (int s = states.nextSetBit(0); s >= 0 && s < kinds.length; s = states.nextSetBit(s + 1)) {
      if (kinds[s] == STAR || kinds[s] == ANY || kinds[s] == DIRS) {
        states.set(s + 1);
      }
    }
  }

  @Override
  public String toString() {
    return pattern;
  }
}
