package io.github.providergateway.gateway;

import java.time.Duration;

/**
 * Runs tasks after a delay. The gateway takes one in its builder together with a {@link
 * java.time.Clock}, so that every timeout (5 s gates, 2 s transforms, 30 s reconnect, tool
 * timeouts, rate windows) can be driven by a manual clock in tests. The gateway moves each task
 * onto its loop itself; a scheduler may run tasks on any thread.
 */
@FunctionalInterface
public interface Scheduler {

  /**
   * Runs {@code task} once {@code delay} has passed.
   *
   * @param delay how long from now
   * @param task what to run
   * @return a handle that cancels the task if it has not run yet
   */
  Cancellable schedule(Duration delay, Runnable task);

  /** Stops a scheduled task. */
  @FunctionalInterface
  interface Cancellable {

    /** Cancels the task; does nothing if it already ran or was cancelled. */
    void cancel();
  }
}
