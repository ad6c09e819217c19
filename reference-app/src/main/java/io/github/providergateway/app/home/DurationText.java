package io.github.providergateway.app.home;

import io.github.providergateway.loop.base.Durations;
import java.time.Duration;
import java.util.Locale;

/**
 * Durations as the command line spells them ({@code 30s}, {@code 500ms}, {@code 2m}, {@code 12h}),
 * and {@code --idle-exit-grace}'s {@value #NEVER}: read by the options of every command, written by
 * the commands that start the gateway again with a grace of their own.
 */
public final class DurationText {

  /**
   * {@code --idle-exit-grace never}: no idle exit at all, for a gateway that a service manager
   * keeps there from login ({@code gateway service install}).
   */
  public static final String NEVER = "never";

  private DurationText() {}

  /**
   * {@code --idle-exit-grace}: a duration as {@link #parse} reads it, or null for {@value #NEVER}.
   *
   * @param text what the command line gave
   * @return the grace, or null for none
   * @throws IllegalArgumentException when it is neither
   */
  public static Duration parseIdleExitGrace(String text) {
    return text.strip().equalsIgnoreCase(NEVER) ? null : parse(text);
  }

  /**
   * What {@link #parseIdleExitGrace} reads back.
   *
   * @param grace a grace, or null for none
   * @return its text; {@value #NEVER} for null
   */
  public static String formatIdleExitGrace(Duration grace) {
    return grace == null ? NEVER : format(grace);
  }

  /**
   * {@code 30s}, or {@code 500ms} when not whole seconds: what {@link #parse} reads.
   *
   * @param duration the duration to write
   * @return its text
   */
  public static String format(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }

  /**
   * {@code 30s}, {@code 500ms}, {@code 2m}, {@code 12h}, or a number of seconds.
   *
   * @param text what the command line gave
   * @return the duration, positive
   * @throws IllegalArgumentException when it is no positive duration, saying what it was
   */
  public static Duration parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    try {
      Duration value;
      if (t.endsWith("ms")) {
        value = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
      } else if (t.endsWith("s")) {
        value =
            Duration.ofMillis(
                Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
      } else if (t.endsWith("m")) {
        value =
            Duration.ofSeconds(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 60));
      } else if (t.endsWith("h")) {
        // The HTTP front door's set-up suggests --idle-exit-grace 12h, which this refused before.
        value =
            Duration.ofSeconds(
                Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 3600));
      } else {
        value = Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
      }
      if (!Durations.isPositive(value)) {
        throw new IllegalArgumentException("must be positive, was " + text);
      }
      return value;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "must be a duration like 30s, 500ms, 2m or 12h, was " + text);
    }
  }
}
