package io.github.providergateway.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PercentilesTest {

  @Test
  void nearestRankOfOneToHundredIsTheRankItself() {
    long[] samples = new long[100];
    for (int i = 0; i < 100; i++) {
      samples[i] = 100 - i; // unsorted on purpose
    }
    Percentiles p = Percentiles.of(samples, 100);
    assertThat(p.at(50)).isEqualTo(50);
    assertThat(p.at(99)).isEqualTo(99);
    assertThat(p.at(100)).isEqualTo(100);
    assertThat(p.at(0.1)).isEqualTo(1);
  }

  @Test
  void onlyTheFirstCountSamplesCountAndTheInputIsLeftAlone() {
    long[] samples = {30, 10, 20, 999, 999};
    Percentiles p = Percentiles.of(samples, 3);
    assertThat(p.count()).isEqualTo(3);
    assertThat(p.at(50)).isEqualTo(20);
    assertThat(p.at(100)).isEqualTo(30);
    assertThat(samples).containsExactly(30, 10, 20, 999, 999);
  }

  @Test
  void aSingleSampleIsEveryPercentile() {
    Percentiles p = Percentiles.of(new long[] {7}, 1);
    assertThat(p.at(1)).isEqualTo(7);
    assertThat(p.at(99)).isEqualTo(7);
  }

  @Test
  void refusesPercentilesOutsideTheRangeAndEmptyRuns() {
    Percentiles p = Percentiles.of(new long[] {1, 2}, 2);
    assertThatThrownBy(() -> p.at(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> p.at(100.5)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Percentiles.of(new long[] {1}, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
