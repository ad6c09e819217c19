package io.github.providergateway.benchmarks;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * What a figure should reach (issue 9), and how far a median is from it.
 *
 * @param kind how the median compares with the target
 * @param target the bound, in the figure's unit
 * @param text how the goal reads in the table, e.g. {@code < 67 µs (Node p50)}
 */
record Goal(Kind kind, double target, String text) {

  enum Kind {
    /** The median must be strictly lower than the target (beating a reference). */
    BELOW,
    /** The median must not exceed the target. */
    AT_MOST,
    /** The median must reach at least the target. */
    AT_LEAST,
    /**
     * Every run must stay at or under the target: a count of failures, which a median would hide.
     */
    EVERY_RUN_AT_MOST,
    /** No goal: a figure shown for scale only. */
    NONE
  }

  static Goal below(double target, String text) {
    return new Goal(Kind.BELOW, target, text);
  }

  static Goal atMost(double target, String text) {
    return new Goal(Kind.AT_MOST, target, text);
  }

  static Goal atLeast(double target, String text) {
    return new Goal(Kind.AT_LEAST, target, text);
  }

  static Goal everyRunAtMost(double target, String text) {
    return new Goal(Kind.EVERY_RUN_AT_MOST, target, text);
  }

  static Goal none(String text) {
    return new Goal(Kind.NONE, Double.NaN, text);
  }

  /** Whether {@code median} meets the goal; always true without one. */
  boolean met(double median) {
    return switch (kind) {
      case BELOW -> median < target;
      case AT_MOST, EVERY_RUN_AT_MOST -> median <= target;
      case AT_LEAST -> median >= target;
      case NONE -> true;
    };
  }

  /**
   * The verdict on a figure's runs: on their median, or for {@link Kind#EVERY_RUN_AT_MOST} on the
   * worst of them: {@code missed (3)} when a count that should be 0 was 3 in one run.
   */
  String verdict(Summary runs) {
    return verdict(kind == Kind.EVERY_RUN_AT_MOST ? runs.max() : runs.median());
  }

  /**
   * The verdict for the table: {@code met}, or how far off, as a signed percentage of the target:
   * {@code missed (+12% over)} for an upper bound, {@code missed (-8% under)} for a lower one.
   */
  String verdict(double median) {
    if (kind == Kind.NONE) {
      return "—";
    }
    if (met(median)) {
      return "met";
    }
    if (target == 0) {
      return "missed (" + BigDecimal.valueOf(median).stripTrailingZeros().toPlainString() + ")";
    }
    double percent = (median - target) / target * 100;
    String direction = percent >= 0 ? "over" : "under";
    return String.format(Locale.ROOT, "missed (%+.0f%% %s)", percent, direction);
  }
}
