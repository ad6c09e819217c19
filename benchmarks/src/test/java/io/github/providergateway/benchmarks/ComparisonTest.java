package io.github.providergateway.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ComparisonTest {

  /** 1..100 µs and 1..100 µs shifted by 40 µs, in ns. */
  private static long[] micros(int shift) {
    long[] samples = new long[100];
    for (int i = 0; i < 100; i++) {
      samples[i] = (100 - i + shift) * 1_000L; // unsorted on purpose
    }
    return samples;
  }

  @Test
  void theAddedLatencyIsTheDifferenceOfTheTwoPercentilesInMicroseconds() {
    Percentiles longer = Percentiles.of(micros(40), 100);
    Percentiles baseline = Percentiles.of(micros(0), 100);
    assertThat(Comparison.addedMicros(longer, baseline, 50)).isEqualTo(40.0);
    assertThat(Comparison.addedMicros(longer, baseline, 99)).isEqualTo(40.0);
  }

  @Test
  void theDifferenceOfPercentilesIsNotAPercentileOfDifferences() {
    // The longer path is slower only in its tail: p50 adds nothing, p99 adds the tail.
    long[] longer = micros(0);
    longer[0] = 1_000_000; // 100 µs became 1 ms: the one slow call
    longer[1] = 999_000; // 99 µs became 999 µs
    Percentiles baseline = Percentiles.of(micros(0), 100);
    Percentiles slow = Percentiles.of(longer, 100);
    assertThat(Comparison.addedMicros(slow, baseline, 50)).isEqualTo(0.0);
    assertThat(Comparison.addedMicros(slow, baseline, 99)).isEqualTo(900.0);
  }

  @Test
  void aFasterLongerPathComesOutNegative() {
    assertThat(
            Comparison.addedMicros(
                Percentiles.of(micros(0), 100), Percentiles.of(micros(5), 100), 50))
        .isEqualTo(-5.0);
  }

  @Test
  void theShareIsAPercentageOfTheWhole() {
    assertThat(Comparison.sharePercent(135, 150)).isCloseTo(90.0, within(1e-9));
    assertThat(Comparison.sharePercent(160, 150)).isCloseTo(106.67, within(0.01));
  }

  @Test
  void aShareOfNothingIsRefused() {
    assertThatThrownBy(() -> Comparison.sharePercent(1, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Comparison.sharePercent(Double.NaN, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Comparison.sharePercent(1, Double.POSITIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void thePacerSpacesCallsEvenlyFromItsStart() {
    Pacer pacer = new Pacer(5_000, 1_000);
    assertThat(pacer.dueNanos(0)).isEqualTo(5_000);
    assertThat(pacer.dueNanos(1)).isEqualTo(1_005_000);
    assertThat(pacer.dueNanos(1_000)).isEqualTo(1_000_005_000);
    // 3 calls a second: rounded to the nanosecond, never drifting
    assertThat(new Pacer(0, 3).dueNanos(3_000)).isEqualTo(1_000_000_000_000L);
    assertThatThrownBy(() -> new Pacer(0, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
