package io.github.providergateway.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BackoffTest {

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }

  @Test
  void delaysDoubleFromTheFirstUpToTheLongest() {
    Backoff backoff = Backoff.exponential(ms(100), Duration.ofSeconds(1));

    assertThat(IntStream.range(0, 7).mapToObj(backoff::delay))
        .containsExactly(ms(100), ms(200), ms(400), ms(800), ms(1000), ms(1000), ms(1000));
  }

  @Test
  void aDoublingThatLandsOnTheLongestDelayIsThatDelay() {
    Backoff backoff = Backoff.exponential(ms(250), Duration.ofSeconds(1));

    assertThat(IntStream.range(0, 4).mapToObj(backoff::delay))
        .containsExactly(ms(250), ms(500), ms(1000), ms(1000));
  }

  @Test
  void anyNumberOfFailuresWaitsTheLongestDelayWithoutOverflowing() {
    Backoff backoff = Backoff.exponential(Duration.ofNanos(1), Duration.ofDays(365_000));

    assertThat(backoff.delay(61)).isEqualTo(Duration.ofNanos(1L << 61));
    assertThat(backoff.delay(62)).isEqualTo(Duration.ofDays(365_000));
    assertThat(backoff.delay(Integer.MAX_VALUE)).isEqualTo(Duration.ofDays(365_000));
  }

  @Test
  void withoutJitterTheRandomNumberChangesNothing() {
    Backoff backoff = Backoff.exponential(ms(250), Duration.ofSeconds(30));

    assertThat(backoff.delay(3, 0.0)).isEqualTo(ms(2000));
    assertThat(backoff.delay(3, 0.999_999)).isEqualTo(ms(2000));
  }

  @Test
  void jitterTakesItsShareTimesTheRandomNumberOff() {
    Backoff backoff = Backoff.exponential(ms(250), Duration.ofSeconds(30)).withJitter(0.2);

    assertThat(backoff.delay(0, 0.0)).isEqualTo(ms(250));
    assertThat(backoff.delay(0, 0.5)).isEqualTo(ms(225));
    assertThat(backoff.delay(40, 0.0)).isEqualTo(Duration.ofSeconds(30));
    assertThat(backoff.delay(40, 0.5)).isEqualTo(Duration.ofSeconds(27));
  }

  @Test
  void jitteredDelaysSpreadOverTheirWholeShareAndNeverBeyondIt() {
    Backoff backoff = Backoff.exponential(ms(250), Duration.ofSeconds(30)).withJitter(0.2);
    SplittableRandom random = new SplittableRandom(15);
    Duration shortest = Duration.ofDays(1);
    Duration longest = Duration.ZERO;

    for (int i = 0; i < 10_000; i++) {
      Duration delay = backoff.delay(2, random.nextDouble());
      shortest = delay.compareTo(shortest) < 0 ? delay : shortest;
      longest = delay.compareTo(longest) > 0 ? delay : longest;
    }

    assertThat(shortest).isGreaterThan(ms(800)).isLessThan(ms(801));
    assertThat(longest).isLessThanOrEqualTo(ms(1000)).isGreaterThan(ms(999));
  }

  @Test
  void settingsOutsideTheirRangesAreRefused() {
    assertThatThrownBy(() -> Backoff.exponential(Duration.ZERO, ms(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("initial must be positive");
    assertThatThrownBy(() -> Backoff.exponential(ms(2), ms(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("initial must not exceed max");
    assertThatThrownBy(() -> Backoff.exponential(ms(1), ms(2)).withJitter(1.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jitter must be within [0, 1]");
    assertThatThrownBy(() -> Backoff.exponential(ms(1), ms(2)).withJitter(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Backoff.exponential(ms(1), ms(2)).delay(-1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Backoff.exponential(ms(1), ms(2)).delay(0, 1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("random must be within [0, 1)");
  }
}
