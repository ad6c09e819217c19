package io.github.providergateway.gateway.internal;

import static java.util.Objects.requireNonNull;

import java.lang.System.Logger.Level;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The gateway loop: runs tasks one at a time, in submission order, on an underlying executor. All
 * gateway state belongs to it (architecture: Threading and time).
 *
 * <p>A task submitted while a task runs is queued and runs after it, never inside it, even on a
 * direct executor ({@code Runnable::run}, as tests use): a provider answering synchronously can
 * never re-enter the handler that called it.
 */
public final class Loop implements Executor {

  private static final System.Logger LOG = System.getLogger(Loop.class.getName());

  private final Executor executor;
  /** Tasks waiting to run. Any thread adds; the draining thread polls. */
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  /** Whether a drain is scheduled or running. */
  private final AtomicBoolean draining = new AtomicBoolean();
  /** The thread running tasks right now, or null. Written only by the draining thread. */
  private volatile Thread loopThread;

  public Loop(Executor executor) {
    this.executor = requireNonNull(executor, "executor");
  }

  @Override
  public void execute(Runnable task) {
    tasks.add(requireNonNull(task, "task"));
    if (draining.compareAndSet(false, true)) {
      executor.execute(this::drain);
    }
  }

  private void drain() {
    if (loopThread == Thread.currentThread()) {
      return; // re-entered through a direct executor: the running drain picks the task up
    }
    loopThread = Thread.currentThread();
    try {
      while (true) {
        Runnable task;
        while ((task = tasks.poll()) != null) {
          runSafely(task);
        }
        draining.set(false);
        // A task added between the last poll and the flag reset would otherwise be stranded.
        if (tasks.isEmpty() || !draining.compareAndSet(false, true)) {
          return;
        }
      }
    } finally {
      loopThread = null;
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
