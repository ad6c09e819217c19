package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * A cheap first test for a reader that splits a program's words into lower-case words ({@link
 * CheckWords#words}) and looks them up: whether any of the words it looks for is within the texts,
 * in any case. A word found by the reader is always within its text so, so where none is the reader
 * is not run and finds nothing it would have found; where one is, the reader decides.
 */
final class WordsWithin {
  /** The words looked for, lower case, by their first letter (a to z). */
  private final String[][] byLetter = new String[26][];

  /** A call holding none of the words holds none in a program's words ({@link CallClues}). */
  private final CallClues clues;

  /**
   * A test of the words given.
   *
   * @param words lower-case words of the letters a to z
   */
  WordsWithin(String... words) {
    for (String word : words) {
      if (word.isEmpty() || !word.equals(word.toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException("a lower-case word: " + word);
      }
      int letter = word.charAt(0) - 'a';
      String[] before = byLetter[letter] == null ? new String[0] : byLetter[letter];
      String[] after = java.util.Arrays.copyOf(before, before.length + 1);
      after[before.length] = word;
      byLetter[letter] = after;
    }
    clues = CallClues.of(words);
  }

  /**
   * {@return the words as clues of a call: a reader that holds only where this test does holds of
   * no program of a call that holds none of them}
   */
  CallClues clues() {
    return clues;
  }

  /**
   * {@return whether a word looked for is within the text, in any case (as {@link
   * String#regionMatches(boolean, int, String, int, int)} compares: looser than lower-casing the
   * text, never stricter)}
   */
  boolean in(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      int letter = (c >= 'A' && c <= 'Z' ? c + 32 : c) - 'a';
      String[] words = letter >= 0 && letter < 26 ? byLetter[letter] : c > 127 ? nonAscii(c) : null;
      if (words == null) {
        continue;
      }
      for (String word : words) {
        if (text.regionMatches(true, i, word, 0, word.length())) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@return whether a word looked for is within one of the words} */
  boolean inAny(List<Word> words) {
    for (int i = 0; i < words.size(); i++) { // indexed: asked of every program of a long command
      if (in(words.get(i).text())) {
        return true;
      }
    }
    return false;
  }

  /** The words a character outside ASCII may begin, as a case-blind comparison reads it. */
  private String[] nonAscii(char c) {
    char lower = Character.toLowerCase(Character.toUpperCase(c));
    int letter = lower - 'a';
    return letter >= 0 && letter < 26 ? byLetter[letter] : null;
  }
}
