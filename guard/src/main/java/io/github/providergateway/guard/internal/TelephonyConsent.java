package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Consent taken out of a messaging application's code or a PBX's dialplan (decision 126): the
 * opt-out keywords narrowed (STOP alone, UNSUBSCRIBE, CANCEL, END and QUIT no longer honoured), an
 * inbound message handler that no longer handles an opt-out, calls recorded with no notice played,
 * the quiet hours widened past 8 a.m. to 9 p.m. A change is judged against what it replaced: a
 * whole file written, or a part whose old text had what the new one lacks.
 */
final class TelephonyConsent {
  private TelephonyConsent() {}

  /** A messaging application's file. */
  private static final Pattern MESSAGING_FILE =
      Pattern.compile(
          "(?i)sms|messag|opt[-_]?out|consent|keyword|compliance|campaign|tcpa|texting");

  /** The opt-out keywords beyond STOP that carriers and the CTIA require honoured. */
  private static final Pattern OTHER_OPT_OUTS =
      Pattern.compile(
          "(?i)unsubscribe|\\bcancel\\b|\\bquit\\b|stopall|\\bend\\b|\\brevoke\\b|optout");

  /** The opt-out itself: STOP, or an opt-out's handling. */
  private static final Pattern OPT_OUT =
      Pattern.compile("(?i)\\bstop\\b|\\^stop|opt[-_ ]?out|unsubscrib");

  /** An inbound message's handler: the webhook's body read. */
  private static final Pattern INBOUND =
      Pattern.compile(
          "(?i)request\\.(?:form|values|post)(?:\\.get)?\\s*[\\[(]\\s*[\"']body|req\\.body\\.body\\b"
              + "|params\\[:body\\]|messagingresponse|\\$_post\\[[\"']body|inbound[-_ ]?(?:sms|message)");

  /** Recording started: Asterisk's, FreeSWITCH's, TwiML's. */
  private static final Pattern RECORDS =
      Pattern.compile(
          "(?i)\\b(?:mixmonitor|monitor)\\s*\\(|record_session|<record\\b|\\brecord\\s*=\\s*[\"']?(?:true"
              + "|record-from)|startrecording|start_recording\\s*\\(");

  /** A notice played or said: the call may be recorded. */
  private static final Pattern NOTICE =
      Pattern.compile(
          "(?i)(?:playback|background|\\bsay|speak|\\bplay|stream|<say|<play|tts)[^\\n]{0,160}(?:record"
              + "|notice|consent|monitor|quality|disclos|training)");

  /** A quiet-hours check's file or text. */
  private static final Pattern QUIET_HOURS =
      Pattern.compile(
          "(?i)quiet[-_ ]?hours|calling[-_ ]?hours|call(?:ing)?[-_ ]?window|send(?:ing)?[-_ ]?window"
              + "|contact[-_ ]?(?:hours|window)|\\btcpa\\b");

  /** A window's bound and its hour: {@code WINDOW_START = time(7, 0)}, {@code "end": "22:00"}. */
  private static final Pattern BOUND =
      Pattern.compile(
          "(?i)\\b(\\w{0,30}?(start|begin|earliest|open|end|latest|close|until)\\w{0,20})[\"']?\\s*[:=]"
              + "\\s*(?:time\\s*\\(|[\"'])?\\s*(\\d{1,2})(?:\\s*[:,]\\s*(\\d{1,2}))?");

  static String removed(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    boolean whole = old.isEmpty();
    if (PatternLiterals.finds(MESSAGING_FILE, file) || PatternLiterals.finds(MESSAGING_FILE, now)) {
      String found = optOutNarrowed(old, now, whole);
      if (found != null) {
        return found;
      }
      if (PatternLiterals.finds(INBOUND, now)
          && !PatternLiterals.finds(OPT_OUT, now)
          && (whole || PatternLiterals.finds(OPT_OUT, old))) {
        return "an inbound message handler with no opt-out (STOP) in " + file;
      }
    }
    Matcher records = PatternLiterals.matcher(RECORDS, now);
    if (records.find()
        && !PatternLiterals.finds(NOTICE, now)
        && (whole || PatternLiterals.finds(NOTICE, old))) {
      return records.group() + " with no recording notice";
    }
    if (PatternLiterals.finds(QUIET_HOURS, file) || PatternLiterals.finds(QUIET_HOURS, now)) {
      return widened(now);
    }
    return null;
  }

  /** What names the opt-out: its keywords, its check. */
  private static final Pattern OPT_OUT_NAMED =
      Pattern.compile("(?i)opt[-_ ]?out|unsubscri|stop[-_ ]?(?:words|keywords)|keywords");

  private static final Pattern STOP = Pattern.compile("(?i)\\bstop\\b");

  private static String optOutNarrowed(String old, String now, boolean whole) {
    Matcher stop = PatternLiterals.matcher(STOP, now);
    if (!stop.find() || PatternLiterals.finds(OTHER_OPT_OUTS, now)) {
      return null;
    }
    boolean narrowed =
        whole
            ? PatternLiterals.finds(OPT_OUT_NAMED, now)
            : PatternLiterals.finds(OTHER_OPT_OUTS, old);
    return narrowed ? "opt-out keywords narrowed to STOP alone" : null;
  }

  /** A sending window opened before 8 a.m. or closed after 9 p.m. (a quiet-hours bound is not). */
  private static String widened(String now) {
    Matcher bound = PatternLiterals.matcher(BOUND, now);
    while (bound.find()) {
      String name = bound.group(1).toLowerCase(java.util.Locale.ROOT);
      if (name.contains("quiet") || name.contains("block")) {
        continue; // the quiet hours' own start and end, read the other way round
      }
      int hour = Integer.parseInt(bound.group(3));
      int minute = bound.group(4) == null ? 0 : Integer.parseInt(bound.group(4));
      boolean opens = bound.group(2).matches("(?i)start|begin|earliest|open");
      if (opens ? hour < 8 : hour > 21 || hour == 21 && minute > 0) {
        return "a sending window " + bound.group().strip();
      }
    }
    return null;
  }
}
