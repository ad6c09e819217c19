package io.github.providergateway.guard.internal;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A switch turned on that its own line said must stay off (decision 306, {@code
 * safeguards.protection-off}): {@code USE_INSURANCE_SCORE = False # prohibited in CA (Prop 103)}
 * made {@code True}. The comment is the team's own record of why the switch is off (a law, a
 * regulator, a contract); turning it on goes against it, whatever the switch is named. Since
 * decision 308 a switch kept off while an incident is looked into ({@code trading_enabled: false #
 * locked during dupe investigation INC-2291}) is one too.
 */
final class ForbiddenSwitches {
  private ForbiddenSwitches() {}

  /** A setting's line: its key, its value, and a comment after it. */
  private static final Pattern SETTING =
      Pattern.compile(
          "^\\s*['\"]?([A-Za-z_][\\w.\\-]{0,80})['\"]?\\s*(?::|=)\\s*['\"]?([A-Za-z0-9]{1,8})['\"]?"
              + "\\s*[,;]?\\s*(?:(?:#|//|--)\\s*(.{0,200}))?$");

  /** What a comment says of a switch that must stay off. */
  private static final Pattern FORBIDS =
      Pattern.compile(
          "(?i)\\b(?:prohibited|forbidden|not (?:allowed|permitted)|illegal|unlawful|banned"
              + "|must (?:not|never) be (?:enabled|on|turned on|true)|never (?:enable|turn on)"
              + "|do not (?:enable|turn on)|regulat\\w* (?:bars|forbids)|barred"
              // decision 308: off while an incident is looked into (# locked during INC-2291)
              + "|locked (?:during|for|until|pending)|frozen (?:during|for|until|pending)"
              + "|(?:during|pending|until) (?:the |an? )?(?:investigation|incident|review)"
              + "|INC-\\d+)\\b");

  private static final Set<String> ON = Set.of("true", "yes", "on", "1", "enabled");
  private static final Set<String> OFF = Set.of("false", "no", "off", "0", "disabled");

  /** How many lines of a change are read. */
  private static final int MAX_LINES = 2_000;

  /**
   * The switch its comment kept off that the change turns on, or {@code null}.
   *
   * @param old the text taken out
   * @param now the text put in
   * @return the key and the comment, or {@code null}
   */
  static String turnedOn(String old, String now) {
    if (old.isEmpty()
        || now.isEmpty()
        || old.indexOf('#') < 0 && old.indexOf("//") < 0 && old.indexOf("--") < 0) {
      return null;
    }
    Map<String, String> kept = new HashMap<>();
    for (String line : old.split("\n", MAX_LINES)) {
      Matcher setting = SETTING.matcher(line);
      if (setting.matches()
          && setting.group(3) != null
          && OFF.contains(setting.group(2).toLowerCase(Locale.ROOT))
          && PatternLiterals.finds(FORBIDS, setting.group(3))) {
        kept.put(setting.group(1), setting.group(3).strip());
      }
    }
    if (kept.isEmpty()) {
      return null;
    }
    for (String line : now.split("\n", MAX_LINES)) {
      Matcher setting = SETTING.matcher(line);
      if (setting.matches()
          && kept.containsKey(setting.group(1))
          && ON.contains(setting.group(2).toLowerCase(Locale.ROOT))) {
        return setting.group(1) + " turned on, against its note: " + kept.get(setting.group(1));
      }
    }
    return null;
  }
}
