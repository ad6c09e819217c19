package io.github.providergateway.host.protocol;

import java.time.Duration;

/** Argument checks shared by the host records' compact constructors. */
final class Checks {

  private Checks() {}

  /** A string that must be present and non-empty. */
  static String nonEmpty(String value, String field) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(
          "field \"" + field + "\" is required and must be a non-empty string");
    }
    return value;
  }

  /** A duration that, when present, must be positive. */
  static Duration positiveOrNull(Duration value, String field) {
    if (value != null && (value.isNegative() || value.isZero())) {
      throw new IllegalArgumentException("field \"" + field + "\" must be positive, was " + value);
    }
    return value;
  }
}
