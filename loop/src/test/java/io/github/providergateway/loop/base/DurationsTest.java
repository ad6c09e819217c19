package io.github.providergateway.loop.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@link Durations}: a span a builder is given must be longer than zero, to the nanosecond. */
class DurationsTest {

  @Test
  void aPositiveSpanIsReturnedAsGiven() {
    Duration nano = Duration.ofNanos(1);

    assertThat(Durations.requirePositive(nano, "idleTimeout")).isSameAs(nano);
    assertThat(Durations.isPositive(nano)).isTrue();
  }

  @Test
  void zeroIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> Durations.requirePositive(Duration.ZERO, "idleTimeout"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("idleTimeout must be positive, was PT0S");
    assertThat(Durations.isPositive(Duration.ZERO)).isFalse();
  }

  @Test
  void aNegativeSpanIsRefused() {
    assertThatThrownBy(() -> Durations.requirePositive(Duration.ofNanos(-1), "grace"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("grace must be positive, was PT-0.000000001S");
    assertThat(Durations.isPositive(Duration.ofNanos(-1))).isFalse();
  }

  @Test
  void noSpanIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> Durations.requirePositive(null, "sendTimeout"))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("sendTimeout");
  }
}
