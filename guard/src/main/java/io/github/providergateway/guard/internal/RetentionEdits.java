package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A retention shortened by an edit of a policy or a setting (round 73, {@code
 * safeguards.threshold-loosened}): {@code electronic_communications: 6y} made {@code 90d} in {@code
 * config/retention/policy.yaml}, {@code keep_years = 10} made {@code 1}. The file or the key says
 * it keeps (retention, retain, keep, expire, lifecycle, archive, purge), and the same key's period,
 * in days by its unit ({@link RecordsKept#days}), is shorter after the edit than before. What is
 * kept less long is deleted by the next run of the policy; {@code records.retention-cut} denies a
 * retention cut to a month or less, this asks for any cut.
 *
 * <p>Not read here: a period lengthened, a comment, a value without a unit the key or the text
 * gives, a cache's or a session's time to live (no keeping word), a test's file.
 */
final class RetentionEdits {
  private RetentionEdits() {}

  /** A file or a key that says it keeps. */
  private static final Pattern KEEPING =
      Pattern.compile("(?i)retention|retain|keep|expir|lifecycle|archiv|purge|preserv");

  /** A key with a period: {@code electronic_communications: 6y}, {@code keep_years = 10}. */
  private static final Pattern PERIOD =
      Pattern.compile(
          "(?m)^[\\s\"'-]*([A-Za-z_][\\w.-]{0,60})[\"']?\\s*[:=]\\s*[\"']?(\\d{1,6})\\s?"
              + "(d|days?|w|weeks?|m|mo|months?|y|yr|years?)?[\"']?\\s*(?:[,#]|$)");

  /**
   * The shortest period that reads as a record's retention, in days: records are kept for years; a
   * log's or a build's artefacts' weeks shortened are housekeeping (the book's allowed examples).
   */
  private static final double RECORDS_DAYS = 365;

  /** An object store's expiry option of MinIO's client, in days. */
  private static final Pattern MC_EXPIRY =
      Pattern.compile("--(?:noncurrent-)?expir(?:e|y)-days(?:=(\\d{1,6}))?");

  /**
   * Whether MinIO's client adds or changes a lifecycle rule that expires objects in less than a
   * year ({@code mc ilm rule add --expire-days 90 mgxstore/clinical-bam}, round 73), or imports a
   * lifecycle whole; not a listing, not a year or more (a logs archive's), not a scratch bucket.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean objectExpiry(Step step) {
    if (!step.program().equals("mc")) {
      return false;
    }
    java.util.List<String> words = new java.util.ArrayList<>();
    for (io.github.providergateway.guard.shell.Word word : step.args()) {
      words.add(word.text());
    }
    if (!words.contains("ilm") || words.stream().anyMatch(w -> PatternLiterals.finds(SCRATCH, w))) {
      return false;
    }
    if (words.contains("import")) {
      return true;
    }
    if (!words.contains("add") && !words.contains("edit")) {
      return false;
    }
    for (int i = 0; i < words.size(); i++) {
      Matcher option = MC_EXPIRY.matcher(words.get(i));
      if (!option.matches()) {
        continue;
      }
      String days =
          option.group(1) != null ? option.group(1) : i + 1 < words.size() ? words.get(i + 1) : "";
      if (days.matches("\\d{1,6}") && Integer.parseInt(days) < RECORDS_DAYS) {
        return true;
      }
    }
    return false;
  }

  /** A bucket of scratch, temporary or cached objects. */
  private static final Pattern SCRATCH = Pattern.compile("(?i)scratch|\\btmp\\b|temp|cache");

  /** A test's file. */
  private static final Pattern TEST =
      Pattern.compile("(?:^|/)(?:tests?|fixtures?|testdata|spec|examples?)/|_test\\.|\\.test\\.");

  /**
   * The retention the call shortens, as the reason shows it, or {@code null}.
   *
   * @param scan the call
   * @return the key and its new period, or {@code null}
   */
  static String shortened(Scan scan) {
    JsonNode args = scan.call().args();
    EditCalls.Replacement edit = EditCalls.replacement(args, 8192);
    if (edit == null) {
      return null;
    }
    String old = edit.old();
    String now = edit.now();
    String path = edit.path();
    if (PatternLiterals.finds(TEST, path.toLowerCase(Locale.ROOT))) {
      return null;
    }
    boolean keepingFile = PatternLiterals.finds(KEEPING, path);
    Map<String, Double> before = periods(old, keepingFile);
    Matcher after = PatternLiterals.matcher(PERIOD, now);
    while (after.find()) {
      Double was = before.get(after.group(1));
      double is = days(after);
      if (was != null && was >= RECORDS_DAYS && is >= 0 && is < was) {
        return after.group().strip();
      }
    }
    return null;
  }

  /**
   * The periods a text gives, by key, in days, of the keys that keep (or any in a keeping file).
   */
  private static Map<String, Double> periods(String text, boolean keepingFile) {
    Map<String, Double> found = new HashMap<>();
    Matcher value = PatternLiterals.matcher(PERIOD, text);
    while (value.find()) {
      double days = days(value);
      if (days >= 0 && (keepingFile || PatternLiterals.finds(KEEPING, value.group(1)))) {
        found.put(value.group(1), days);
      }
    }
    return found;
  }

  /** A period's days, or -1 where neither the key nor a suffix gives a unit. */
  private static double days(Matcher value) {
    String key = value.group(1).toLowerCase(Locale.ROOT);
    String suffix = value.group(3) == null ? "" : value.group(3).toLowerCase(Locale.ROOT);
    if (suffix.isEmpty()
        && !key.contains("day")
        && !key.contains("week")
        && !key.contains("month")
        && !key.contains("year")) {
      return -1;
    }
    if (suffix.isEmpty()) {
      suffix =
          key.contains("year")
              ? "y"
              : key.contains("month") ? "mo" : key.contains("week") ? "w" : "d";
    } else if (suffix.equals("m")) {
      suffix = "mo"; // a retention's m is a month: nobody keeps records for minutes
    }
    return RecordsKept.days("", value.group(2), suffix);
  }
}
