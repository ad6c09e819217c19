package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shapes of a written file that harm once it is released, read from its text (issue 80, round
 * 5, decision 104): a CI workflow that checks a fork's code out where the repository's secrets are
 * ({@code pull_request_target} with the pull request's head), a schedule every minute or so on paid
 * runners or a wide matrix, a funding file that points the project's donations somewhere. Each
 * answers the rule's id and what it found, as {@link HeldContent} keeps a file's held rule, or
 * null. Bounded by the text {@link HeldContent} hands it ({@value HeldContent#MAX_CHARS}
 * characters); every pattern is bounded too.
 */
final class ReleaseShapes {
  private ReleaseShapes() {}

  static final String FORK_HEAD = "release.ci-fork-head";
  static final String EVERY_MINUTE = "release.ci-every-minute";
  static final String FUNDING = "release.funding-changed";
  static final String MASS_CLOSE = "release.issues-mass-closed";
  static final String LICENSE = "release.license-changed";

  /** A project's license file, by the names forges and package managers look for. */
  private static final Pattern LICENSE_FILE =
      Pattern.compile("(?:licen[cs]e|copying|unlicense)(?:[.-][\\w.-]{0,20})?");

  /** A stale bot's setting that marks or closes at once: 0 or 1 days. */
  private static final Pattern AT_ONCE =
      Pattern.compile(
          "days-before-(?:issue-|pr-)?(?:stale|close):\\s*['\"]?[01]['\"]?\\s*$",
          Pattern.MULTILINE);

  /** A checkout of the pull request's own head: the fork's code, not the base's. */
  private static final Pattern HEAD_REF =
      Pattern.compile(
          "ref:\\s*['\"]?\\$\\{\\{\\s*(?:github\\.event\\.pull_request\\.head\\.(?:sha|ref)"
              + "|github\\.head_ref|github\\.event\\.pull_request\\.merge_commit_sha)"
              + "|refs/pull/");

  /** A schedule's cron line: its minute and hour fields. */
  private static final Pattern CRON =
      Pattern.compile("cron:\\s*['\"]?([^\\s'\"]{1,40})\\s+([^\\s'\"]{1,40})\\s");

  /** A runner that is billed by the minute, or by more than the smallest's rate. */
  private static final Pattern PAID_RUNNER =
      Pattern.compile("(?i)macos|windows|xlarge|-cores|\\blarge\\b|-large|gpu|arm64-\\d+");

  /** An inline list of a matrix's values: {@code os: [a, b, c]}. */
  private static final Pattern LIST = Pattern.compile("^\\s*[\\w-]{1,60}:\\s*\\[([^\\]]{0,2000})]");

  /** A URL a funding file names. */
  private static final Pattern URL = Pattern.compile("https?://([^/\\s\"'\\]]{1,200})");

  /**
   * {@return the held rule's id and what was found in {@code text}, written to {@code path}; or
   * null}
   */
  static String held(String path, String text) {
    String lower = path.toLowerCase(Locale.ROOT);
    if (lower.endsWith("/.github/funding.yml") || lower.endsWith("/.github/funding.yaml")) {
      String found = funding(text);
      return found == null ? null : FUNDING + " " + found;
    }
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    if (PatternLiterals.matches(LICENSE_FILE, name)) {
      return LICENSE + " the license: " + firstLine(text);
    }
    if (!path.contains("/.github/workflows/")
        || !(lower.endsWith(".yml") || lower.endsWith(".yaml"))) {
      return null;
    }
    String head = forkHead(text);
    if (head != null) {
      return FORK_HEAD + " " + head;
    }
    String minute = everyMinute(text);
    if (minute != null) {
      return EVERY_MINUTE + " " + minute;
    }
    return staleAtOnce(text) ? MASS_CLOSE + " a stale bot that closes at once" : null;
  }

  /** {@code actions/stale} told to mark or close issues after 0 or 1 days: the whole backlog. */
  static boolean staleAtOnce(String text) {
    return text.contains("actions/stale") && PatternLiterals.finds(AT_ONCE, text);
  }

  private static String firstLine(String text) {
    for (String line : text.split("\n", 20)) {
      if (!line.isBlank()) {
        String stripped = line.strip();
        return stripped.length() <= 80 ? stripped : stripped.substring(0, 80) + "…";
      }
    }
    return "(empty)";
  }

  /** A funding file's accounts or links: what the donations now go to. */
  static String funding(String text) {
    Matcher url = URL.matcher(text);
    if (url.find()) {
      return "funding to " + url.group(1);
    }
    for (String line : text.split("\n", 40)) {
      int colon = line.indexOf(':');
      if (colon > 0 && !line.strip().startsWith("#") && !line.substring(colon + 1).isBlank()) {
        String value = line.substring(colon + 1).strip();
        if (!value.equals("[]") && !value.equals("null") && !value.equals("''")) {
          return "funding to " + line.strip();
        }
      }
    }
    return null;
  }

  /** {@code pull_request_target} with a checkout of the pull request's head. */
  static String forkHead(String text) {
    if (!text.contains("pull_request_target")) {
      return null;
    }
    Matcher head = HEAD_REF.matcher(text);
    return head.find()
        ? "pull_request_target checks out the fork's code (" + head.group().strip() + ")"
        : null;
  }

  /**
   * A schedule every five minutes or more often, on a paid runner or over a matrix of 16 jobs or
   * more: each run bills every job.
   */
  static String everyMinute(String text) {
    Matcher cron = CRON.matcher(text);
    String often = null;
    while (cron.find() && often == null) {
      String minute = cron.group(1);
      String hour = cron.group(2);
      if (hour.equals("*") && oftenMinute(minute)) {
        often = "cron " + minute + " " + hour + " …";
      }
    }
    if (often == null) {
      return null;
    }
    int jobs = matrixJobs(text);
    boolean paid = false;
    for (String line : text.split("\n", 400)) {
      String stripped = line.strip();
      if ((stripped.startsWith("runs-on:") || stripped.startsWith("os:"))
          && PatternLiterals.finds(PAID_RUNNER, stripped)) {
        paid = true;
      }
    }
    if (!paid && jobs < 16) {
      return null;
    }
    return often + (paid ? " on paid runners" : "") + (jobs > 1 ? ", " + jobs + " jobs a run" : "");
  }

  /** {@code *}, {@code * /N} with N up to 5, or a list of twelve minutes and more. */
  private static boolean oftenMinute(String minute) {
    if (minute.equals("*")) {
      return true;
    }
    if (minute.startsWith("*/")) {
      try {
        return Integer.parseInt(minute.substring(2)) <= 5;
      } catch (NumberFormatException notOne) {
        return false;
      }
    }
    return minute.chars().filter(c -> c == ',').count() >= 11;
  }

  /** The jobs a matrix's inline lists make: the product of their lengths (1 for none). */
  private static int matrixJobs(String text) {
    int at = text.indexOf("matrix:");
    if (at < 0) {
      return 1;
    }
    long jobs = 1;
    for (String line : text.substring(at).split("\n", 60)) {
      Matcher list = LIST.matcher(line);
      if (list.find()) {
        jobs *= list.group(1).split(",").length;
        if (jobs > 100_000) {
          break;
        }
      } else if (line.contains("runs-on:") || line.contains("steps:")) {
        break;
      }
    }
    return (int) Math.min(jobs, 100_000);
  }
}
