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

  /**
   * The word the command wrote as {@code source}'s span from {@code start} to {@code end}, of
   * {@code text} after quote removal: shared when it was written as its text, its written form kept
   * when quotes, backslashes or expansions made it another ({@link Word#written()}).
   */
  Word written(CharSequence text, boolean literal, String source, int start, int end) {
    int length = text.length();
    boolean asText = end - start == length;
    for (int i = 0; asText && i < length; i++) {
      asText = source.charAt(start + i) == text.charAt(i);
    }
    return asText
        ? make(text, literal, true)
        : new Word(text.toString(), literal, source.substring(start, end));
  }

  /**
   * The word of {@code text} and literalness, not written so in the command, made once per both.
   */
  Word make(CharSequence text, boolean literal) {
    return make(text, literal, false);
  }

  /**
   * The word of {@code text} and literalness, made once per both and whether the command wrote it
   * as its text ({@code asWritten}: its written form is its text) or not at all.
   */
  private Word make(CharSequence text, boolean literal, boolean asWritten) {
    int length = text.length();
    if (length > MAX_SHARED) {
      String made = text.toString();
      return new Word(made, literal, asWritten ? made : null);
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
      if (seen.fromTheTree() != asWritten) {
        slot = (slot + 1) & mask;
        continue;
      }
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
    String madeText = text.toString();
    Word made = new Word(madeText, literal, asWritten ? madeText : null);
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
