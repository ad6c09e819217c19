package io.github.providergateway.provider.spi;

import io.github.providergateway.loop.SerialExecutor;
import java.lang.System.Logger.Level;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * A provider's own loop: the gateway's {@link SerialExecutor} over the provider's executor (a
 * daemon thread of the provider's, a pool, or {@code Runnable::run} in tests). Everything the
 * provider runtime owns is touched only here; tasks run one at a time, in submission order, and a
 * task submitted while one runs is queued behind it, never run inside it.
 *
 * <p>Two things differ from the gateway's loop, and are all this class adds. Once the underlying
 * executor refuses a task (it was shut down when the provider stopped), the loop is stopped for
 * good: that task and every later one are dropped, even if the executor would take them again,
 * since a provider that missed one message must not go on as if it had not. And dropping is not an
 * error here: the threads that submit (the JDK's WebSocket threads, the user's completion threads,
 * a tool handler reporting progress) have nothing to do about a provider that has ended, so {@link
 * #execute} never throws and {@link #submit} says whether the task was taken.
 */
public final class ProviderLoop implements Executor {

  private static final System.Logger LOG = System.getLogger(ProviderLoop.class.getName());

  private final SerialExecutor loop;

  /** Set once the underlying executor refused: every later submit is refused too. */
  private volatile boolean stopped;

  /**
   * A loop whose tasks run on {@code executor}.
   *
   * @param executor runs the tasks, one at a time: a daemon thread of the provider's, a pool, or
   *     {@code Runnable::run} in tests
   */
  public ProviderLoop(Executor executor) {
    this.loop = new SerialExecutor("provider", executor);
  }

  /** Queues {@code task}, or drops it once the loop has stopped. */
  @Override
  public void execute(Runnable task) {
    submit(task);
  }

  /**
   * Queues {@code task}.
   *
   * @param task what to run on the loop
   * @return {@code false} when the loop has stopped (and so the task never runs)
   */
  public boolean submit(Runnable task) {
    if (stopped) {
      return false;
    }
    try {
      loop.execute(task);
      return true;
    } catch (RejectedExecutionException refused) {
      // The provider has stopped and its thread with it: nothing submitted later runs either.
      stopped = true;
      LOG.log(Level.DEBUG, "provider executor stopped; task dropped");
      return false;
    }
  }

  /**
   * Tells whether the calling thread is running this loop's tasks now.
   *
   * @return {@code true} on the loop, else {@code false}
   */
  public boolean inLoop() {
    return loop.inLoop();
  }

  /**
   * Fails fast when called off this loop.
   *
   * @throws IllegalStateException when the calling thread is not running this loop's tasks
   */
  public void assertInLoop() {
    loop.assertInLoop();
  }
}
