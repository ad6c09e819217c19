package io.github.providergateway.host;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.loop.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;

/**
 * The host side's way onto the gateway loop, where all of its state lives, as all other gateway
 * state does (architecture: one Gateway = one serial loop): what carriers deliver on their threads
 * and what its timers fire runs there, one task at a time, in order, and never at once with the
 * gateway's own callbacks to the host side. So the host side has no lock.
 */
final class HostLoop {
  private static final System.Logger LOG = System.getLogger(HostLoop.class.getName());

  private final Gateway gateway;
  private final Scheduler scheduler;

  HostLoop(Gateway gateway, Scheduler scheduler) {
    this.gateway = gateway;
    this.scheduler = scheduler;
  }

  /**
   * Runs {@code task} on the gateway loop, after what is queued. Once the gateway has stopped its
   * loop refuses new tasks, and the host side stopped with it: the task is dropped (it concerned a
   * connection that the stopping gateway's carrier is closing, or a timer of a state that is gone).
   *
   * @return whether the loop took the task
   */
  boolean execute(Runnable task) {
    try {
      gateway.loop().execute(task);
      return true;
    } catch (RejectedExecutionException stopped) {
      LOG.log(Level.DEBUG, "the gateway has stopped; a host-side task was dropped");
      return false;
    }
  }

  /**
   * Runs {@code task} on the loop after {@code delay}; cancelling may come too late to stop it. A
   * scheduler that has stopped (the gateway's own, once the gateway is closed) refuses it, and the
   * task is dropped as {@link #execute} drops one the stopped loop refuses.
   */
  Scheduler.Cancellable after(Duration delay, Runnable task) {
    try {
      return scheduler.schedule(delay, () -> execute(task));
    } catch (RejectedExecutionException stopped) {
      LOG.log(Level.DEBUG, "the gateway's scheduler has stopped; a host-side timer was dropped");
      return () -> {};
    }
  }

  /** Fails fast when host-side state is touched off the loop. */
  void assertInLoop() {
    if (!gateway.inLoop()) {
      throw new IllegalStateException(
          "host-side state touched off the gateway loop, on " + Thread.currentThread().getName());
    }
  }
}
