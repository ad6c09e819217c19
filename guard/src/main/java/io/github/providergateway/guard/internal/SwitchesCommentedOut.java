package io.github.providergateway.guard.internal;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A switch that was on, commented out by a change (decision 326): {@code encrypt: true} made {@code
 * # encrypt: true}, {@code ENFORCE_MFA=1} made {@code ;ENFORCE_MFA=1}. The setting is then its
 * default, off for most protections, and the readers of a switch turned off read the change as that
 * switch set off; the same line's other changes are theirs as before.
 */
final class SwitchesCommentedOut {
  private SwitchesCommentedOut() {}

  /** A switch's line set on: {@code encrypt: true}, {@code ENCRYPT=1}, {@code "verify": true,}. */
  private static final Pattern ON_LINE =
      Pattern.compile(
          "(?m)^([ \\t]{0,40})(['\"]?[A-Za-z_][\\w.\\-]{0,80}['\"]?)([ \\t]{0,4}[:=][ \\t]{0,4})(['\"]?)"
              + "(true|True|TRUE|yes|on|1|enabled)\\4([ \\t]{0,4},?)[ \\t]*$");

  /** A line commented out: {@code #}, {@code //}, {@code ;}, {@code --} before it. */
  private static final String COMMENT = "(?:#|//|;|--)[ \\t]{0,4}";

  /** Each value on, and its off. */
  private static final Map<String, String> OFF =
      Map.of(
          "true",
          "false",
          "True",
          "False",
          "TRUE",
          "FALSE",
          "yes",
          "no",
          "on",
          "off",
          "1",
          "0",
          "enabled",
          "disabled");

  /** The longest change read. */
  private static final int MAX_TEXT = 16 * 1024;

  /**
   * A reader that reads a change as it is, and where it finds nothing, with a switch the change
   * comments out read as set off.
   */
  static <T> WeakenPredicates.ChangeReader<T> alsoCommented(
      WeakenPredicates.ChangeReader<T> reader) {
    return (old, now, files) -> {
      T found = reader.read(old, now, files);
      String off = found == null ? switchedOff(old, now) : null;
      return off == null ? found : reader.read(old, off, files);
    };
  }

  /**
   * {@return the new text with the first switch it comments out written as set off, or null where
   * it comments out none}
   */
  static String switchedOff(String old, String now) {
    if (old == null
        || now == null
        || old.isBlank()
        || old.length() > MAX_TEXT
        || now.length() > MAX_TEXT) {
      return null;
    }
    Matcher on = ON_LINE.matcher(old);
    while (on.find()) {
      String line = on.group().strip();
      Matcher commented =
          Pattern.compile("(?m)^([ \\t]{0,40})" + COMMENT + Pattern.quote(line) + "[ \\t]*$")
              .matcher(now);
      if (commented.find()) {
        String set =
            commented.group(1)
                + on.group(2)
                + on.group(3)
                + on.group(4)
                + OFF.get(on.group(5))
                + on.group(4)
                + on.group(6);
        return now.substring(0, commented.start()) + set + now.substring(commented.end());
      }
    }
    return null;
  }
}
