package io.github.providergateway.benchmarks;

import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop schedule of calls at a fixed rate: call {@code i} is due {@code i / rate} seconds
 * after the start, whatever became of the calls before it, so a slow answer does not slow the load
 * (and hide itself). A call sent late because the thread woke late keeps the schedule of the
 * others.
 */
final class Pacer {

  private final long startNanos;
  private final double intervalNanos;

  /**
   * @param startNanos when call 0 is due, on {@link System#nanoTime()}'s scale
   * @param perSecond calls per second
   */
  Pacer(long startNanos, double perSecond) {
    if (!(perSecond > 0)) {
      throw new IllegalArgumentException("the rate must be positive, was " + perSecond);
    }
    this.startNanos = startNanos;
    this.intervalNanos = 1e9 / perSecond;
  }

  /** When call {@code i} (from 0) is due. */
  long dueNanos(long i) {
    return startNanos + Math.round(i * intervalNanos);
  }

  /** Parks the calling thread until call {@code i} is due (at once when it is already). */
  void awaitTurn(long i) {
    long due = dueNanos(i);
    long left;
    while ((left = due - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
  }
}
