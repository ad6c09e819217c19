package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.json.JsonHeap;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * One named stream of a session: its newest events, oldest evicted first. Two bounds hold: at most
 * {@code retention} events (the spec's 200), and at most {@code maxBytes} of estimated heap for
 * their text and metadata together ({@link JsonHeap}: a metadata tree holds far more than its
 * text), so 200 events of 2 MB each cannot pile up; the newest event is always kept. All streams
 * together are bounded by {@link RetainedStreams}. Loop only.
 */
final class EventStream {

  /** An entry beyond its text and metadata: the record, its timestamp, the deque's slot. */
  private static final long ENTRY_OVERHEAD = 96;

  /**
   * The trust level of the provider that made it: only providers of that name <em>and</em> trust
   * level write to or read it (docs/decisions, decision 23).
   */
  private final TrustLevel writer;

  private final int retention;
  private final long maxBytes;

  /** Stored events, oldest first. */
  private final ArrayDeque<StreamEntry> entries = new ArrayDeque<>();

  /** The estimated heap of each stored event, in the same order. */
  private final ArrayDeque<Long> sizes = new ArrayDeque<>();

  /** The sum of {@link #sizes}. */
  private long bytes;

  /** When the newest event was stored. */
  private Instant lastWritten;

  EventStream(TrustLevel writer, int retention, long maxBytes) {
    this.writer = writer;
    this.retention = retention;
    this.maxBytes = maxBytes;
  }

  /** Stores {@code entry}, evicting the oldest past the bounds; returns the change in bytes. */
  long add(StreamEntry entry) {
    long before = bytes;
    long size = sizeOf(entry);
    entries.addLast(entry);
    sizes.addLast(size);
    bytes += size;
    lastWritten = entry.ts();
    while (entries.size() > retention || (bytes > maxBytes && entries.size() > 1)) {
      evictOldest();
    }
    return bytes - before;
  }

  /** Drops the oldest event; returns the bytes freed (0 when empty). */
  long evictOldest() {
    if (entries.isEmpty()) {
      return 0;
    }
    entries.pollFirst();
    long freed = sizes.pollFirst();
    bytes -= freed;
    return freed;
  }

  static long sizeOf(StreamEntry entry) {
    return ENTRY_OVERHEAD
        + JsonHeap.TEXT_OVERHEAD
        + 2L * entry.event().length()
        + JsonHeap.of(entry.metadata());
  }

  TrustLevel writer() {
    return writer;
  }

  /** Up to {@code last} entries, newest first. */
  List<StreamEntry> newest(int last) {
    List<StreamEntry> result = new ArrayList<>(Math.min(last, entries.size()));
    for (Iterator<StreamEntry> it = entries.descendingIterator();
        it.hasNext() && result.size() < last; ) {
      result.add(it.next());
    }
    return result;
  }

  int size() {
    return entries.size();
  }

  /** The estimated heap its events hold. */
  long bytes() {
    return bytes;
  }

  /** When the oldest stored event was written, or null when empty. */
  Instant oldestWritten() {
    return entries.isEmpty() ? null : entries.peekFirst().ts();
  }

  /** When the newest event was stored, or null before the first. */
  Instant lastWritten() {
    return lastWritten;
  }
}
