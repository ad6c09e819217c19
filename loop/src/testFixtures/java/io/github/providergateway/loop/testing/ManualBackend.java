package io.github.providergateway.loop.testing;

import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import java.time.Clock;
import java.util.SplittableRandom;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * The tests' {@link Backend} ({@link ManualClock#backend()}): a manual clock as clock and
 * scheduler, {@code Runnable::run} as every loop and I/O executor, a generator seeded with 42 (or
 * the seed given) for each {@link #random()}. A test that needs one part otherwise changes that
 * part alone and keeps the manual clock for the rest:
 *
 * <pre>{@code
 * var time = new ManualClock();
 * Gateway.builder().backend(time.backend().withLoopExecutor(held::add)).build(); // a held loop
 * Gateway.builder().backend(time.backend().threaded()).build(); // real threads, manual time
 * }</pre>
 *
 * <p>Immutable: each {@code with...} returns a new backend. What it returns needs no closing,
 * except the executors of {@link #threaded()}, which the component released as it would the system
 * backend's.
 */
public final class ManualBackend implements Backend {

  private final ManualClock time;
  private final Supplier<Scheduler> scheduler;
  private final String description;
  private final Function<String, Executor> loop;
  private final Function<String, Executor> io;
  private final Supplier<RandomGenerator> random;

  private ManualBackend(
      ManualClock time,
      Supplier<Scheduler> scheduler,
      String description,
      Function<String, Executor> loop,
      Function<String, Executor> io,
      Supplier<RandomGenerator> random) {
    this.time = time;
    this.scheduler = scheduler;
    this.description = description;
    this.loop = loop;
    this.io = io;
    this.random = random;
  }

  /** What {@link ManualClock#backend(long)} returns. */
  static ManualBackend of(ManualClock time, long seed) {
    Executor direct = Runnable::run;
    return new ManualBackend(
        time,
        () -> time,
        "ManualClock.backend(" + seed + ")",
        name -> direct,
        name -> direct,
        () -> new SplittableRandom(seed));
  }

  /**
   * {@return this backend with the loop and I/O executors of {@link Backend#system()} (a thread of
   * the component's own, a pool): real threads on manual time, for tests over real sockets}
   */
  public ManualBackend threaded() {
    Backend system = Backend.system();
    return new ManualBackend(
        time,
        scheduler,
        description + ".threaded()",
        system::loopExecutor,
        system::ioExecutor,
        random);
  }

  /**
   * {@return this backend with {@code executor} as every loop executor: a held or gated loop the
   * test runs by hand} It stays the test's: {@link Backend#release} leaves anything but an {@code
   * ExecutorService} or {@code AutoCloseable} alone.
   *
   * @param executor what runs each component's loop
   */
  public ManualBackend withLoopExecutor(Executor executor) {
    return new ManualBackend(
        time, scheduler, description + ".withLoopExecutor()", name -> executor, io, random);
  }

  /**
   * {@return this backend with {@code executor} as every I/O executor}
   *
   * @param executor what runs each component's blocking work
   */
  public ManualBackend withIoExecutor(Executor executor) {
    return new ManualBackend(
        time, scheduler, description + ".withIoExecutor()", loop, name -> executor, random);
  }

  /**
   * {@return this backend with {@code generator} returned by every {@link #random()}: one the test
   * counts or pins}
   *
   * @param generator the generator every caller gets
   */
  public ManualBackend withRandom(RandomGenerator generator) {
    return new ManualBackend(
        time, scheduler, description + ".withRandom()", loop, io, () -> generator);
  }

  /**
   * {@return this backend with {@code timers} as every scheduler: the manual clock reads the time,
   * and the timers fire in real time} A component releases it when it closes if it is {@code
   * AutoCloseable}, as a {@code SystemScheduler} is.
   *
   * @param timers what fires delayed tasks
   */
  public ManualBackend withScheduler(Scheduler timers) {
    return new ManualBackend(
        time, () -> timers, description + ".withScheduler()", loop, io, random);
  }

  /** {@return the manual clock} */
  @Override
  public Clock clock() {
    return time;
  }

  /** {@return the manual clock, which nobody closes, unless {@link #withScheduler} changed it} */
  @Override
  public Scheduler scheduler() {
    return scheduler.get();
  }

  @Override
  public Executor loopExecutor(String name) {
    return loop.apply(name);
  }

  @Override
  public Executor ioExecutor(String name) {
    return io.apply(name);
  }

  @Override
  public RandomGenerator random() {
    return random.get();
  }

  @Override
  public String toString() {
    return description;
  }
}
