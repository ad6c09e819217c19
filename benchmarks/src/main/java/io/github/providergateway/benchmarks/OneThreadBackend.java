package io.github.providergateway.benchmarks;

import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * A {@link Backend} that runs a component's loop and its I/O on the calling thread, with the time
 * of another backend or of a {@link ManualTime}: what a benchmark of the CPU cost of one round trip
 * on one core builds its gateway with.
 */
final class OneThreadBackend implements Backend {

  private final Clock clock;
  private final Supplier<Scheduler> scheduler;
  private final Supplier<RandomGenerator> random;

  private OneThreadBackend(
      Clock clock, Supplier<Scheduler> scheduler, Supplier<RandomGenerator> random) {
    this.clock = clock;
    this.scheduler = scheduler;
    this.random = random;
  }

  /** {@return the system backend's time and generators, with direct executors} */
  static Backend onSystemTime() {
    Backend system = Backend.system();
    return new OneThreadBackend(system.clock(), system::scheduler, system::random);
  }

  /** {@return the manual {@code time}, with direct executors} */
  static Backend on(ManualTime time) {
    return new OneThreadBackend(time, () -> time, Backend.system()::random);
  }

  @Override
  public Clock clock() {
    return clock;
  }

  @Override
  public Scheduler scheduler() {
    return scheduler.get();
  }

  @Override
  public Executor loopExecutor(String name) {
    return Runnable::run;
  }

  @Override
  public Executor ioExecutor(String name) {
    return Runnable::run;
  }

  @Override
  public RandomGenerator random() {
    return random.get();
  }
}
