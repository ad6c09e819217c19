package io.github.providergateway.websocket.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
 * U+10FFFF), as RFC 6455 §8.1 requires of text frames. Eight ASCII bytes at a time, since nearly
 * every byte of this protocol's JSON is ASCII.
 */
public final class Utf8Validator {

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  private Utf8Validator() {}

  public static boolean isValid(byte[] bytes, int from, int length) {
    int at = from;
    int end = from + length;
    while (at < end) {
      if (end - at >= 8 && ((long) LONGS.get(bytes, at) & HIGH_BITS) == 0) {
        at += 8;
        continue;
      }
      int b = bytes[at] & 0xFF;
      if (b < 0x80) {
        at++;
        continue;
      }
      int need;
      int min;
      int cp;
      if (b >= 0xC2 && b <= 0xDF) {
        need = 1;
        min = 0x80;
        cp = b & 0x1F;
      } else if (b >= 0xE0 && b <= 0xEF) {
        need = 2;
        min = 0x800;
        cp = b & 0x0F;
      } else if (b >= 0xF0 && b <= 0xF4) {
        need = 3;
        min = 0x10000;
        cp = b & 0x07;
      } else {
        return false; // a continuation byte first, an overlong lead (C0, C1), or F5..FF
      }
      if (end - at <= need) {
        return false; // cut short
      }
      for (int i = 1; i <= need; i++) {
        int c = bytes[at + i] & 0xFF;
        if ((c & 0xC0) != 0x80) {
          return false;
        }
        cp = (cp << 6) | (c & 0x3F);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return false;
      }
      at += need + 1;
    }
    return true;
  }
}
