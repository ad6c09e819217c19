package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

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
          "callback");

  /** What a key that starts with {@code auto} does without the person when on. */
  private static final Set<String> APPROVALS =
      NameSet.of("approve", "approval", "accept", "publish", "release");

  /**
   * Whether a key's words name a watch kept for people.
   *
   * @param key the key's words, lower case, as {@link SafeguardEdits#words} gives them
   */
  static boolean names(List<String> key) {
    return key.size() >= 2 && SafeguardEdits.has(key, WATCHES);
  }

  /** Whether a key turns an approval automatic: {@code auto_approve_refunds}. */
  static boolean automatic(List<String> key) {
    return key.size() >= 2 && key.get(0).equals("auto") && SafeguardEdits.has(key, APPROVALS);
  }
}
