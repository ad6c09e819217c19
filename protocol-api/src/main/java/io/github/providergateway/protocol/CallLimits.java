package io.github.providergateway.protocol;

import java.time.Duration;
import java.util.Objects;

/**
 * How many tool calls wait, and how long calls, gates, transforms, cancels and shutdowns may take.
 * One part of {@link Limits}, read with {@link Limits#calls()}; set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 */
public final class CallLimits {

  private final int maxQueuedCalls;
  private final Duration gateTimeout;
  private final Duration transformTimeout;
  private final Duration defaultToolTimeout;
  private final Duration cancelGrace;
  private final Duration progressInterval;
  private final Duration defaultShutdownDeadline;

  /**
   * Checks every limit.
   *
   * @param maxQueuedCalls see {@link #maxQueuedCalls()}
   * @param gateTimeout see {@link #gateTimeout()}
   * @param transformTimeout see {@link #transformTimeout()}
   * @param defaultToolTimeout see {@link #defaultToolTimeout()}
   * @param cancelGrace see {@link #cancelGrace()}
   * @param progressInterval see {@link #progressInterval()}
   * @param defaultShutdownDeadline see {@link #defaultShutdownDeadline()}
   * @throws IllegalArgumentException naming the first limit out of its range
   * @throws NullPointerException naming a duration left null
   */
  CallLimits(
      int maxQueuedCalls,
      Duration gateTimeout,
      Duration transformTimeout,
      Duration defaultToolTimeout,
      Duration cancelGrace,
      Duration progressInterval,
      Duration defaultShutdownDeadline) {
    if (maxQueuedCalls < 0) {
      throw new IllegalArgumentException("maxQueuedCalls must not be negative");
    }
    LimitChecks.positive(gateTimeout, "gateTimeout");
    LimitChecks.positive(transformTimeout, "transformTimeout");
    LimitChecks.positive(defaultToolTimeout, "defaultToolTimeout");
    LimitChecks.nonNegative(cancelGrace, "cancelGrace");
    LimitChecks.nonNegative(progressInterval, "progressInterval");
    LimitChecks.nonNegative(defaultShutdownDeadline, "defaultShutdownDeadline");
    this.maxQueuedCalls = maxQueuedCalls;
    this.gateTimeout = gateTimeout;
    this.transformTimeout = transformTimeout;
    this.defaultToolTimeout = defaultToolTimeout;
    this.cancelGrace = cancelGrace;
    this.progressInterval = progressInterval;
    this.defaultShutdownDeadline = defaultShutdownDeadline;
  }

  /** {@return how many calls may wait per concurrency limit; in-flight calls do not count} */
  public int maxQueuedCalls() {
    return maxQueuedCalls;
  }

  /** {@return how long a gate may think before the call is denied} */
  public Duration gateTimeout() {
    return gateTimeout;
  }

  /** {@return how long a callback transform may think before its section stays} */
  public Duration transformTimeout() {
    return transformTimeout;
  }

  /** {@return a call's timeout when neither host nor tool sets one} */
  public Duration defaultToolTimeout() {
    return defaultToolTimeout;
  }

  /** {@return how long a cancelled call keeps its concurrency slot awaiting {@code CANCELLED}} */
  public Duration cancelGrace() {
    return cancelGrace;
  }

  /**
   * {@return the interval in which at most one {@code tool.progress} per call reaches the host;
   * later ones within it are coalesced to the latest.}
   */
  public Duration progressInterval() {
    return progressInterval;
  }

  /** {@return the {@code shutdown.pending} deadline when the host gives none} */
  public Duration defaultShutdownDeadline() {
    return defaultShutdownDeadline;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CallLimits o
        && maxQueuedCalls == o.maxQueuedCalls
        && Objects.equals(gateTimeout, o.gateTimeout)
        && Objects.equals(transformTimeout, o.transformTimeout)
        && Objects.equals(defaultToolTimeout, o.defaultToolTimeout)
        && Objects.equals(cancelGrace, o.cancelGrace)
        && Objects.equals(progressInterval, o.progressInterval)
        && Objects.equals(defaultShutdownDeadline, o.defaultShutdownDeadline);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        maxQueuedCalls,
        gateTimeout,
        transformTimeout,
        defaultToolTimeout,
        cancelGrace,
        progressInterval,
        defaultShutdownDeadline);
  }

  /** {@return the limits by name, as a record would show them} */
  @Override
  public String toString() {
    return "CallLimits["
        + "maxQueuedCalls="
        + maxQueuedCalls
        + ", gateTimeout="
        + gateTimeout
        + ", transformTimeout="
        + transformTimeout
        + ", defaultToolTimeout="
        + defaultToolTimeout
        + ", cancelGrace="
        + cancelGrace
        + ", progressInterval="
        + progressInterval
        + ", defaultShutdownDeadline="
        + defaultShutdownDeadline
        + "]";
  }
}
