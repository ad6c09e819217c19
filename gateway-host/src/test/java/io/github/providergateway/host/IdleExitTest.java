package io.github.providergateway.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.loop.testing.ManualClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class IdleExitTest {
  private static final Duration GRACE = Duration.ofSeconds(30);

  private final GatewayFixture f = GatewayFixture.create();
  private final ManualClock time = f.clock;
  private final AtomicInteger exits = new AtomicInteger();

  /** How often the host side was told it is exiting, on the loop, before the action ran. */
  private final AtomicInteger exitingFirstOnTheLoop = new AtomicInteger();

  private final IdleExit idleExit =
      new IdleExit(
          new HostLoop(f.gateway, time),
          GRACE,
          exits::incrementAndGet,
          () -> {
            if (f.gateway.inLoop() && exits.get() == 0) {
              exitingFirstOnTheLoop.incrementAndGet();
            }
          });

  @AfterEach
  void close() {
    f.close();
  }

  private void start(boolean idle) {
    f.gateway.loop().execute(() -> idleExit.start(idle));
  }

  private void update(boolean idle) {
    f.gateway.loop().execute(() -> idleExit.update(idle));
  }

  @Test
  void runsTheActionOnceAtTheEndOfTheGraceAndNotBefore() {
    start(true);
    time.advance(GRACE.minusMillis(1));
    assertThat(exits).hasValue(0);

    time.advance(Duration.ofMillis(1));
    assertThat(exits).hasValue(1);
    assertThat(exitingFirstOnTheLoop).hasValue(1);

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
  void aCountdownCancelledWhileItsFiringWaitsForTheLoopDoesNotAct() {
    start(true);
    f.gateway
        .loop()
        .execute(
            () -> {
              time.advance(GRACE); // fires now, but its task waits behind this one
              idleExit.update(false);
            });
    assertThat(exits).hasValue(0);
  }

  @Test
  void cancelledForGoodItNeverFires() {
    start(true);
    f.gateway.loop().execute(idleExit::cancel);
    time.advance(GRACE.multipliedBy(2));
    assertThat(exits).hasValue(0);
    assertThat(time.pendingTasks()).isZero();
  }
}
