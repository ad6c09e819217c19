package io.github.providergateway.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.Main;
import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.loop.testing.RecordingBackend;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app's wiring (issue 50): {@link RunningGateway} builds every part (the gateway, the host
 * service, the MCP front door, the server's heartbeat, its own timers) with the one backend it is
 * given, through {@link AppBackend}, which takes one scheduler from it for the whole app and gives
 * it back when the app stops.
 */
class AppBackendTest {

  @Test
  void theAppTakesOneSchedulerFromItsBackendForEveryPartAndReleasesItWhenItStops(@TempDir Path home)
      throws StartupException {
    ManualClock clock = new ManualClock();
    RecordingBackend backend =
        new RecordingBackend(clock.backend().threaded().withRandom(new SecureRandom()));
    AppOptions options = Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0");

    try (RunningGateway running =
        RunningGateway.start(options, new GatewayListener() {}, backend)) {
      assertThat(running.hosts()).isNotNull();
      assertThat(backend.schedulersMade()).as("one for the whole app").isEqualTo(1);
      assertThat(backend.schedulersReleased()).as("no part stops it for the others").isZero();
    }

    assertThat(backend.schedulersReleased()).isEqualTo(1);
  }

  @Test
  void aPartThatReleasesItsSchedulerLeavesTheAppsOneRunning() {
    ManualClock clock = new ManualClock();
    RecordingBackend given = new RecordingBackend(clock.backend());
    AppBackend app = new AppBackend(given);

    Backend.release(app.scheduler()); // as a part's close does
    int[] fired = new int[1];
    app.scheduler().schedule(Duration.ofSeconds(1), () -> fired[0]++);
    clock.advance(Duration.ofSeconds(1));

    assertThat(fired[0]).isEqualTo(1);
    assertThat(given.schedulersReleased()).isZero();
    app.close();
    assertThat(given.schedulersReleased()).isEqualTo(1);
  }
}
