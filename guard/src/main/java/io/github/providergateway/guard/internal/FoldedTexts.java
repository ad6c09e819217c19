package io.github.providergateway.guard.internal;

/**
 * A text with its ASCII capitals made small letters, kept for the last few short and the last few
 * long texts a thread asked of, so that {@link PatternLiterals} compares a pattern's literals
 * ignoring case by one {@link String#contains} each instead of a loop of its own over the text: a
 * call's code is asked of by hundreds of patterns, each with a dozen literals.
 *
 * <p>A text with a character past ASCII has no folded copy ({@code null}): there such a character
 * is taken to match any of a literal's, which {@code contains} cannot say.
 */
final class FoldedTexts {
  /** How many texts a thread keeps: a decision reads a few at a time (the call's, a program's). */
  private static final int KEPT = 4;

  /**
   * The shortest text kept apart from the short ones: a call's text, the text before its last pipe,
   * a script, which a decision asks of again after many a program's words. Kept with the short
   * ones, a 4 KiB command's text was pushed out by its programs' and folded again for each {@code
   * tee} and many a rule (issue 80).
   */
  static final int LONG = 256;

  private static final ThreadLocal<FoldedTexts[]> OF_THREAD =
      ThreadLocal.withInitial(() -> new FoldedTexts[] {new FoldedTexts(), new FoldedTexts()});

  private final String[] texts = new String[KEPT];
  private final String[] folded = new String[KEPT];
  private int next;

  private FoldedTexts() {}

  /**
   * The text with its capitals A to Z made a to z, the rest as it is.
   *
   * @param text the text
   * @return the folded text, the same object where it has no capital, or {@code null} where it has
   *     a character past ASCII
   */
  static String of(String text) {
    return OF_THREAD.get()[text.length() < LONG ? 0 : 1].folded(text);
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
