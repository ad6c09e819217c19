package io.github.providergateway.benchmarks;

import io.github.providergateway.loop.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.PriorityQueue;

/**
 * A clock that moves only when told, and the scheduler that runs on it: advancing fires the tasks
 * that are due, in order, on the caller's thread. For measuring CPU cost without waiting for timers
 * (the registration debounce). Single-threaded.
 */
final class ManualTime extends Clock implements Scheduler {

  private record Task(Instant due, long order, Runnable action, boolean[] cancelled) {}

  private final PriorityQueue<Task> tasks =
      new PriorityQueue<>(
          (a, b) -> {
            int byDue = a.due().compareTo(b.due());
            return byDue != 0 ? byDue : Long.compare(a.order(), b.order());
          });
  private Instant now = Instant.parse("2025-01-01T00:00:00Z");
  private long order;

  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    boolean[] cancelled = {false};
    tasks.add(new Task(now.plus(delay), order++, task, cancelled));
    return () -> cancelled[0] = true;
  }

  /** Moves time on by {@code by}, running every task due by then. */
  void advance(Duration by) {
    Instant target = now.plus(by);
    while (!tasks.isEmpty() && !tasks.peek().due().isAfter(target)) {
      Task task = tasks.poll();
      now = task.due();
      if (!task.cancelled()[0]) {
        task.action().run();
      }
    }
    now = target;
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("the benchmark clock is UTC only");
  }
}
