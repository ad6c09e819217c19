package io.github.providergateway.guard.internal;

/**
 * A text with its ASCII capitals made small letters, kept for the short texts a thread asked of (a
 * slot a hash) and the last few long ones, so that {@link PatternLiterals} compares a pattern's
 * literals ignoring case by one {@link String#contains} each instead of a loop of its own over the
 * text: a call's code is asked of by hundreds of patterns, each with a dozen literals.
 *
 * <p>A text with a character past ASCII has no folded copy ({@code null}): there such a character
 * is taken to match any of a literal's, which {@code contains} cannot say.
 */
final class FoldedTexts {
  /**
   * How many long texts a thread keeps: a decision reads a few at a time (the call's, a script).
   */
  private static final int KEPT = 4;

  /**
   * How many short texts a thread keeps, each in the slot its hash gives: the book's clauses are
   * tried clause by clause over the call's programs, so a 4 KiB command's 177 programs' texts are
   * each asked of again by the next clause, and a handful of kept texts were all pushed out before
   * they were asked again (a program's text folded once a clause, 4 % of a decision's garbage).
   * Equal texts share a slot: a long command repeats its programs.
   */
  private static final int SHORT_SLOTS = 512;

  /**
   * The shortest text kept apart from the short ones: a call's text, the text before its last pipe,
   * a script, which a decision asks of again after many a program's words. Kept with the short
   * ones, a 4 KiB command's text was pushed out by its programs' and folded again for each {@code
   * tee} and many a rule (issue 80).
   */
  static final int LONG = 256;

  private static final ThreadLocal<FoldedTexts[]> OF_THREAD =
      ThreadLocal.withInitial(
          () -> new FoldedTexts[] {new FoldedTexts(SHORT_SLOTS), new FoldedTexts(KEPT)});

  private final String[] texts;
  private final String[] folded;

  /** Where the next long text is kept (short ones go to their hash's slot). */
  private int next;

  private FoldedTexts(int kept) {
    texts = new String[kept];
    folded = new String[kept];
  }

  /**
   * The text with its capitals A to Z made a to z, the rest as it is.
   *
   * @param text the text
   * @return the folded text, the same object where it has no capital, or {@code null} where it has
   *     a character past ASCII
   */
  static String of(String text) {
    if (text.length() < LONG) {
      // most of a program's words have no capital: they are their own folded copy, none kept
      return plain(text) ? text : OF_THREAD.get()[0].foldedShort(text);
    }
    return OF_THREAD.get()[1].folded(text);
  }

  /** Whether a text is ASCII with no capital: its own folded copy. */
  private static boolean plain(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 128 || capital(c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Forgets the texts kept, at the start of a call's scan: a call's texts are not kept reachable
   * into the next decision, where a young collection would copy them with its own.
   */
  static void forget() {
    FoldedTexts[] kept = OF_THREAD.get();
    for (FoldedTexts one : kept) {
      java.util.Arrays.fill(one.texts, null);
      java.util.Arrays.fill(one.folded, null);
    }
  }

  private String foldedShort(String text) {
    int hash = text.hashCode(); // kept in the string: asked once a text
    int slot = (hash ^ hash >>> 16) & (SHORT_SLOTS - 1);
    String there = texts[slot];
    if (there == text || there != null && there.equals(text)) {
      return folded[slot];
    }
    String made = fold(text);
    texts[slot] = text;
    folded[slot] = made;
    return made;
  }

  private String folded(String text) {
    for (int i = 0; i < KEPT; i++) {
      if (texts[i] == text) { // the same object: texts are immutable
        return folded[i];
      }
    }
    String made = fold(text);
    texts[next] = text;
    folded[next] = made;
    next = (next + 1) % KEPT;
    return made;
  }

  /** Folds {@code text}, or {@code null} where it has a character past ASCII. */
  static String fold(String text) {
    int length = text.length();
    int i = 0;
    while (i < length && text.charAt(i) < 128 && !capital(text.charAt(i))) {
      i++;
    }
    if (i == length) {
      return text;
    }
    char[] out = text.toCharArray();
    for (; i < length; i++) {
      char c = out[i];
      if (c >= 128) {
        return null;
      }
      if (capital(c)) {
        out[i] = (char) (c | 0x20);
      }
    }
    return new String(out);
  }

  private static boolean capital(char c) {
    return c >= 'A' && c <= 'Z';
  }
}
