package io.github.providergateway.host;

import io.github.providergateway.loop.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Duration;

/**
 * The host side's idle-exit countdown (the detached gateway's exit, R-SESS-15): runs an action once
 * nothing has needed the gateway for the grace; anything arriving within it cancels the countdown.
 * It fires at most once. Loop only.
 */
final class IdleExit {
  private static final System.Logger LOG = System.getLogger(IdleExit.class.getName());

  private final HostLoop loop;
  private final Duration grace;
  private final Runnable onIdle;

  /** Run as the countdown fires, before {@code onIdle}: the host side stops taking part. */
  private final Runnable exiting;

  /** Set by {@link #start}: until then no countdown runs. */
  private boolean started;

  /** The countdown while one runs. */
  private Scheduler.Cancellable timer;

  /** Set once it fired or was cancelled for good: nothing starts another countdown. */
  private boolean done;

  IdleExit(HostLoop loop, Duration grace, Runnable onIdle, Runnable exiting) {
    this.loop = loop;
    this.grace = grace;
    this.onIdle = onIdle;
    this.exiting = exiting;
  }

  /**
   * From now on the countdown runs whenever the gateway is idle; {@code idle} is whether it is now.
   */
  void start(boolean idle) {
    started = true;
    update(idle);
  }

  /** Once started, starts the countdown when {@code idle} and none runs; cancels it when not. */
  void update(boolean idle) {
    if (!started || done) {
      return;
    }
    if (idle && timer == null) {
      Scheduler.Cancellable[] self = new Scheduler.Cancellable[1];
      self[0] = loop.after(grace, () -> fired(self[0]));
      timer = self[0];
    } else if (!idle && timer != null) {
      timer.cancel();
      timer = null;
    }
  }

  /** Cancels the countdown for good. */
  void cancel() {
    done = true;
    if (timer != null) {
      timer.cancel();
      timer = null;
    }
  }

  private void fired(Scheduler.Cancellable self) {
    // A countdown cancelled while its firing waited for the loop must not act.
    if (done || timer != self) {
      return;
    }
    timer = null;
    done = true;
    exiting.run(); // exiting: nothing restarts the countdown
    LOG.log(Level.INFO, "no session and no host for {0}: exiting", grace);
    onIdle.run();
  }
}
