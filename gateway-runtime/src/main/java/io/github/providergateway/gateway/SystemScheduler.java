package io.github.providergateway.gateway;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The production {@link Scheduler}: one daemon timer thread. Tasks are short (the gateway moves
 * them onto its loop at once). Cancelled tasks are removed from the queue, so timeouts that never
 * fire (the common case) cost no memory.
 */
public final class SystemScheduler implements Scheduler, AutoCloseable {

  private final ScheduledThreadPoolExecutor executor;

  public SystemScheduler() {
    executor =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "gateway-timer");
              thread.setDaemon(true);
              return thread;
            });
    executor.setRemoveOnCancelPolicy(true);
  }

  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    ScheduledFuture<?> future = executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
    return () -> future.cancel(false);
  }

  /** Stops the timer thread; pending tasks never run. */
  @Override
  public void close() {
    executor.shutdownNow();
  }

  ScheduledExecutorService executor() {
    return executor;
  }
}
