package io.github.providergateway.guard;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.internal.BuiltinRule;
import io.github.providergateway.guard.internal.Catalogue;
import io.github.providergateway.guard.internal.Glob;
import io.github.providergateway.guard.internal.RuleBook;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code "guard"} object of a configuration ({@link GuardSettings}). Never throws: an
 * entry that is not right is left out whole (a rule missing one of its conditions would match more
 * than written, an allow entry would let more through) and named in a problem line with its field.
 * Bounds: {@value #MAX_RULES} rules and {@value #MAX_RULES} allow entries, patterns of {@value
 * Glob#MAX_LENGTH} characters with at most {@value #MAX_WILDCARDS} wildcards.
 */
final class PlainRules {
  /** The most rules, and the most allow entries, read from one configuration. */
  static final int MAX_RULES = 256;

  private static final int MAX_ID = 128;

  /**
   * The most wildcards in one pattern: a match costs the text's length times the positions a
   * pattern can be at, so this bounds a decision over 256 rules and a 128 Ki command.
   */
  static final int MAX_WILDCARDS = 32;

  private static final Set<String> KEYS = NameSet.of("preset", "rules", "allow");

  /** The person's sandbox policy ({@link SandboxPolicy}), beside the rules in the same object. */
  static final String SANDBOX = "sandbox";

  private static final Set<String> FIELDS =
      NameSet.of(
          "id", "action", "tool", "command", "path", "arg", "reason", "after", "sends", "acts");

  private PlainRules() {}

  static GuardSettings read(JsonNode guard, boolean personal) {
    GuardPreset none = personal ? GuardPreset.STANDARD : GuardPreset.OFF;
    if (guard == null || guard.isMissingNode() || guard.isNull()) {
      return new GuardSettings(none, List.of(), List.of(), List.of());
    }
    List<String> problems = new ArrayList<>();
    if (!guard.isObject()) {
      problems.add("guard: not an object; the " + none.wireName() + " preset alone is used");
      return new GuardSettings(none, List.of(), List.of(), problems);
    }
    Iterator<String> names = guard.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (personal && SANDBOX.equals(name)) {
        continue; // the sandbox's policy, read by SandboxPolicy
      }
      if (!KEYS.contains(name)) {
        problems.add(
            "guard: unknown key '"
                + name
                + "' (preset, rules, allow"
                + (personal ? ", sandbox" : "; the sandbox is the person's own setting")
                + ") is left out");
      }
    }
    GuardPreset preset = preset(guard.get("preset"), personal, none, problems);
    List<PlainRule> rules = new ArrayList<>();
    List<PlainRule> allow = new ArrayList<>();
    JsonNode ruleNodes = guard.get("rules");
    if (ruleNodes != null && !ruleNodes.isArray()) {
      problems.add("guard.rules: not an array; no rule is read");
    } else if (ruleNodes != null) {
      for (int i = 0; i < ruleNodes.size(); i++) {
        String where = "guard.rules[" + i + "]";
        if (i >= MAX_RULES) {
          problems.add(
              where + ": more than " + MAX_RULES + " rules; this and the rest are left out");
          break;
        }
        PlainRule rule =
            rule(ruleNodes.get(i), where, personal ? "config" : "project", i, problems);
        if (rule == null) {
          continue;
        }
        if (rule.action() == GuardVerdict.Outcome.ALLOW) {
          if (personal) {
            allow.add(rule);
          } else {
            problems.add(
                where + " '" + rule.id() + "': action: a project's rules cannot allow; left out");
          }
        } else {
          rules.add(rule);
        }
      }
    }
    JsonNode allowNodes = guard.get("allow");
    if (allowNodes != null && !personal) {
      problems.add("guard.allow: a project cannot allow what the guard blocks; left out");
    } else if (allowNodes != null && !allowNodes.isArray()) {
      problems.add("guard.allow: not an array; nothing is allowed");
    } else if (allowNodes != null) {
      for (int i = 0; i < allowNodes.size(); i++) {
        String where = "guard.allow[" + i + "]";
        if (allow.size() >= MAX_RULES) {
          problems.add(
              where
                  + ": more than "
                  + MAX_RULES
                  + " allow entries; this and the rest are left out");
          break;
        }
        List<PlainRule> renamed = renamed(allowNodes.get(i), where, problems);
        if (!renamed.isEmpty()) {
          allow.addAll(renamed);
          continue;
        }
        PlainRule entry = allowEntry(allowNodes.get(i), where, i, problems);
        if (entry != null) {
          allow.add(entry);
        }
      }
    }
    return new GuardSettings(preset, rules, allow, problems);
  }

  private static GuardPreset preset(
      JsonNode node, boolean personal, GuardPreset none, List<String> problems) {
    if (node == null) {
      return none;
    }
    GuardPreset preset;
    try {
      preset = GuardPreset.of(node.isTextual() ? node.asText() : String.valueOf(node));
    } catch (IllegalArgumentException e) {
      problems.add("guard.preset: " + e.getMessage() + "; " + none.wireName() + " is used");
      return none;
    }
    if (!personal && preset == GuardPreset.OFF) {
      problems.add("guard.preset: a project cannot turn the guard off; left out");
      return none;
    }
    return preset;
  }

  /**
   * An allow entry naming a retired built-in rule ({@code system.publish}, split into the {@code
   * publish} family): the rules that took its work over, each allowed as the old id was, and a
   * problem line naming them, so an allow list written before the rename keeps working and says
   * what to write instead.
   *
   * @return the entries, empty when the node names no retired rule
   */
  private static List<PlainRule> renamed(JsonNode node, String where, List<String> problems) {
    if (!node.isTextual() || Catalogue.byId(node.asText()) != null) {
      return List.of();
    }
    List<PlainRule> entries = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    for (BuiltinRule rule : RuleBook.replacing(node.asText())) {
      entries.add(
          new PlainRule(rule.id(), GuardVerdict.Outcome.ALLOW, null, null, null, null, null));
      ids.add(rule.id());
    }
    if (!ids.isEmpty()) {
      problems.add(
          where
              + ": '"
              + node.asText()
              + "' was renamed; it allows "
              + String.join(", ", ids)
              + " (name those instead)");
    }
    return entries;
  }

  /** An allow entry: a built-in rule's id, or a rule whose match allows. */
  private static PlainRule allowEntry(JsonNode node, String where, int i, List<String> problems) {
    if (node.isTextual()) {
      String id = node.asText();
      BuiltinRule rule = Catalogue.byId(id);
      if (rule == null) {
        problems.add(where + ": '" + id + "' is no built-in rule; left out");
        return null;
      }
      if (rule.catastrophic()) {
        problems.add(where + ": '" + id + "' is catastrophic and cannot be allowed; left out");
        return null;
      }
      return new PlainRule(id, GuardVerdict.Outcome.ALLOW, null, null, null, null, null);
    }
    if (node.isObject() && !node.has("action")) {
      return rule(node, where, "allow", i, problems, GuardVerdict.Outcome.ALLOW);
    }
    PlainRule rule = rule(node, where, "allow", i, problems);
    if (rule != null && rule.action() != GuardVerdict.Outcome.ALLOW) {
      problems.add(
          where + " '" + rule.id() + "': action: an allow entry's action is allow; left out");
      return null;
    }
    return rule;
  }

  private static PlainRule rule(
      JsonNode node, String where, String prefix, int i, List<String> problems) {
    return rule(node, where, prefix, i, problems, null);
  }

  private static PlainRule rule(
      JsonNode node,
      String where,
      String prefix,
      int i,
      List<String> problems,
      GuardVerdict.Outcome implied) {
    if (!node.isObject()) {
      problems.add(where + ": not an object; left out");
      return null;
    }
    String id = prefix + ".rule-" + (i + 1);
    JsonNode idNode = node.get("id");
    if (idNode != null) {
      String given = idNode.isTextual() ? idNode.asText() : "";
      if (given.isBlank() || given.length() > MAX_ID || hasBlank(given)) {
        problems.add(where + ": id: a word of at most " + MAX_ID + " characters; left out");
        return null;
      }
      id = given;
    }
    String named = where + " '" + id + "'";
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!FIELDS.contains(name)) {
        problems.add(named + ": unknown field '" + name + "'; left out");
        return null;
      }
    }
    GuardVerdict.Outcome action = implied;
    JsonNode actionNode = node.get("action");
    if (actionNode != null || implied == null) {
      String text = actionNode != null && actionNode.isTextual() ? actionNode.asText() : "";
      switch (text.toLowerCase(Locale.ROOT)) {
        case "deny" -> action = GuardVerdict.Outcome.DENY;
        case "ask" -> action = GuardVerdict.Outcome.ASK;
        case "allow" -> action = GuardVerdict.Outcome.ALLOW;
        default -> {
          problems.add(named + ": action: deny, ask or allow, not '" + text + "'; left out");
          return null;
        }
      }
    }
    String[] patterns = new String[4];
    String[] fields = {"tool", "command", "path", "reason"};
    for (int k = 0; k < fields.length; k++) {
      JsonNode value = node.get(fields[k]);
      if (value == null) {
        continue;
      }
      if (!value.isTextual() || value.asText().isBlank()) {
        problems.add(named + ": " + fields[k] + ": not a text; left out");
        return null;
      }
      if (value.asText().length() > Glob.MAX_LENGTH) {
        problems.add(
            named
                + ": "
                + fields[k]
                + ": longer than "
                + Glob.MAX_LENGTH
                + " characters; left out");
        return null;
      }
      if (k < 3 && wildcards(value.asText()) > MAX_WILDCARDS) {
        problems.add(
            named + ": " + fields[k] + ": more than " + MAX_WILDCARDS + " wildcards; left out");
        return null;
      }
      patterns[k] = value.asText();
    }
    JsonNode arg = node.get("arg");
    if (arg != null) {
      if (!arg.isObject() || arg.isEmpty()) {
        problems.add(named + ": arg: an object of argument names to patterns; left out");
        return null;
      }
      Iterator<Map.Entry<String, JsonNode>> fieldsOfArg = arg.fields();
      while (fieldsOfArg.hasNext()) {
        Map.Entry<String, JsonNode> field = fieldsOfArg.next();
        JsonNode value = field.getValue();
        if (!value.isTextual()
            || value.asText().length() > Glob.MAX_LENGTH
            || wildcards(value.asText()) > MAX_WILDCARDS) {
          problems.add(
              named
                  + ": arg."
                  + field.getKey()
                  + ": a pattern of at most "
                  + Glob.MAX_LENGTH
                  + " characters and "
                  + MAX_WILDCARDS
                  + " wildcards; left out");
          return null;
        }
      }
    }
    String after = null;
    JsonNode afterNode = node.get("after");
    if (afterNode != null) {
      after = afterNode.isTextual() ? afterNode.asText() : "";
      if (!after.equals("untrusted") && !after.equals("secret")) {
        problems.add(named + ": after: untrusted or secret, not '" + after + "'; left out");
        return null;
      }
    }
    JsonNode sendsNode = node.get("sends");
    if (sendsNode != null && !sendsNode.isBoolean()) {
      problems.add(named + ": sends: true or false; left out");
      return null;
    }
    boolean sends = sendsNode != null && sendsNode.asBoolean();
    if ((after != null || sends) && action == GuardVerdict.Outcome.ALLOW) {
      problems.add(named + ": after, sends: a flow condition is for deny and ask rules; left out");
      return null;
    }
    JsonNode actsNode = node.get("acts");
    if (actsNode != null && !actsNode.isBoolean()) {
      problems.add(named + ": acts: true or false; left out");
      return null;
    }
    boolean acts = actsNode != null && actsNode.asBoolean();
    if (acts && action == GuardVerdict.Outcome.ALLOW) {
      problems.add(
          named + ": acts: for deny and ask rules (an allow lets through what it names); left out");
      return null;
    }
    if (patterns[0] == null
        && patterns[1] == null
        && patterns[2] == null
        && arg == null
        && !sends) {
      problems.add(
          named + ": matches every call: give tool, command, path, arg or sends; left out");
      return null;
    }
    if (patterns[1] != null && patterns[0] != null && !Glob.text(patterns[0]).matches("shell")) {
      problems.add(
          named + ": command: only a shell call has a command, and tool is not shell; left out");
      return null;
    }
    return new PlainRule(
        id,
        action,
        patterns[0],
        patterns[1],
        patterns[2],
        arg == null ? null : arg.deepCopy(),
        patterns[3],
        after,
        sends,
        acts);
  }

  /** {@code *} and {@code ?} in a pattern: what a match's cost grows with. */
  private static int wildcards(String pattern) {
    int count = 0;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      count += c == '*' || c == '?' ? 1 : 0;
    }
    return count;
  }

  private static boolean hasBlank(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isWhitespace(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }
}
