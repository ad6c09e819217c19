package io.github.providergateway.guard;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Reads the {@code "guard"} object of a configuration. PLACEHOLDER until the rules land. */
final class PlainRules {
  private PlainRules() {}

  static GuardSettings read(JsonNode guard, boolean personal) {
    if (guard == null || guard.isMissingNode() || guard.isNull()) {
      return GuardSettings.defaults();
    }
    GuardPreset preset = GuardPreset.STANDARD;
    if (guard.path("preset").isTextual()) {
      preset = GuardPreset.of(guard.path("preset").asText());
    }
    return new GuardSettings(preset, List.of(), List.of(), List.of());
  }
}
