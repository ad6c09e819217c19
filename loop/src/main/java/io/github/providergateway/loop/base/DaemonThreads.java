package io.github.providergateway.loop.base;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one way the gateway's modules make a thread of their own: a daemon (none of them keeps the
 * JVM alive; whoever needs the work done waits for it), named for what it does, so that a thread
 * dump says whose thread is stuck. Pools take a {@link #factory}; a blocking job of its own
 * (reading a stream, watching a directory) {@link #start}s one.
 *
 * <p>The one place in the code base that calls {@code setDaemon} ({@code ArchitectureTest}).
 */
public final class DaemonThreads {

  private DaemonThreads() {}

  /**
   * {@return a new daemon thread called {@code name} that runs {@code task}, already started}
   *
   * @param name what the thread does, as a thread dump shows it
   * @param task what it runs
   */
  public static Thread start(String name, Runnable task) {
    Thread thread = create(name, task);
    thread.start();
    return thread;
  }

  /**
   * {@return a new daemon thread called {@code name} that runs {@code task}, not started yet}
   *
   * @param name what the thread does, as a thread dump shows it
   * @param task what it runs
   */
  public static Thread create(String name, Runnable task) {
    return configure(new Thread(task, name));
  }

  /**
   * {@return a factory of daemon threads that are each called {@code name}}
   *
   * @param name what the threads do, as a thread dump shows it
   */
  public static ThreadFactory factory(String name) {
    return task -> create(name, task);
  }

  /**
   * {@return a factory of daemon threads that are each called {@code name} and have a stack of
   * {@code stackBytes}} For work that recurses deeply (a regular expression, a parser), where the
   * default stack could overflow.
   *
   * @param name what the threads do, as a thread dump shows it
   * @param stackBytes the stack size to ask for ({@link Thread#Thread(ThreadGroup, Runnable,
   *     String, long)})
   */
  public static ThreadFactory factory(String name, long stackBytes) {
    return task -> configure(new Thread(null, task, name, stackBytes));
  }

  /**
   * {@return a factory of daemon threads called {@code prefix} followed by a count from 1} For a
   * pool whose threads a dump should tell apart.
   *
   * @param prefix what the threads do, as a thread dump shows it
   */
  public static ThreadFactory numbered(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> create(prefix + count.incrementAndGet(), task);
  }

  /**
   * {@return an executor that runs each task on a new daemon thread called {@code name}} For
   * blocking jobs that must not wait for one another (stopping a child, waiting for its exit), few
   * and short-lived enough that a pool would only hold idle threads.
   *
   * @param name what the threads do, as a thread dump shows it
   */
  public static Executor threadPerTask(String name) {
    return task -> start(name, task);
  }

  /**
   * {@return one daemon thread called {@code name} with at most {@code maxWaiting} tasks queued
   * behind it} A task past that is refused ({@code RejectedExecutionException}), so a flood of work
   * costs this one thread and a bounded queue; the thread is gone while nothing is to do. For work
   * that reads files or {@code /proc} off a loop or a server's worker.
   *
   * @param name what the thread does, as a thread dump shows it
   * @param maxWaiting how many tasks may wait
   */
  public static ThreadPoolExecutor single(String name, int maxWaiting) {
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(
            1, 1, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(maxWaiting), factory(name));
    executor.allowCoreThreadTimeOut(true); // no thread while nothing is to do
    return executor;
  }

  private static Thread configure(Thread thread) {
    thread.setDaemon(true);
    return thread;
  }
}
