package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/** The range checks the limit records share. */
final class LimitChecks {

  private LimitChecks() {}

  static void positive(int value, String name) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be positive, was " + value);
    }
  }

  static void nonNegative(Duration value, String name) {
    requireNonNull(value, name);
    if (value.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative, was " + value);
    }
  }

  static void positive(Duration value, String name) {
    requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, was " + value);
    }
  }
}
