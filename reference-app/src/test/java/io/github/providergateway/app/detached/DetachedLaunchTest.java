package io.github.providergateway.app.detached;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.Main;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./gateway --detached} typed in a terminal (issue 17: it ran in the foreground): the shared
 * gateway starts in the background, as hosts start it, and the command returns saying where it
 * runs, where it logs and how to stop it. Every detached gateway of the test's home is killed
 * afterwards.
 */
@Tag("process")
class DetachedLaunchTest {

  /**
   * A start's wait here: twice a person's ({@link DetachedGatewayStarter#START_WAIT}), for the JVM
   * started from the test class path beside two other test JVMs and their children on two cores
   * (CI, 2026-12-04: no answer after 60 s). A start that hangs still fails, saying what its log
   * got.
   */
  private static final Duration START_WAIT = DetachedGatewayStarter.START_WAIT.multipliedBy(2);

  @TempDir Path home;
  private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
  private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

  @AfterEach
  void killGateways() {
    ProcessHandle.allProcesses()
        .filter(
            p -> {
              List<String> args = RuntimeCopy.argumentsOf(p);
              return args.contains("--detached") && args.contains(home.toString());
            })
        .forEach(ProcessHandle::destroyForcibly);
  }

  /** {@code --detached} as a person types it, with the app started from the test class path. */
  private int launch(int port) {
    return launch(port, "60s");
  }

  private int launch(int port, String grace) {
    AppOptions options =
        Main.options(
            Map.of(),
            "--detached",
            "--home",
            home.toString(),
            "--port",
            Integer.toString(port),
            "--idle-exit-grace",
            grace);
    return new DetachedLaunch(
            new PrintStream(stdout, true, StandardCharsets.UTF_8),
            new PrintStream(stderr, true, StandardCharsets.UTF_8),
            args ->
                DetachedGatewayStarter.fromClassPath(System.getProperty("surefire.test.class.path"))
                    .withArgs(args),
            true,
            START_WAIT)
        .run(options);
  }

  private String printed() {
    return stdout.toString(StandardCharsets.UTF_8);
  }

  @Test
  void itStartsTheSharedGatewayInTheBackgroundSaysWhereAndReturns() throws Exception {
    int port = FreePorts.pick();

    assertThat(launch(port)).as(stderr.toString(StandardCharsets.UTF_8)).isEqualTo(ExitCodes.OK);

    long pid = Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
    assertThat(RuntimeCopy.argumentsOf(ProcessHandle.of(pid).orElseThrow()))
        .contains("--detached", "--idle-exit-grace", "60s");
    assertThat(printed())
        .contains("started the shared gateway for " + home + " in the background (pid " + pid + ")")
        .contains(
            "listening on  ws://127.0.0.1:" + port + " (hosts: ws://127.0.0.1:" + port + "/host)")
        .contains("log           " + home.resolve("logs/gateway.log"))
        .contains("no session and no host for 60s")
        .contains("' stops it now (its process: " + pid + ")")
        .contains("'gateway stop --home ");
    try (GatewayClient host = GatewayClient.connect(home, port, GatewayClientOptions.defaults())) {
      assertThat(host.sessions().get()).isEmpty(); // it serves hosts, from the background
    }
  }

  /**
   * Issue 62: a gateway a person starts by hand, with no {@code --idle-exit-grace}, stays until
   * {@code gateway stop}; it exited by itself 30 s later when no session came.
   */
  @Test
  void aGatewayAPersonStartsWithoutAGraceStaysUntilStopped() throws Exception {
    int port = FreePorts.pick();
    AppOptions options =
        Main.options(
            Map.of(), "--detached", "--home", home.toString(), "--port", Integer.toString(port));

    int exit =
        new DetachedLaunch(
                new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8),
                args ->
                    DetachedGatewayStarter.fromClassPath(
                            System.getProperty("surefire.test.class.path"))
                        .withArgs(args),
                false,
                START_WAIT)
            .run(options);

    assertThat(exit).as(stderr.toString(StandardCharsets.UTF_8)).isZero();
    long pid = Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());
    assertThat(RuntimeCopy.argumentsOf(ProcessHandle.of(pid).orElseThrow()))
        .containsSubsequence("--idle-exit-grace", "never");
    assertThat(printed()).contains("It runs until it is stopped: 'gateway stop' below.");
  }

  @Test
  void aGatewayWithNoIdleExitIsStartedSoAndSaysItRunsUntilStopped() throws Exception {
    int port = FreePorts.pick();

    assertThat(launch(port, "never")).as(stderr.toString(StandardCharsets.UTF_8)).isZero();

    long pid = Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());
    assertThat(RuntimeCopy.argumentsOf(ProcessHandle.of(pid).orElseThrow()))
        .containsSubsequence("--idle-exit-grace", "never");
    assertThat(printed())
        .contains("It runs until it is stopped (--idle-exit-grace never).")
        .doesNotContain("no session and no host for");
  }

  @Test
  void aDetachedGatewayHasPublishedItsPidByTheTimeItListens() throws Exception {
    // The launch that started it reads the pid as soon as it reaches the gateway. When a gateway
    // wrote it only after it listened, the launch could find none and say of the gateway it had
    // just started "not a detached one; nothing started".
    AppOptions options =
        Main.options(Map.of(), "--detached", "--home", home.toString(), "--port", "0");

    RunningGateway running = RunningGateway.start(options, new GatewayListener() {});
    try {
      assertThat(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip())
          .isEqualTo(Long.toString(ProcessHandle.current().pid()));
    } finally {
      running.close();
    }
  }

  @Test
  void aSecondLaunchFindsTheGatewayRunningAndStartsNoOther() throws Exception {
    int port = FreePorts.pick();
    assertThat(launch(port)).isEqualTo(ExitCodes.OK);
    String pid = Files.readString(home.resolve(GatewayHome.PID_FILE)).strip();
    stdout.reset();

    assertThat(launch(port)).isEqualTo(ExitCodes.OK);

    assertThat(printed())
        .contains("the shared gateway for " + home + " was running already (pid " + pid + ")");
    assertThat(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip()).isEqualTo(pid);
  }
}
