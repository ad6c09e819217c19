package io.github.providergateway.loop;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.base.Durations;
import java.time.Duration;

/**
 * How long a client waits before it tries to connect again: exponential, capped, with optional
 * jitter. The attempt after {@code n} failures in a row ({@code n} = 0 for the first) waits {@code
 * initial × 2^n}, at most {@code max}, shortened at random by up to {@code jitter} of itself so
 * that clients dropped together do not all return together.
 *
 * <p>A value: it keeps no count and draws no random numbers. The caller counts failures (and starts
 * again from 0 after a connection that worked) and passes the random number, so tests pin it. Used
 * by the WebSocket provider client and the host's {@code GatewayClient}.
 *
 * @param initial the first delay; positive
 * @param max the longest delay; not less than {@code initial}
 * @param jitter the share of each delay that may be taken off at random, from 0 (none) to 1
 */
public record Backoff(Duration initial, Duration max, double jitter) {

  /**
   * Checks the delays and the jitter.
   *
   * @param initial the first delay; positive
   * @param max the longest delay; not less than {@code initial}
   * @param jitter the share of each delay that may be taken off at random, from 0 (none) to 1
   * @throws IllegalArgumentException when a value is out of its range
   */
  public Backoff {
    Durations.requirePositive(initial, "initial");
    requireNonNull(max, "max");
    if (initial.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          "initial must not exceed max, was " + initial + " > " + max);
    }
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("jitter must be within [0, 1], was " + jitter);
    }
  }

  /**
   * Doubling from {@code initial} up to {@code max}, without jitter.
   *
   * @param initial the first delay; positive
   * @param max the longest delay; not less than {@code initial}
   * @return the backoff
   */
  public static Backoff exponential(Duration initial, Duration max) {
    return new Backoff(initial, max, 0);
  }

  /**
   * The same delays with {@code jitter} taken off at random.
   *
   * @param jitter the share of each delay that may be taken off, from 0 (none) to 1
   * @return a new backoff; this one is unchanged
   */
  public Backoff withJitter(double jitter) {
    return new Backoff(initial, max, jitter);
  }

  /**
   * The delay before the attempt after {@code failures} failures, without jitter: {@code initial ×
   * 2^failures}, at most {@code max}. With jitter, the longest it can be.
   *
   * @param failures the failures in a row so far; 0 before the first retry
   * @return the delay
   * @throws IllegalArgumentException when {@code failures} is negative
   */
  public Duration delay(int failures) {
    if (failures < 0) {
      throw new IllegalArgumentException("failures must not be negative, was " + failures);
    }
    // Compared as initial > max / 2^failures, which cannot overflow as the product could.
    if (failures >= Long.SIZE - 2 || initial.compareTo(max.dividedBy(1L << failures)) > 0) {
      return max;
    }
    return initial.multipliedBy(1L << failures);
  }

  /**
   * The delay before the attempt after {@code failures} failures, with jitter: {@link #delay(int)}
   * less {@code jitter × random} of itself.
   *
   * @param failures the failures in a row so far; 0 before the first retry
   * @param random a number in [0, 1), such as {@code RandomGenerator.nextDouble()}
   * @return the delay, between {@code (1 - jitter)} times {@link #delay(int)} and all of it
   * @throws IllegalArgumentException when {@code failures} is negative or {@code random} is out of
   *     range
   */
  public Duration delay(int failures, double random) {
    if (!(random >= 0 && random < 1)) {
      throw new IllegalArgumentException("random must be within [0, 1), was " + random);
    }
    Duration longest = delay(failures);
    if (jitter == 0) {
      return longest;
    }
    long nanos = longest.toNanos();
    return Duration.ofNanos(nanos - (long) (nanos * jitter * random));
  }
}
