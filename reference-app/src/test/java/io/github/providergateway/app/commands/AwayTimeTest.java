package io.github.providergateway.app.commands;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code gateway away}'s end (decision 321), at a fixed time in Paris: {@code --for}, {@code
 * --until} today or tomorrow when passed, the end of the day by default, and a clear error for what
 * it cannot read.
 */
class AwayTimeTest {

  private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

  /** 14:10 on a Sunday in Paris. */
  private static final ZonedDateTime NOW = ZonedDateTime.of(2026, 4, 26, 14, 10, 0, 0, PARIS);

  @Test
  void forIsFromNow() {
    assertThat(AwayTime.until("3h", null, NOW)).isEqualTo(NOW.plusHours(3));
    assertThat(AwayTime.until("90m", null, NOW)).isEqualTo(NOW.plusMinutes(90));
  }

  @Test
  void untilIsTodayOrTomorrowWhenItHasPassed() {
    assertThat(AwayTime.until(null, "17:30", NOW))
        .isEqualTo(ZonedDateTime.of(2026, 4, 26, 17, 30, 0, 0, PARIS));
    assertThat(AwayTime.until(null, "9:05", NOW))
        .as("already past today")
        .isEqualTo(ZonedDateTime.of(2026, 4, 27, 9, 5, 0, 0, PARIS));
    assertThat(AwayTime.until(null, "14:10", NOW))
        .as("now itself is past")
        .isEqualTo(ZonedDateTime.of(2026, 4, 27, 14, 10, 0, 0, PARIS));
    assertThat(AwayTime.until(null, "17:30:15", NOW).getSecond()).isEqualTo(15);
  }

  @Test
  void byDefaultTheEndOfTheDay() {
    assertThat(AwayTime.until(null, null, NOW))
        .isEqualTo(ZonedDateTime.of(2026, 4, 26, 23, 59, 0, 0, PARIS));
    assertThat(AwayTime.until(null, null, NOW.withHour(23).withMinute(59).withSecond(30)))
        .as("past 23:59: the next day's")
        .isEqualTo(ZonedDateTime.of(2026, 4, 27, 23, 59, 0, 0, PARIS));
  }

  @ParameterizedTest
  @ValueSource(strings = {"soon", "-1h", "0s", "3 hours", ""})
  void aDurationItCannotReadSaysWhatItTakes(String text) {
    assertThatThrownBy(() -> AwayTime.until(text, null, NOW))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--for takes a duration such as 3h or 90m, was: ");
  }

  @ParameterizedTest
  @ValueSource(strings = {"25:00", "17h30", "half five", "17:60", ""})
  void aTimeItCannotReadSaysWhatItTakes(String text) {
    assertThatThrownBy(() -> AwayTime.until(null, text, NOW))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--until takes a time of day, HH:MM (17:30), was: ");
  }

  @Test
  void notBoth() {
    assertThatThrownBy(() -> AwayTime.until("3h", "17:30", NOW))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("give --for or --until, not both");
  }
}
