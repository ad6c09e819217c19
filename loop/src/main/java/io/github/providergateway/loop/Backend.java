package io.github.providergateway.loop;

import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.random.RandomGenerator;

/**
 * The one seam for time and execution that the builders take (after OkHttp's {@code
 * TaskRunner.Backend}): the clock timeouts and timestamps read, the scheduler that fires them, the
 * executors a component runs its loop and its blocking work on, and the source of its secrets. A
 * test hands a builder one manual backend ({@code ManualClock.backend()} in {@code loop}'s test
 * fixtures) instead of remembering each of its time and thread setters; production keeps {@link
 * #system()}.
 *
 * <p><b>Who owns what it makes.</b> {@link #scheduler()}, {@link #loopExecutor} and {@link
 * #ioExecutor} may make something new at each call (the system backend makes its threads lazily and
 * per component). What a component asks for is then its own: it hands each one to {@link #release}
 * when it closes, which stops an {@link ExecutorService} or closes an {@link AutoCloseable} and
 * leaves anything else alone. So a backend that shares one executor or scheduler between components
 * returns something that is neither (a wrapper, a method reference), or the first component to
 * close stops it for all.
 *
 * <p>A builder takes its time and threads from {@code backend(Backend)} alone: it has no {@code
 * clock}, {@code scheduler}, {@code executor} or {@code random} setter beside it. A test changes
 * one part of the manual backend ({@code ManualClock.backend().withLoopExecutor(...)}); an embedder
 * implements this interface.
 */
public interface Backend {

  /** {@return the clock every timeout and timestamp reads} */
  Clock clock();

  /**
   * {@return what fires delayed tasks: a new scheduler the caller owns, or a shared one it need not
   * close (see the ownership rule above)}
   */
  Scheduler scheduler();

  /**
   * {@return what a component's {@link SerialExecutor} runs on: its tasks are run one at a time
   * whatever it is; owned by the caller as {@link #scheduler()} is}
   *
   * @param name what the component is, as a thread dump should show its thread
   */
  Executor loopExecutor(String name);

  /**
   * {@return where a component does blocking work (files, processes, DNS), off its loop; owned by
   * the caller as {@link #scheduler()} is}
   *
   * @param name what the work is, as a thread dump should show its threads
   */
  Executor ioExecutor(String name);

  /**
   * {@return the source of tokens, pairing codes and ids: a new generator for each caller}
   * Production must keep a secure one; tests pin a seeded one.
   */
  RandomGenerator random();

  /**
   * {@return the production backend} The system UTC clock, a new {@link SystemScheduler} for each
   * {@link #scheduler()} call (its thread starts with its first task), one daemon thread named
   * {@code name} for each {@link #loopExecutor}, a pool of daemon threads named {@code name} (made
   * as needed, idle ones end) for each {@link #ioExecutor}, and a new {@link
   * java.security.SecureRandom} for each {@link #random()}. Nothing is started before it is asked
   * for.
   */
  static Backend system() {
    return SystemBackend.INSTANCE;
  }

  /**
   * Stops what {@link #scheduler()}, {@link #loopExecutor} or {@link #ioExecutor} made for a
   * component that is closing: shuts an {@link ExecutorService} down (queued tasks still run; no
   * new ones are taken), closes any other {@link AutoCloseable}, and leaves anything else (a direct
   * executor, a method reference) alone.
   *
   * @param made what the backend returned
   * @throws IllegalStateException if closing it failed
   */
  static void release(Object made) {
    if (made instanceof ExecutorService service) {
      service.shutdown();
    } else if (made instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        throw new IllegalStateException("could not stop " + made, e);
      }
    }
  }
}
