package io.github.providergateway.guard.shell.syntax;

/**
 * Bash's decoding of the backslash escapes of {@code $'…'}: {@code \n}, {@code \t}, {@code \x72},
 * {@code \162}, {@code \u00e9}, {@code \U0001F600}, {@code \cA}, …; an escape it does not know kept
 * as written, and the text cut at a decoded NUL.
 */
final class AnsiC {
  private AnsiC() {}

  /** {@return {@code chars[from..to)}, the text between the quotes, decoded} */
  static String decode(char[] chars, int from, int to) {
    StringBuilder sb = new StringBuilder(to - from);
    int pos = from;
    while (pos < to) {
      char c = chars[pos];
      if (c != '\\' || pos + 1 >= to) {
        sb.append(c);
        pos++;
        continue;
      }
      char d = chars[pos + 1];
      pos += 2;
      int value;
      switch (d) {
        case 'a' -> value = 7;
        case 'b' -> value = 8;
        case 'e', 'E' -> value = 27;
        case 'f' -> value = 12;
        case 'n' -> value = 10;
        case 'r' -> value = 13;
        case 't' -> value = 9;
        case 'v' -> value = 11;
        case '\\', '\'', '"', '?' -> value = d;
        case 'x', 'u', 'U' -> {
          int max = d == 'x' ? 2 : d == 'u' ? 4 : 8;
          int end = digitsEnd(chars, pos, to, 16, max);
          value = end == pos ? -1 : Integer.parseUnsignedInt(new String(chars, pos, end - pos), 16);
          pos = end;
        }
        case 'c' -> {
          if (pos < to) {
            value = chars[pos] & 0x1f;
            pos++;
          } else {
            value = -1;
          }
        }
        default -> {
          if (d >= '0' && d <= '7') {
            int end = digitsEnd(chars, pos, to, 8, 2);
            value = Integer.parseInt(new String(chars, pos - 1, end - pos + 1), 8) & 0xff;
            pos = end;
          } else {
            value = -1;
          }
        }
      }
      if (value == -1) {
        sb.append('\\').append(d);
      } else if (value == 0) {
        // Bash ends the string at a NUL: what follows it in the quotes is dropped.
        return sb.toString();
      } else if (Character.isValidCodePoint(value)) {
        sb.appendCodePoint(value);
      }
    }
    return sb.toString();
  }

  /**
   * {@return where the run of at most {@code max} digits in {@code radix} from {@code from} ends}
   */
  private static int digitsEnd(char[] chars, int from, int to, int radix, int max) {
    int end = from;
    while (end < to && end - from < max && Character.digit(chars[end], radix) >= 0) {
      end++;
    }
    return end;
  }

  /**
   * {@code text} with its backslash escapes decoded as in {@code $'…'} (and so, nearly, as {@code
   * printf} and {@code echo -e} decode them).
   */
  static String decodeEscapes(String text) {
    return decode(text.toCharArray(), 0, text.length());
  }
}
