package io.github.providergateway.gateway.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ids of a connection's recently ended calls, so a late duplicate {@code tool.result} can be
 * told from one naming a call that never existed: the first is dropped silently (spec: later
 * duplicates silently ignored), the second is an uncorrelatable result (core profile, rule 4).
 * Bounded: the oldest ids are forgotten first. Loop only.
 */
final class RecentIds {

  private static final int CAPACITY = 1024;

  private final Map<String, Boolean> ids =
      new LinkedHashMap<>(64, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
          return size() > CAPACITY;
        }
      };

  void add(String id) {
    ids.put(id, Boolean.TRUE);
  }

  boolean contains(String id) {
    return ids.containsKey(id);
  }
}
