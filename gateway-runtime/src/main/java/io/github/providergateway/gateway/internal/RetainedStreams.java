package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.StreamName;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The estimated heap all streams of all sessions hold together, kept within {@code
 * Limits.maxRetainedStreamBytes} (32 MiB). Each stream alone is bounded (1 MiB, 200 events), but 20
 * streams a provider and 200 a session still let a few providers hold hundreds of megabytes, which
 * once ran the launcher's heap out. Past the bound, the streams of providers no longer bound to
 * their session go first (least recently written first), then the oldest events of the provider
 * holding the most. Loop only.
 */
final class RetainedStreams {

  private final Limits limits;
  private final SessionRegistry sessions;

  /** The estimated heap of every stream of every session. */
  private long bytes;

  RetainedStreams(Limits limits, SessionRegistry sessions) {
    this.limits = limits;
    this.sessions = sessions;
  }

  /** A stream grew or shrank by {@code delta} bytes. */
  void changed(long delta) {
    bytes += delta;
  }

  /** {@code stream} was dropped whole. */
  void dropped(EventStream stream) {
    bytes -= stream.bytes();
  }

  /** {@code session} ended: its streams are gone. */
  void sessionEnded(SessionState session) {
    for (EventStream stream : session.streams.values()) {
      dropped(stream);
    }
  }

  /** The estimated heap held now. */
  long bytes() {
    return bytes;
  }

  /**
   * Evicts until the bound holds. Strictly: an event larger than the whole bound on its own is not
   * kept either (it has been delivered; only its history is lost).
   */
  void enforce() {
    long max = limits.streams().maxRetainedStreamBytes();
    while (bytes > max) {
      if (!dropDepartedStream() && !evictOldestOfLargestHolder()) {
        return; // nothing is held any more
      }
    }
  }

  /** Drops the least recently written stream of a provider gone from its session, if any. */
  private boolean dropDepartedStream() {
    SessionState oldestSession = null;
    StreamName oldest = null;
    Instant oldestWrite = null;
    for (SessionState session : sessions.all()) {
      Set<String> bound = boundNames(session);
      for (Map.Entry<StreamName, EventStream> entry : session.streams.entrySet()) {
        Instant written = entry.getValue().lastWritten();
        if (!bound.contains(entry.getKey().provider())
            && (oldest == null || (written != null && written.isBefore(oldestWrite)))) {
          oldestSession = session;
          oldest = entry.getKey();
          oldestWrite = written;
        }
      }
    }
    if (oldest == null) {
      return false;
    }
    dropped(oldestSession.streams.remove(oldest));
    return true;
  }

  /** Evicts the oldest event of the provider holding the most; false if nothing may go. */
  private boolean evictOldestOfLargestHolder() {
    Map<String, Long> held = new HashMap<>();
    for (SessionState session : sessions.all()) {
      for (Map.Entry<StreamName, EventStream> entry : session.streams.entrySet()) {
        held.merge(entry.getKey().provider(), entry.getValue().bytes(), Long::sum);
      }
    }
    String largest =
        held.entrySet().stream()
            .max(Map.Entry.comparingByValue())
            .map(Map.Entry::getKey)
            .orElse(null);
    EventStream oldest = null;
    for (SessionState session : sessions.all()) {
      for (Map.Entry<StreamName, EventStream> entry : session.streams.entrySet()) {
        EventStream stream = entry.getValue();
        if (entry.getKey().provider().equals(largest)
            && stream.size() > 0
            && (oldest == null || stream.oldestWritten().isBefore(oldest.oldestWritten()))) {
          oldest = stream;
        }
      }
    }
    if (oldest == null) {
      return false;
    }
    bytes -= oldest.evictOldest();
    return true;
  }

  private static Set<String> boundNames(SessionState session) {
    Set<String> bound = new HashSet<>();
    for (ProviderState provider : session.bindings().keySet()) {
      bound.add(provider.name);
    }
    return bound;
  }
}
