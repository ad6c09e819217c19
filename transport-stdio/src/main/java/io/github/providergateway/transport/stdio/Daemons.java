package io.github.providergateway.transport.stdio;

import java.util.concurrent.Executor;

/**
 * Threads of this module's own: each blocking job on a child (reading its output, writing its
 * input, copying its stderr, stopping it) gets a daemon thread named after the child, so that no
 * job waits for another's and none keeps the JVM alive.
 */
final class Daemons {

  private Daemons() {}

  /** Runs {@code job} on a new daemon thread called {@code name}. */
  static void start(String name, Runnable job) {
    Thread thread = new Thread(job, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** {@return an executor that runs each job on a new daemon thread called {@code name}} */
  static Executor named(String name) {
    return job -> start(name, job);
  }
}
