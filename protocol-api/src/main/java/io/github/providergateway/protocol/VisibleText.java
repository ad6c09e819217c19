package io.github.providergateway.protocol;

/**
 * Text a peer chose (a gate's question, a call's arguments, a push's event), made safe for a person
 * to read: every character that could hide, reorder or fake what is around it is written as a
 * visible escape, and everything else is left as it is.
 *
 * <p>Escaped, as {@code \}{@code uXXXX} (a character outside the BMP as its two UTF-16 halves, as
 * JSON writes it), so that JSON text stays JSON of the same value:
 *
 * <ul>
 *   <li>control characters (C0, DEL and C1: terminal escape sequences, a carriage return that
 *       overwrites a line); line feed, carriage return and tab as {@code \n}, {@code \r}, {@code \t}
 *   <li>format characters ({@link Character#FORMAT}): the bidirectional embeddings, overrides and
 *       isolates (U+202A–U+202E, U+2066–U+2069), the marks (U+200E, U+200F, U+061C), zero-width
 *       characters (U+200B–U+200D, U+2060, U+FEFF), the soft hyphen and tag characters
 *   <li>the line and paragraph separators U+2028 and U+2029, and lone surrogates
 * </ul>
 *
 * <p>Letters of every script, spaces, combining marks, variation selectors and emoji stay as they
 * are ("Grüße", "日本", "😀"). A zero-width joiner is escaped even inside an emoji sequence, which
 * then shows as its parts: the joiner can hide text as well as join pictures.
 *
 * <p>A backslash is not escaped, so in free text a provider could write {@code \}{@code u202E} and
 * have it read like an escape; in JSON (a call's arguments) a backslash of the value is written
 * {@code \\} and every escape is unambiguous.
 */
public final class VisibleText {

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private VisibleText() {}

  /**
   * {@return {@code text} with every character {@link #isHidden hidden} written as an escape; the
   * text itself when it has none}
   *
   * @param text any text; not null
   */
  public static String escape(String text) {
    int first = firstHidden(text);
    if (first < 0) {
      return text;
    }
    StringBuilder shown = new StringBuilder(text.length() + 16).append(text, 0, first);
    for (int i = first; i < text.length(); ) {
      int c = text.codePointAt(i);
      int chars = Character.charCount(c);
      if (isHidden(c)) {
        for (int j = i; j < i + chars; j++) {
          appendEscape(shown, text.charAt(j));
        }
      } else {
        shown.appendCodePoint(c);
      }
      i += chars;
    }
    return shown.toString();
  }

  /**
   * Whether {@link #escape} writes {@code codePoint} as an escape: a control or format character,
   * a line or paragraph separator, or a surrogate that is not half of a pair.
   *
   * @param codePoint a code point
   * @return whether it is escaped
   */
  public static boolean isHidden(int codePoint) {
    return switch (Character.getType(codePoint)) {
      case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
          Character.SURROGATE -> true;
      default -> false;
    };
  }

  private static int firstHidden(String text) {
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      if (isHidden(c)) {
        return i;
      }
      i += Character.charCount(c);
    }
    return -1;
  }

  private static void appendEscape(StringBuilder shown, char c) {
    switch (c) {
      case '\n' -> shown.append("\\n");
      case '\r' -> shown.append("\\r");
      case '\t' -> shown.append("\\t");
      default -> shown.append("\\u").append(HEX[(c >> 12) & 0xF]).append(HEX[(c >> 8) & 0xF])
          .append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
    }
  }
}
