package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.ManualClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IdleExitTest {
  private static final Duration GRACE = Duration.ofSeconds(30);

  private final Object lock = new Object();
  private final ManualClock time = new ManualClock();
  private final AtomicInteger exits = new AtomicInteger();
  private final AtomicInteger exitingUnderLock = new AtomicInteger();
  private final IdleExit idleExit =
      new IdleExit(
          lock,
          time,
          GRACE,
          exits::incrementAndGet,
          () -> {
            if (Thread.holdsLock(lock)) {
              exitingUnderLock.incrementAndGet();
            }
          });

  private void start(boolean idle) {
    synchronized (lock) {
      idleExit.startLocked(idle);
    }
  }

  private void update(boolean idle) {
    synchronized (lock) {
      idleExit.updateLocked(idle);
    }
  }

  @Test
  void runsTheActionOnceAtTheEndOfTheGraceAndNotBefore() {
    start(true);
    time.advance(GRACE.minusMillis(1));
    assertThat(exits).hasValue(0);

    time.advance(Duration.ofMillis(1));
    assertThat(exits).hasValue(1);
    assertThat(exitingUnderLock).hasValue(1);

    update(true); // nothing restarts the countdown once it fired
    time.advance(GRACE.multipliedBy(2));
    assertThat(exits).hasValue(1);
  }

  @Test
  void somethingArrivingWithinTheGraceCancelsItAndIdleAgainWaitsTheWholeGrace() {
    start(true);
    time.advance(GRACE.minusSeconds(1));
    update(false);
    time.advance(Duration.ofSeconds(5));
    assertThat(exits).hasValue(0);

    update(true);
    time.advance(GRACE.minusMillis(1));
    assertThat(exits).hasValue(0);
    time.advance(Duration.ofMillis(1));
    assertThat(exits).hasValue(1);
  }

  @Test
  void nothingCountsDownUntilStartedAndStartingWhileBusyWaitsForIdle() {
    update(true);
    time.advance(GRACE.multipliedBy(2));
    assertThat(exits).hasValue(0);
    assertThat(time.pendingTasks()).isZero();

    start(false);
    time.advance(GRACE.multipliedBy(2));
    assertThat(exits).hasValue(0);
    update(true);
    time.advance(GRACE);
    assertThat(exits).hasValue(1);
  }

  @Test
  void cancelledForGoodItNeverFires() {
    start(true);
    synchronized (lock) {
      idleExit.cancelLocked();
    }
    time.advance(GRACE.multipliedBy(2));
    assertThat(exits).hasValue(0);
    assertThat(time.pendingTasks()).isZero();
  }
}
