package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Personal or location data kept far longer (issue 80 round 74, {@code
 * safeguards.personal-data-kept-longer}): {@code live_location_ttl_days: 30} made {@code 3650},
 * {@code interval '30 days'} of a purge of {@code user_locations} made {@code '10 years'}, a face
 * template's hours made ten years. The edit changes nothing but numbers and their units, the text
 * or the file says it keeps or purges (retention, TTL, keep, expire, purge, delete, lifecycle), it
 * names personal or location data (a location, a trace, a face, a recording, a rider, a patient),
 * and a period is made at least ten times as long and a year or more. What a privacy policy and
 * data law promise to delete is kept for years, and a breach then holds all of it.
 *
 * <p>Not read here: a cache's, a session's, a metric's or a build's period (no personal word), a
 * period made shorter ({@link RetentionEdits}), a raise under ten times or to under a year, a
 * test's or a document's file.
 */
final class RetentionLengthened {
  private RetentionLengthened() {}

  /** A number and its unit, given after it. */
  private static final Pattern PERIOD =
      Pattern.compile(
          "(?i)(?<![\\w.])(\\d{1,6})\\s?(hours?|hrs?|h|days?|d|weeks?|w|months?|mo|years?|yrs?|y)?(?![\\w.])");

  /** A unit given before the number, in its key: {@code _days:}, {@code days=}, {@code Hours"}. */
  private static final Pattern UNIT_BEFORE =
      Pattern.compile("(?i)(hours?|days?|weeks?|months?|years?)[\"']?\\s*[:=]?\\s*[\"']?$");

  /** The text or the file says it keeps. */
  private static final Pattern KEEPING =
      Pattern.compile("(?i)retention|retain|ttl|keep|expir|lifecycle|purge|delete|archiv");

  /** Personal or location data by its name. */
  private static final Pattern PERSONAL =
      Pattern.compile(
          "(?i)locat|gps|geo|trace|trail|position|coordinat|\\blat|face|biometric|selfie|fingerprint"
              + "|voice|recording|cctv|footage|camera|ip_?address|rider|passenger|patient|customer"
              + "|user|person|pii|phone|chat|health|driver|student|child|member");

  /** The longest text read. */
  private static final int MAX_TEXT = 4096;

  /**
   * {@return the period the call makes far longer, as the reason shows it, or {@code null}}
   *
   * @param scan the call
   */
  static String lengthened(Scan scan) {
    JsonNode args = scan.call().args();
    EditCalls.Replacement edit = EditCalls.replacement(args, MAX_TEXT);
    if (edit == null) {
      return null;
    }
    String old = edit.old();
    String now = edit.now();
    String path = edit.path();
    if (CheckFiles.ordinary(path) || path.toLowerCase(Locale.ROOT).endsWith(".md")) {
      return null;
    }
    String context = path + "\n" + old;
    if (!PatternLiterals.finds(KEEPING, context) || !PatternLiterals.finds(PERSONAL, context)) {
      return null;
    }
    if (!skeleton(old).equals(skeleton(now))) {
      return null; // more changed than a period
    }
    List<Double> before = periods(old);
    List<Double> after = periods(now);
    for (int i = 0; i < before.size() && i < after.size(); i++) {
      double was = before.get(i);
      double is = after.get(i);
      if (was > 0 && is >= 365 && is >= 10 * was) {
        return "kept " + Math.round(is) + " days instead of " + Math.round(was);
      }
    }
    return null;
  }

  /** A text without its periods' numbers and units. */
  private static String skeleton(String text) {
    return PatternLiterals.matcher(PERIOD, text).replaceAll("#");
  }

  /** A text's periods in days, in order; -1 where no unit is given. */
  private static List<Double> periods(String text) {
    List<Double> days = new ArrayList<>();
    Matcher period = PatternLiterals.matcher(PERIOD, text);
    while (period.find() && days.size() < 32) {
      String suffix = period.group(2) == null ? "" : period.group(2).toLowerCase(Locale.ROOT);
      String key = "";
      if (suffix.isEmpty()) {
        Matcher unit =
            UNIT_BEFORE.matcher(text.substring(Math.max(0, period.start() - 40), period.start()));
        if (!unit.find()) {
          days.add(-1d);
          continue;
        }
        key = unit.group(1).toLowerCase(Locale.ROOT);
      }
      if (suffix.equals("m")) {
        suffix = "mo"; // a retention's m is a month
      }
      days.add(RecordsKept.days(key, period.group(1), suffix));
    }
    return days;
  }
}
