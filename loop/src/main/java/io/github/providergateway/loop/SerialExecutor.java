package io.github.providergateway.loop;

import static java.util.Objects.requireNonNull;

import java.lang.System.Logger.Level;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A loop: runs tasks one at a time, in submission order, on an underlying executor, or on the
 * thread that submits while it is idle ({@link #executeHere}). State owned by a loop needs no lock:
 * whichever thread runs its tasks, never two run at once, and each sees what the ones before it did
 * (architecture: Threading and time). The gateway keeps all its state on one; the Java provider
 * runtime keeps each provider's on another.
 *
 * <p>A task submitted while a task runs is queued and runs after it, never inside it, even on a
 * direct executor ({@code Runnable::run}, as tests use): code answering synchronously can never
 * re-enter the handler that called it.
 *
 * <p>A task that throws is a bug of its owner: it is logged at ERROR and the loop goes on, since
 * one broken task must not stop the loop that serves everyone. Only the JVM's own failures (out of
 * memory, internal errors) go on up, and the loop is handed to the executor first, so what is
 * queued still runs; a stack overflow is the task's, and is logged like the rest.
 *
 * <p>When the underlying executor refuses (it was shut down), {@link #execute} throws what it threw
 * and the task never runs; the loop is left free, so a later task is offered to the executor again.
 */
public final class SerialExecutor implements Executor {

  private static final System.Logger LOG = System.getLogger(SerialExecutor.class.getName());

  /** How many tasks a submitting thread runs in {@link #executeHere} before handing the loop on. */
  static final int INLINE_BUDGET = 64;

  /** Whose loop this is, for logs and errors ("gateway", "provider"). */
  private final String owner;

  private final Executor executor;

  /** Tasks waiting to run. Any thread adds; the draining thread polls. */
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();

  /** Whether a drain is scheduled or running: the loop is held. */
  private final AtomicBoolean draining = new AtomicBoolean();

  /**
   * The thread running tasks right now, or null. Written only by the draining thread, and cleared
   * before it lets go of {@link #draining}.
   */
  private volatile Thread loopThread;

  /** Set by {@link #close}: {@link #executeHere} then refuses, as the executor does. */
  private volatile boolean closed;

  /**
   * A loop whose tasks run on {@code executor}: a thread of its own, a pool (tasks still run one at
   * a time), or {@code Runnable::run} in tests.
   *
   * @param owner whose state the loop holds, as log lines and errors name it ("gateway")
   * @param executor where the tasks run
   */
  public SerialExecutor(String owner, Executor executor) {
    this.owner = requireNonNull(owner, "owner");
    this.executor = requireNonNull(executor, "executor");
  }

  /**
   * Queues {@code task}; it runs after every task submitted before it.
   *
   * @throws RuntimeException what the underlying executor threw when it refused ({@link
   *     RejectedExecutionException} once it was shut down); the task then never runs
   */
  @Override
  public void execute(Runnable task) {
    tasks.add(requireNonNull(task, "task"));
    if (draining.compareAndSet(false, true)) {
      try {
        handOn();
      } catch (RuntimeException refused) {
        tasks.remove(task); // refused means not run, now or later
        throw refused;
      }
    }
  }

  /**
   * Like {@link #execute}, but when the loop is idle the calling thread runs the task itself, and
   * up to {@value #INLINE_BUDGET} tasks queued behind it, before handing the rest to the executor.
   * For a transport's I/O thread delivering a message: handing it to the loop thread costs a thread
   * wake-up, the largest part of a call's latency (docs/performance.md). The budget keeps that
   * thread from being kept from its own I/O by a busy loop.
   *
   * @param task the task
   * @throws RejectedExecutionException once {@link #close} was called, as {@link #execute} does
   *     when the executor has stopped
   */
  public void executeHere(Runnable task) {
    requireNonNull(task, "task");
    refuseOnceClosed();
    if (tasks.isEmpty() && draining.compareAndSet(false, true)) {
      // Idle with nothing queued (an I/O thread delivering one message, the usual case): run it
      // at once, without a trip through the queue, then whatever arrived meanwhile.
      loopThread = Thread.currentThread();
      runHeld(task);
      if (!drain(INLINE_BUDGET - 1)) {
        handOn();
      }
      return;
    }
    tasks.add(task);
    if (draining.compareAndSet(false, true) && !drain(INLINE_BUDGET)) {
      handOn();
    }
  }

  /**
   * Like {@link #executeHere}, but the calling thread runs {@code task} only, never a task of
   * someone else's: when the loop is idle with nothing queued, {@code task} runs at once on the
   * calling thread, and what it or others queued meanwhile goes to the executor; otherwise it is
   * queued as by {@link #execute}. For an application's thread making a request: it pays for its
   * own work (and saves the loop thread's wake-up), but never runs other callbacks, which might
   * take locks that thread holds in an order they do not expect.
   *
   * @param task the task
   * @throws RejectedExecutionException once {@link #close} was called; otherwise what {@link
   *     #execute} throws
   */
  public void executeAloneHere(Runnable task) {
    requireNonNull(task, "task");
    refuseOnceClosed();
    if (!tasks.isEmpty() || !draining.compareAndSet(false, true)) {
      execute(task);
      return;
    }
    loopThread = Thread.currentThread();
    runHeld(task);
    loopThread = null;
    draining.set(false);
    // Whatever arrived while the task ran is the executor's to run, not this thread's.
    if (!tasks.isEmpty() && draining.compareAndSet(false, true)) {
      handOn();
    }
  }

  /** The callers' threads run nothing once the owner has stopped ({@link #close}). */
  private void refuseOnceClosed() {
    if (closed) {
      throw new RejectedExecutionException("the " + owner + " loop has stopped");
    }
  }

  /**
   * Stops {@link #executeHere} from running tasks on callers' threads: the owner has stopped, and a
   * thread delivering late work must hear so, not run it. {@link #execute} is left to the executor,
   * which refuses once it is shut down.
   */
  public void close() {
    closed = true;
  }

  /** Hands the held loop to the executor; if it refuses (stopped), lets go of the loop. */
  private void handOn() {
    try {
      executor.execute(this::drainAll);
    } catch (RuntimeException refused) {
      draining.set(false);
      throw refused;
    }
  }

  /**
   * The loop's own thread runs tasks in batches of {@value #INLINE_BUDGET} ({@link TaskBatch}): the
   * writes they start go out at the end of each, one per connection, and never wait longer.
   */
  private void drainAll() {
    while (!TaskBatch.around(() -> drain(INLINE_BUDGET))) {
      // A full batch ran and more wait: the next batch, on this thread.
    }
  }

  /**
   * Runs queued tasks until none is left ({@code true}, the loop released) or {@code budget} tasks
   * have run ({@code false}: the loop is still held, and the caller must hand it on). The loop is
   * held exactly while {@link #draining} is set; {@link #loopThread} names the thread only while it
   * runs tasks, and is cleared before the loop is released or handed on.
   */
  private boolean drain(int budget) {
    Thread current = Thread.currentThread();
    int ran = 0;
    while (true) {
      loopThread = current;
      Runnable task;
      while ((task = tasks.poll()) != null) {
        runHeld(task);
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
  }

  /** Runs a task on the thread holding the loop. */
  private void runHeld(Runnable task) {
    try {
      runSafely(task);
    } catch (Throwable fatal) {
      // Only what runSafely lets through (the JVM failing): the loop must not stay held by a
      // thread that is leaving.
      loopThread = null;
      try {
        handOn();
      } catch (RuntimeException stopped) {
        fatal.addSuppressed(stopped);
      }
      throw fatal;
    }
  }

  private void runSafely(Runnable task) {
    try {
      task.run();
    } catch (Throwable e) {
      LOG.log(Level.ERROR, owner + " loop task failed", e);
      if (e instanceof VirtualMachineError && !(e instanceof StackOverflowError)) {
        throw e;
      }
    }
  }

  /**
   * Whether the calling thread is running this loop's tasks now.
   *
   * @return true on the loop
   */
  public boolean inLoop() {
    return loopThread == Thread.currentThread();
  }

  /**
   * Fails fast when called off the loop: state-changing code starts with this, so a wrong-thread
   * call is caught the first time a test runs it.
   *
   * @throws IllegalStateException when the calling thread is not running this loop's tasks
   */
  public void assertInLoop() {
    if (!inLoop()) {
      throw new IllegalStateException(
          owner
              + " state touched off the "
              + owner
              + " loop, on "
              + Thread.currentThread().getName());
    }
  }
}
