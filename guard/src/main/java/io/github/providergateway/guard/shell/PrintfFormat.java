package io.github.providergateway.guard.shell;

import java.util.List;

/**
 * What bash's {@code printf} and {@code echo -e} write, for the text folded into a command: the
 * format's grammar ({@code %[flags][width][.precision]conversion}, {@code *} for either number,
 * {@code %c} as the argument's first character, the format used again while arguments are left,
 * {@code --} before the format) and the two sets of escapes, which differ: the format's {@code
 * \NNN} has at most three octal digits, the 0 among them ({@code \0162} is {@code \016} then {@code
 * 2}); {@code %b}'s and {@code echo -e}'s {@code \0NNN} has three after the 0, and {@code \c} ends
 * all output. A conversion it does not model ({@code %q}, {@code %e}, a number that is no number)
 * makes the text unknown (null): the reader then takes the command as computed, never as a text it
 * guessed.
 */
final class PrintfFormat {
  private PrintfFormat() {}

  /** The most times the format is used again for arguments left over. */
  private static final int MAX_PASSES = 256;

  /**
   * What {@code printf ARGS…} writes to its output ({@code args} without the program), or null when
   * it writes to a variable ({@code -v}) or uses a conversion this does not model.
   */
  static String print(List<String> args) {
    int at = !args.isEmpty() && args.get(0).equals("--") ? 1 : 0;
    if (at >= args.size() || at == 0 && args.get(0).startsWith("-") && args.get(0).length() > 1) {
      return null; // printf -v NAME …, or an option this does not know
    }
    return format(args.get(at), args.subList(at + 1, args.size()));
  }

  /**
   * {@code format} applied to {@code args}, again while arguments are left; null if not modelled.
   */
  static String format(String format, List<String> args) {
    StringBuilder out = new StringBuilder();
    int next = 0;
    for (int pass = 0; pass < MAX_PASSES; pass++) {
      int before = next;
      int end = once(format, args, next, out);
      if (end == STOPPED) {
        return out.toString();
      }
      if (end == UNKNOWN) {
        return null;
      }
      next = end;
      if (next >= args.size() || next == before) {
        return out.toString();
      }
    }
    return null;
  }

  private static final int STOPPED = -1;
  private static final int UNKNOWN = -2;

  /**
   * One pass of {@code format} from argument {@code next}: the index of the next argument, or
   * {@link #STOPPED} at a {@code \c}, or {@link #UNKNOWN}.
   */
  private static int once(String format, List<String> args, int next, StringBuilder out) {
    int i = 0;
    while (i < format.length()) {
      char c = format.charAt(i);
      if (c == '\\') {
        i = escape(format, i, out, false);
        if (i < 0) {
          return STOPPED;
        }
        continue;
      }
      if (c != '%') {
        out.append(c);
        i++;
        continue;
      }
      if (i + 1 < format.length() && format.charAt(i + 1) == '%') {
        out.append('%');
        i += 2;
        continue;
      }
      int k = i + 1;
      boolean left = false;
      boolean zero = false;
      while (k < format.length() && "-+ #0".indexOf(format.charAt(k)) >= 0) {
        left |= format.charAt(k) == '-';
        zero |= format.charAt(k) == '0';
        k++;
      }
      int width = -1;
      if (k < format.length() && format.charAt(k) == '*') {
        Integer n = number(next < args.size() ? args.get(next) : "");
        if (n == null) {
          return UNKNOWN;
        }
        next++;
        width = Math.abs(n);
        left |= n < 0;
        k++;
      } else {
        int start = k;
        while (k < format.length() && Character.isDigit(format.charAt(k))) {
          k++;
        }
        width = k > start ? bounded(format.substring(start, k)) : -1;
      }
      int precision = -1;
      if (k < format.length() && format.charAt(k) == '.') {
        k++;
        if (k < format.length() && format.charAt(k) == '*') {
          Integer n = number(next < args.size() ? args.get(next) : "");
          if (n == null) {
            return UNKNOWN;
          }
          next++;
          precision = n < 0 ? -1 : n;
          k++;
        } else {
          int start = k;
          while (k < format.length() && Character.isDigit(format.charAt(k))) {
            k++;
          }
          precision = k > start ? bounded(format.substring(start, k)) : 0;
        }
      }
      if (k >= format.length() || width > 4096 || precision > 4096) {
        return UNKNOWN;
      }
      char conversion = format.charAt(k);
      String argument = next < args.size() ? args.get(next) : null;
      next++;
      String text;
      switch (conversion) {
        case 's' -> text = argument == null ? "" : argument;
        case 'c' -> text = argument == null || argument.isEmpty() ? "" : argument.substring(0, 1);
        case 'b' -> {
          StringBuilder decoded = new StringBuilder();
          boolean stopped = echoEscapes(argument == null ? "" : argument, decoded);
          text = decoded.toString();
          if (stopped) {
            out.append(padded(text, width, precision, left));
            return STOPPED;
          }
        }
        case 'd', 'i' -> {
          Integer n = number(argument == null ? "0" : argument);
          if (n == null || precision >= 0) {
            return UNKNOWN;
          }
          text = String.valueOf(n);
          if (zero && !left && width > text.length()) {
            text = "0".repeat(width - text.length()) + text;
          }
          precision = -1;
        }
        default -> {
          return UNKNOWN;
        }
      }
      if (conversion == 'd' || conversion == 'i') {
        out.append(padded(text, width, -1, left));
      } else {
        out.append(padded(text, width, precision, left));
      }
      i = k + 1;
    }
    return Math.min(next, args.size());
  }

  private static String padded(String text, int width, int precision, boolean left) {
    String t = precision >= 0 && precision < text.length() ? text.substring(0, precision) : text;
    if (width <= t.length()) {
      return t;
    }
    String pad = " ".repeat(width - t.length());
    return left ? t + pad : pad + t;
  }

  private static int bounded(String digits) {
    return digits.length() > 5 ? Integer.MAX_VALUE : Integer.parseInt(digits);
  }

  /** A decimal integer argument as printf reads it, or null. */
  private static Integer number(String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return 0;
    }
    if (!t.matches("[-+]?[0-9]{1,9}")) {
      return null;
    }
    return Integer.parseInt(t);
  }

  /**
   * Decodes the escape at {@code i} of a printf format into {@code out}: the index after it, or -1
   * at {@code \c}.
   */
  private static int escape(String text, int i, StringBuilder out, boolean echo) {
    if (i + 1 >= text.length()) {
      out.append('\\');
      return i + 1;
    }
    char d = text.charAt(i + 1);
    int k = i + 2;
    switch (d) {
      case 'a' -> out.append('\u0007');
      case 'b' -> out.append('\b');
      case 'e', 'E' -> out.append('\u001b');
      case 'f' -> out.append('\f');
      case 'n' -> out.append('\n');
      case 'r' -> out.append('\r');
      case 't' -> out.append('\t');
      case 'v' -> out.append('\u000b');
      case '\\' -> out.append('\\');
      case 'c' -> {
        return -1;
      }
      case 'x' -> {
        int end = k;
        while (end < text.length() && end < k + 2 && ShellInputs.isHex(text.charAt(end))) {
          end++;
        }
        if (end == k) {
          out.append("\\x");
        } else {
          out.append((char) Integer.parseInt(text.substring(k, end), 16));
        }
        k = end;
      }
      case 'u', 'U' -> {
        int end = k;
        while (end < text.length()
            && end < k + (d == 'u' ? 4 : 8)
            && ShellInputs.isHex(text.charAt(end))) {
          end++;
        }
        if (end == k) {
          out.append('\\').append(d);
        } else {
          out.appendCodePoint(Math.min(Integer.parseInt(text.substring(k, end), 16), 0x10FFFF));
        }
        k = end;
      }
      default -> {
        if (d == '0' && echo) {
          // %b's and echo's \0NNN: up to three octal digits after the 0.
          int end = k;
          while (end < text.length() && end < k + 3 && isOctal(text.charAt(end))) {
            end++;
          }
          out.append(end == k ? '\0' : (char) (Integer.parseInt(text.substring(k, end), 8) & 0xFF));
          k = end;
        } else if (isOctal(d) && (!echo || d != '0')) {
          // The format's \NNN (and %b's without a 0): up to three digits, the first among them.
          int end = i + 1;
          while (end < text.length() && end < i + 4 && isOctal(text.charAt(end))) {
            end++;
          }
          out.append((char) (Integer.parseInt(text.substring(i + 1, end), 8) & 0xFF));
          k = end;
        } else if (!echo && (d == '"' || d == '\'' || d == '?')) {
          out.append(d);
        } else {
          out.append('\\').append(d);
        }
      }
    }
    return k;
  }

  /**
   * {@code text}'s escapes decoded as {@code %b} decodes them into {@code out}: whether a {@code
   * \c} ended the output there.
   */
  static boolean echoEscapes(String text, StringBuilder out) {
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c != '\\') {
        out.append(c);
        i++;
        continue;
      }
      i = escape(text, i, out, true);
      if (i < 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * What {@code echo -e} makes of {@code text}: as {@code %b}, but a {@code \NNN} without the 0 is
   * kept as written. The second element says whether a {@code \c} ended the output.
   */
  static String echo(String text, boolean[] stopped) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\\'
          && i + 1 < text.length()
          && isOctal(text.charAt(i + 1))
          && text.charAt(i + 1) != '0') {
        out.append(c);
        i++;
        continue;
      }
      if (c != '\\') {
        out.append(c);
        i++;
        continue;
      }
      i = escape(text, i, out, true);
      if (i < 0) {
        stopped[0] = true;
        return out.toString();
      }
    }
    return out.toString();
  }

  private static boolean isOctal(char c) {
    return c >= '0' && c <= '7';
  }
}
