package io.github.providergateway.provider.internal;

import static java.util.Objects.requireNonNull;

import java.lang.System.Logger.Level;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A provider's own loop: runs tasks one at a time, in submission order, on an underlying executor
 * (a daemon thread of the provider's, a pool, or {@code Runnable::run} in tests). Everything the
 * provider runtime owns is touched only here.
 *
 * <p>Like the gateway's loop, a task submitted while a task runs is queued behind it, never run
 * inside it, even on a direct executor: a handler answering synchronously never re-enters the
 * runtime. Once the underlying executor refuses work (it was shut down), tasks are dropped.
 */
public final class SerialExecutor implements Executor {

  private static final System.Logger LOG = System.getLogger(SerialExecutor.class.getName());

  private final Executor executor;

  /** Tasks waiting to run. Any thread adds; the draining thread polls. */
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();

  /** Whether a drain is scheduled or running. */
  private final AtomicBoolean draining = new AtomicBoolean();

  /** Set once the underlying executor refused: every later submit is refused too. */
  private volatile boolean stopped;

  /** The thread running tasks now, or null. Written only by the draining thread. */
  private volatile Thread current;

  public SerialExecutor(Executor executor) {
    this.executor = requireNonNull(executor, "executor");
  }

  @Override
  public void execute(Runnable task) {
    submit(task);
  }

  /**
   * Queues {@code task}.
   *
   * @return {@code false} when the underlying executor refused to run it (and so it never runs)
   */
  public boolean submit(Runnable task) {
    requireNonNull(task, "task");
    if (stopped) {
      return false;
    }
    tasks.add(task);
    if (draining.compareAndSet(false, true)) {
      try {
        executor.execute(this::drain);
      } catch (RejectedExecutionException e) {
        // The provider has stopped and its thread with it: nothing queued can run any more, and
        // nothing submitted later will either.
        stopped = true;
        tasks.clear();
        draining.set(false);
        LOG.log(Level.DEBUG, "provider executor stopped; task dropped");
        return false;
      }
    } else if (stopped && tasks.remove(task)) {
      return false; // stopped while this was being added: say so rather than drop it silently
    }
    return true;
  }

  /**
   * Runs queued tasks until none is left. {@link #current} names this thread only while it runs
   * tasks, and is cleared before {@link #draining} is let go: with a pool underneath, another
   * thread may take the loop the moment the flag is down.
   */
  private void drain() {
    Thread me = Thread.currentThread();
    while (true) {
      current = me;
      Runnable task;
      while ((task = tasks.poll()) != null) {
        try {
          runSafely(task);
        } catch (Throwable fatal) {
          // Only the JVM failing gets here: let go of the loop, and let the rest run elsewhere.
          current = null;
          draining.set(false);
          if (!tasks.isEmpty() && draining.compareAndSet(false, true)) {
            resume(fatal);
          }
          throw fatal;
        }
      }
      current = null;
      draining.set(false);
      // A task added between the last poll and the flag reset would otherwise be stranded.
      if (tasks.isEmpty() || !draining.compareAndSet(false, true)) {
        return;
      }
    }
  }

  private void resume(Throwable fatal) {
    try {
      executor.execute(this::drain);
    } catch (RejectedExecutionException stopped) {
      tasks.clear();
      draining.set(false);
      fatal.addSuppressed(stopped);
    }
  }

  /**
   * Runs one task. Whatever it throws is a bug (the runtime guards user code itself), logged, and
   * the loop goes on: one broken task must not stop the loop that delivers this provider's
   * messages. Only the JVM's own failures go on up; a stack overflow is the task's.
   */
  private static void runSafely(Runnable task) {
    try {
      task.run();
    } catch (Throwable e) {
      LOG.log(Level.ERROR, "provider task failed", e);
      if (e instanceof VirtualMachineError && !(e instanceof StackOverflowError)) {
        throw e;
      }
    }
  }

  /** Whether the calling thread is running this executor's tasks now. */
  public boolean inLoop() {
    return current == Thread.currentThread();
  }

  /** Fails fast when called off this loop. */
  public void assertInLoop() {
    if (!inLoop()) {
      throw new IllegalStateException(
          "provider state touched off the provider's loop, on " + Thread.currentThread().getName());
    }
  }
}
