package io.github.providergateway.protocol;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Hook rules and transforms, as declared in {@code hello.hooks} and carried by {@code
 * hooks.update}.
 *
 * @param onPreToolUse rules evaluated before tool calls, in order; {@code null} when absent (a
 *     {@code hooks.update} without it leaves the rules as they were)
 * @param transforms section name → transform; an empty {@code Optional} is a JSON {@code null},
 *     which removes that section's transform; {@code null} when absent
 */
public record Hooks(List<HookRule> onPreToolUse, Map<String, Optional<TransformRule>> transforms) {

  /**
   * Copies the fields.
   *
   * @param onPreToolUse rules evaluated before tool calls, in order; {@code null} when absent (a
   *     {@code hooks.update} without it leaves the rules as they were); copied
   * @param transforms section name → transform; an empty {@code Optional} is a JSON {@code null},
   *     which removes that section's transform; {@code null} when absent; copied
   */
  public Hooks {
    onPreToolUse = Require.copyOrNull(onPreToolUse);
    transforms = Require.copyOrNull(transforms);
  }

  /** {@return hooks with no rules and no transforms (both absent)} */
  public static Hooks none() {
    return new Hooks(null, null);
  }
}
