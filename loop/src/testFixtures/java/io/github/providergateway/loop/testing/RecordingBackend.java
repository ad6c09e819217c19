package io.github.providergateway.loop.testing;

import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;

/**
 * A {@link Backend} that passes everything on to another (a {@link ManualClock#backend()}) and
 * counts the schedulers it made and how many of them were released: a test shows that a component
 * takes its scheduler from the backend it was given, and that its close gives it back ({@link
 * Backend#release}). Thread-safe.
 */
public final class RecordingBackend implements Backend {

  private final Backend backend;
  private final AtomicInteger made = new AtomicInteger();
  private final AtomicInteger released = new AtomicInteger();

  /**
   * A backend that records and passes on to {@code backend}.
   *
   * @param backend what makes the clock, the schedulers, the executors and the generators
   */
  public RecordingBackend(Backend backend) {
    this.backend = backend;
  }

  /** {@return how many schedulers were asked for} */
  public int schedulersMade() {
    return made.get();
  }

  /** {@return how many of them were closed} */
  public int schedulersReleased() {
    return released.get();
  }

  /** A scheduler the component owns and must close. */
  private interface OwnedScheduler extends Scheduler, AutoCloseable {
    @Override
    void close();
  }

  @Override
  public Scheduler scheduler() {
    Scheduler inner = backend.scheduler();
    made.incrementAndGet();
    return new OwnedScheduler() {
      @Override
      public Cancellable schedule(Duration delay, Runnable task) {
        return inner.schedule(delay, task);
      }

      @Override
      public void close() {
        released.incrementAndGet();
        Backend.release(inner);
      }
    };
  }

  @Override
  public Clock clock() {
    return backend.clock();
  }

  @Override
  public Executor loopExecutor(String name) {
    return backend.loopExecutor(name);
  }

  @Override
  public Executor ioExecutor(String name) {
    return backend.ioExecutor(name);
  }

  @Override
  public RandomGenerator random() {
    return backend.random();
  }
}
