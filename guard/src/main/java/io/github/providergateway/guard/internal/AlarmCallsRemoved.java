package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An emergency's or an alarm's call taken out of code (issue 80 round 74, for {@code
 * safeguards.check-removed}): {@code return h.emergency.Dial(ctx, call)} made a log line in an SOS
 * handler, {@code m.pager.RaiseAlarm(ctx, reading)} or {@code notifyEmergencyContacts(resident)}
 * deleted. The press of a panic button, a gas reading or a fall now reaches nobody. Kept: a call of
 * the same kind left in the new text (renamed, moved, retried), a call that cancels, clears,
 * silences or tests an alarm, a function defined, a comment; a test's file is not read (its caller
 * leaves tests out).
 */
final class AlarmCallsRemoved {
  private AlarmCallsRemoved() {}

  /** A call's dotted name. */
  private static final Pattern CALL = Pattern.compile("([A-Za-z_][\\w.]{0,100}+)\\s*+\\(");

  /** A cheap first test. */
  private static final Pattern HINT =
      Pattern.compile("(?i)emergenc|sos|alarm|panic|evacuat|\\b(?:911|999|112)\\b");

  /** The words of an emergency's or an alarm's call. */
  private static final Set<String> RAISES =
      Set.of(
          "emergency",
          "emergencies",
          "sos",
          "alarm",
          "alarms",
          "panic",
          "evacuate",
          "evacuation",
          "911",
          "999",
          "112");

  /** The words of a call that stands an alarm down or only tries it. */
  private static final Set<String> STANDS_DOWN =
      Set.of(
          "cancel",
          "clear",
          "snooze",
          "silence",
          "stop",
          "mute",
          "ack",
          "acknowledge",
          "dismiss",
          "test",
          "mock",
          "fake",
          "reset",
          "is",
          "has",
          "get",
          "list",
          "count");

  /** A definition's line. */
  private static final Pattern DEFINITION =
      Pattern.compile("^(?:async\\s+)?(?:def|function|func|fn|sub|fun|private|public|static)\\b");

  /**
   * {@return the emergency's or alarm's call the edit takes out, as the reason shows it, or {@code
   * null}}
   *
   * @param old the edit's old text
   * @param now its new text
   */
  static String of(String old, String now) {
    if (old.isEmpty() || !PatternLiterals.finds(HINT, old)) {
      return null;
    }
    if (raises(now) != null) {
      return null; // a call of the kind is still made
    }
    for (String line : old.split("\n")) {
      String strip = line.strip();
      if (strip.length() > SafeguardEdits.MAX_LINE
          || CheckEdits.comment(strip)
          || PatternLiterals.finds(DEFINITION, strip)) {
        continue;
      }
      String name = raises(strip);
      if (name != null) {
        return name + "(…) taken out";
      }
    }
    return null;
  }

  /** The first call in a text that raises an emergency or an alarm, or {@code null}. */
  private static String raises(String text) {
    Matcher call = PatternLiterals.matcher(CALL, text);
    int calls = 0;
    while (call.find() && calls++ < 64) {
      List<String> words = SafeguardEdits.words(call.group(1));
      if (SafeguardEdits.has(words, RAISES) && !SafeguardEdits.has(words, STANDS_DOWN)) {
        return call.group(1);
      }
    }
    return null;
  }
}
