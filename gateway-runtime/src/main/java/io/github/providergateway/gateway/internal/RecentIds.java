package io.github.providergateway.gateway.internal;

/**
 * The ids of a connection's recently ended calls, so a late duplicate {@code tool.result} can be
 * told from one naming a call that never existed: the first is dropped silently (spec: later
 * duplicates silently ignored), the second is an uncorrelatable result (core profile, rule 4).
 * Bounded: the newest {@link #CAPACITY} are kept, in a ring. Every ended call is added and almost
 * no result asks, so adding is a store and asking a scan (a map here cost a few percent of a call's
 * CPU under load: docs/performance.md). Loop only.
 */
final class RecentIds {

  static final int CAPACITY = 1024;

  private final String[] ids = new String[CAPACITY];

  /** Where the next id goes; the oldest is overwritten. */
  private int next;

  void add(String id) {
    ids[next] = id;
    next = (next + 1) % CAPACITY;
  }

  boolean contains(String id) {
    for (String recent : ids) {
      if (id.equals(recent)) {
        return true;
      }
    }
    return false;
  }
}
