package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A setting's key that names a watch kept for people: an alarm, an alert, a warning, a
 * notification, a notice, an escalation, a review, an inspection, a confirmation (decision 174),
 * for {@link SafeguardSettings#protectionOff}: {@code overspeed_warning}, {@code notify_on_call},
 * {@code escalate_unacknowledged}, {@code editor_review}. Set off, nobody hears of what it watched
 * for. As with {@link RequirementKeys}, a table whose rows set the key both ways is no switch
 * turned off. A key of one word ({@code alerts: false}) names nothing, nor do a build's warnings
 * ({@code warn_unused_ignores}, {@code treat_warnings_as_errors}: a compiler's, not people's). A
 * key that starts with {@code auto} and names an approval ({@code auto_approve}, {@code
 * auto_publish}) turns the person's approval off when on.
 */
final class WatchKeys {
  private WatchKeys() {}

  /**
   * A list's item that begins with its name, the keys below it its own: {@code - id: X} (round 61:
   * {@code - id: EXPEDITED_15DAY_EU} above its {@code enabled: false}).
   */
  static final Pattern NAMED_ITEM =
      Pattern.compile("-\\s+(?:id|name|rule|key|code)\\s*:\\s*['\"]?([A-Za-z][\\w.\\-]{1,60})");

  /** Words that make a key of two words or more a watch kept for people. */
  private static final Set<String> WATCHES =
      NameSet.of(
          "alarm",
          "alarms",
          "alert",
          "alerts",
          "alerting",
          "warning",
          "notify",
          "notification",
          "notifications",
          "notice",
          "notices",
          "escalate",
          "escalation",
          "escalations",
          "review",
          "reviews",
          "inspection",
          "inspections",
          "confirmation",
          "confirm",
          "reviewer",
          "reviewers",
          "callback",
          // a call made to people when something happens to them (round 61: a power cut's
          // critical_care_callout to customers on life support)
          "callout",
          "callouts");

  /** What a key that starts with {@code auto} does without the person when on. */
  private static final Set<String> APPROVALS =
      NameSet.of("approve", "approval", "accept", "publish", "release");

  /** The words that say a key does its step without anyone: {@code approve_automatically}. */
  private static final Set<String> AUTOMATIC = NameSet.of("automatically", "automatic");

  /** A switch's own key, which says nothing of what it switches: {@code enabled}. */
  private static final Set<String> SWITCHES = NameSet.of("enabled", "enable", "active", "on");

  /** Words that make a report one that is owed (round 61): an expedited or mandatory report. */
  private static final Set<String> OWED =
      NameSet.of(
          "expedited",
          "mandatory",
          "mandated",
          "statutory",
          "regulatory",
          "regulator",
          "regulators",
          "agency");

  /** Words that name a report or a notice sent to an authority. */
  private static final Set<String> REPORTS =
      NameSet.of(
          "report",
          "reports",
          "reporting",
          "reportable",
          "notification",
          "notifications",
          "submission",
          "submissions",
          "filing",
          "filings");

  /** The watches whose key is a verb, which a number switches: {@code notify_on_call: 0}. */
  private static final Set<String> VERBS = NameSet.of("notify", "escalate");

  /** Words that make a watch's key a quantity, which a number sets: {@code escalate_after_s}. */
  private static final Set<String> QUANTITIES =
      NameSet.of(
          "after",
          "delay",
          "minutes",
          "mins",
          "min",
          "seconds",
          "secs",
          "s",
          "ms",
          "hours",
          "days",
          "count",
          "threshold",
          "limit",
          "level",
          "max",
          "timeout",
          "interval",
          "retries",
          "attempts",
          "percent",
          "window",
          "period");

  /** Where paging is a person's: {@code incident: {paging: off}}, a file named {@code oncall}. */
  private static final Set<String> PAGED =
      NameSet.of("incident", "incidents", "oncall", "call", "pager", "pagerduty", "escalation");

  /**
   * Whether a key's words name a watch kept for people.
   *
   * @param key the key's words, lower case, as {@link SafeguardEdits#words} gives them
   */
  static boolean names(List<String> key) {
    return key.size() >= 2 && SafeguardEdits.has(key, WATCHES);
  }

  /**
   * Whether a key turns an approval automatic: {@code auto_approve_refunds}, said in one word
   * ({@code autopublish}) or with the automatic word last ({@code approve_automatically}).
   */
  static boolean automatic(List<String> key) {
    if (key.size() == 1) {
      String word = key.get(0);
      return word.startsWith("auto") && APPROVALS.contains(word.substring(4));
    }
    return (key.get(0).equals("auto") || SafeguardEdits.has(key, AUTOMATIC))
        && SafeguardEdits.has(key, APPROVALS);
  }

  /**
   * Whether a switch's own key ({@code enabled}) is set directly under a section that names a
   * watch: {@code sepsis_alerts: enabled: false}, a TOML table {@code [fall_alarm]}, {@code alerts:
   * {enabled: false}}. A channel's key under one ({@code notifications: email: false}) is none.
   *
   * @param key the key's words
   * @param context the sections above the key, dotted, the nearest last
   */
  static boolean namedBySection(List<String> key, String context) {
    if (key.size() != 1 || !SWITCHES.contains(key.get(0))) {
      return false;
    }
    String[] sections = context.split("\\.");
    for (int i = sections.length - 1; i >= 0; i--) {
      if (!sections[i].isEmpty()) {
        return SafeguardEdits.has(SafeguardEdits.words(sections[i]), WATCHES);
      }
    }
    return false;
  }

  /**
   * Whether a watch's key is a verb a number switches ({@code notify_on_call: 0}, {@code
   * ESCALATE_TO_CHARGE_NURSE=0}), not a quantity ({@code escalate_after_minutes: 0}).
   */
  static boolean switchedByNumber(List<String> key) {
    return key.size() >= 2 && VERBS.contains(key.get(0)) && !SafeguardEdits.has(key, QUANTITIES);
  }

  /**
   * Whether a key pages a person: {@code paging} where the key, its sections or its file name an
   * incident or the on-call ({@code incident: {paging: off}}); not a table's ({@code
   * table_paging}).
   *
   * @param key the key's words
   * @param placed the key's words with its sections' and its file's
   */
  static boolean pages(List<String> key, List<String> placed) {
    return key.contains("paging") && SafeguardEdits.has(placed, PAGED);
  }

  /**
   * Whether a switch's words, its sections' or its file's name a report that is owed to an
   * authority (round 61): {@code EXPEDITED_15DAY_EU} in {@code reporting_rules.yaml}, {@code
   * mandatory_reporting}; not a report of one's own ({@code usage_reporting}, {@code
   * crash_reporting}).
   *
   * @param placed the key's words with its sections' and its file's
   */
  static boolean owedReport(List<String> placed) {
    return SafeguardEdits.has(placed, OWED) && SafeguardEdits.has(placed, REPORTS);
  }
}
