package io.github.providergateway.benchmarks;

import java.util.Arrays;

/** Latency percentiles of a finished run, by the nearest-rank method. */
final class Percentiles {

  private final long[] sorted;

  private Percentiles(long[] sorted) {
    this.sorted = sorted;
  }

  /**
   * The percentiles of the first {@code count} samples of {@code samples} (copied, then sorted).
   */
  static Percentiles of(long[] samples, int count) {
    if (count < 1 || count > samples.length) {
      throw new IllegalArgumentException("count must be 1.." + samples.length + ", was " + count);
    }
    long[] copy = Arrays.copyOf(samples, count);
    Arrays.sort(copy);
    return new Percentiles(copy);
  }

  /**
   * The smallest sample with at least {@code percent}% of samples at or below it (nearest rank):
   * p50 of 1..100 is 50, p99 is 99, p100 the maximum.
   */
  long at(double percent) {
    if (!(percent > 0 && percent <= 100)) {
      throw new IllegalArgumentException("percent must be in (0, 100], was " + percent);
    }
    int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
    return sorted[Math.max(rank, 1) - 1];
  }

  int count() {
    return sorted.length;
  }
}
