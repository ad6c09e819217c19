package io.github.providergateway.app.commands;

import io.github.providergateway.app.home.DurationText;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * When the person's time away ends, from {@code gateway away}'s options (decision 321): {@code
 * --for 3h} or {@code 90m} from now; {@code --until 17:30}, today, or tomorrow when that time has
 * passed today; neither, the end of the day ({@link #END_OF_DAY}, local time).
 *
 * <p>The end of the day by default: the person who leaves for an afternoon is back by then, and one
 * who is not finds the agents asking again the next morning, as they would have without it; a
 * longer absence is said with {@code --until} or {@code --for}.
 */
final class AwayTime {

  /** Where a day away ends when no option says. */
  static final LocalTime END_OF_DAY = LocalTime.of(23, 59);

  /** {@code 17:30}, {@code 9:05}; and {@code 17:30:00}, as {@link LocalTime#parse} reads it. */
  private static final DateTimeFormatter HOUR_AND_MINUTE = DateTimeFormatter.ofPattern("H:mm");

  private AwayTime() {}

  /**
   * When the time away that starts {@code now} ends.
   *
   * @param forText {@code --for}, or null
   * @param untilText {@code --until}, or null
   * @param now the time it starts, in the person's zone
   * @return the end, after {@code now}
   * @throws IllegalArgumentException when both are given, or either cannot be read, saying which
   *     and what it takes
   */
  static ZonedDateTime until(String forText, String untilText, ZonedDateTime now) {
    if (forText != null && untilText != null) {
      throw new IllegalArgumentException("give --for or --until, not both");
    }
    if (forText != null) {
      Duration span;
      try {
        span = DurationText.parse(forText);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "--for takes a duration such as 3h or 90m, was: " + forText);
      }
      return now.plus(span);
    }
    return next(untilText == null ? END_OF_DAY : timeOfDay(untilText), now);
  }

  /** {@code time} today, or tomorrow when it is not after {@code now}. */
  private static ZonedDateTime next(LocalTime time, ZonedDateTime now) {
    ZonedDateTime today = now.toLocalDate().atTime(time).atZone(now.getZone());
    return today.isAfter(now)
        ? today
        : now.toLocalDate().plusDays(1).atTime(time).atZone(now.getZone());
  }

  private static LocalTime timeOfDay(String text) {
    String t = text.strip();
    try {
      return LocalTime.parse(t, HOUR_AND_MINUTE);
    } catch (DateTimeParseException notShort) {
      try {
        return LocalTime.parse(t);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException(
            "--until takes a time of day, HH:MM (17:30), was: " + text);
      }
    }
  }
}
