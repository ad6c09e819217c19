package io.github.providergateway.loop.testing;

import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.PriorityQueue;

/**
 * A clock that moves only when told, and the scheduler that goes with it: {@link
 * #advance(Duration)} fires exactly the tasks that fall due, in due order, on the calling thread.
 * With a direct gateway executor, a test drives every timeout of the spec in microseconds.
 *
 * <pre>{@code
 * var time = new ManualClock();
 * var gateway = Gateway.builder().backend(time.backend()).build();
 * // ... a call with a 15 s timeout ...
 * time.advance(Duration.ofSeconds(15)); // the timeout fires here, on this thread
 * }</pre>
 *
 * <p>Always UTC. Thread-safe, but tasks run on the thread that calls {@link #advance}, never on
 * their own: a test that does not advance time sees no timer fire.
 */
public final class ManualClock extends Clock implements Scheduler {

  private Instant now;
  private long sequence;
  private final PriorityQueue<Task> tasks =
      new PriorityQueue<>(
          (a, b) -> a.due.equals(b.due) ? Long.compare(a.order, b.order) : a.due.compareTo(b.due));

  /** A clock at 2026-04-26T14:00:00Z. */
  public ManualClock() {
    this(Instant.parse("2026-04-26T14:00:00Z"));
  }

  /**
   * A clock at {@code start}.
   *
   * @param start the first instant it reads
   */
  public ManualClock(Instant start) {
    this.now = start;
  }

  private static final class Task {
    final Instant due;
    final long order;
    final Runnable action;
    boolean cancelled;

    Task(Instant due, long order, Runnable action) {
      this.due = due;
      this.order = order;
      this.action = action;
    }
  }

  @Override
  public synchronized Cancellable schedule(Duration delay, Runnable action) {
    Task task = new Task(now.plus(delay), sequence++, action);
    tasks.add(task);
    return () -> {
      synchronized (ManualClock.this) {
        task.cancelled = true;
      }
    };
  }

  /**
   * {@return the tests' {@link Backend}: this clock as its clock and its scheduler, {@code
   * Runnable::run} as every loop and I/O executor (everything happens on the test thread), and a
   * generator seeded with 42 for each {@link Backend#random()} (tokens and ids the same at every
   * run)} Nothing it returns needs closing.
   */
  public ManualBackend backend() {
    return backend(42);
  }

  /**
   * {@return the tests' {@link Backend} as {@link #backend()}, with generators seeded with {@code
   * seed}}
   *
   * @param seed what each {@link Backend#random()} starts from
   */
  public ManualBackend backend(long seed) {
    return ManualBackend.of(this, seed);
  }

  /**
   * Moves time forward by {@code duration}, running every task that falls due on the way, in due
   * order (tasks due at the same instant in the order they were scheduled), on the calling thread.
   * A task that schedules another within the span runs it too.
   *
   * @param duration how far to move; zero runs what is due now
   */
  public void advance(Duration duration) {
    Instant target;
    synchronized (this) {
      target = now.plus(duration);
    }
    while (true) {
      Task next;
      synchronized (this) {
        next = tasks.peek();
        if (next == null || next.due.isAfter(target)) {
          now = target;
          return;
        }
        tasks.poll();
        if (next.due.isAfter(now)) {
          now = next.due;
        }
        if (next.cancelled) {
          continue;
        }
      }
      next.action.run();
    }
  }

  /**
   * Moves time forward by {@code millis} milliseconds ({@link #advance(Duration)}).
   *
   * @param millis how far to move
   */
  public void advanceMillis(long millis) {
    advance(Duration.ofMillis(millis));
  }

  /**
   * How many scheduled tasks have neither run nor been cancelled.
   *
   * @return the count
   */
  public synchronized int pendingTasks() {
    return (int) tasks.stream().filter(t -> !t.cancelled).count();
  }

  @Override
  public synchronized Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a manual clock is always UTC");
  }
}
