package io.github.providergateway.loop;

import io.github.providergateway.loop.base.DaemonThreads;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.random.RandomGenerator;

/** {@link Backend#system()}: real time, daemon threads made per component, secure randomness. */
final class SystemBackend implements Backend {

  static final SystemBackend INSTANCE = new SystemBackend();

  private SystemBackend() {}

  @Override
  public Clock clock() {
    return Clock.systemUTC();
  }

  @Override
  public Scheduler scheduler() {
    return new SystemScheduler();
  }

  @Override
  public Executor loopExecutor(String name) {
    return Executors.newSingleThreadExecutor(DaemonThreads.factory(name));
  }

  @Override
  public Executor ioExecutor(String name) {
    return Executors.newCachedThreadPool(DaemonThreads.factory(name));
  }

  @Override
  public RandomGenerator random() {
    return new SecureRandom();
  }

  @Override
  public String toString() {
    return "Backend.system()";
  }
}
