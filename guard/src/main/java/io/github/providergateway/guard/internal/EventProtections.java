package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * A setting's key that names a protection done on an event (decision 279): {@code
 * enforce_on_pickup}, {@code revoke_on_checkout}. Its {@code on} is the event's, not a model's
 * training step's ({@code run_on_save}), so {@link SafeguardSettings} reads the key as a
 * protection's switch; {@code enforce_eager} (vLLM's) names no event and stays a model's.
 */
final class EventProtections {
  private EventProtections() {}

  /**
   * Whether a key's words hold a protection's word followed by {@code on}.
   *
   * @param key the key's words ({@link SafeguardEdits#words})
   * @return whether it names a protection done on an event
   */
  static boolean named(List<String> key) {
    for (int i = 0; i + 1 < key.size(); i++) {
      if (key.get(i + 1).equals("on") && SafeguardSettings.protection(List.of(key.get(i)))) {
        return true;
      }
    }
    return false;
  }
}
