package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.gateway.testing.FreePorts;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GatewayClient#connectOrStart} with a gateway that never comes up: a started process that
 * exits with an error fails the call at once, saying so with what it wrote, instead of after the
 * whole start timeout (issue 17: a class path without the app took 15 s to say anything). The loser
 * of a start race exits too, and is waited past.
 */
@Tag("process")
class GatewayLaunchTest {

  /** Long enough that waiting it out is the failure a test here would see. */
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

  @TempDir Path home;

  /**
   * A starter whose "gateway" runs {@code script} in {@code sh} from the home, its output in the
   * log.
   */
  private GatewayLaunch launch(String script, Duration startTimeout) {
    return GatewayLaunch.builder()
        .port(FreePorts.pick())
        .startTimeout(startTimeout)
        .starter(
            (where, port) -> {
              Files.createDirectories(where.resolve("logs"));
              return new ProcessBuilder("sh", "-c", script)
                  .directory(where.toFile())
                  .redirectErrorStream(true)
                  .redirectOutput(
                      ProcessBuilder.Redirect.appendTo(where.resolve("logs/gateway.log").toFile()))
                  .start();
            })
        .build();
  }

  @Test
  void aStartedGatewayThatDiesFailsTheStartAtOnceWithItsExitCodeAndLastWords() throws IOException {
    Files.createDirectories(home.resolve("logs"));
    Files.writeString(
        home.resolve("logs/gateway.log"), "gateway: stopped (a run from yesterday)\n");
    long started = System.nanoTime();

    assertThatThrownBy(
            () ->
                GatewayClient.connectOrStart(
                    home,
                    launch(
                        "echo 'Error: Could not find or load main class io.github.providergateway.app.Main';"
                            + " echo 'Caused by: java.lang.ClassNotFoundException: io.github.providergateway.app.Main';"
                            + " exit 1",
                        START_TIMEOUT)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("exited with code 1 before it answered")
        .hasMessageContaining(
            "Caused by: java.lang.ClassNotFoundException: io.github.providergateway.app.Main")
        .hasMessageNotContaining("yesterday");
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .isLessThan(START_TIMEOUT.dividedBy(3));
  }

  /**
   * A start that hangs (CI, 2026-12-04: "no answer ... within 60 s" and nothing else, the test's
   * home and its log deleted with it): the wait that runs out says what the last attempt met, that
   * the process started still runs, and the last lines its log got since the start.
   */
  @Test
  void aStartThatNeverAnswersSaysItStillRunsWhatItWroteAndWhatTheLastAttemptMet()
      throws IOException {
    Files.createDirectories(home.resolve("logs"));
    Files.writeString(
        home.resolve("logs/gateway.log"), "gateway: stopped (a run from yesterday)\n");
    GatewayLaunch launch =
        launch("echo 'gateway: waiting for the home'; exec sleep 30", Duration.ofSeconds(3));
    Process[] started = new Process[1];
    GatewayLaunch watched =
        GatewayLaunch.builder()
            .port(launch.port())
            .startTimeout(launch.startTimeout())
            .starter(
                (where, port) -> {
                  started[0] = launch.starter().start(where, port);
                  return started[0];
                })
            .build();
    try {
      assertThatThrownBy(() -> GatewayClient.connectOrStart(home, watched))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("no answer from a gateway for")
          .hasMessageContaining("within 3 s (the last attempt: ")
          .hasMessageContaining("still runs")
          .hasMessageContaining("its process " + started[0].pid())
          .hasMessageContaining("gateway: waiting for the home")
          .hasMessageNotContaining("yesterday");
    } finally {
      if (started[0] != null) {
        started[0].destroyForcibly();
      }
    }
  }

  @Test
  void aStarterWhoseProcessExitsZeroIsWaitedForAsBefore() {
    assertThatThrownBy(
            () -> GatewayClient.connectOrStart(home, launch("exit 0", Duration.ofSeconds(2))))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("no answer from a gateway for");
  }

  @Test
  void theLoserOfAStartRaceIsWaitedPastWhileAnotherGatewayHoldsTheHome() throws IOException {
    try (FileChannel lockFile =
            FileChannel.open(
                home.resolve(GatewayHome.LOCK_FILE),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock held = lockFile.lock()) {
      assertThat(held.isValid()).isTrue();

      assertThatThrownBy(
              () ->
                  GatewayClient.connectOrStart(
                      home,
                      launch(
                          "echo 'gateway: another gateway already runs for the home'; exit 1",
                          Duration.ofSeconds(2))))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("no answer from a gateway for");
    }
  }
}
