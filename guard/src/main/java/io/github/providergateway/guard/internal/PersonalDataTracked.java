package io.github.providergateway.guard.internal;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Personal data or a location added to what analytics, tracking or logs record (issue 80 round 74,
 * for {@code customers.pii-to-analytics}), beyond the calls {@link CustomerEdits} names: an event's
 * properties in a file of analytics or tracking ({@code props: { city, lat, lng, phone }} in {@code
 * analytics/events.ts}), an SDK's call by another name ({@code Analytics.track}, {@code mp.track},
 * Firebase's {@code param("latitude", …)}), a log call given a date of birth, an address, a card's
 * number or an e-mail ({@code logger.info(…, extra={"dob": …})}). An added line only; a value
 * hashed or cut to its last four digits, a test's file (its caller leaves them out) and a property
 * that names no person are not.
 */
final class PersonalDataTracked {
  private PersonalDataTracked() {}

  /** A call that records an event or a log line. */
  private static final Pattern RECORDS =
      Pattern.compile(
          "\\b(?:\\w*[aA]nalytics\\w*\\.(?:track|identify|logEvent|capture|record\\w*)"
              + "|mp\\.(?:track|identify|people\\.set\\w*)|\\w*[tT]racker\\.(?:track|send|event)"
              + "|(?:log|logger|logging|LOG|LOGGER|Log|slog|console)\\.(?:info|debug|warn|warning"
              + "|error|Printf|Println|Info|Debug|Warn|Error|Infof|Debugf|Warnf|Errorf|log)"
              + ")\\s*\\(");

  /** A file of analytics' or tracking's events. */
  private static final Pattern TRACKING_FILE =
      Pattern.compile("(?i)(?:^|/)(?:analytics|tracking|telemetry|segment|mixpanel)(?:/|\\.)");

  /** An event's properties given in such a file. */
  private static final Pattern PROPERTIES =
      Pattern.compile("(?i)\\b(?:props|properties|params|attributes|traits|payload)\\s*[:=]");

  /** A person's data or a precise location, as a key, a parameter or a field read. */
  private static final Pattern PERSONAL =
      Pattern.compile(
          "(?i)(?:[{,(\\s'\"])(?:user_?|customer_?|patient_?|rider_?)?"
              + "(?:e_?mail(?:_?address)?|phone(?:_?number)?|(?:home|street|postal|mailing)_?address|date_?of_?birth|dob"
              + "|ssn|full_?name|patient_?name|lat|lng|lon|latitude|longitude|gps|coords"
              + "|card_?number|national_?id|passport)['\"]?\\s*[:=,]"
              + "|\\.(?:e_?mail|phone(?:_?number)?|phoneNumber|dob|dateOfBirth|ssn|homeAddress"
              + "|cardNumber|card_number|latitude|longitude|lat|lng|fullName)\\b");

  /** A value hashed before it goes. */
  private static final Pattern HASHED =
      Pattern.compile(
          "(?i)sha256|sha-256|hash|digest|md5|hmac|anonymi[sz]e|pseudonymi[sz]e|mask|last_?4"
              + "|last_?four|\\[-4:\\]|slice\\(-4\\)|takeLast\\(4\\)|redact");

  /** How far past a call its arguments are read. */
  private static final int SPAN = 400;

  /**
   * Whether the edit adds personal data to what a call or a file of analytics records.
   *
   * @param now the text put in
   * @param oldLines the old text's lines, stripped
   * @param file the file changed
   * @return whether it does
   */
  static boolean added(String now, Set<String> oldLines, String file) {
    boolean trackingFile = PatternLiterals.finds(TRACKING_FILE, file);
    Matcher call = PatternLiterals.matcher(RECORDS, now);
    int calls = 0;
    while (call.find() && calls++ < 32) {
      String span = now.substring(call.start(), Math.min(now.length(), call.start() + SPAN));
      int close = span.indexOf("\n\n");
      if (close > 0) {
        span = span.substring(0, close); // a call's arguments end by a blank line at the latest
      }
      if (addedPersonal(now, call.start(), span, oldLines)) {
        return true;
      }
    }
    if (!trackingFile) {
      return false;
    }
    Matcher properties = PatternLiterals.matcher(PROPERTIES, now);
    while (properties.find()) {
      int to = now.indexOf('\n', properties.start());
      String span = now.substring(properties.start(), to < 0 ? now.length() : to);
      if (addedPersonal(now, properties.start(), span, oldLines)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a span holds personal data on a line the edit adds, not hashed. */
  private static boolean addedPersonal(String now, int at, String span, Set<String> oldLines) {
    if (PatternLiterals.finds(HASHED, span)) {
      return false;
    }
    Matcher field = PatternLiterals.matcher(PERSONAL, span);
    while (field.find()) {
      int where = at + field.start();
      int from = now.lastIndexOf('\n', where) + 1;
      int to = now.indexOf('\n', where + 1);
      String line = now.substring(from, to < 0 ? now.length() : to).strip();
      if (!oldLines.contains(line) && !CheckEdits.comment(line)) {
        return true;
      }
    }
    return false;
  }
}
