package io.github.providergateway.guard.internal;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The value a setting's line gives its key, read as what it measures (decision 203, for {@link
 * ProtectiveNumbers}): a number with its unit ({@code 2555}, {@code 7y}, {@code Decimal("50.00")},
 * {@code 250_000}), a version ({@code "4.9.3"}) or a time of day ({@code "18:00
 * America/New_York"}).
 */
final class WrittenValues {
  private WrittenValues() {}

  /**
   * What follows a key: its separator, a wrapping call ({@code Decimal(}), a quote, the value's
   * digits, the letters right after them (its unit) and the rest of the line.
   */
  private static final Pattern AFTER_KEY =
      Pattern.compile(
          "^['\"\\]]{0,2}\\s{0,4}(?:=>|:=|:|=)\\s{0,4}(?:[A-Za-z_][\\w.]{0,40}\\(\\s{0,2})?['\"]?"
              + "(?:[\\[(]\\s{0,2})?"
              + "(-?\\d[\\d_]{0,15}(?:[.:]\\d{1,6}){0,3}(?:[eE][-+]?\\d{1,3}(?![\\w.]))?)([A-Za-z]{0,7})"
              + "(.{0,80})");

  /** A date as ISO 8601 writes it, its time and offset where given. */
  private static final Pattern DATE =
      Pattern.compile(
          "(\\d{4})-(\\d{2})-(\\d{2})(?:[Tt ](\\d{2}):(\\d{2})(?::(\\d{2}))?(?:\\.\\d{1,9})?)?"
              + "\\s?([Zz]|[+-]\\d{2}:\\d{2})?");

  /** A duration's unit in seconds. */
  private static final Map<String, Long> UNITS =
      Map.ofEntries(
          Map.entry("s", 1L),
          Map.entry("sec", 1L),
          Map.entry("secs", 1L),
          Map.entry("m", 60L),
          Map.entry("min", 60L),
          Map.entry("mins", 60L),
          Map.entry("h", 3600L),
          Map.entry("hr", 3600L),
          Map.entry("hrs", 3600L),
          Map.entry("d", 86_400L),
          Map.entry("day", 86_400L),
          Map.entry("days", 86_400L),
          Map.entry("w", 604_800L),
          Map.entry("wk", 604_800L),
          Map.entry("mo", 2_592_000L),
          Map.entry("y", 31_536_000L),
          Map.entry("yr", 31_536_000L),
          Map.entry("yrs", 31_536_000L));

  /**
   * A value as written.
   *
   * @param digits its digits, a version's or a time's dots and colons kept
   * @param unit the letters right after them, lower case ({@code y} of {@code 7y}), or empty
   * @param rest what follows on the line (a time's zone, a comment)
   */
  record Value(String digits, String unit, String rest) {
    /** Its number, or NaN where it is a version or a time. */
    double number() {
      String plain = digits.replace("_", "");
      if (!plain.matches("-?\\d{1,15}(?:\\.\\d{1,6})?(?:[eE][-+]?\\d{1,3})?")) {
        return Double.NaN;
      }
      return Double.parseDouble(plain);
    }

    /** Its version's parts ({@code 4.9.3}), or null. */
    int[] version() {
      if (!digits.matches("\\d{1,6}(?:\\.\\d{1,6}){0,3}")) {
        return null;
      }
      String[] parts = digits.split("\\.");
      int[] version = new int[parts.length];
      for (int i = 0; i < parts.length; i++) {
        version[i] = Integer.parseInt(parts[i]);
      }
      return version;
    }

    /** Its time of day in minutes ({@code 18:00}: 1080), or -1. */
    int minutes() {
      Matcher time = Pattern.compile("(\\d{1,2}):(\\d{2})").matcher(digits);
      return time.matches()
          ? Integer.parseInt(time.group(1)) * 60 + Integer.parseInt(time.group(2))
          : -1;
    }

    /**
     * Its date, and its time where given, in seconds of the epoch ({@code
     * 2026-11-03T20:00:00-06:00}; a date with no offset is read as UTC), or NaN where it is no
     * date.
     */
    double instant() {
      Matcher date = DATE.matcher(digits + unit + rest);
      if (!date.lookingAt()) {
        return Double.NaN;
      }
      try {
        LocalDateTime at =
            LocalDateTime.of(
                Integer.parseInt(date.group(1)),
                Integer.parseInt(date.group(2)),
                Integer.parseInt(date.group(3)),
                date.group(4) == null ? 0 : Integer.parseInt(date.group(4)),
                date.group(5) == null ? 0 : Integer.parseInt(date.group(5)),
                date.group(6) == null ? 0 : Integer.parseInt(date.group(6)));
        String offset = date.group(7);
        return at.toEpochSecond(
            offset == null ? ZoneOffset.UTC : ZoneOffset.of(offset.toUpperCase(Locale.ROOT)));
      } catch (DateTimeException e) {
        return Double.NaN; // a month 13, an offset past 18 hours
      }
    }

    /** Its size, its sign left out: a bias of -38.5 is as large as one of 38.5. */
    Value size() {
      return digits.startsWith("-") ? new Value(digits.substring(1), unit, rest) : this;
    }

    /** It as a reason shows it: a date whole, a number with its unit. */
    String shown() {
      Matcher date = DATE.matcher(digits + unit + rest);
      return date.lookingAt() && !Double.isNaN(instant()) ? date.group() : digits + unit;
    }

    /** Its unit in seconds, or 0 where it has none a duration has. */
    long seconds() {
      return UNITS.getOrDefault(unit, 0L);
    }
  }

  /** The value a line gives a key, or null where it gives none this reads. */
  static Value of(String key, String line) {
    line = line.replace("\\", ""); // a substitution's pattern: Decimal\("1\.5"\)
    int at = line.indexOf(key);
    if (at < 0) {
      return null;
    }
    Matcher value = AFTER_KEY.matcher(line.substring(at + key.length()));
    if (!value.find()) {
      return null;
    }
    return new Value(value.group(1), value.group(2).toLowerCase(Locale.ROOT), value.group(3));
  }

  /**
   * How many times larger {@code now} is than {@code was}, their units read (7y and 30d), or NaN
   * where they do not compare: infinite where a zero became more.
   */
  static double ratio(Value was, Value now) {
    double a = was.number();
    double b = now.number();
    if (Double.isNaN(a) || Double.isNaN(b) || a < 0 || b < 0) {
      return Double.NaN;
    }
    if (!was.unit().equals(now.unit())) {
      if (was.seconds() == 0 || now.seconds() == 0) {
        return Double.NaN; // 500m and 1Gi, or a unit this does not know
      }
      a *= was.seconds();
      b *= now.seconds();
    }
    if (a == 0) {
      return b == 0 ? 1 : Double.POSITIVE_INFINITY;
    }
    return b / a;
  }

  /** Whether a version is lower than another: 3.2.0 below 4.9.3. */
  static boolean lower(int[] now, int[] was) {
    for (int i = 0; i < Math.max(now.length, was.length); i++) {
      int a = i < now.length ? now[i] : 0;
      int b = i < was.length ? was[i] : 0;
      if (a != b) {
        return a < b;
      }
    }
    return false;
  }
}
