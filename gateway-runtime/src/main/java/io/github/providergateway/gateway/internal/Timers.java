package io.github.providergateway.gateway.internal;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Time for the engine: the injected clock, and the injected scheduler with every task moved onto
 * the loop. Main code never reads the wall clock itself.
 */
public final class Timers {

  private final Clock clock;
  private final Scheduler scheduler;
  private final SerialExecutor loop;

  /** The nearly-always-cancelled deadlines ({@link #deadline}). Loop only. */
  private final DeadlineLanes lanes = new DeadlineLanes(this);

  public Timers(Clock clock, Scheduler scheduler, SerialExecutor loop) {
    this.clock = clock;
    this.scheduler = scheduler;
    this.loop = loop;
  }

  /** Now, by the injected clock. */
  public Instant now() {
    return clock.instant();
  }

  /** The injected clock. */
  public Clock clock() {
    return clock;
  }

  /** {@code duration} for a person: "10 s", or "500 ms" below whole seconds. */
  static String seconds(Duration duration) {
    return duration.toMillis() % 1000 == 0
        ? duration.toSeconds() + " s"
        : duration.toMillis() + " ms";
  }

  /** Runs {@code task} on the loop after {@code delay}. */
  public Scheduler.Cancellable after(Duration delay, Runnable task) {
    return scheduler.schedule(delay, () -> loop.execute(task));
  }

  /**
   * Runs {@code task} on the loop after {@code delay}, for deadlines that are nearly always
   * cancelled before they fall due (calls, gates, transforms): kept in {@link DeadlineLanes}, one
   * scheduler timer per deadline length rather than one per deadline. Loop only.
   */
  public Scheduler.Cancellable deadline(Duration delay, Runnable task) {
    loop.assertInLoop();
    return lanes.after(delay, task);
  }
}
