package io.github.providergateway.benchmarks;

/**
 * How two measurements of one run are set against each other in the report: what a longer path adds
 * to a latency, and what share of a floor's throughput a relay reaches.
 */
final class Comparison {

  private Comparison() {}

  /**
   * What the longer path adds at {@code percent}: its percentile minus the baseline's, in µs. The
   * two sets of calls are different calls, so this is the difference of the two distributions'
   * percentiles (nearest rank, {@link Percentiles#at}), not a percentile of per-call differences;
   * it may come out negative when the two are within noise of each other.
   *
   * @param longer latencies through the longer path, in ns
   * @param baseline latencies through the baseline path, in ns
   */
  static double addedMicros(Percentiles longer, Percentiles baseline, double percent) {
    return (longer.at(percent) - baseline.at(percent)) / 1_000.0;
  }

  /**
   * {@code part} as a percentage of {@code whole}: e.g. the gateway's calls/s as a share of the
   * bare relay's measured in the same run.
   *
   * @throws IllegalArgumentException when {@code whole} is not positive, or either is not finite
   */
  static double sharePercent(double part, double whole) {
    if (!(whole > 0) || !Double.isFinite(whole) || !Double.isFinite(part)) {
      throw new IllegalArgumentException(
          "a share needs a positive whole and a finite part, had " + part + " of " + whole);
    }
    return part / whole * 100;
  }
}
