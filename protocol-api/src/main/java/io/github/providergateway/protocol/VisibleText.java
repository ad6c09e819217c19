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
 *       overwrites a line); line feed, carriage return and tab as {@code \n}, {@code \r}, {@code
 *       \t}
 *   <li>format characters ({@link Character#FORMAT}): the bidirectional embeddings, overrides and
 *       isolates (U+202A–U+202E, U+2066–U+2069), the marks (U+200E, U+200F, U+061C), zero-width
 *       characters (U+200B–U+200D, U+2060, U+FEFF), the soft hyphen and tag characters
 *   <li>the line and paragraph separators U+2028 and U+2029, and lone surrogates
 *   <li>characters that draw nothing, or a blank, but are not spaces, so that a person takes them
 *       for a space or for nothing: the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the
 *       braille blank U+2800, the combining grapheme joiner U+034F, the Khmer inherent vowels
 *       U+17B4 and U+17B5, and the code points Unicode keeps invisible for the future (U+2065,
 *       U+FFF0–U+FFF8, and U+E0000–U+E0FFF apart from the variation selectors U+E0100–U+E01EF)
 * </ul>
 *
 * <p>Letters of every script, spaces, combining marks, variation selectors and emoji stay as they
 * are ("Grüße", "日本", "😀"). A space is shown as the space it is, so the spaces of other widths
 * (U+00A0, U+2000–U+200A, U+3000) stay too. A zero-width joiner is escaped even inside an emoji
 * sequence, which then shows as its parts: the joiner can hide text as well as join pictures.
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
   * Whether {@link #escape} writes {@code codePoint} as an escape: a control or format character, a
   * line or paragraph separator, a surrogate that is not half of a pair, or a character that looks
   * like a space or like nothing without being a space (the list above).
   *
   * @param codePoint a code point
   * @return whether it is escaped
   */
  public static boolean isHidden(int codePoint) {
    return switch (Character.getType(codePoint)) {
      case Character.CONTROL,
          Character.FORMAT,
          Character.LINE_SEPARATOR,
          Character.PARAGRAPH_SEPARATOR,
          Character.SURROGATE ->
          true;
      case Character.UNASSIGNED -> isReservedInvisible(codePoint);
      default -> isBlankLooking(codePoint);
    };
  }

  /**
   * Letters, marks and a symbol that draw a blank or nothing: Unicode's default-ignorable ones the
   * general category does not catch (the Hangul fillers, U+034F, U+17B4, U+17B5; variation
   * selectors apart, which emoji need), and the braille blank, which draws an empty cell.
   */
  private static boolean isBlankLooking(int codePoint) {
    return switch (codePoint) {
      case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x17B4, 0x17B5 -> true;
      default -> false;
    };
  }

  /**
   * Code points Unicode has not assigned but already declares default-ignorable, which a newer
   * terminal draws as nothing: U+2065, U+FFF0–U+FFF8 and the unassigned rest of U+E0000–U+E0FFF.
   * Other unassigned code points stay, since a newer Unicode's emoji are unassigned to this JDK.
   */
  private static boolean isReservedInvisible(int codePoint) {
    return codePoint == 0x2065
        || (codePoint >= 0xFFF0 && codePoint <= 0xFFF8)
        || (codePoint >= 0xE0000 && codePoint <= 0xE0FFF);
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
      default ->
          shown
              .append("\\u")
              .append(HEX[(c >> 12) & 0xF])
              .append(HEX[(c >> 8) & 0xF])
              .append(HEX[(c >> 4) & 0xF])
              .append(HEX[c & 0xF]);
    }
  }
}
