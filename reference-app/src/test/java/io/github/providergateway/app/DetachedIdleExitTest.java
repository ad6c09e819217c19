package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.loop.testing.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The detached gateway's idle exit with its production default (R-SESS-15): started with the
 * command line a host's starter gives it, which names no grace, it asks to stop 30 s after it is
 * found idle, and not a millisecond sooner. Its timers run on a manual clock; the gateway is
 * otherwise the real one, on a free port.
 */
class DetachedIdleExitTest {

  @Test
  void withoutAGraceOnItsCommandLineADetachedGatewayExitsThirtySecondsAfterItIsIdle(
      @TempDir Path home) throws StartupException {
    // As DetachedGatewayStarter starts it (there with the port hosts use).
    AppOptions options =
        Main.options(Map.of(), "--detached", "--home", home.toString(), "--port", "0");
    ManualClock clock = new ManualClock();

    try (RunningGateway running =
        RunningGateway.start(options, new GatewayListener() {}, RpcApp.appBackend(clock))) {
      running.hosts().startIdleExit();
      loopCaughtUp(running); // the countdown starts on the gateway loop
      clock.advance(Duration.ofSeconds(30).minusMillis(1));
      loopCaughtUp(running);
      assertThat(running.stopRequested()).isNotDone();
      clock.advance(Duration.ofMillis(1));

      assertThat(running.stopRequested()).succeedsWithin(Duration.ofSeconds(10));
    }
  }

  @Test
  void aGatewayThatIsNotDetachedNeverExitsByItselfHoweverLongItIsIdle(@TempDir Path home)
      throws StartupException {
    // R-SESS-22: console and --rpc gateways stop when their input ends, not when they are idle.
    AppOptions options = Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0");
    ManualClock clock = new ManualClock();

    try (RunningGateway running =
        RunningGateway.start(options, new GatewayListener() {}, RpcApp.appBackend(clock))) {
      loopCaughtUp(running);
      running
          .hosts()
          .startIdleExit(); // what the detached wiring calls; here it must change nothing
      loopCaughtUp(running);
      clock.advance(Duration.ofHours(2));
      loopCaughtUp(running);
      assertThat(running.stopRequested()).isNotDone();
      // Counted once the start's one-off timers have run: some are armed from other threads as
      // the machine's load lets them, so a count taken at the start saw them or not (CI's 2-core
      // machine at load 16 saw 3 or 4, then 2). What is left recurs, as the MCP front door's check.
      int recurring = clock.pendingTasks();
      clock.advance(Duration.ofHours(2));
      loopCaughtUp(running);

      assertThat(running.stopRequested()).isNotDone();
      assertThat(clock.pendingTasks())
          .as("no idle countdown at all")
          .isLessThanOrEqualTo(recurring);
    }
  }

  @Test
  void withTheGraceNeverADetachedGatewayNeverExitsByItselfHoweverLongItIsIdle(@TempDir Path home)
      throws StartupException {
    // As the unit of `gateway service install` starts it: there from login until stopped.
    AppOptions options =
        Main.options(
            Map.of(),
            "--detached",
            "--home",
            home.toString(),
            "--port",
            "0",
            "--idle-exit-grace",
            "never");
    ManualClock clock = new ManualClock();

    try (RunningGateway running =
        RunningGateway.start(options, new GatewayListener() {}, RpcApp.appBackend(clock))) {
      loopCaughtUp(running);
      running.hosts().startIdleExit(); // as DetachedHost calls it once its port file is out
      loopCaughtUp(running);
      clock.advance(Duration.ofDays(30));
      loopCaughtUp(running);
      assertThat(running.stopRequested()).isNotDone();
      int recurring = clock.pendingTasks(); // once the start's one-off timers have run, as above
      clock.advance(Duration.ofDays(30));
      loopCaughtUp(running);

      assertThat(options.idleExitGrace()).isNull();
      assertThat(running.stopRequested()).isNotDone();
      assertThat(clock.pendingTasks())
          .as("no idle countdown at all")
          .isLessThanOrEqualTo(recurring);
    }
  }

  @Test
  void theGraceNeverIsReadAndWrittenAsTheCommandLineSaysIt() {
    assertThat(DurationText.parseIdleExitGrace("never")).isNull();
    assertThat(DurationText.parseIdleExitGrace(" Never ")).isNull();
    assertThat(DurationText.formatIdleExitGrace(null)).isEqualTo("never");
    assertThat(
            DurationText.parseIdleExitGrace(
                DurationText.formatIdleExitGrace(Duration.ofSeconds(30))))
        .isEqualTo(Duration.ofSeconds(30));
    assertThatThrownBy(() -> Main.options(Map.of(), "--detached", "--idle-exit-grace", "forever"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--idle-exit-grace")
        .hasMessageContaining("never");
  }

  /** Returns once the gateway loop has run what was queued on it before now. */
  private static void loopCaughtUp(RunningGateway running) {
    assertThat(running.hosts().connectedHosts()).succeedsWithin(Duration.ofSeconds(10));
  }
}
