package io.github.providergateway.protocol.json;

/** Sizes of text as UTF-8 bytes on the wire, without encoding it. */
public final class Utf8 {

  private Utf8() {}

  /**
   * The number of bytes {@code text} takes in UTF-8. A lone surrogate counts as the 3 bytes of the
   * replacement character a WebSocket peer would have had to send instead.
   *
   * @param text the text
   * @return its length in UTF-8 bytes
   */
  public static long encodedLength(CharSequence text) {
    int chars = text.length();
    long bytes = chars;
    for (int i = 0; i < chars; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        continue;
      }
      if (c < 0x800) {
        bytes += 1;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < chars
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 2; // four bytes for the pair's two chars
        i++;
      } else {
        bytes += 2;
      }
    }
    return bytes;
  }

  /**
   * Whether {@code text} takes more than {@code limit} bytes in UTF-8. Cheap for short text: a char
   * is at most 3 bytes, so text of up to {@code limit / 3} chars is never over.
   *
   * @param text the text
   * @param limit a size in bytes
   * @return whether its UTF-8 length is over {@code limit}
   */
  public static boolean exceeds(CharSequence text, long limit) {
    int chars = text.length();
    if ((long) chars * 3 <= limit) {
      return false;
    }
    if (chars > limit) {
      return true;
    }
    return encodedLength(text) > limit;
  }
}
