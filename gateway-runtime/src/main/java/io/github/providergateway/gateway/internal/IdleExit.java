package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.HostService;
import io.github.providergateway.gateway.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Duration;

/**
 * The host side's idle-exit countdown (the detached gateway's exit, R-SESS-15): runs an action once
 * nothing has needed the gateway for the grace; anything arriving within it cancels the
 * countdown. It fires at most once. Guarded by the {@link HostRegistry}'s lock, which it shares.
 */
final class IdleExit {
  private static final System.Logger LOG = System.getLogger(HostService.class.getName());

  private final Object lock;
  private final Scheduler scheduler;
  private final Duration grace;
  private final Runnable onIdle;
  /** Run with the lock held as the countdown fires: the host side stops taking part. */
  private final Runnable exitingLocked;

  /** Set by {@link #startLocked}: until then no countdown runs. Guarded by lock. */
  private boolean started;
  /** The countdown while one runs. Guarded by lock. */
  private Scheduler.Cancellable timer;
  /** Set once it fired or was cancelled for good: nothing starts another countdown. Guarded by lock. */
  private boolean done;

  IdleExit(Object lock, Scheduler scheduler, Duration grace, Runnable onIdle, Runnable exitingLocked) {
    this.lock = lock;
    this.scheduler = scheduler;
    this.grace = grace;
    this.onIdle = onIdle;
    this.exitingLocked = exitingLocked;
  }

  /** From now on the countdown runs whenever the gateway is idle; {@code idle} is whether it is now. Lock held. */
  void startLocked(boolean idle) {
    started = true;
    updateLocked(idle);
  }

  /** Once started, starts the countdown when {@code idle} and none runs; cancels it when not. Lock held. */
  void updateLocked(boolean idle) {
    if (!started || done) {
      return;
    }
    if (idle && timer == null) {
      Scheduler.Cancellable[] self = new Scheduler.Cancellable[1];
      self[0] = scheduler.schedule(grace, () -> fired(self));
      timer = self[0];
    } else if (!idle && timer != null) {
      timer.cancel();
      timer = null;
    }
  }

  /** Cancels the countdown for good. Lock held. */
  void cancelLocked() {
    done = true;
    if (timer != null) {
      timer.cancel();
      timer = null;
    }
  }

  private void fired(Scheduler.Cancellable[] self) {
    synchronized (lock) {
      if (done || timer == null || timer != self[0]) {
        return;
      }
      timer = null;
      done = true;
      exitingLocked.run(); // exiting: nothing restarts the countdown
    }
    LOG.log(Level.INFO, "no session and no host for {0}: exiting", grace);
    onIdle.run();
  }
}
