package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The guard's part of a configuration, the {@code "guard"} object beside {@code "providers"} in the
 * person's configuration, or the whole of a project's {@code .provider-gateway/guard.json}:
 *
 * <pre>{@code
 * {"preset": "standard",
 *  "rules": [{"id": "no-prod", "action": "deny", "tool": "shell", "command": "kubectl * --context prod*",
 *             "reason": "production is deployed by CI"},
 *            {"id": "ask-migrate", "action": "ask", "command": "npm run migrate*"},
 *            {"id": "no-secrets", "action": "deny", "path": "**}{@code /secrets/**"},
 *            {"id": "no-prod-arg", "action": "deny", "tool": "deploy", "arg": {"env": "prod*"}}],
 *  "allow": ["git.push-force", {"command": "rm -rf ./build"}]}
 * }</pre>
 *
 * <p>A rule matches when all it gives matches: {@code tool} (a glob over the tool's name), {@code
 * command} (word globs over each program a shell command runs, after the parse: see the guard's
 * docs), {@code path} (a path glob over the files the call touches), {@code arg} (globs over the
 * decoded string values of the call's arguments). A rule with none of them, an unknown field, or a
 * pattern over 1,024 characters is left out with a problem; at most 256 rules and 256 allow entries
 * are read. An id is optional ({@code config.rule-3} names the third rule without one).
 *
 * <p>The allow list (the person's only): a built-in rule's id turns that rule off; an object allows
 * what a built-in rule found where its own match covers it (the same program for {@code command},
 * the same path for {@code path}). Neither covers a catastrophic rule (refused with a problem) or a
 * plain deny or ask rule. A rule of {@code "rules"} with {@code "action": "allow"} is an allow
 * entry.
 *
 * @param preset the built-in rules' preset; for a project's settings, {@link GuardPreset#OFF}
 *     stands for "adds no preset" (a project cannot turn the guard off)
 * @param rules the plain deny and ask rules, in order
 * @param allow what the person allows that a non-catastrophic built-in rule would block: a rule
 *     with no condition is a built-in rule's id, one with conditions allows what it matches
 * @param problems one line per entry left out (naming the entry and field), empty when all is well
 */
public record GuardSettings(
    GuardPreset preset, List<PlainRule> rules, List<PlainRule> allow, List<String> problems) {

  /**
   * Checks and copies.
   *
   * @param preset the built-in rules' preset
   * @param rules the plain deny and ask rules, in order
   * @param allow what the person allows that a non-catastrophic built-in rule would block: rule
   *     ids, or rules whose match allows
   * @param problems one line per entry left out (naming the entry and field), empty when all is
   *     well
   */
  public GuardSettings {
    requireNonNull(preset, "preset");
    rules = List.copyOf(rules);
    allow = List.copyOf(allow);
    problems = List.copyOf(problems);
  }

  /** {@return the settings of a home that configured nothing: the standard preset alone} */
  public static GuardSettings defaults() {
    return new GuardSettings(GuardPreset.STANDARD, List.of(), List.of(), List.of());
  }

  /**
   * Reads the person's own {@code "guard"} object: any preset, {@code off} included, and an allow
   * list. A bad entry is left out and named in {@link #problems()}; never throws.
   *
   * @param guard the object, or {@code null} or a missing node for none
   * @return the settings
   */
  public static GuardSettings personal(JsonNode guard) {
    return PlainRules.read(guard, true);
  }

  /**
   * Reads a project's own file: it can only tighten what the person's settings and the built-in
   * rules decide, so {@code off}, {@code allow} and rules with {@code "action": "allow"} are left
   * out with a problem each, and a preset lower than the person's is left out by {@link
   * Guard#tightenedBy} (in {@link Guard#problems()}). A file with no preset has the preset {@link
   * GuardPreset#OFF}, which adds none. Never throws.
   *
   * @param guard the file's object, or {@code null} for none
   * @return the settings
   */
  public static GuardSettings project(JsonNode guard) {
    return PlainRules.read(guard, false);
  }
}
