package io.github.providergateway.agent.mcp;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What providers pushed at {@code inject} level (and {@code push.prompt}), waiting to reach the
 * model. MCP has no channel the model is sure to read except a tool result, so these ride on the
 * next one as a clearly marked block ({@link #drain}). Bounded: the newest {@link #MAX_EVENTS}
 * events of at most {@link #MAX_CHARS} characters each are kept; older ones are counted as dropped
 * and the block says how many.
 */
final class PushedEvents {

  static final int MAX_EVENTS = 20;
  static final int MAX_CHARS = 4_000;
  static final String HEADER =
      "[provider-gateway: events pushed by providers since the last tool result]";

  private final Deque<String> events = new ArrayDeque<>();
  private int dropped;

  synchronized void add(String source, String text) {
    String line = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) + " …(cut)" : text;
    events.addLast("- " + source + ": " + line);
    while (events.size() > MAX_EVENTS) {
      events.removeFirst();
      dropped++;
    }
  }

  /** The block for the next tool result, emptying the queue; null when nothing waits. */
  synchronized String drain() {
    if (events.isEmpty()) {
      return null;
    }
    StringBuilder block = new StringBuilder(HEADER);
    if (dropped > 0) {
      block.append("\n(").append(dropped).append(" older events dropped)");
    }
    for (String event : events) {
      block.append('\n').append(event);
    }
    events.clear();
    dropped = 0;
    return block.toString();
  }
}
