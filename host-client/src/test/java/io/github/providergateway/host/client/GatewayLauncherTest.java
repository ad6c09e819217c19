package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When {@link GatewayLauncher} starts a gateway: its starter runs off the client's thread (here
 * held in a queue until the test runs it), at most once per start timeout, and never while an
 * earlier start is still running.
 */
class GatewayLauncherTest {

  private static final Duration START_TIMEOUT = Duration.ofSeconds(15);

  private static final IOException NOBODY_LISTENS = new IOException("Connection refused");

  @TempDir Path home;

  private final ManualClock clock = new ManualClock();

  /** The starts asked for and not yet run. */
  private final Queue<Runnable> startsHeld = new ArrayDeque<>();

  private final AtomicInteger startersCalled = new AtomicInteger();

  private GatewayLauncher launcher;

  @BeforeEach
  void aLauncherWhoseStartsAreHeld() {
    GatewayLaunch launch =
        GatewayLaunch.builder()
            .port(9)
            .startTimeout(START_TIMEOUT)
            .starter(
                (where, port) -> {
                  startersCalled.incrementAndGet();
                  return null;
                })
            .build();
    launcher = new GatewayLauncher(launch, home, clock, startsHeld::add);
  }

  @Test
  void theStartRunsOffTheCallersThread() {
    launcher.attemptFailed(NOBODY_LISTENS, started -> {});

    assertThat(startsHeld).hasSize(1);
    assertThat(startersCalled).hasValue(0); // asked for, not run on the caller's thread
    startsHeld.remove().run();
    assertThat(startersCalled).hasValue(1);
  }

  @Test
  void aStartThatOutlastsTheStartTimeoutIsNotJoinedByASecondOne() {
    launcher.attemptFailed(NOBODY_LISTENS, started -> {});
    clock.advance(START_TIMEOUT.plusSeconds(1));

    launcher.attemptFailed(NOBODY_LISTENS, started -> {}); // the first is still running

    assertThat(startsHeld).hasSize(1);
    startsHeld.remove().run(); // it ends
    launcher.attemptFailed(NOBODY_LISTENS, started -> {});
    assertThat(startsHeld).hasSize(1);
  }

  @Test
  void withinTheStartTimeoutNothingIsStartedAgain() {
    launcher.attemptFailed(NOBODY_LISTENS, started -> {});
    startsHeld.remove().run();
    clock.advance(START_TIMEOUT.minusMillis(1));

    launcher.attemptFailed(NOBODY_LISTENS, started -> {});

    assertThat(startsHeld).isEmpty();
    clock.advance(Duration.ofMillis(1));
    launcher.attemptFailed(NOBODY_LISTENS, started -> {});
    assertThat(startsHeld).hasSize(1);
  }

  /**
   * A window's launch ({@code restartAfterCleanStop(false)}): the gateway it was connected to, gone
   * with its port file (a clean stop: a person stopped it), is not started again, while one gone
   * with its port file left (a crash) is, and so is a gateway that was not running when the client
   * came. The default launch starts it again either way.
   */
  @Test
  void aWindowsLaunchLeavesAGatewayThatStoppedCleanlyStoppedAndStartsOneThatCrashed()
      throws IOException {
    GatewayLauncher window = windowThatSawACleanStop();
    Path portFile = home.resolve(GatewayHome.PORT_FILE);
    assertThat(startsHeld).as("a clean stop is left as it is").isEmpty();

    Files.writeString(portFile, "9\n");
    window.answered(); // a person started it again, and it answered
    window.attemptFailed(NOBODY_LISTENS, started -> {}); // it crashed: its port file is left
    assertThat(startsHeld).as("a crash is started again").hasSize(1);

    Files.delete(portFile);
    launcher.answered();
    launcher.attemptFailed(NOBODY_LISTENS, started -> {});
    assertThat(startsHeld).as("the default launch starts it again").hasSize(2);
  }

  /**
   * After a clean stop the person starts the gateway again: its port file is written before it can
   * answer, and the window's attempt meanwhile is no crash (JvmWindowContractTest on a loaded
   * machine saw the window start a second gateway there). Once the new one has answered, a crash of
   * it is started again as before.
   */
  @Test
  void aWindowsLaunchStartsNothingWhileThePersonsOwnStartIsOnItsWay() throws IOException {
    GatewayLauncher window = windowThatSawACleanStop();
    Path portFile = home.resolve(GatewayHome.PORT_FILE);

    Files.writeString(portFile, "10\n"); // the person's start, not answering yet
    window.attemptFailed(NOBODY_LISTENS, started -> {});
    assertThat(startsHeld).as("the person's own start is on its way").isEmpty();

    window.answered();
    window.attemptFailed(NOBODY_LISTENS, started -> {}); // that one crashed
    assertThat(startsHeld).as("a crash of the new one is started again").hasSize(1);
  }

  /** A window's launcher whose gateway answered, stopped cleanly, and was tried once since. */
  private GatewayLauncher windowThatSawACleanStop() throws IOException {
    GatewayLauncher window = windowLauncher();
    Path portFile = home.resolve(GatewayHome.PORT_FILE);
    Files.writeString(portFile, "9\n");
    window.answered();
    Files.delete(portFile); // stopped cleanly
    window.attemptFailed(NOBODY_LISTENS, started -> {});
    return window;
  }

  @Test
  void aWindowsLaunchStartsAGatewayThatWasNotRunningWhenItCame() {
    windowLauncher().attemptFailed(NOBODY_LISTENS, started -> {});

    assertThat(startsHeld).hasSize(1);
  }

  /** A client made by {@code connect} from a URL has no launch and no home: it starts nothing. */
  @Test
  void aLauncherWithoutALaunchOrAHomeHearsAnswersAndStartsNothing() {
    GatewayLauncher none = new GatewayLauncher(null, null, clock, startsHeld::add);

    none.answered();
    none.attemptFailed(NOBODY_LISTENS, started -> {});

    assertThat(startsHeld).isEmpty();
  }

  private GatewayLauncher windowLauncher() {
    GatewayLaunch launch =
        GatewayLaunch.builder()
            .port(9)
            .startTimeout(START_TIMEOUT)
            .restartAfterCleanStop(false)
            .starter((where, port) -> null)
            .build();
    return new GatewayLauncher(launch, home, clock, startsHeld::add);
  }
}
