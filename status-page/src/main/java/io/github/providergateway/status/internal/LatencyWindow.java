package io.github.providergateway.status.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Arrays;

/**
 * The latest {@link #CAPACITY} durations of one kind (tool calls, gates), for the page's
 * percentiles: a ring, so the page shows how the gateway does now rather than since it started, in
 * bounded memory. Not thread-safe: {@link StatusNumbers} guards it.
 */
final class LatencyWindow {

  /** How many of the latest durations are kept. */
  static final int CAPACITY = 1024;

  private final long[] nanos = new long[CAPACITY];
  private int size;
  private int next;

  void add(Duration duration) {
    nanos[next] = duration.toNanos();
    next = (next + 1) % CAPACITY;
    size = Math.min(size + 1, CAPACITY);
  }

  /**
   * {@code {count, p50Ms, p95Ms, p99Ms, maxMs}} of the durations kept, milliseconds with three
   * decimals; only {@code count} (0) when there are none.
   */
  ObjectNode toJson(JsonNodeFactory nodes) {
    ObjectNode json = nodes.objectNode();
    json.put("count", size);
    if (size == 0) {
      return json;
    }
    long[] sorted = Arrays.copyOf(nanos, size);
    Arrays.sort(sorted);
    json.put("p50Ms", millis(percentile(sorted, 50)));
    json.put("p95Ms", millis(percentile(sorted, 95)));
    json.put("p99Ms", millis(percentile(sorted, 99)));
    json.put("maxMs", millis(sorted[sorted.length - 1]));
    return json;
  }

  /** The nearest-rank percentile: the smallest value at least {@code p} % of them do not exceed. */
  static long percentile(long[] sorted, int p) {
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  private static double millis(long nanos) {
    return Math.round(nanos / 1_000.0) / 1_000.0;
  }
}
