package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.StreamEntry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** One named stream of a session: its newest events, oldest evicted first. Loop only. */
final class EventStream {

  private final int retention;
  /** Stored events, oldest first. */
  private final ArrayDeque<StreamEntry> entries = new ArrayDeque<>();

  EventStream(int retention) {
    this.retention = retention;
  }

  void add(StreamEntry entry) {
    if (entries.size() == retention) {
      entries.pollFirst();
    }
    entries.addLast(entry);
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
}
