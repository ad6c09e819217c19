package io.github.providergateway.agent.mcp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The events one Streamable HTTP session sent, kept so that a client that lost its connection can
 * have them again ({@code Last-Event-ID}): the newest {@link #maxEvents} and at most {@link
 * #maxBytes} of their data, the oldest going first. An event larger than the whole bound is sent
 * but not kept.
 *
 * <p>Every event has the session's next number ({@code seq}, from 1) and belongs to one stream:
 * stream {@value #STANDALONE} is the {@code GET} stream, each request answered with an event stream
 * has a number of its own. Its id on the wire, {@code <stream>-<seq>}, is unique in the session and
 * names its stream, so a resuming client is answered on the stream it lost and no other (MCP
 * Streamable HTTP: resumability). Not thread-safe: its session's lock guards it.
 */
final class EventLog {

  /** The stream of {@code GET /mcp}: what the server says unasked. */
  static final long STANDALONE = 0;

  /** One event as sent. */
  record Event(long stream, long seq, String data) {
    String id() {
      return EventLog.id(stream, seq);
    }

    long bytes() {
      return data.length() * 2L + 64; // a Java string's characters, and the record around them
    }
  }

  /** A position in a stream that an event id names. */
  record Position(long stream, long seq) {}

  private final int maxEvents;
  private final long maxBytes;
  private final Deque<Event> kept = new ArrayDeque<>();
  private long keptBytes;
  private long lastSeq;

  /** The highest seq of a {@link #STANDALONE} event dropped unread or evicted; 0 for none. */
  private long standaloneLostThrough;

  EventLog(int maxEvents, long maxBytes) {
    if (maxEvents < 1 || maxBytes < 1) {
      throw new IllegalArgumentException(
          "maxEvents and maxBytes must be positive, were " + maxEvents + ", " + maxBytes);
    }
    this.maxEvents = maxEvents;
    this.maxBytes = maxBytes;
  }

  static String id(long stream, long seq) {
    return stream + "-" + seq;
  }

  /** The position an event id names, or null when it is not one of ours. */
  static Position parse(String id) {
    if (id == null) {
      return null;
    }
    int dash = id.indexOf('-');
    if (dash < 1 || dash == id.length() - 1 || id.length() > 40) {
      return null;
    }
    try {
      long stream = Long.parseLong(id.substring(0, dash));
      long seq = Long.parseLong(id.substring(dash + 1));
      return stream < 0 || seq < 0 ? null : new Position(stream, seq);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Adds an event to {@code stream}, evicting the oldest as the bounds require, and returns it. */
  Event add(long stream, String data) {
    Event event = new Event(stream, ++lastSeq, data);
    if (event.bytes() > maxBytes) {
      lost(event); // sent once, never kept: it alone would push out everything else
      return event;
    }
    kept.addLast(event);
    keptBytes += event.bytes();
    while (kept.size() > maxEvents || keptBytes > maxBytes) {
      Event oldest = kept.removeFirst();
      keptBytes -= oldest.bytes();
      lost(oldest);
    }
    return event;
  }

  /** A number for a priming event, which carries no data and is not kept. */
  long nextSeq() {
    return ++lastSeq;
  }

  private void lost(Event event) {
    if (event.stream() == STANDALONE) {
      standaloneLostThrough = Math.max(standaloneLostThrough, event.seq());
    }
  }

  /** The kept events of {@code stream} after {@code afterSeq}, oldest first. */
  List<Event> after(long stream, long afterSeq) {
    List<Event> events = new ArrayList<>();
    for (Event event : kept) {
      if (event.stream() == stream && event.seq() > afterSeq) {
        events.add(event);
      }
    }
    return events;
  }

  /** Whether a {@link #STANDALONE} event after {@code afterSeq} is gone for good. */
  boolean standaloneLostAfter(long afterSeq) {
    return standaloneLostThrough > afterSeq;
  }

  /** The data bytes (as counted) kept now. */
  long keptBytes() {
    return keptBytes;
  }

  int size() {
    return kept.size();
  }

  /** The number the last event got; 0 before the first. */
  long lastSeq() {
    return lastSeq;
  }
}
