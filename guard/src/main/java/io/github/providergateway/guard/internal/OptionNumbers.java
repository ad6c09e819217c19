package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * The number a command-line option is given ({@code --replicas=0}, {@code --replicas 0}), read as
 * the programs the guard knows read it: Go's {@code strconv.ParseInt} with base 0 (kubectl, the
 * cloud CLIs' flags), so {@code 0x0}, {@code 0o0}, {@code 0b0}, {@code 00}, {@code +0}, {@code -0}
 * and {@code 0_0} are all zero. One reading for every rule that asks "scaled to zero", "down to
 * one" or "a group of no instances", so that none can be passed by a spelling another reads.
 */
final class OptionNumbers {
  private OptionNumbers() {}

  /**
   * The number the first {@code option} among {@code args} is given, or null when it is not given
   * or its value is no number the guard can read ({@code $N}, a word).
   */
  static Long value(List<String> args, String option) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String value =
          a.startsWith(option + "=")
              ? a.substring(option.length() + 1)
              : a.equals(option) && i + 1 < args.size() ? args.get(i + 1) : null;
      if (value != null) {
        return parse(value);
      }
    }
    return null;
  }

  /** Whether any of {@code options} is given zero anywhere among {@code args}. */
  static boolean zero(List<String> args, String... options) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : "";
      for (String option : options) {
        if (a.startsWith(option + "=") && isZero(a.substring(option.length() + 1))
            || a.equals(option) && isZero(next)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether {@code value} reads as zero ({@link #parse}). */
  static boolean isZero(String value) {
    Long n = parse(value);
    return n != null && n == 0;
  }

  /**
   * An integer as Go's base-0 parse reads it (a sign, a {@code 0x}, {@code 0o} or {@code 0b}
   * prefix, a leading {@code 0} for octal, {@code _} between digits), quotes left by the shell
   * removed; null where it is none. Leading zeros are not digits that count, so {@code 000…0} of
   * any length is zero.
   */
  static Long parse(String value) {
    String v = value.replace("\"", "").replace("'", "");
    boolean negative = v.startsWith("-");
    v = v.startsWith("+") || negative ? v.substring(1) : v;
    if (v.startsWith("_")) {
      return null; // Go: an underscore only after a digit or a base prefix
    }
    v = v.replace("_", "");
    int radix = 10;
    if (v.length() > 2 && v.charAt(0) == '0' && "xXoObB".indexOf(v.charAt(1)) >= 0) {
      radix = "xX".indexOf(v.charAt(1)) >= 0 ? 16 : "oO".indexOf(v.charAt(1)) >= 0 ? 8 : 2;
      v = v.substring(2);
    } else if (v.length() > 1 && v.charAt(0) == '0') {
      radix = 8; // Go reads a leading 0 as octal
    }
    int first = 0;
    while (first < v.length() - 1 && v.charAt(first) == '0') {
      first++;
    }
    String digits = v.substring(first);
    if (digits.isEmpty() || digits.length() > 18) {
      return null;
    }
    try {
      long n = Long.parseLong(digits, radix);
      return negative ? -n : n;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
