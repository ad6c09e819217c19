package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.TrustLevel;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * One named stream of a session: its newest events, oldest evicted first. Two bounds hold: at most
 * {@code retention} events (the spec's 200), and at most {@code maxChars} of event text and
 * metadata together, so 200 events of 2 MB each cannot pile up; the newest event is always kept.
 * Loop only.
 */
final class EventStream {

  /**
   * The trust level of the provider that made it: only providers of that name <em>and</em> trust
   * level write to or read it (docs/architecture.md, decision 23).
   */
  private final TrustLevel writer;
  private final int retention;
  private final long maxChars;
  /** Stored events, oldest first. */
  private final ArrayDeque<StreamEntry> entries = new ArrayDeque<>();
  /** The size of each stored event, in the same order. */
  private final ArrayDeque<Integer> sizes = new ArrayDeque<>();
  /** The sum of {@link #sizes}. */
  private long chars;
  /** When the newest event was stored. */
  private Instant lastWritten;

  EventStream(TrustLevel writer, int retention, long maxChars) {
    this.writer = writer;
    this.retention = retention;
    this.maxChars = maxChars;
  }

  void add(StreamEntry entry) {
    int size = sizeOf(entry);
    entries.addLast(entry);
    sizes.addLast(size);
    chars += size;
    lastWritten = entry.ts();
    while (entries.size() > retention || (chars > maxChars && entries.size() > 1)) {
      entries.pollFirst();
      chars -= sizes.pollFirst();
    }
  }

  private static int sizeOf(StreamEntry entry) {
    int metadata = entry.metadata() == null ? 0 : entry.metadata().toString().length();
    return entry.event().length() + metadata;
  }

  TrustLevel writer() {
    return writer;
  }

  /** Up to {@code last} entries, newest first. */
  List<StreamEntry> newest(int last) {
    List<StreamEntry> result = new ArrayList<>(Math.min(last, entries.size()));
    for (Iterator<StreamEntry> it = entries.descendingIterator(); it.hasNext() && result.size() < last; ) {
      result.add(it.next());
    }
    return result;
  }

  int size() {
    return entries.size();
  }

  /** When the newest event was stored, or null before the first. */
  Instant lastWritten() {
    return lastWritten;
  }
}
