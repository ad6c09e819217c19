package io.github.providergateway.transport.ws.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The event streams ({@code text/event-stream} answers) a server holds open: at most {@link #max}
 * at once, each with a bound on what its client has not read, each sent a comment when it has been
 * quiet for {@link #KEEP_ALIVE} so that a client that vanished without closing is found when the
 * write fails. A stream is not a pending handshake: it may stay open as long as its client reads.
 *
 * <p>A route may have slots of its own ({@code reserved}): the others' streams never take them, so
 * the status page, the person's channel, still opens while an MCP client holds every other stream
 * (issue 35). A route's streams beyond its reservation share what no route reserved. Thread-safe.
 */
final class EventStreams {

  /** How long a stream may go without a byte before it gets a comment. */
  static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

  private final int max;
  private final long maxUnreadBytes;
  private final Clock clock;
  private final Set<GrizzlyEventStream> open = ConcurrentHashMap.newKeySet();

  /** Slots of their own, by route path. */
  private final Map<String, Integer> reserved;

  /** Slots no route reserved: {@link #max} less the reservations. */
  private final int shared;

  /** Streams open, by route path. Guarded by admission. */
  private final Map<String, Integer> openByRoute = new HashMap<>();

  /** Guards the counts against two opens racing past {@link #max}. */
  private final Object admission = new Object();

  /** Set by {@link #closeAll}: no stream opens after it. */
  private volatile boolean closed;

  /**
   * @param max how many may be open at once
   * @param reserved slots of their own, by route path; together at most {@code max}
   * @param maxUnreadBytes what one client may leave unread before its stream is closed
   * @param clock the gateway's clock, for the keep-alive
   */
  EventStreams(int max, Map<String, Integer> reserved, long maxUnreadBytes, Clock clock) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    int reservations = reserved.values().stream().mapToInt(Integer::intValue).sum();
    if (reservations > max) {
      throw new IllegalArgumentException(
          "routes reserve " + reservations + " event streams, more than the " + max + " there are");
    }
    this.max = max;
    this.reserved = Map.copyOf(reserved);
    this.shared = max - reservations;
    this.maxUnreadBytes = maxUnreadBytes;
    this.clock = clock;
  }

  /**
   * Takes a slot for a new stream of the route at {@code routePath}: one of its own, else a shared
   * one; false when neither is free or the server stops.
   */
  boolean tryAdmit(GrizzlyEventStream stream, String routePath) {
    synchronized (admission) {
      int mine = openByRoute.getOrDefault(routePath, 0);
      boolean ownFree = mine < reserved.getOrDefault(routePath, 0);
      if (closed || open.size() >= max || (!ownFree && sharedInUse() >= shared)) {
        return false;
      }
      open.add(stream);
      openByRoute.put(routePath, mine + 1);
    }
    stream.onClose(
        () -> {
          synchronized (admission) {
            if (open.remove(stream)) {
              openByRoute.merge(routePath, -1, Integer::sum);
            }
          }
        });
    return true;
  }

  /** Shared slots taken: each route's streams beyond its reservation. Guarded by admission. */
  private int sharedInUse() {
    int inUse = 0;
    for (Map.Entry<String, Integer> route : openByRoute.entrySet()) {
      inUse += Math.max(0, route.getValue() - reserved.getOrDefault(route.getKey(), 0));
    }
    return inUse;
  }

  /** What one client may leave unread. */
  long maxUnreadBytes() {
    return maxUnreadBytes;
  }

  /** The clock streams stamp their writes with. */
  Clock clock() {
    return clock;
  }

  /** Sends a comment on each stream quiet for {@link #KEEP_ALIVE}; run by the server's sweep. */
  void keepAlive() {
    long now = clock.millis();
    for (GrizzlyEventStream stream : open) {
      if (now - stream.lastWriteMillis() >= KEEP_ALIVE.toMillis()) {
        stream.comment("keep-alive");
      }
    }
  }

  /** Closes every stream, and refuses new ones from now on. */
  void closeAll() {
    List<GrizzlyEventStream> all;
    synchronized (admission) {
      closed = true;
      all = new ArrayList<>(open);
    }
    all.forEach(GrizzlyEventStream::close);
  }

  /** How many are open now (tests). */
  int size() {
    return open.size();
  }
}
