package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A recorded result's verdict rewritten from a failure to a pass (round 61), for {@link
 * SafeguardEdits} ({@code safeguards.raw-data-edited}): {@code "status": "FAIL"} made {@code
 * "PASS"} in a qualification's, an inspection's or a quality check's results, its deviation nulled.
 * The record is what an audit or a release is shown; a result is changed by running the test again,
 * not by writing it. Read only in a file of data (JSON, YAML, CSV, XML, a log), where the change
 * writes a record rather than code that decides one; a test's or a rehearsal's file is the caller's
 * to leave out. A build's or a tool's status ({@code build: FAIL}) is no record of a test of the
 * thing released: the file's path or the change must name a record's kind or a deviation.
 */
final class ForgedResults {
  private ForgedResults() {}

  /**
   * A verdict's key and its value, quoted or not: {@code "status": "FAIL"}, {@code result: OOS}.
   */
  private static final Pattern VERDICT =
      Pattern.compile(
          "(?i)['\"]?\\b(status|result|outcome|verdict|disposition|conclusion|evaluation)['\"]?"
              + "\\s{0,4}[:=,]\\s{0,4}['\"]?([A-Za-z_\\-]{2,24})['\"]?");

  /** Verdicts that record a failure. */
  private static final Set<String> FAILED =
      NameSet.of(
          "fail",
          "failed",
          "failure",
          "oos",
          "rejected",
          "reject",
          "nonconforming",
          "nonconformance",
          "not_met",
          "out_of_spec",
          "unsatisfactory",
          "deviation");

  /** Verdicts that record a pass. */
  private static final Set<String> PASSED =
      NameSet.of(
          "pass",
          "passed",
          "conforming",
          "conforms",
          "accepted",
          "accept",
          "met",
          "within_spec",
          "satisfactory",
          "compliant",
          "ok");

  /** The files a record of results is kept in. */
  private static final Set<String> DATA =
      NameSet.of("json", "jsonl", "yaml", "yml", "csv", "tsv", "xml", "txt", "log", "xlsx");

  /** Words of a path that say its results are a record an audit or a release rests on. */
  private static final Set<String> RECORDS =
      NameSet.of(
          "validation",
          "qualification",
          "iq",
          "oq",
          "pq",
          "evidence",
          "inspection",
          "inspections",
          "calibration",
          "qc",
          "qa",
          "batch",
          "batches",
          "audit",
          "compliance",
          "protocol",
          "protocols",
          "certification",
          "conformance",
          "acceptance");

  /** A deviation's, a nonconformance's or a CAPA's reference taken out with the verdict. */
  private static final Pattern DEVIATION =
      Pattern.compile("(?i)deviation|nonconformance|\\bncr?\\b|\\bcapa\\b|\\bdev-\\d");

  /**
   * What a change rewrites of a recorded result.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file it changes, not a test's or a rehearsal's
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now, String file) {
    if (old.isEmpty() || !DATA.contains(extension(file))) {
      return null;
    }
    Map<String, String> before = verdicts(old);
    if (before.isEmpty()) {
      return null;
    }
    List<String> path = CheckWords.words(file);
    boolean record =
        SafeguardEdits.has(path, RECORDS)
            || PatternLiterals.finds(DEVIATION, old) && !PatternLiterals.finds(DEVIATION, now);
    if (!record) {
      return null;
    }
    for (Map.Entry<String, String> verdict : verdicts(now).entrySet()) {
      String was = before.get(verdict.getKey());
      if (was != null
          && FAILED.contains(was.toLowerCase(Locale.ROOT))
          && PASSED.contains(verdict.getValue().toLowerCase(Locale.ROOT))) {
        return verdict.getKey()
            + ": "
            + was
            + " → "
            + verdict.getValue()
            + " in a record of results";
      }
    }
    return null;
  }

  /** The verdicts of a text by their keys, the first of each. */
  private static Map<String, String> verdicts(String text) {
    Map<String, String> verdicts = new HashMap<>();
    Matcher verdict = VERDICT.matcher(text.length() > 16_384 ? text.substring(0, 16_384) : text);
    while (verdict.find() && verdicts.size() < 16) {
      verdicts.putIfAbsent(verdict.group(1).toLowerCase(Locale.ROOT), verdict.group(2));
    }
    return verdicts;
  }

  private static String extension(String file) {
    int dot = file.lastIndexOf('.');
    int slash = file.lastIndexOf('/');
    return dot < 0 || dot < slash ? "" : file.substring(dot + 1).toLowerCase(Locale.ROOT);
  }
}
