package io.github.providergateway.gateway.internal;

import static java.util.Objects.requireNonNull;

import java.lang.System.Logger.Level;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The gateway loop: runs tasks one at a time, in submission order, on an underlying executor, or
 * on the transport thread that delivers a message while the loop is idle ({@link #executeHere}).
 * All gateway state belongs to it (architecture: Threading and time): whichever thread runs its
 * tasks, never two at once, and each sees what the tasks before it did.
 *
 * <p>A task submitted while a task runs is queued and runs after it, never inside it, even on a
 * direct executor ({@code Runnable::run}, as tests use): a provider answering synchronously can
 * never re-enter the handler that called it.
 */
public final class Loop implements Executor {

  private static final System.Logger LOG = System.getLogger(Loop.class.getName());

  /** How many tasks an I/O thread runs in {@link #executeHere} before handing the loop on. */
  static final int INLINE_BUDGET = 64;

  private final Executor executor;
  /** Tasks waiting to run. Any thread adds; the draining thread polls. */
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  /** Whether a drain is scheduled or running. */
  private final AtomicBoolean draining = new AtomicBoolean();
  /**
   * The thread running tasks right now, or null. Written only by the draining thread, and cleared
   * before it lets go of {@link #draining}.
   */
  private volatile Thread loopThread;

  public Loop(Executor executor) {
    this.executor = requireNonNull(executor, "executor");
  }

  @Override
  public void execute(Runnable task) {
    tasks.add(requireNonNull(task, "task"));
    if (draining.compareAndSet(false, true)) {
      executor.execute(this::drainAll);
    }
  }

  /**
   * Like {@link #execute}, but when the loop is idle the calling thread runs the task itself, and
   * up to {@value #INLINE_BUDGET} tasks queued behind it, before handing the rest to the loop's
   * executor. For a transport's I/O thread delivering a message: handing it to the loop thread
   * costs a thread wake-up, the largest part of a call's latency (docs/performance.md). The
   * budget keeps that thread from being kept from its own I/O by a busy loop.
   */
  public void executeHere(Runnable task) {
    tasks.add(requireNonNull(task, "task"));
    if (draining.compareAndSet(false, true) && !drain(INLINE_BUDGET)) {
      executor.execute(this::drainAll);
    }
  }

  private void drainAll() {
    drain(Integer.MAX_VALUE);
  }

  /**
   * Runs queued tasks until none is left ({@code true}, the loop released) or {@code budget} tasks
   * have run ({@code false}: the loop is still held, and the caller must hand it on).
   */
  private boolean drain(int budget) {
    Thread current = Thread.currentThread();
    if (loopThread == current) {
      return true; // re-entered through a direct executor: the running drain picks the task up
    }
    int ran = 0;
    try {
      while (true) {
        loopThread = current;
        Runnable task;
        while ((task = tasks.poll()) != null) {
          runSafely(task);
          if (++ran >= budget) {
            loopThread = null;
            return false;
          }
        }
        // Give up the thread before the flag: another thread may take the loop the moment the
        // flag is down, and then the loop is its thread, not this one.
        loopThread = null;
        draining.set(false);
        // A task added between the last poll and the flag reset would otherwise be stranded.
        if (tasks.isEmpty() || !draining.compareAndSet(false, true)) {
          return true;
        }
      }
    } finally {
      if (loopThread == current) {
        loopThread = null; // an Error escaped a task
      }
    }
  }

  private static void runSafely(Runnable task) {
    try {
      task.run();
    } catch (RuntimeException | AssertionError e) {
      // Last line of defence: handlers map expected failures to protocol errors themselves, so
      // this is a gateway bug. One broken task must not stop the loop that serves everyone.
      LOG.log(Level.ERROR, "gateway loop task failed", e);
    }
  }

  /** Whether the calling thread is running loop tasks now. */
  public boolean inLoop() {
    return loopThread == Thread.currentThread();
  }

  /**
   * Fails fast when called off the loop: state-changing code starts with this, so a wrong-thread
   * call is caught the first time a test runs it.
   */
  public void assertInLoop() {
    if (!inLoop()) {
      throw new IllegalStateException(
          "gateway state touched off the gateway loop, on " + Thread.currentThread().getName());
    }
  }
}
