package io.github.providergateway.benchmarks;

import java.util.Arrays;
import java.util.List;

/** The median, minimum and maximum of one figure's repeated runs. */
record Summary(double median, double min, double max, int runs) {

  static Summary of(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values");
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return new Summary(median, sorted[0], sorted[n - 1], n);
  }
}
