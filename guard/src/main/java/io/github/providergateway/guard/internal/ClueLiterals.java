package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every literal of the predicates' clues ({@link CallClues}), numbered once, and the one pass over
 * a call's text that finds which of them it holds (an automaton of all of them), so that a 4 KiB
 * command is read once for the hundreds of literals the clues name, not once a literal.
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
  private static volatile Index index = Index.of(new String[0]);

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
        index = Index.of(TEXTS.toArray(String[]::new));
      }
      return index;
    }
  }

  /** {@return the text with its ASCII capitals made small} */
  static char fold(char c) {
    return c >= 'A' && c <= 'Z' ? (char) (c | 0x20) : c;
  }

  /**
   * The literals as one automaton (Aho and Corasick's): a state for each beginning of a literal, a
   * step for each character class of the literals' characters (any other character is one class),
   * so that one pass over the text, a step a character, meets every literal it holds.
   *
   * @param literals by number
   * @param classes each ASCII character's class: 0 for one no literal has
   * @param width how many classes
   * @param next the state after each state and class, at {@code state * width + class}
   * @param ends the literals that end at each state, or {@code null}
   * @param link the nearest state of the failure chain at which a literal ends, or -1
   */
  private record Index(
      String[] literals, byte[] classes, int width, int[] next, int[][] ends, int[] link) {
    private static Index of(String[] literals) {
      byte[] classes = new byte[128];
      int width = 1;
      for (String literal : literals) {
        for (int i = 0; i < literal.length(); i++) {
          if (classes[literal.charAt(i)] == 0) {
            classes[literal.charAt(i)] = (byte) width++;
          }
        }
      }
      int most = 1;
      for (String literal : literals) {
        most += literal.length();
      }
      int[] next = new int[most * width];
      Arrays.fill(next, -1);
      int[][] ends = new int[most][];
      int states = 1;
      for (int n = 0; n < literals.length; n++) {
        int state = 0;
        for (int i = 0; i < literals[n].length(); i++) {
          int at = state * width + classes[literals[n].charAt(i)];
          if (next[at] < 0) {
            next[at] = states++;
          }
          state = next[at];
        }
        ends[state] = append(ends[state], n);
      }
      int[] fail = new int[states];
      int[] link = new int[states];
      Arrays.fill(link, -1);
      int[] queue = new int[states];
      int head = 0;
      int tail = 0;
      for (int c = 0; c < width; c++) {
        if (next[c] < 0) {
          next[c] = 0;
        } else {
          fail[next[c]] = 0;
          queue[tail++] = next[c];
        }
      }
      while (head < tail) {
        int state = queue[head++];
        link[state] = ends[fail[state]] != null ? fail[state] : link[fail[state]];
        for (int c = 0; c < width; c++) {
          int to = next[state * width + c];
          if (to < 0) {
            next[state * width + c] = next[fail[state] * width + c];
          } else {
            fail[to] = next[fail[state] * width + c];
            queue[tail++] = to;
          }
        }
      }
      return new Index(literals, classes, width, Arrays.copyOf(next, states * width), ends, link);
    }

    private static int[] append(int[] numbers, int number) {
      int[] more = numbers == null ? new int[1] : Arrays.copyOf(numbers, numbers.length + 1);
      more[more.length - 1] = number;
      return more;
    }

    /** One pass over an ASCII text, a step a character. */
    boolean[] heldBy(String text) {
      boolean[] held = new boolean[literals.length];
      boolean[] met = new boolean[link.length];
      int state = 0;
      for (int i = 0; i < text.length(); i++) {
        state = next[state * width + classes[text.charAt(i)]];
        for (int at = state; at > 0 && !met[at]; at = link[at]) {
          met[at] = true; // its literals and its chain's are marked once
          if (ends[at] != null) {
            for (int n : ends[at]) {
              held[n] = true;
            }
          }
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
