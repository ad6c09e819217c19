package io.github.providergateway.guard.shell;

/**
 * The words a lowering made so far, an open-addressed table by their text's hash: a long command
 * says the same words again and again, and each is made once per text and literalness.
 */
final class WordTable {
  /** The longest word looked up among those already made: longer ones are rarely said twice. */
  private static final int MAX_SHARED = 256;

  private Word[] words = new Word[64];

  private int wordCount;

  /** The word of {@code text} and literalness, made once per both. */
  Word make(CharSequence text, boolean literal) {
    int length = text.length();
    if (length > MAX_SHARED) {
      return new Word(text.toString(), literal);
    }
    int hash = 0;
    if (text instanceof String string) {
      hash = string.hashCode();
    } else {
      for (int i = 0; i < length; i++) {
        hash = 31 * hash + text.charAt(i);
      }
    }
    int mask = words.length - 1;
    int slot = (hash ^ (hash >>> 16)) & mask;
    for (Word seen = words[slot]; seen != null; seen = words[slot]) {
      String seenText = seen.text();
      if (seenText == text && seen.literal() == literal) {
        return seen; // the parser makes a plain word's text once: the same string, the same word
      }
      if (seen.literal() == literal
          && seenText.length() == length
          && seenText.hashCode() == hash
          && seenText.contentEquals(text)) {
        return seen;
      }
      slot = (slot + 1) & mask;
    }
    Word made = new Word(text.toString(), literal);
    words[slot] = made;
    if (++wordCount * 2 > words.length) {
      rehash();
    }
    return made;
  }

  private void rehash() {
    Word[] old = words;
    words = new Word[old.length * 2];
    int mask = words.length - 1;
    for (Word word : old) {
      if (word != null) {
        int hash = word.text().hashCode();
        int slot = (hash ^ (hash >>> 16)) & mask;
        while (words[slot] != null) {
          slot = (slot + 1) & mask;
        }
        words[slot] = word;
      }
    }
  }
}
