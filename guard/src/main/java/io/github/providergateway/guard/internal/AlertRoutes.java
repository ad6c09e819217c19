package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An alert's or an alarm's route sent nowhere (round 66), for {@link SafeguardEdits} ({@code
 * safeguards.protection-off}): in an alerting or alarm configuration (Alertmanager's routes, a
 * paging service's routing, an alarm's notification list), a key that names whom it reaches ({@code
 * receiver}, {@code targets}, {@code recipients}, {@code notify}, {@code alarm_actions}) moved from
 * someone to a null receiver ({@code devnull}, {@code null}, {@code blackhole}, {@code /dev/null},
 * {@code none}), or its list of them emptied. A route added to a null receiver (Alertmanager's
 * usual {@code Watchdog} route) moves nothing and is not read; nor is a route moved from one
 * receiver to another.
 */
final class AlertRoutes {
  private AlertRoutes() {}

  /** A key's last word that names whom an alert or an alarm reaches. */
  private static final Set<String> ROUTES =
      NameSet.of(
          "receiver",
          "receivers",
          "target",
          "targets",
          "recipient",
          "recipients",
          "notify",
          "destination",
          "destinations",
          "contacts",
          "responders",
          "pager",
          "page",
          "oncall",
          "escalate",
          "channels");

  /** A key's last word that names what an alarm does when it fires: {@code alarm_actions}. */
  private static final Set<String> ACTIONS = NameSet.of("actions", "action");

  /** Words of an alarm's place: its file, its key or the text around the change. */
  private static final Set<String> ALARMS =
      NameSet.of(
          "alert",
          "alerts",
          "alerting",
          "alertmanager",
          "alarm",
          "alarms",
          "pagerduty",
          "opsgenie",
          "victorops",
          "oncall",
          "paging",
          "pager",
          "escalation",
          "escalations",
          "notification",
          "notifications",
          "incident",
          "incidents");

  /** A value's words that say it reaches no one. */
  private static final Set<String> NOWHERE =
      NameSet.of(
          "null",
          "devnull",
          "nil",
          "none",
          "nobody",
          "nowhere",
          "blackhole",
          "hole",
          "discard",
          "noop",
          "void");

  /** Words a null receiver's name may hold beside them: {@code null-receiver}, {@code dev-null}. */
  private static final Set<String> NAMING =
      NameSet.of("dev", "black", "no", "op", "receiver", "route", "sink", "target", "team");

  /** A scalar setting: {@code receiver: duty-pager}, {@code "target" = "ops"}. */
  private static final Pattern SCALAR =
      Pattern.compile("(?:-\\s+)?['\"]?([A-Za-z_][\\w.\\-]{0,80})['\"]?\\s*[:=]\\s*(.{0,200})");

  /**
   * What a change does to an alarm's route.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file it changes, not a test's or a rehearsal's
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now, String file) {
    if (old.isEmpty() || old.length() > 16_384 || now.length() > 16_384) {
      return null;
    }
    List<String> place = new ArrayList<>(CheckWords.words(file));
    place.addAll(SafeguardEdits.words(old.length() > 200 ? old.substring(0, 200) : old));
    Map<String, String> before = scalars(old);
    for (Map.Entry<String, String> setting : scalars(now).entrySet()) {
      String was = before.get(setting.getKey());
      List<String> key = SafeguardEdits.words(setting.getKey());
      if (was != null
          && routes(key, place)
          && !nowhere(was)
          && !was.isEmpty()
          && nowhere(setting.getValue())) {
        return setting.getKey()
            + ": "
            + was
            + " → "
            + setting.getValue()
            + ", an alarm sent nowhere";
      }
    }
    Map<String, Set<String>> after = ProtectiveLists.lists(now);
    for (Map.Entry<String, Set<String>> list : ProtectiveLists.lists(old).entrySet()) {
      Set<String> items = after.get(list.getKey());
      List<String> key = SafeguardEdits.words(list.getKey());
      if (items != null
          && items.isEmpty()
          && !list.getValue().isEmpty()
          && !list.getKey().isEmpty()
          && routes(key, place)) {
        return list.getKey() + " emptied, an alarm sent nowhere";
      }
    }
    return null;
  }

  /** Whether a key names whom an alarm reaches, in an alarm's place. */
  private static boolean routes(List<String> key, List<String> place) {
    if (key.isEmpty()) {
      return false;
    }
    String last = key.get(key.size() - 1);
    if (ACTIONS.contains(last)) {
      return SafeguardEdits.has(key, ALARMS); // alarm_actions, not a pipeline's actions
    }
    return ROUTES.contains(last)
        && (SafeguardEdits.has(key, ALARMS) || SafeguardEdits.has(place, ALARMS));
  }

  /**
   * Whether a value names no one: {@code devnull}, {@code 'null'}, {@code /dev/null}, {@code []}.
   */
  static boolean nowhere(String value) {
    String text = value.strip().toLowerCase(Locale.ROOT).replaceAll("['\"\\[\\]]", "").strip();
    if (text.isEmpty() || text.equals("~")) {
      return true;
    }
    boolean named = false;
    for (String word : text.split("[-_ /.:]+")) {
      if (word.isEmpty()) {
        continue;
      }
      if (NOWHERE.contains(word)) {
        named = true;
      } else if (!NAMING.contains(word)) {
        return false;
      }
    }
    return named;
  }

  /** The scalar settings of a text, its comments aside, by key. */
  private static Map<String, String> scalars(String text) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String raw : text.split("\n", -1)) {
      String line = raw.strip();
      if (line.length() > SafeguardEdits.MAX_LINE || CheckEdits.comment(line)) {
        continue;
      }
      Matcher pair = SCALAR.matcher(line);
      if (!pair.matches()) {
        continue;
      }
      String value = pair.group(2).replaceFirst("\\s+#.*$", "").replaceFirst("[,;]$", "").strip();
      if (value.isEmpty() || value.startsWith("{") || value.startsWith("|")) {
        continue; // a section, or a map: no one value
      }
      settings.putIfAbsent(pair.group(1), value);
    }
    return settings;
  }
}
