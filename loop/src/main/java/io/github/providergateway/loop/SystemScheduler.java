package io.github.providergateway.loop;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.base.DaemonThreads;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Comparator;
import java.util.TreeSet;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The production {@link Scheduler}: one daemon timer thread, started with the first task. Tasks are
 * short (the gateway moves them onto its loop at once). Cancelled tasks are removed from the queue,
 * so timeouts that never fire (the common case) cost no memory.
 *
 * <p>Unlike a {@code ScheduledThreadPoolExecutor}, scheduling a task wakes the timer thread only
 * when the task is due before the thread would wake anyway, and cancelling never wakes it: a thread
 * sleeping towards a cancelled task's time wakes then, finds nothing due and sleeps again. Every
 * tool call arms a timeout and nearly every one is cancelled, so the executor's wake-up per new
 * earliest task (each call's timeout, when calls run one at a time) was a thread switch per call
 * (docs/performance.md).
 *
 * <p>Thread-safe. After {@link #close()} pending tasks never run and {@link #schedule} throws
 * {@link RejectedExecutionException}.
 */
public final class SystemScheduler implements Scheduler, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(SystemScheduler.class.getName());

  /** Sleeping with no task to wait for. */
  private static final long NEVER = Long.MAX_VALUE;

  /** Awake (running tasks or about to look at the queue): a new task needs no signal. */
  private static final long AWAKE = Long.MIN_VALUE;

  /** Caps a due time so that adding a delay to it can never overflow. */
  private static final long FAR_FUTURE = Long.MAX_VALUE / 4;

  /** One scheduled task; ordered by due time, then by scheduling order. */
  private static final class Entry {
    final long due;
    final long order;
    final Runnable task;

    Entry(long due, long order, Runnable task) {
      this.due = due;
      this.order = order;
      this.task = task;
    }
  }

  /** {@link System#nanoTime()} at construction: due times count from it, so they never wrap. */
  private final long origin = System.nanoTime();

  private final ReentrantLock lock = new ReentrantLock();

  /** Signalled when a task is due before the timer thread's planned wake-up, and on close. */
  private final Condition changed = lock.newCondition();

  /** Pending tasks, earliest first. Guarded by lock. */
  private final TreeSet<Entry> queue =
      new TreeSet<>(Comparator.<Entry>comparingLong(e -> e.due).thenComparingLong(e -> e.order));

  /** The next scheduling order number. Guarded by lock. */
  private long nextOrder;

  /** When the timer thread wakes by itself ({@link #NEVER}, {@link #AWAKE}). Guarded by lock. */
  private long plannedWake = AWAKE;

  /** The timer thread, once started. Guarded by lock. */
  private Thread thread;

  /** Whether {@link #close()} ran. Guarded by lock. */
  private boolean closed;

  /** A scheduler whose timer thread starts with its first task. */
  public SystemScheduler() {}

  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    requireNonNull(delay, "delay");
    requireNonNull(task, "task");
    lock.lock();
    try {
      if (closed) {
        throw new RejectedExecutionException("the scheduler is closed");
      }
      Entry entry = new Entry(dueAfter(delay), nextOrder++, task);
      queue.add(entry);
      if (thread == null) {
        thread = DaemonThreads.start("gateway-timer", this::run);
      } else if (entry.due < plannedWake) {
        changed.signal(); // it would sleep past this task
      }
      return () -> cancel(entry);
    } finally {
      lock.unlock();
    }
  }

  /** Stops the timer thread; pending tasks never run. */
  @Override
  public void close() {
    lock.lock();
    try {
      closed = true;
      queue.clear();
      changed.signal();
    } finally {
      lock.unlock();
    }
  }

  private void cancel(Entry entry) {
    lock.lock();
    try {
      // The thread may be sleeping towards this task; it wakes then and finds nothing due.
      queue.remove(entry);
    } finally {
      lock.unlock();
    }
  }

  private long dueAfter(Duration delay) {
    long nanos;
    try {
      nanos = Math.max(0, delay.toNanos());
    } catch (ArithmeticException tooLong) {
      nanos = FAR_FUTURE;
    }
    return Math.min(now() + Math.min(nanos, FAR_FUTURE), FAR_FUTURE);
  }

  private long now() {
    return System.nanoTime() - origin;
  }

  private void run() {
    lock.lock();
    try {
      while (!closed) {
        Entry head = queue.isEmpty() ? null : queue.first();
        if (head == null) {
          plannedWake = NEVER;
          changed.awaitUninterruptibly();
          plannedWake = AWAKE;
          continue;
        }
        long wait = head.due - now();
        if (wait > 0) {
          plannedWake = head.due;
          changed.awaitNanos(wait);
          plannedWake = AWAKE;
          continue;
        }
        queue.pollFirst();
        lock.unlock();
        try {
          runSafely(head.task);
        } finally {
          lock.lock();
        }
      }
    } catch (InterruptedException e) {
      // Nobody interrupts this private thread; if someone does, stop as if closed.
      Thread.currentThread().interrupt();
    } finally {
      lock.unlock();
    }
  }

  private static void runSafely(Runnable task) {
    try {
      task.run();
    } catch (RuntimeException e) {
      // One failing task must not stop the timer every other timeout depends on. The gateway's
      // own tasks only hand work to its loop, which refuses it once the gateway is closed.
      LOG.log(Level.DEBUG, "scheduled task failed", e);
    }
  }
}
