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
 * @param preset the built-in rules' preset
 * @param rules the plain deny and ask rules, in order
 * @param allow what the person allows that a non-catastrophic built-in rule would block: rule ids,
 *     or rules whose match allows
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
   * rules decide, so {@code off}, a lower preset than the person's, and {@code allow} are left out
   * with a problem each. Never throws.
   *
   * @param guard the file's object, or {@code null} for none
   * @return the settings
   */
  public static GuardSettings project(JsonNode guard) {
    return PlainRules.read(guard, false);
  }
}
