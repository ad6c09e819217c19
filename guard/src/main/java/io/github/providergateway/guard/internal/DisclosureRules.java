package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statistical disclosure control's rule set loosened (round 67: Tau-Argus's {@code <SAFETYRULE>
 * P(15,1)|FREQ(3,0)} made {@code FREQ(1,0)}), for {@link SafeguardEdits} ({@code
 * safeguards.threshold-loosened}). A rule set is a line whose key names a safety, a suppression, a
 * disclosure's or a dominance's rules, its value the rules as calls ({@code NAME(number, …)}); it
 * loosens where a rule is dropped, where a frequency's, a p%'s or a minimum's first number is
 * lowered, or where a dominance's (n,k) share is raised. The numbers a single setting carries are
 * {@link ProtectiveNumbers}'.
 */
final class DisclosureRules {
  private DisclosureRules() {}

  /** A key and its value: {@code <SAFETYRULE> …}, {@code safety_rules: …}, {@code rules = …}. */
  private static final Pattern LINE =
      Pattern.compile(
          "^\\s*(?:<([A-Za-z_ ]{1,40})>|['\"]?([A-Za-z_][\\w.\\-]{0,80})['\"]?\\s*[:=])\\s*(.{0,400})$");

  /** A rule as a call: {@code P(15,1)}, {@code NK(2, 85)}, {@code FREQ(3,0)}. */
  private static final Pattern RULE =
      Pattern.compile(
          "\\b([A-Za-z][A-Za-z%]{0,11})\\s*\\(\\s*(\\d{1,6}(?:\\.\\d{1,6})?)(?:\\s*,\\s*(\\d{1,6}(?:\\.\\d{1,6})?))?");

  /** Words of a key that say its value is a control's rules. */
  private static final Set<String> CONTROLS =
      NameSet.of(
          "safetyrule",
          "safetyrules",
          "safety",
          "suppression",
          "suppress",
          "disclosure",
          "sdc",
          "dominance",
          "sensitivity",
          "primary");

  private static final Set<String> RULES = NameSet.of("rule", "rules", "safetyrule", "safetyrules");

  /** The rules whose share (their second number) raised loosens: n of k per cent dominance. */
  private static final Set<String> SHARES = NameSet.of("nk", "dom", "dominance");

  /**
   * What a change loosens of a disclosure control's rule set, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @return what the reason shows, or {@code null}
   */
  static String loosened(String old, String now) {
    if (old.isEmpty() || old.length() > 8192 || now.length() > 8192) {
      return null;
    }
    Map<String, String> before = ruleSets(old);
    if (before.isEmpty()) {
      return null;
    }
    Map<String, String> after = ruleSets(now);
    for (Map.Entry<String, String> set : before.entrySet()) {
      String value = after.get(set.getKey());
      Map<String, double[]> was = rules(set.getValue());
      if (was.isEmpty()) {
        continue;
      }
      if (value == null) {
        if (now.isBlank()) {
          return set.getKey() + " taken out: " + set.getValue().strip();
        }
        continue;
      }
      Map<String, double[]> is = rules(value);
      for (Map.Entry<String, double[]> rule : was.entrySet()) {
        double[] a = rule.getValue();
        double[] b = is.get(rule.getKey());
        String shown = set.getKey() + ": " + set.getValue().strip() + " → " + value.strip();
        if (b == null) {
          return shown + " (" + rule.getKey() + " dropped)";
        }
        boolean share = SHARES.contains(rule.getKey().toLowerCase(Locale.ROOT));
        if (share ? a.length > 1 && b.length > 1 && b[1] > a[1] : b[0] < a[0]) {
          return shown;
        }
      }
    }
    return null;
  }

  /** The rule sets of a text by their keys. */
  private static Map<String, String> ruleSets(String text) {
    Map<String, String> sets = new LinkedHashMap<>();
    for (String line : text.split("\n", -1)) {
      if (line.length() > SafeguardEdits.MAX_LINE) {
        continue;
      }
      Matcher found = LINE.matcher(line);
      if (!found.matches()) {
        continue;
      }
      String key = found.group(1) != null ? found.group(1) : found.group(2);
      List<String> words = SafeguardEdits.words(key);
      if (SafeguardEdits.has(words, CONTROLS) && SafeguardEdits.has(words, RULES)) {
        sets.putIfAbsent(key, found.group(3));
      }
    }
    return sets;
  }

  /** A value's rules by their names, each with its numbers. */
  private static Map<String, double[]> rules(String value) {
    Map<String, double[]> rules = new LinkedHashMap<>();
    Matcher rule = RULE.matcher(value);
    while (rule.find() && rules.size() < 16) {
      String name = rule.group(1).toUpperCase(Locale.ROOT);
      double first = Double.parseDouble(rule.group(2));
      rules.putIfAbsent(
          name,
          rule.group(3) == null
              ? new double[] {first}
              : new double[] {first, Double.parseDouble(rule.group(3))});
    }
    return rules;
  }
}
