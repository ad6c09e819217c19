package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.run.AppOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Start-up and shutdown of the {@code --rpc} host (host-rpc.md: Start-up; R-RPC-06..09). */
@Tag("process")
class RpcStartAndStopTest {

  @TempDir Path home;

  @Test
  void theFirstLineIsGatewayStartedWithPortUrlTokenFileAndProtocolVersion() throws Exception {
    try (RpcApp app = RpcApp.start(home)) {
      JsonNode started = app.lines().get(0);
      assertThat(started.get("event").asText()).isEqualTo("gateway.started");
      int port = started.get("port").asInt();
      assertThat(port).isPositive();
      assertThat(started.get("url").asText()).isEqualTo("ws://127.0.0.1:" + port);
      Path tokenFile = Path.of(started.get("tokenFile").asText());
      assertThat(tokenFile)
          .isAbsolute()
          .isEqualTo(home.resolve(".provider-token").toAbsolutePath());
      assertThat(Files.readString(tokenFile).strip()).startsWith("ptk-");
      assertThat(started.get("protocolVersion").asInt()).isEqualTo(2);
      assertThat(started.has("id")).isFalse();
    }
  }

  /**
   * A host reads the first line as gateway.started: a config problem is only a warning on stderr.
   */
  @Test
  void aConfigEntryThatCannotStartIsWarnedOnStderrAndGatewayStartedStaysTheFirstLine()
      throws Exception {
    Path config = home.resolve("tap.config.json");
    Files.writeString(config, "{\"providers\":[{\"name\":\"broken\"}]}");

    try (RpcApp app = RpcApp.start(home, "--config", config.toString())) {
      assertThat(app.lines().get(0).get("event").asText()).isEqualTo("gateway.started");
      app.awaitStderr("config entry not started");
    }
  }

  @Test
  void endOfInputEndsEverySessionRemovesTheTokenFileAndPrintsGatewayStoppedLast() {
    RpcApp app = RpcApp.start(home);
    String session = app.startSession();
    try (WsProvider provider =
        WsProvider.bound(app.url(), app.token(), session, "greeter", WsProvider.tools("greet"))) {
      app.endInput();

      JsonNode pending = provider.next("session.lifecycle");
      assertThat(pending.get("state").asText()).isEqualTo("shutdown.pending");
      assertThat(pending.get("sessionId").asText()).isEqualTo(session);
      assertThat(pending.get("deadline").asLong()).isEqualTo(10_000);
      provider.goodbye();

      assertThat(app.awaitExit()).isZero();
      List<JsonNode> lines = app.lines();
      assertThat(lines.get(lines.size() - 1).toString())
          .isEqualTo("{\"event\":\"gateway.stopped\"}");
      assertThat(app.tokenFile()).doesNotExist();
    }
  }

  @Test
  void shutdownRepliesThenStopsAndIgnoresLaterCommands() {
    RpcApp app = RpcApp.start(home);
    app.send("{\"id\":\"bye\",\"cmd\":\"shutdown\"}");
    app.send("{\"id\":\"late\",\"cmd\":\"sessions.list\"}");

    assertThat(app.awaitExit()).isZero();
    List<JsonNode> lines = app.lines();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(1).toString()).isEqualTo("{\"id\":\"bye\",\"ok\":true}");
    assertThat(lines.get(2).get("event").asText()).isEqualTo("gateway.stopped");
    assertThat(app.tokenFile()).doesNotExist();
  }

  /**
   * Issue 75's checks of who asks ({@code status.link} and {@code gates.release} are the person's)
   * must not cost a command read before the input ended its reply: {@code printf … | gateway --rpc}
   * is answered, then {@code gateway.stopped}. Their check, read off the loop, had answered after
   * the loop had stopped for that end, and the reply was lost or {@code INTERNAL}; a few runs, as
   * the race took about one in two.
   */
  @Test
  void everyCommandReadBeforeTheInputEndedIsAnsweredBeforeGatewayStopped() throws Exception {
    String commands =
        "{\"id\":1,\"cmd\":\"gates.release\",\"provider\":\"ci-guard\"}\n"
            + "{\"id\":2,\"cmd\":\"status.link\"}\n";
    for (int run = 0; run < 5; run++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int exit =
          Main.run(
              new String[] {"--rpc", "--port", "0", "--home", home.toString()},
              new ByteArrayInputStream(commands.getBytes(StandardCharsets.UTF_8)),
              out,
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              Map.of());

      assertThat(exit).isZero();
      List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
      assertThat(lines).as("run %d", run).hasSize(4);
      assertThat(lines.get(lines.size() - 1)).contains("gateway.stopped");
      for (int id : List.of(1, 2)) {
        assertThat(lines)
            .as("run %d: the reply to %d", run, id)
            .anySatisfy(
                line ->
                    assertThat(line).startsWith("{\"id\":" + id + ",").doesNotContain("INTERNAL"));
      }
    }
  }

  @Test
  void aPortInUseIsOneClearLineOnStderrExitOneAndNothingOnStdout() throws Exception {
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      int port = taken.getLocalPort();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();

      int exit =
          Main.run(
              new String[] {"--rpc", "--port", Integer.toString(port), "--home", home.toString()},
              new ByteArrayInputStream(new byte[0]),
              out,
              new PrintStream(err, true, StandardCharsets.UTF_8),
              Map.of());

      assertThat(exit).isEqualTo(1);
      assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
      assertThat(err.toString(StandardCharsets.UTF_8))
          .contains("port " + port + " is already in use")
          .contains("--port 0");
    }
  }

  @Test
  void aPortInUseLeavesTheRunningGatewaysTokenFileAlone() throws Exception {
    try (RpcApp first = RpcApp.start(home)) {
      String token = first.token();
      int port = first.started().get("port").asInt();

      int exit =
          Main.run(
              new String[] {"--rpc", "--port", Integer.toString(port), "--home", home.toString()},
              new ByteArrayInputStream(new byte[0]),
              new ByteArrayOutputStream(),
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              Map.of());

      assertThat(exit).isEqualTo(1);
      assertThat(first.token()).isEqualTo(token);
    }
  }

  @Test
  void aSecondGatewayOnTheSameHomeRefusesToStartAndLeavesTheFirstsTokenFileAlone()
      throws Exception {
    try (RpcApp first = RpcApp.start(home)) {
      assertSecondGatewayRefused(first);
    }
  }

  @Test
  void aSecondGatewayProcessOnTheSameHomeRefusesToStartToo(@TempDir Path logs) throws Exception {
    try (RpcApp first = RpcApp.startProcess(home, logs.resolve("stderr.log"), "--port", "0")) {
      assertSecondGatewayRefused(first);
    }
  }

  /**
   * Another port, the same home: before the home lock, the second replaced the first's token file
   * and deleted it on stop.
   */
  private void assertSecondGatewayRefused(RpcApp first) throws Exception {
    String token = first.token();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {"--rpc", "--port", "0", "--home", home.toString()},
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintStream(stderr, true, StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(1);
    assertThat(stderr.toString(StandardCharsets.UTF_8))
        .contains("another gateway already runs for the home");
    assertThat(first.tokenFile()).exists();
    assertThat(first.token()).isEqualTo(token);
    assertThat(first.startSession()).isNotEmpty();
  }

  @Test
  void aBadOptionIsExitTwoWithAOneLineReason() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {"--port", "many"},
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("gateway: Invalid value for option '--port'")
        .contains("--help");
  }

  @Test
  void watchWithoutAConfigIsExitTwoSayingWhatItWatches() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {"--rpc", "--port", "0", "--home", home.toString(), "--watch"},
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--watch watches a --config file; give one");
  }

  @Test
  void helpListsTheOptionsAndExitCodes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int exit = help(out);

    assertThat(exit).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("--rpc", "--port", "--home", "--config", "--version", "Exit codes");
  }

  @Test
  void helpShowsTheLibrarysIdleGraceAsTheDefault() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    help(out);

    String grace = DurationText.format(AppOptions.DEFAULT_IDLE_EXIT_GRACE);
    assertThat(grace).isEqualTo("30s");
    assertThat(out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " "))
        .contains("(default: " + grace + ")")
        .contains("'never' for no idle exit at all");
  }

  /** Runs {@code gateway --help} with its output to {@code out}; returns the exit code. */
  private static int help(ByteArrayOutputStream out) {
    return Main.run(
        new String[] {"--help"},
        new ByteArrayInputStream(new byte[0]),
        out,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        Map.of());
  }

  @Test
  void durationsAreWrittenAsTheCommandLineReadsThem() {
    assertThat(DurationText.format(Duration.ofSeconds(30))).isEqualTo("30s");
    assertThat(DurationText.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
    assertThat(DurationText.parse(DurationText.format(Duration.ofMillis(1500))))
        .isEqualTo(Duration.ofMillis(1500));
  }

  /** Issue 34: the HTTP front door's set-up suggests --idle-exit-grace 12h, which was refused. */
  @Test
  void durationsTakeHoursToo() {
    assertThat(DurationText.parse("12h")).isEqualTo(Duration.ofHours(12));
    assertThat(DurationText.parse("1.5h")).isEqualTo(Duration.ofMinutes(90));
    assertThat(DurationText.parse("2m")).isEqualTo(Duration.ofMinutes(2));
  }

  @Test
  void theDefaultHomeIsTheTapExtensionFolderUnderCopilotHome() {
    Path user = Path.of("/home/ada");

    assertThat(HomeDirectory.defaultHome(Map.of("COPILOT_HOME", "/opt/copilot"), user))
        .isEqualTo(Path.of("/opt/copilot/extensions/tap"));
    assertThat(HomeDirectory.defaultHome(Map.of(), user))
        .isEqualTo(Path.of("/home/ada/.copilot/extensions/tap"));
  }

  /**
   * Issue 34: {@code ~} is {@code HOME}, as the shell and the examples read it, where it differs
   * from the account's.
   */
  @Test
  void theHomeUnderTildeIsHomeAsTheShellSeesIt() {
    assertThat(HomeDirectory.resolve(null, Map.of("HOME", "/srv/work")))
        .isEqualTo(Path.of("/srv/work/.copilot/extensions/tap"));
    assertThat(HomeDirectory.resolve(null, Map.of("HOME", " ")))
        .isEqualTo(
            Path.of(System.getProperty("user.home"), ".copilot/extensions/tap")
                .toAbsolutePath()
                .normalize());
  }

  @Test
  void aConfigFileThatIsNotJsonStopsStartUpWithExitOneAndSaysWhere() throws Exception {
    Path config = home.resolve("tap.config.json");
    Files.writeString(config, "{\"providers\": [\n  {\"name\": \"ci\",, }\n]}");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {
              "--rpc", "--port", "0", "--home", home.toString(), "--config", config.toString()
            },
            new ByteArrayInputStream(new byte[0]),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("tap.config.json: not valid JSON at line 2, column 17");
    assertThat(out.toString(StandardCharsets.UTF_8)).as("no gateway.started").isEmpty();
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void aConfigFileWithoutAProvidersArrayStopsStartUpWithExitOne() throws Exception {
    Path config = home.resolve("tap.config.json");
    Files.writeString(config, "[{\"name\": \"ci\"}]");
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {
              "--rpc", "--port", "0", "--home", home.toString(), "--config", config.toString()
            },
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("must be an object with a \"providers\" array");
  }

  @Test
  void thePortDefaultsTo9400() {
    assertThat(Main.options(Map.of(), "--rpc", "--home", home.toString()).port()).isEqualTo(9400);
    assertThat(Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0").port())
        .isZero();
  }

  @Test
  void anUnknownLogLevelIsRefusedBeforeAnythingStarts() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {"--rpc", "--port", "0", "--home", home.toString()},
            new ByteArrayInputStream(new byte[0]),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of("GATEWAY_LOG_LEVEL", "verbose"));

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("gateway: GATEWAY_LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, OFF")
        .contains("'verbose'");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void aMissingConfigFileStopsStartUpWithExitOne() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {
              "--rpc",
              "--port",
              "0",
              "--home",
              home.toString(),
              "--config",
              home.resolve("nope.json").toString()
            },
            new ByteArrayInputStream(new byte[0]),
            new ByteArrayOutputStream(),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("nope.json does not exist");
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void theAppKeepsRunningWhenItsLastSessionEndsAndNoHostStopsIt() throws Exception {
    // R-SESS-22: only the detached gateway exits by itself; here the input decides.
    try (RpcApp app = RpcApp.start(home)) {
      String session = app.startSession();
      app.request("{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\",\"deadlineMs\":100}");
      URI hostUrl = URI.create(app.url() + "/host");
      try (io.github.providergateway.host.client.GatewayClient other =
          io.github.providergateway.host.client.GatewayClient.connect(hostUrl, app.token())) {
        assertThat(other.shutdownGateway(java.time.Duration.ofMillis(100)))
            .failsWithin(RpcApp.WAIT)
            .withThrowableOfType(java.util.concurrent.ExecutionException.class)
            .withMessageContaining("stopped by whoever started it");
      }

      JsonNode reply = app.request("{\"cmd\":\"sessions.list\"}");

      assertThat(reply.toString()).contains("\"ok\":true,\"sessions\":[]");
      assertThat(app.tokenFile()).exists();
    }
  }

  @Test
  void sigtermStopsTheGatewayInOrderAndExitsZero(@TempDir Path logs) throws Exception {
    try (RpcApp app = RpcApp.startProcess(home, logs.resolve("stderr.log"), "--port", "0")) {
      ProcessHandle.of(app.pid()).orElseThrow().destroy(); // SIGTERM

      assertStoppedInOrder(app);
    }
  }

  @Test
  void sigintStopsTheGatewayInOrderAndExitsZero(@TempDir Path logs) throws Exception {
    // A shell without job control starts its background commands with SIGINT ignored (POSIX), and
    // the child JVM inherits that and rightly keeps it: `nohup .ci/run &` is such a start.
    assumeFalse(sigintIgnoredHere(), "SIGINT is ignored in this test's process, so in its child");
    try (RpcApp app = RpcApp.startProcess(home, logs.resolve("stderr.log"), "--port", "0")) {
      Process kill =
          new ProcessBuilder("kill", "-INT", Long.toString(app.pid())).inheritIO().start();
      assertThat(kill.waitFor()).isZero();

      assertStoppedInOrder(app);
    }
  }

  /** docs/reference-app.md: a signal is a normal stop, exit 0, token file gone, stopped last. */
  private static void assertStoppedInOrder(RpcApp app) {
    assertThat(app.awaitExit()).as("exit code; stderr:%n%s", app.stderr()).isZero();
    assertThat(app.tokenFile()).doesNotExist();
    List<JsonNode> lines = app.lines();
    assertThat(lines.get(lines.size() - 1).get("event").asText()).isEqualTo("gateway.stopped");
  }

  /** Whether this JVM was started with SIGINT ignored (Linux: bit 2 of SigIgn in /proc). */
  private static boolean sigintIgnoredHere() throws IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 1)) != 0;
      }
    }
    return false;
  }
}
