package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every literal of the predicates' clues ({@link CallClues}), numbered once, and the one pass over
 * a call's text that finds which of them it holds: an index from each literal's first two letters
 * to the literals, so that a 4 KiB command is read once for the hundreds of literals the clues
 * name, not once a literal.
 *
 * <p>The literals are ASCII in lower case, two letters or more; the text is read with its capitals
 * made small ({@link #fold}). A text with a character past ASCII is read a literal at a time, such
 * a character taken to match any letter ({@link PatternLiterals#containsIgnoringCase}), so that no
 * literal a case-blind comparison would find is missed.
 */
final class ClueLiterals {
  private ClueLiterals() {}

  /** The literals numbered so far, by text. Guarded by the class. */
  private static final Map<String, Integer> NUMBERS = new HashMap<>();

  /** The literals by number. Guarded by the class. */
  private static final List<String> TEXTS = new ArrayList<>();

  /** The index of the literals numbered when it was made, made again when more are numbered. */
  private static volatile Index index = new Index(new String[0]);

  /**
   * The number of a literal, numbered at its first use (the clues are declared as the rules are
   * read).
   *
   * @param literal ASCII in lower case, two letters or more
   * @return its number
   */
  static synchronized int number(String literal) {
    if (literal.length() < 2
        || !literal.chars().allMatch(c -> c < 128 && !(c >= 'A' && c <= 'Z'))) {
      throw new IllegalArgumentException("a literal is ASCII in lower case, 2 or more: " + literal);
    }
    Integer known = NUMBERS.get(literal);
    if (known != null) {
      return known;
    }
    NUMBERS.put(literal, TEXTS.size());
    TEXTS.add(literal);
    return TEXTS.size() - 1;
  }

  /**
   * Which literals a text holds.
   *
   * @param text the text, folded ({@link #fold})
   * @param ascii whether the text is ASCII
   * @return by number, whether the text holds it; at least as long as the highest number yet
   */
  static boolean[] heldBy(String text, boolean ascii) {
    Index read = current();
    return ascii ? read.heldBy(text) : read.heldByEach(text);
  }

  /** {@return the index of every literal numbered so far} */
  private static Index current() {
    Index read = index;
    if (read.literals.length == TEXTS.size()) { // a stale size only makes it again
      return read;
    }
    synchronized (ClueLiterals.class) {
      if (index.literals.length != TEXTS.size()) {
        index = new Index(TEXTS.toArray(String[]::new));
      }
      return index;
    }
  }

  /** {@return the text with its ASCII capitals made small} */
  static char fold(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c | 0x20) : c;
  }

  /**
   * The literals by their first two letters.
   *
   * @param literals by number
   */
  private record Index(String[] literals, int[][] byPair) {
    private Index(String[] literals) {
      this(literals, new int[128 * 128][]);
      for (int n = 0; n < literals.length; n++) {
        int pair = literals[n].charAt(0) * 128 + literals[n].charAt(1);
        int[] before = byPair[pair];
        int[] after = before == null ? new int[1] : Arrays.copyOf(before, before.length + 1);
        after[after.length - 1] = n;
        byPair[pair] = after;
      }
    }

    /** One pass over an ASCII text: at each place, the literals its two letters begin. */
    boolean[] heldBy(String text) {
      boolean[] held = new boolean[literals.length];
      int last = text.length() - 1;
      for (int i = 0; i < last; i++) {
        int[] begun = byPair[text.charAt(i) * 128 + text.charAt(i + 1)];
        if (begun == null) {
          continue;
        }
        for (int n : begun) {
          held[n] |= text.startsWith(literals[n], i);
        }
      }
      return held;
    }

    /** A text past ASCII, a literal at a time, such a character matching any letter. */
    boolean[] heldByEach(String text) {
      boolean[] held = new boolean[literals.length];
      for (int n = 0; n < literals.length; n++) {
        held[n] = PatternLiterals.containsIgnoringCase(text, literals[n]);
      }
      return held;
    }
  }
}
