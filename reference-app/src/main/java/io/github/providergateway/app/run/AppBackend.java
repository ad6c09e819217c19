package io.github.providergateway.app.run;

import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.random.RandomGenerator;

/**
 * The one {@link Backend} a {@link RunningGateway} hands every part it builds (the gateway, the
 * host service, the MCP front door, the server's heartbeat) and uses for its own timers (the status
 * page, the hooks, the project providers, {@code --watch}): the clock, threads and generators of
 * the backend it was given ({@link Backend#system()}, or a test's manual one), and one scheduler
 * for the whole app. Each part asks for a scheduler and releases it when it closes; what it gets is
 * a view of that one, which its release leaves alone ({@link Backend#release}), so the app has one
 * timer thread however many parts it has, and {@link #close()} stops it once every part is closed.
 */
final class AppBackend implements Backend, AutoCloseable {

  private final Backend backend;

  /** The app's one scheduler, made by {@code backend}, stopped by {@link #close()}. */
  private final Scheduler timers;

  /** What each part gets: the same scheduler, not closeable, so no part stops it for the rest. */
  private final Scheduler shared;

  /**
   * The app's backend over {@code backend}.
   *
   * @param backend where the clock, the threads, the generators and the one scheduler come from
   */
  AppBackend(Backend backend) {
    this.backend = backend;
    this.timers = backend.scheduler();
    this.shared = timers::schedule;
  }

  @Override
  public Clock clock() {
    return backend.clock();
  }

  /** {@return the app's one scheduler, which no part closes} */
  @Override
  public Scheduler scheduler() {
    return shared;
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

  /** Stops the app's scheduler (its own backend made it): after every part that uses it. */
  @Override
  public void close() {
    Backend.release(timers);
  }
}
