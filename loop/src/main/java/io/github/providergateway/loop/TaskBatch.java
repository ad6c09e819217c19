package io.github.providergateway.loop;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Work a thread defers to the end of the batch of tasks it is running: a transport's writes, so
 * that the messages many tasks send to one connection go out in one write rather than one each. A
 * transport's I/O thread opens a batch around the handling of one read (the results in it, and the
 * calls they cause); the loop's own thread opens one around each run of up to {@value
 * SerialExecutor#INLINE_BUDGET} tasks ({@link SerialExecutor}). Deferred work runs when the
 * outermost batch of its thread closes, in the order it was deferred, even if the batch's work
 * failed.
 *
 * <p>Only the thread that opened a batch defers to it; a thread with none open runs the work itself
 * ({@link #defer} says so). One per thread, reused batch after batch.
 */
public final class TaskBatch {

  private static final System.Logger LOG = System.getLogger(TaskBatch.class.getName());

  /** This thread's batch, open or not. */
  private static final ThreadLocal<TaskBatch> THREADS = ThreadLocal.withInitial(TaskBatch::new);

  /** Whether this thread is inside a batch: deferred work waits for its end. */
  private boolean open;

  /** The work to run when the batch closes, in the order it was deferred. */
  private final List<Runnable> deferred = new ArrayList<>();

  private TaskBatch() {}

  /**
   * Runs {@code work} with a batch open on this thread, then runs what was deferred to it. Nested:
   * an inner call runs within the outer batch.
   *
   * @param work the batch's work
   */
  public static void around(Runnable work) {
    around(
        () -> {
          work.run();
          return true;
        });
  }

  /**
   * Like {@link #around(Runnable)}, for work that answers a boolean.
   *
   * @param work the batch's work
   * @return what {@code work} answered
   */
  public static boolean around(BooleanSupplier work) {
    TaskBatch batch = THREADS.get();
    if (batch.open) {
      return work.getAsBoolean();
    }
    batch.open = true;
    try {
      return work.getAsBoolean();
    } finally {
      batch.open = false;
      batch.runDeferred();
    }
  }

  /**
   * Defers {@code work} to the end of this thread's batch.
   *
   * @param work what to run then
   * @return false when no batch is open on this thread: the caller runs {@code work} now
   */
  public static boolean defer(Runnable work) {
    TaskBatch batch = THREADS.get();
    if (!batch.open) {
      return false;
    }
    batch.deferred.add(work);
    return true;
  }

  private void runDeferred() {
    if (deferred.isEmpty()) {
      return;
    }
    List<Runnable> due = List.copyOf(deferred);
    deferred.clear();
    for (Runnable work : due) {
      try {
        work.run();
      } catch (RuntimeException e) {
        // Deferred work handles its own failures (a write, its connection's); one that escapes
        // must not keep the rest of the batch's work from running.
        LOG.log(Level.ERROR, "work deferred to the end of a batch failed", e);
      }
    }
  }
}
