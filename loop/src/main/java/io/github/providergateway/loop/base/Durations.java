package io.github.providergateway.loop.base;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * The checks a builder makes of the spans it is given: a timeout, an interval, a grace period. A
 * span that must be positive is checked here, so that every builder says the same thing when it is
 * not. ({@code protocol-api} and {@code host-api}, which use nothing of ours, keep their own for
 * their records.)
 */
public final class Durations {

  private Durations() {}

  /**
   * {@return {@code value}, which must be present and longer than zero}
   *
   * @param value the span given
   * @param name what it is, for the message: the builder's method, say
   * @throws NullPointerException when {@code value} is null
   * @throws IllegalArgumentException when it is zero or negative
   */
  public static Duration requirePositive(Duration value, String name) {
    requireNonNull(value, name);
    if (!isPositive(value)) {
      throw new IllegalArgumentException(name + " must be positive, was " + value);
    }
    return value;
  }

  /**
   * {@return whether {@code value} is longer than zero} (Java 17's {@code Duration} cannot say.)
   *
   * @param value the span
   */
  public static boolean isPositive(Duration value) {
    return !value.isNegative() && !value.isZero();
  }
}
