package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A warning a machine gives the people near it before it acts, as the code commands it (decision
 * 204): {@code await device.send('warn', flash=True, beep=True)} before a garage door closes. Taken
 * out with nothing in its place, the door closes on whoever stands under it; {@code
 * safeguards.check-removed} reads it as a protective call. A log's or a screen's warning is none.
 */
final class PeopleWarned {
  private PeopleWarned() {}

  /** The commands a warning is given by. */
  private static final Set<String> WARNINGS =
      NameSet.of(
          "warn", "warning", "prewarn", "pre_warn", "pre-warn", "beep", "chime", "siren", "strobe");

  /** The words of a call that commands a machine. */
  private static final Set<String> COMMANDS =
      NameSet.of(
          "device",
          "devices",
          "hub",
          "panel",
          "siren",
          "horn",
          "buzzer",
          "speaker",
          "door",
          "gate",
          "opener",
          "relay",
          "controller",
          "actuator",
          "send",
          "command",
          "cmd",
          "execute",
          "publish",
          "mqtt",
          "actuate",
          "trigger");

  /** The command, the call's first argument: {@code 'warn'}. */
  private static final Pattern FIRST_LITERAL =
      Pattern.compile("^\\s*(['\"])([\\w-]{2,40})\\1\\s*[,)]");

  /**
   * The warning a call standing alone commands a machine to give, as written ({@code 'warn'}), or
   * null.
   *
   * @param name the call's name
   * @param line its line
   * @param start where the call starts
   * @param arguments where its arguments start
   * @return the command, quoted
   */
  static String warning(String name, String line, int start, int arguments) {
    if (arguments >= line.length() || !line.substring(0, start).matches("\\s*(?:await\\s+)?")) {
      return null;
    }
    Matcher literal = FIRST_LITERAL.matcher(line.substring(arguments));
    if (!literal.find() || !WARNINGS.contains(literal.group(2).toLowerCase(Locale.ROOT))) {
      return null;
    }
    List<String> words = SafeguardEdits.words(name);
    return SafeguardEdits.has(words, COMMANDS)
        ? literal.group(1) + literal.group(2) + literal.group(1)
        : null;
  }
}
