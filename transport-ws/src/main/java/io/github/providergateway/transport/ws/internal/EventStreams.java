package io.github.providergateway.transport.ws.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The event streams ({@code text/event-stream} answers) a server holds open: at most {@link #max}
 * at once, each with a bound on what its client has not read, each sent a comment when it has
 * been quiet for {@link #KEEP_ALIVE} so that a client that vanished without closing is found when
 * the write fails. A stream is not a pending handshake: it may stay open as long as its client
 * reads. Thread-safe.
 */
final class EventStreams {

  /** How long a stream may go without a byte before it gets a comment. */
  static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

  private final int max;
  private final long maxUnreadBytes;
  private final Clock clock;
  private final Set<GrizzlyEventStream> open = ConcurrentHashMap.newKeySet();
  /** Guards the count against two opens racing past {@link #max}. */
  private final Object admission = new Object();
  /** Set by {@link #closeAll}: no stream opens after it. */
  private volatile boolean closed;

  /**
   * @param max how many may be open at once
   * @param maxUnreadBytes what one client may leave unread before its stream is closed
   * @param clock the gateway's clock, for the keep-alive
   */
  EventStreams(int max, long maxUnreadBytes, Clock clock) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    this.max = max;
    this.maxUnreadBytes = maxUnreadBytes;
    this.clock = clock;
  }

  /** Takes a slot for a new stream; false when all are taken or the server stops. */
  boolean tryAdmit(GrizzlyEventStream stream) {
    synchronized (admission) {
      if (closed || open.size() >= max) {
        return false;
      }
      open.add(stream);
    }
    stream.onClose(() -> open.remove(stream));
    return true;
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
