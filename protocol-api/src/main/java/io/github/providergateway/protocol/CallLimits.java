package io.github.providergateway.protocol;

import java.time.Duration;

/**
 * How many tool calls wait, and how long calls, gates, transforms, cancels and shutdowns may take.
 * One part of {@link Limits}, read with {@link Limits#calls()}; set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 *
 * @param maxQueuedCalls how many calls may wait per concurrency limit; in-flight calls do not count
 * @param gateTimeout how long a gate may think before the call is denied
 * @param transformTimeout how long a callback transform may think before its section stays
 * @param defaultToolTimeout a call's timeout when neither host nor tool sets one
 * @param cancelGrace how long a cancelled call keeps its concurrency slot awaiting {@code
 *     CANCELLED}
 * @param progressInterval the interval in which at most one {@code tool.progress} per call reaches
 *     the host; later ones within it are coalesced to the latest.
 * @param defaultShutdownDeadline the {@code shutdown.pending} deadline when the host gives none
 */
public record CallLimits(
    int maxQueuedCalls,
    Duration gateTimeout,
    Duration transformTimeout,
    Duration defaultToolTimeout,
    Duration cancelGrace,
    Duration progressInterval,
    Duration defaultShutdownDeadline) {

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
  public CallLimits {
    if (maxQueuedCalls < 0) {
      throw new IllegalArgumentException("maxQueuedCalls must not be negative");
    }
    LimitChecks.positive(gateTimeout, "gateTimeout");
    LimitChecks.positive(transformTimeout, "transformTimeout");
    LimitChecks.positive(defaultToolTimeout, "defaultToolTimeout");
    LimitChecks.nonNegative(cancelGrace, "cancelGrace");
    LimitChecks.nonNegative(progressInterval, "progressInterval");
    LimitChecks.nonNegative(defaultShutdownDeadline, "defaultShutdownDeadline");
  }
}
