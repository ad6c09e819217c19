package io.github.providergateway.agent.guard;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sessions that another agent's command started (issue 75), by the key their record will have,
 * waiting for it: what they inherit. At most {@code max}, the least recently used forgotten (such a
 * session then starts as any new one). Guarded by {@link SessionFlows}' lock.
 */
final class Births {

  /**
   * A nested agent's session: the agent session that started it (its key), or null when that cannot
   * be told, and how a person reads where it came from.
   */
  record Birth(String outerAgentKey, String why) {}

  private final Map<String, Birth> waiting;

  Births(int max) {
    this.waiting =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Birth> eldest) {
            return size() > max;
          }
        };
  }

  void put(String key, String outerAgentKey, String why) {
    waiting.put(key, new Birth(outerAgentKey, why));
  }

  boolean has(String key) {
    return !waiting.isEmpty() && waiting.containsKey(key);
  }

  /** {@return the birth of {@code key}, no longer waiting, or null} */
  Birth take(String key) {
    return waiting.remove(key);
  }

  /** Moves the birth of {@code from} to {@code to}; {@return whether there was one} */
  boolean move(String from, String to) {
    Birth birth = waiting.remove(from);
    if (birth != null) {
      waiting.put(to, birth);
    }
    return birth != null;
  }
}
