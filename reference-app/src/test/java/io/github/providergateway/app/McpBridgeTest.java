package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.detached.DetachedLaunch;
import io.github.providergateway.app.run.McpBridgeToken;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.HomeSettings;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.SessionInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio bridge ({@code src/main/sh/gateway-mcp-bridge.sh}, what {@code gateway mcp} runs while
 * a gateway is there; issue 46) as a real process, as an agent starts it, on a real gateway's port:
 * initialize, tools/list, a provider's tools arriving as {@code list_changed} on the session's
 * {@code GET} stream, a tools/call answered by that provider; the window's session is the agent's
 * own, with the project of the folder the agent started it in, so that Claude Code's HTTP hook from
 * that project meets the session's provider's gate. With no gateway it hands the window to the
 * JVM's {@code gateway mcp} (the launcher), the initialize it read given back first; with no
 * launcher either it fails the initialize with a JSON-RPC error.
 */
@Tag("process")
class McpBridgeTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = RpcApp.WAIT;
  private static final Path SCRIPT = Path.of("src/main/sh/gateway-mcp-bridge.sh").toAbsolutePath();
  private static final String CI_RED = "CI is red on this branch. Fix the tests first.";
  private static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"claude-code\","
          + "\"version\":\"2.1\"}}}";

  @TempDir Path dir;
  private RunningGateway running;
  private final Map<String, CompletableFuture<SessionInfo>> started = new ConcurrentHashMap<>();
  private final Map<String, CompletableFuture<Void>> ended = new ConcurrentHashMap<>();
  private final List<AutoCloseable> toClose = new ArrayList<>();
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(WAIT).build();

  @AfterEach
  void stop() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
    if (running != null) {
      running.close();
    }
  }

  @Test
  void aWindowThroughTheBridgeIsTheAgentsOwnInItsProjectAndCallsAProvidersTool() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    startGateway(home);
    Path project = Files.createDirectories(dir.resolve("project"));
    Files.createDirectories(project.resolve(".git"));
    Files.writeString(project.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    Path startedIn = Files.createDirectories(project.resolve("src/app"));

    Bridge bridge = bridge(home, startedIn, null);
    opens(bridge);

    SessionInfo session = session("agent:" + McpBridgeToken.CLIENT);
    assertThat(session.cwd())
        .as("the git top level of the folder it started in")
        .isEqualTo(project.toString());
    assertThat(session.label()).isEqualTo("claude-code");

    WsProvider provider =
        WsProvider.bound(
            running.url(),
            running.gateway().credentials().providerToken(),
            session.id(),
            "ci-guard",
            WsProvider.tools("greet")
                + ",\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"shell\",\"args\":"
                + "\"git push\"},\"action\":\"gate\",\"gateId\":\"ci-green\"}]}");
    toClose.add(provider);
    // The session's GET stream carries what the gateway sends unasked.
    bridge.next(m -> "notifications/tools/list_changed".equals(m.path("method").asText()));
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
    assertThat(bridge.answer(3).at("/result/tools/0/name").asText()).isEqualTo("greet");

    bridge.send(
        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"greet\","
            + "\"arguments\":{\"name\":\"Alice\"}}}");
    JsonNode call = provider.next("tool.call");
    assertThat(call.at("/args/name").asText()).isEqualTo("Alice");
    provider.result(call, "{\"greeting\":\"Hello, Alice!\"}");
    assertThat(bridge.answer(4).at("/result/content/0/text").asText())
        .isEqualTo("{\"greeting\":\"Hello, Alice!\"}");

    // An answer longer than one atomic write (4000 bytes) comes whole, under the bridge's lock.
    String big = "x".repeat(20_000);
    bridge.send(
        "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"greet\","
            + "\"arguments\":{\"name\":\"Bob\"}}}");
    provider.result(provider.next("tool.call"), "\"" + big + "\"");
    assertThat(bridge.answer(5).at("/result/content/0/text").asText()).contains(big);

    // Claude Code's hook from the project's folder meets the session's gate: the agent's own.
    CompletableFuture<HttpResponse<String>> hook = hook(home, startedIn);
    JsonNode check = provider.next("gate.check");
    provider.send(
        "{\"type\":\"gate.result\",\"gateId\":\"ci-green\",\"callId\":\""
            + check.get("callId").asText()
            + "\",\"decision\":\"deny\",\"reason\":\""
            + CI_RED
            + "\"}");
    HttpResponse<String> decided = hook.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(
            JSON.readTree(decided.body())
                .at("/hookSpecificOutput/permissionDecisionReason")
                .asText())
        .isEqualTo(CI_RED);

    // stdin's end: DELETE, and the session ends (its provider is told it is ending).
    bridge.process.getOutputStream().close();
    endedOf(session.id()).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
  }

  /**
   * A gateway stopped and started again (or crashed, and started by a service): over stdio the
   * agent cannot be told its session is gone, so the gateway makes a new one from the window's
   * initialize it kept (decision 78), answers the request in it, and tells the agent the tools
   * changed. While no gateway runs, each request is answered with an error at once, and the token
   * goes nowhere.
   */
  @Test
  void aGatewayStoppedAndStartedAgainGetsTheWindowBackInANewSessionOfItsOwn() throws Exception {
    Path project = Files.createDirectories(dir.resolve("project"));
    Files.createDirectories(project.resolve(".git"));
    Files.writeString(project.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    Bridge bridge = initializedWindow(project);
    Path home = dir.resolve("home");
    bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    assertThat(bridge.answer(2).has("result")).isTrue();
    String agent = "agent:" + McpBridgeToken.CLIENT;
    String first = session(agent).id();

    int firstPort = running.port();
    running.close();
    running = null;
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
    assertThat(bridge.answer(3).at("/error/message").asText())
        .contains("no gateway of this user listens")
        .contains("uses it again once it runs");

    // Started again elsewhere (its port file names the new port), then at the old port once more.
    for (String port : List.of("0", String.valueOf(firstPort))) {
      started.clear();
      startGateway(home, port);
      int id = port.equals("0") ? 4 : 5;
      bridge.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}");
      List<JsonNode> seen = bridge.until(m -> m.path("id").asInt(-1) == id && !m.has("method"));
      JsonNode answer = seen.get(seen.size() - 1);
      assertThat(answer.has("result")).as(answer.toString()).isTrue();
      if (seen.stream()
          .noneMatch(m -> "notifications/tools/list_changed".equals(m.path("method").asText()))) {
        // The agent is told to ask for the lists again: the gateway says so on the new session's
        // stream (decision 78), which may come after the answer.
        bridge.next(m -> "notifications/tools/list_changed".equals(m.path("method").asText()));
      }
      SessionInfo again = session(agent);
      assertThat(again.id()).isNotEqualTo(first);
      assertThat(again.cwd()).as("the agent's project, as before").isEqualTo(project.toString());
      assertThat(again.label()).isEqualTo("claude-code");
      if (port.equals("0")) {
        running.close();
        running = null;
      }
    }

    // stdin's end ends the new session on the new gateway.
    String last = session(agent).id();
    bridge.process.getOutputStream().close();
    endedOf(last).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
  }

  /**
   * Claude Code 2.1.332 opens its stdio server with a {@code server/discover} probe (the 2026-07-28
   * revision) and sends {@code initialize} after it when it speaks the legacy era. The trial of
   * issue 46, session 8, found the bridge taking the probe for the initialize: the gateway refused
   * it (no session), the bridge ended, and every Claude Code window set up by {@code gateway setup
   * claude} failed to connect while a gateway ran. Since issue 81 the probe is served by the
   * gateway's front door with no session (decision 112), as the JVM's {@code gateway mcp} serves
   * it, and the window still opens at the initialize after it.
   */
  @Test
  void aServerDiscoverProbeBeforeInitializeIsAnsweredWithTheModernRevisionAndTheWindowOpens()
      throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    startGateway(home);
    Bridge bridge = bridge(home, dir, null);

    bridge.send(
        "{\"jsonrpc\":\"2.0\",\"id\":\"server-discover-probe-1\",\"method\":\"server/discover\","
            + "\"params\":{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"claude-code\",\"version\":"
            + "\"2.1.332\"},\"io.modelcontextprotocol/clientCapabilities\":{\"roots\":"
            + "{\"listChanged\":true}}}}}");
    JsonNode probe = bridge.next(m -> true);
    assertThat(probe.path("id").asText()).as(probe.toString()).isEqualTo("server-discover-probe-1");
    assertThat(probe.at("/result/supportedVersions").toString())
        .as(probe.toString())
        .isEqualTo("[\"2026-07-28\"]");
    assertThat(probe.at("/result/cacheScope").asText()).isEqualTo("private");

    bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\"}");
    opens(bridge);
    assertThat(session("agent:" + McpBridgeToken.CLIENT).label()).isEqualTo("claude-code");
  }

  /**
   * The trial of issue 46, session 8: a gateway that crashed (SIGKILL: its pid file names a process
   * that is not running) came back with the JVM's {@code gateway mcp} in the windows, which starts
   * the home's gateway again ({@code GuardUnderFailureTest}), and the hooks' deny says "an agent
   * whose MCP server is gateway mcp starts it by itself"; with the bridge in the windows nothing
   * started it, and every call of every agent was denied until a person did. The window's stream
   * starts it, through the launcher, as {@code gateway --detached} (one per crash, which the socket
   * it left behind, refusing, tells; of windows that try at once, the gateway's own lock lets one
   * run).
   *
   * <p>Issue 62, in the same crash: the kernel gives the gateway's pid to the next process it
   * starts, and a {@code sleep} of the same user under the recorded pid left every window waiting
   * for a gateway that never came. Since decision 79 the window reads no pid file: a crash is the
   * socket left behind, refusing, whatever the pid file says. The reuse is played by writing a live
   * {@code sleep}'s pid into the pid file, as the kernel's reuse would leave it. (One test since
   * session 20: each was a detached gateway started twice, 4 JVMs, for the same crash.)
   */
  @Test
  void aGatewayThatCrashedIsStartedAgainByTheWindowThroughTheLauncher() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path launcher = StandInLauncher.withMcpBridge(dir);
    Bridge bridge = windowOnADetachedGateway(home, launcher);

    long crashed = crash(home);
    Process sleep = new ProcessBuilder("sleep", "600").start();
    toClose.add(sleep::destroyForcibly);
    Files.writeString(
        home.resolve(GatewayHome.PID_FILE), sleep.pid() + "\n"); // as a gateway writes it
    assertThat(DetachedLaunch.livePid(home)).isNull();
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
    assertThat(bridge.answer(3).at("/error/message").asText()).contains("no gateway");

    // The window's stream makes it a new session there, and tells the agent the lists changed.
    backInANewSession(bridge);
    assertThat(homeGatewayPid(home))
        .isPresent()
        .get()
        .isNotEqualTo(crashed)
        .isNotEqualTo(sleep.pid());
    assertThat(sleep.isAlive()).isTrue();
    assertThat(endedSaying(bridge))
        .contains("is not running (its socket refuses); starting it again");
  }

  /**
   * Issue 81: Claude Code, once {@code server/discover} is served, speaks only 2026-07-28 and never
   * sends {@code initialize}, so the window has no session stream to notice a crash by. Its watch
   * (a subscription of its own to nothing) does: the gateway killed, the window starts it again
   * through the launcher as the stream would, POSTs the agent's subscription again (the new gateway
   * acknowledges it under the agent's id), and the agent's next request is served there.
   */
  @Test
  void aModernOnlyWindowStartsACrashedGatewayAgainAndKeepsTheAgentsSubscription() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path launcher = StandInLauncher.withMcpBridge(dir);
    gatewayDetached(home, launcher);
    Bridge bridge = bridge(home, dir, launcher);
    bridge.send(
        modern(
            "\"sub\"", "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true},"));
    acknowledged(bridge, GuardedHome.WAIT);
    bridge.send(modern("2", "tools/list", ""));
    assertThat(bridge.answer(2).at("/result/resultType").asText()).isEqualTo("complete");

    long crashed = crash(home);
    acknowledged(bridge, GuardedHome.WAIT); // a JVM's start, after the window's wait, under load
    assertThat(homeGatewayPid(home)).isPresent().get().isNotEqualTo(crashed);
    bridge.send(modern("3", "tools/list", ""));
    JsonNode again = bridge.answer(3);
    assertThat(again.at("/result/resultType").asText()).as(again.toString()).isEqualTo("complete");
    assertThat(endedSaying(bridge))
        .contains("is not running (its socket refuses); starting it again");
  }

  /** A 2026-07-28 request: {@code id} as JSON, {@code params} before the {@code _meta}. */
  private static String modern(String id, String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\""
        + method
        + "\",\"params\":{"
        + params
        + WindowContract.MODERN_META
        + "}}";
  }

  /** The agent's subscription {@code sub} is acknowledged (again), within {@code wait}. */
  private static void acknowledged(Bridge bridge, Duration wait) throws InterruptedException {
    JsonNode ack =
        bridge.next(
            m -> "notifications/subscriptions/acknowledged".equals(m.path("method").asText()),
            wait);
    assertThat(ack.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asText())
        .isEqualTo("sub");
  }

  /**
   * A service restarts a crashed gateway after 2 s (RestartSec): a window that started one first
   * would leave the service's start failing, the port taken, until its manager gave up. The window
   * waits (5 looks, about 10 s) and starts none when the gateway is back by then.
   */
  @Test
  void aCrashedGatewayThatAServiceStartsAgainIsLeftToTheService() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path launcher = StandInLauncher.withMcpBridge(dir);
    Bridge bridge = windowOnADetachedGateway(home, launcher);

    long crashed = crash(home);
    detached(launcher, home, "service.out"); // as the service manager starts it again

    backInANewSession(bridge);
    assertThat(homeGatewayPid(home)).isPresent().get().isNotEqualTo(crashed);
    assertThat(endedSaying(bridge)).doesNotContain("starting it again");
  }

  /**
   * A home whose gateway runs {@code --detached} through {@code launcher}, on a port of its
   * settings, and a window on it through the bridge, opened; the gateway is killed after the test.
   */
  private Bridge windowOnADetachedGateway(Path home, Path launcher) throws Exception {
    gatewayDetached(home, launcher);
    Bridge bridge = bridge(home, dir, launcher);
    opens(bridge);
    return bridge;
  }

  /**
   * Starts the home's gateway {@code --detached} through {@code launcher}, on a port of its
   * settings, and waits until it has published its port; it is killed after the test. A start that
   * ends or takes too long fails saying what the launcher and the gateway's log said (CI once saw
   * no port file within the wait, with nothing to tell why).
   */
  private void gatewayDetached(Path home, Path launcher) throws Exception {
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
    HomeSettings.NONE.withPort(FreePorts.pick()).write(home);
    Process gateway = detached(launcher, home, "detached.out");
    toClose.add(
        () ->
            homeGatewayPid(home)
                .flatMap(ProcessHandle::of)
                .ifPresent(ProcessHandle::destroyForcibly));
    Await.until(
        GuardedHome.WAIT, // a JVM's start, its rules loaded, on a machine under load
        () -> Files.exists(home.resolve(GatewayHome.PORT_FILE)) || !gateway.isAlive(),
        () -> "the home's gateway runs; " + startSaid(home, "detached.out"));
    assertThat(Files.exists(home.resolve(GatewayHome.PORT_FILE)))
        .as(() -> "the home's gateway runs; " + startSaid(home, "detached.out"))
        .isTrue();
  }

  /** What a detached start wrote: the launcher's output in {@code log}, and the gateway's log. */
  private String startSaid(Path home, String log) {
    return "the launcher said:\n"
        + readIfThere(dir.resolve(log))
        + "\n--- gateway.log:\n"
        + readIfThere(home.resolve("logs/gateway.log"));
  }

  private static String readIfThere(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "(no " + file.getFileName() + ")";
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    }
  }

  /**
   * {@code launcher --detached --home home}, with no terminal, its output to {@code log}; {@return
   * the launcher's process}, killed after the test.
   */
  private Process detached(Path launcher, Path home, String log) throws IOException {
    Process gateway =
        new ProcessBuilder(
                launcher.toString(), "--detached", "--home", home.toString(), "--no-config")
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve(log).toFile())
            .start();
    toClose.add(gateway::destroyForcibly);
    return gateway;
  }

  /** Kills the home's gateway (SIGKILL); {@return its pid}, once it is gone. */
  private static long crash(Path home) throws Exception {
    long crashed = homeGatewayPid(home).orElseThrow();
    assertThat(new ProcessBuilder("kill", "-KILL", Long.toString(crashed)).start().waitFor())
        .isZero();
    Await.until(
        WAIT,
        () -> ProcessHandle.of(crashed).map(p -> !p.isAlive()).orElse(true),
        () -> "the gateway " + crashed + " is gone");
    return crashed;
  }

  /** Ends the window (stdin's end); {@return what it said on stderr}. */
  private static String endedSaying(Bridge bridge) throws Exception {
    bridge.process.getOutputStream().close();
    assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    return new String(bridge.process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
  }

  /** The window's stream made it a new session and said so; its next call is answered there. */
  private static void backInANewSession(Bridge bridge) throws Exception {
    bridge.next(
        m -> "notifications/tools/list_changed".equals(m.path("method").asText()),
        GuardedHome.WAIT); // a JVM's start, after the window's wait, on a machine under load
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}");
    JsonNode again = bridge.answer(4);
    assertThat(again.has("result")).as(again.toString()).isTrue();
  }

  /**
   * Found by the trial of issue 46, session 8: Claude Code and Gemini CLI started at once while no
   * gateway ran (load 4-5) both went to the JVM's {@code gateway mcp}; the home's gateway took 28 s
   * to come up; Claude's window answered initialize, its tools/list failed ("no answer from a
   * gateway ... within 20 s"), and it never joined the gateway when it came: 0 sessions, the
   * gateway's idle exit 30 s later, and no gateway tool for the rest of the agent's session. Here
   * the home's port is held by someone else until the window has given up, then a gateway starts.
   */
  @Test
  void aJvmWindowWhoseGatewayCameLateJoinsItAndSaysTheListsChanged() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
    Path launcher = StandInLauncher.write(dir); // mcp: the JVM's gateway mcp
    Bridge bridge;
    int port;
    try (ServerSocket held = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      port = held.getLocalPort();
      HomeSettings.NONE.withPort(port).write(home);
      Process window =
          new ProcessBuilder(launcher.toString(), "mcp", "--home", home.toString())
              .directory(dir.toFile())
              .redirectError(dir.resolve("window.err").toFile())
              .start();
      bridge = new Bridge(window);
      toClose.add(bridge);
      toClose.add(
          () ->
              homeGatewayPid(home)
                  .flatMap(ProcessHandle::of)
                  .ifPresent(ProcessHandle::destroyForcibly));
      bridge.send(INITIALIZE);
      // The window's own bound, as WindowContract has it (its default on the gateway and a loaded
      // machine's JVM start): RpcApp.WAIT, 10 s, was passed once at load 13 on 2 cores.
      bridge.answer(1, WindowContract.WITHIN);
      bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
      JsonNode gaveUp = bridge.next(m -> m.path("id").asInt(-1) == 2, GuardedHome.WAIT);
      assertThat(gaveUp.toString()).contains("not available");
    }
    Process gateway =
        new ProcessBuilder(launcher.toString(), "--detached", "--home", home.toString())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("detached.out").toFile())
            .start();
    toClose.add(gateway::destroyForcibly);
    Await.until(
        GuardedHome.WAIT,
        () -> {
          try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return socket.isConnected() && homeGatewayPid(home).isPresent();
          } catch (IOException e) {
            return false;
          }
        },
        () -> "the home's gateway listens");

    bridge.next(
        m -> "notifications/tools/list_changed".equals(m.path("method").asText()),
        GuardedHome.WAIT);
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
    JsonNode joined = bridge.answer(3, WindowContract.WITHIN); // a fresh gateway's first, loaded
    assertThat(joined.has("result")).as(joined.toString()).isTrue();
  }

  /** The pid the home's {@code gateway.pid} names, if it names one. */
  private static Optional<Long> homeGatewayPid(Path home) {
    try {
      return Optional.of(
          Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  @Test
  void aOneShotClientThatClosesStdinAtOnceStillGetsItsAnswers() throws Exception {
    Bridge bridge = initializedWindow(dir);

    bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    bridge.process.getOutputStream().close();

    assertThat(bridge.answer(2).at("/result/tools").isArray()).isTrue();
    assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
  }

  @Test
  void aBridgeKilledWithSigkillEndsItsSessionAtItsStreamsNextRenewalAndLeavesNothingBehind()
      throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    startGateway(home);
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    Bridge bridge =
        bridge(home, dir, null, Map.of("GATEWAY_MCP_BRIDGE_RENEW", "1", "TMPDIR", tmp.toString()));
    bridge.send(INITIALIZE);
    bridge.answer(1);
    bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    bridge.answer(2);
    SessionInfo session = session("agent:" + McpBridgeToken.CLIENT);
    List<ProcessHandle> below = bridge.process.descendants().toList();
    assertThat(below).as("the stream's loop and its curl").isNotEmpty();

    // SIGKILL: no trap runs, and the stream's processes are left to themselves.
    bridge.process.destroyForcibly();
    assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();

    endedOf(session.id()).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    for (ProcessHandle process : below) {
      process.onExit().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }
    try (var left = Files.list(tmp)) {
      assertThat(left.toList()).as("the bridge's files").isEmpty();
    }
  }

  /**
   * Issue 62: a window killed with its whole process group (SIGKILL: no trap runs, and the stream's
   * loop dies with it) leaves its temporary folder behind; none of its files holds the token, which
   * curl reads from the home, and the next bridge's start removes the folder, since none of the
   * processes it records runs.
   */
  @Test
  void aWindowKilledWithItsWholeProcessGroupLeavesNoTokenAndTheNextBridgeRemovesItsFolder()
      throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    startGateway(home);
    Path tmp = Files.createDirectories(dir.resolve("tmp-killed"));
    Map<String, String> env = Map.of("TMPDIR", tmp.toString());
    Bridge killed = bridge(List.of("setsid"), home, dir, null, env);
    opens(killed);
    String token =
        Files.readString(home.resolve(McpBridgeToken.FILE), StandardCharsets.UTF_8).strip();
    List<ProcessHandle> group = new ArrayList<>(killed.process.descendants().toList());
    group.add(killed.process.toHandle());

    Process kill =
        new ProcessBuilder("kill", "-KILL", "--", "-" + killed.process.pid())
            .redirectErrorStream(true)
            .start();
    assertThat(kill.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(kill.exitValue()).as("kill of the bridge's own process group").isZero();
    for (ProcessHandle process : group) {
      process.onExit().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    List<Path> left;
    try (var folders = Files.list(tmp)) {
      left = folders.toList();
    }
    assertThat(left).as("no clean-up ran").hasSize(1);
    Path folder = left.get(0);
    assertThat(folder.getFileName().toString()).startsWith("gateway-mcp-bridge.");
    try (var files = Files.walk(folder)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(file, StandardCharsets.ISO_8859_1))
            .as("%s holds no token", file.getFileName())
            .doesNotContain(token);
      }
    }
    assertThat(folder.resolve("pid")).exists();

    Bridge next = bridge(home, dir, null, env);
    opens(next);

    assertThat(folder).as("the next bridge removed the folder nobody uses").doesNotExist();
    try (var folders = Files.list(tmp)) {
      assertThat(folders.toList()).as("the next bridge's own").hasSize(1);
    }
  }

  @Test
  void theSessionsStreamRenewedResumesAfterTheLastEventItPassedOnAndRepeatsNone() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    startGateway(home);
    Bridge bridge = bridge(home, dir, null, Map.of("GATEWAY_MCP_BRIDGE_RENEW", "1"));
    bridge.send(INITIALIZE);
    bridge.answer(1);
    bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    SessionInfo session = session("agent:" + McpBridgeToken.CLIENT);
    // Two changes passed on before the renewals, each its own event.
    for (String tool : List.of("greet", "wave")) {
      toClose.add(
          WsProvider.bound(
              running.url(),
              running.gateway().credentials().providerToken(),
              session.id(),
              tool + "-provider",
              WsProvider.tools(tool)));
      bridge.next(m -> "notifications/tools/list_changed".equals(m.path("method").asText()));
    }

    // Two renewals: each stream's curl ends at its time limit and the next takes over.
    for (int renewal = 0; renewal < 2; renewal++) {
      streamCurl(bridge).onExit().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
    List<JsonNode> before = bridge.until(m -> m.path("id").asInt(-1) == 3);
    List<String> tools = new ArrayList<>();
    before
        .get(before.size() - 1)
        .at("/result/tools")
        .forEach(t -> tools.add(t.get("name").asText()));
    assertThat(tools).containsExactlyInAnyOrder("greet", "wave");
    assertThat(before)
        .as("the changes passed on before the renewals are not sent again after them")
        .noneMatch(m -> m.has("method"));

    // What the gateway sends after a renewal still comes, on the renewed stream.
    toClose.add(
        WsProvider.bound(
            running.url(),
            running.gateway().credentials().providerToken(),
            session.id(),
            "point-provider",
            WsProvider.tools("point")));
    bridge.next(m -> "notifications/tools/list_changed".equals(m.path("method").asText()));
  }

  /** The {@code curl} of the bridge's session stream, once there. */
  private static ProcessHandle streamCurl(Bridge bridge) {
    ProcessHandle[] found = new ProcessHandle[1];
    Await.until(
        WAIT,
        () -> {
          found[0] =
              bridge
                  .process
                  .descendants()
                  .filter(ProcessHandle::isAlive)
                  .filter(p -> p.info().commandLine().orElse("").contains("text/event-stream"))
                  .filter(p -> p.info().commandLine().orElse("").contains("--max-time"))
                  .findFirst()
                  .orElse(null);
          return found[0] != null;
        },
        () -> "the bridge's stream");
    return found[0];
  }

  @Test
  void withNoGatewayTheWindowGoesToTheLaunchersJvmWithItsInitializeFirst() throws Exception {
    Path home = homeWithoutGateway();
    // A stand-in for the launcher: what the JVM's gateway mcp would get, answered as it would.
    Path launcher = dir.resolve("launcher");
    Files.writeString(
        launcher,
        "#!/bin/sh\n"
            + "IFS= read -r first\n"
            + "printf '%s|%s|%s\\n' \"$GATEWAY_MCP_JVM\" \"$*\" \"$first\" >\""
            + dir.resolve("launched")
            + "\"\n"
            + "echo '{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"from\":\"jvm\"}}'\n");
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));

    Bridge bridge = bridge(home, dir, launcher);
    bridge.send(INITIALIZE);

    assertThat(bridge.answer(1).at("/result/from").asText()).isEqualTo("jvm");
    assertThat(Files.readString(dir.resolve("launched")).strip())
        .isEqualTo("1|mcp --home " + home + "|" + INITIALIZE);
  }

  /**
   * Decision 79: the bridge reaches the gateway over the home's socket only, so a port the home
   * names (a crashed gateway's, where another user may listen now) is never connected to, and the
   * token never goes there. Replaces the tests of the look at {@code /proc/net/tcp} that decided
   * whom the token went to when the bridge spoke TCP.
   */
  @Test
  void theBridgeNeverConnectsToThePortTheHomeNames() throws Exception {
    Path home = homeWithoutGateway();
    try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Files.writeString(home.resolve(GatewayHome.PORT_FILE), listener.getLocalPort() + "\n");
      listener.setSoTimeout(1);

      Bridge bridge = bridge(home, dir, null);
      bridge.send(INITIALIZE);

      assertThat(bridge.answer(1).at("/error/message").asText())
          .contains("no gateway's socket of this user at " + home.toRealPath().resolve("mcp.sock"));
      assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      assertThatThrownBy(listener::accept)
          .as("the port was never connected to")
          .isInstanceOf(java.net.SocketTimeoutException.class);
    }
  }

  /**
   * The socket is believed as the hook script believes {@code hook.sock}: this user's, in folders
   * only this user or root could have put it in. One in a folder others may write (not sticky),
   * where another user could have put it, is never connected to; and, as root, neither is another
   * user's socket in the home.
   */
  @Test
  void aSocketAnotherUserCouldHavePutThereIsNeverSentTheToken() throws Exception {
    Path shared = Files.createDirectories(dir.resolve("shared"));
    Path home = Files.createDirectories(shared.resolve("home"));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
    McpBridgeToken.ensure(home, ClientTokens.mcpHttp(home));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    assertThat(aStandInSocketIsNeverConnectedTo(home, false)).contains("no gateway's socket");

    if ("root".equals(System.getProperty("user.name"))) {
      Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
      assertThat(aStandInSocketIsNeverConnectedTo(home, true)).contains("no gateway's socket");
    }
  }

  /**
   * A home with its token, a socket of this user (or, {@code stranger}, of uid 65534) at its {@code
   * mcp.sock} that no gateway serves, and a window's initialize: {@return the error that answers
   * it}, once the window has ended and the socket was never connected to.
   */
  private String aStandInSocketIsNeverConnectedTo(Path home, boolean stranger) throws Exception {
    Path path = home.resolve("mcp.sock");
    Files.deleteIfExists(path);
    try (java.nio.channels.ServerSocketChannel socket =
        java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
      socket.bind(java.net.UnixDomainSocketAddress.of(path));
      socket.configureBlocking(false);
      if (stranger) {
        assertThat(new ProcessBuilder("chown", "65534", path.toString()).start().waitFor())
            .isZero();
      }
      Bridge bridge = bridge(home, dir, null);
      bridge.send(INITIALIZE);
      String error = bridge.answer(1).at("/error/message").asText();
      assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      assertThat(socket.accept()).as("the socket was never connected to").isNull();
      return error;
    }
  }

  /**
   * A gateway gone mid-session (stopped: its socket removed) is looked for nowhere else: each
   * request is answered with an error at once, and the session's end sends nothing, not even to a
   * listener on the gateway's old port. Replaces the test of another user taking that port, which
   * the look at {@code /proc/net/tcp} before each message kept from the token.
   */
  @Test
  void aGatewayGoneMidSessionIsLookedForOnItsSocketOnly() throws Exception {
    Bridge bridge = initializedWindow(dir);
    int port = running.port();
    running.close();
    running = null;
    try (ServerSocket listener = new ServerSocket()) {
      listener.setReuseAddress(true);
      listener.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      listener.setSoTimeout(1);

      bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
      assertThat(bridge.answer(2).at("/error/message").asText())
          .contains("no gateway of this user listens");
      bridge.process.getOutputStream().close(); // the session's end: no DELETE anywhere
      assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      assertThatThrownBy(listener::accept)
          .as("the old port was never connected to")
          .isInstanceOf(java.net.SocketTimeoutException.class);
    }
  }

  @Test
  void withNoGatewayAndNoLauncherTheInitializeFailsWithAJsonRpcErrorSayingWhy() throws Exception {
    Path home = homeWithoutGateway();

    Bridge bridge = bridge(home, dir, null);
    bridge.send(INITIALIZE);

    JsonNode error = bridge.answer(1).path("error");
    assertThat(error.path("code").asInt()).isEqualTo(-32000);
    assertThat(error.path("message").asText())
        .contains("no gateway's socket of this user at " + home.toRealPath().resolve("mcp.sock"));
    assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(new String(bridge.process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
        .contains("no gateway's socket");
  }

  /**
   * An agent stopping its window (SIGTERM) while the gateway does not answer (stopped, or hung) is
   * obeyed: the session's {@code DELETE} gets its 5 s and the requests under way are not waited for
   * (the review found the window alive until the gateway came back).
   */
  @Test
  void aWindowStoppedWhileItsGatewayHangsEndsWithoutWaitingForIt() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    try (RpcApp hung = RpcApp.startProcess(home, dir.resolve("gateway.err"), "--port", "0")) {
      Bridge bridge = bridge(home, dir, null);
      bridge.send(INITIALIZE);
      bridge.answer(1);
      String pid = Long.toString(hung.pid());
      assertThat(new ProcessBuilder("kill", "-STOP", pid).start().waitFor()).isZero();
      try {
        bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
        bridge.process.destroy(); // SIGTERM, as an agent stops its MCP server

        assertThat(bridge.process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS))
            .as("the window ended while its gateway was stopped")
            .isTrue();
      } finally {
        new ProcessBuilder("kill", "-CONT", pid).start().waitFor();
      }
    }
  }

  /**
   * A gateway that opened a request's event stream and then went silent (frozen mid-answer: the
   * gateway's stream primed, no answer after) costs the request an error within the bound: the
   * stream's end at curl's time limit is not taken for an answer (it was, and the request was
   * dropped with no word). A stand-in gateway on the home's socket, so that the freeze falls after
   * the stream opened every time.
   */
  @Test
  void aRequestWhoseEventStreamOpensAndGoesSilentIsAnsweredWithAnErrorWithinTheBound()
      throws Exception {
    Path home = homeWithoutGateway();
    StubSocket.Reply initialized =
        StubSocket.Reply.http(
            "200 OK",
            "Content-Type: application/json\r\nMcp-Session-Id: stand-in\r\n",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"serverInfo\":{\"name\":\"provider-gateway\","
                + "\"version\":\"0\"}}}");
    StubSocket.Reply accepted = StubSocket.Reply.http("202 Accepted", "", "");
    try (StubSocket gateway =
        StubSocket.serving(
            home.resolve("mcp.sock"),
            request -> {
              if (request.contains("\"initialize\"")) {
                return initialized;
              }
              if (request.startsWith("GET") || request.contains("\"tools/list\"")) {
                return StubSocket.Reply.eventsThenSilence("id: 2-1\ndata:\n\n");
              }
              return accepted;
            })) {
      Bridge bridge = bridge(home, dir, null, Map.of("GATEWAY_BRIDGE_TIMEOUT", "2"));
      bridge.send(INITIALIZE);
      assertThat(bridge.answer(1).has("result")).isTrue();
      bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");

      JsonNode error = bridge.answer(2).path("error");
      assertThat(error.path("code").asInt()).as(error.toString()).isEqualTo(-32000);
      assertThat(error.path("message").asText()).contains("no answer from");
    }
  }

  /**
   * A gateway that took the initialize and has not answered it by the bound (a fresh one's first on
   * a loaded machine, or one frozen) costs the initialize an error that says so: the bound, and the
   * gateway busy or frozen, not "no gateway answers", which sent whoever read it looking for a
   * gateway that was not running (BusyboxWindowContractTest at load 14 on 2 cores: the window's
   * answer was that error and the gateway opened the session 3 s after it). A stand-in gateway on
   * the home's socket that reads every request and never answers.
   */
  @Test
  void anInitializeTheGatewayTookAndDidNotAnswerInTimeIsAnsweredWithAnErrorNamingTheBound()
      throws Exception {
    Path home = homeWithoutGateway();
    try (StubSocket gateway = StubSocket.serving(home.resolve("mcp.sock"), request -> null)) {
      Bridge bridge = bridge(home, dir, null, Map.of("GATEWAY_BRIDGE_TIMEOUT", "2"));
      bridge.send(INITIALIZE);

      JsonNode error = bridge.answer(1).path("error");
      assertThat(gateway.firstRequest()).isCompleted();
      assertThat(error.path("message").asText())
          .as(error.toString())
          .contains("no answer to initialize from ")
          .contains(" within 2 s (GATEWAY_BRIDGE_TIMEOUT): the gateway is busy or frozen")
          .doesNotContain("no gateway answers");
    }
  }

  /**
   * The error answers the message's own id: the TypeScript SDK (Claude Code's) writes it after the
   * params, where a tool's arguments or a {@code _meta} may hold an {@code "id"} of their own.
   */
  @Test
  void anErrorAnswersTheMessagesOwnIdWhereverItStandsAndWhateverIdsItsParamsHold()
      throws Exception {
    Bridge bridge = bridge(homeWithoutGateway(), dir, null);
    bridge.send(
        "{\"method\":\"initialize\",\"params\":{\"_meta\":{\"id\":\"trace-42\"},"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":"
            + "\"claude-code\",\"version\":\"2.1\"},\"x\":\"a \\\"id\\\": 9\"},\"jsonrpc\":\"2.0\","
            + "\"id\":0}");

    JsonNode error = bridge.next(m -> true);
    assertThat(error.path("id").isInt()).as(error.toString()).isTrue();
    assertThat(error.path("id").asInt()).isZero();
    assertThat(error.path("error").path("code").asInt()).isEqualTo(-32000);
  }

  /**
   * Agents pass on the person's environment, where {@code http_proxy} is common; curl honours it
   * for 127.0.0.1 too, and would send the token to the proxy (and read its {@code ~/.curlrc}).
   */
  @Test
  void aProxyInTheAgentsEnvironmentIsNeverSentTheToken() throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    startGateway(home);
    try (ServerSocket proxy = new ServerSocket(0)) {
      proxy.setSoTimeout(1);
      String at = "http://127.0.0.1:" + proxy.getLocalPort();
      Bridge bridge =
          bridge(home, dir, null, Map.of("http_proxy", at, "all_proxy", at, "HTTP_PROXY", at));
      bridge.send(INITIALIZE);
      assertThat(bridge.answer(1).at("/result/serverInfo/name").asText())
          .isEqualTo("provider-gateway");
      bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
      assertThat(bridge.answer(2).has("result")).isTrue();

      assertThatThrownBy(proxy::accept)
          .as("the proxy was never connected to")
          .isInstanceOf(java.net.SocketTimeoutException.class);
    }
  }

  // ---- the parts ----

  private void startGateway(Path home) throws Exception {
    startGateway(home, "0");
  }

  private void startGateway(Path home, String port) throws Exception {
    running =
        RunningGateway.start(
            Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", port),
            new GatewayListener() {});
    running
        .gateway()
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void sessionStarted(SessionInfo session) {
                startedBy(session.openedBy()).complete(session);
              }

              @Override
              public void sessionEnding(String sessionId, Duration deadline) {
                endedOf(sessionId).complete(null); // its providers then have the deadline to go
              }
            });
  }

  /** A home with a token file, no socket, and a port where nothing listens. */
  private Path homeWithoutGateway() throws IOException {
    Path home = Files.createDirectories(dir.resolve("home"));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
    ClientTokens tokens = ClientTokens.mcpHttp(home);
    McpBridgeToken.ensure(home, tokens);
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    Files.writeString(home.resolve(GatewayHome.PORT_FILE), closed + "\n");
    return home;
  }

  private CompletableFuture<SessionInfo> startedBy(String openedBy) {
    return started.computeIfAbsent(String.valueOf(openedBy), k -> new CompletableFuture<>());
  }

  private CompletableFuture<Void> endedOf(String sessionId) {
    return ended.computeIfAbsent(sessionId, k -> new CompletableFuture<>());
  }

  private SessionInfo session(String openedBy) throws Exception {
    return startedBy(openedBy).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Claude Code's HTTP hook for {@code git push}, from {@code cwd}. */
  private CompletableFuture<HttpResponse<String>> hook(Path home, Path cwd) throws IOException {
    String token = ClientTokens.hooks(home).issue("claude");
    ObjectNode body;
    try (InputStream in =
        McpBridgeTest.class.getResourceAsStream("/hooks/claude-bash-git-push.json")) {
      body = (ObjectNode) JSON.readTree(in);
    }
    body.put("cwd", cwd.toString());
    return http.sendAsync(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + running.port() + "/hooks/claude"))
            .timeout(WAIT)
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + token)
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Initializes the window, and lists its tools: the gateway's, a list. */
  private static void opens(Bridge bridge) throws Exception {
    bridge.send(INITIALIZE);
    assertThat(bridge.answer(1).at("/result/serverInfo/name").asText())
        .isEqualTo("provider-gateway");
    bridge.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    bridge.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    assertThat(bridge.answer(2).at("/result/tools").isArray()).isTrue();
  }

  /** A gateway in a new home, and a window on it started in {@code cwd}, initialized. */
  private Bridge initializedWindow(Path cwd) throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    startGateway(home);
    Bridge bridge = bridge(home, cwd, null);
    bridge.send(INITIALIZE);
    bridge.answer(1);
    return bridge;
  }

  /** The bridge started as an agent starts its MCP server: in {@code cwd}, on pipes. */
  private Bridge bridge(Path home, Path cwd, Path launcher) throws IOException {
    return bridge(home, cwd, launcher, Map.of());
  }

  /** The bridge with {@code env} added to its environment. */
  private Bridge bridge(Path home, Path cwd, Path launcher, Map<String, String> env)
      throws IOException {
    return bridge(List.of(), home, cwd, launcher, env);
  }

  /**
   * The bridge run by the command {@code before} (setsid, for a process group of its own), with
   * {@code env} added to its environment; its temporary folder is the test's unless {@code env}
   * names another, so that no test touches this machine's {@code /tmp}.
   */
  private Bridge bridge(
      List<String> before, Path home, Path cwd, Path launcher, Map<String, String> env)
      throws IOException {
    List<String> command = new ArrayList<>(before);
    command.addAll(List.of("/bin/sh", SCRIPT.toString(), "--home", home.toString()));
    ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
    builder.environment().put("HOME", dir.toString());
    builder.environment().put("TMPDIR", Files.createDirectories(dir.resolve("tmp")).toString());
    builder.environment().remove("GATEWAY_BRIDGE_LAUNCHER");
    if (launcher != null) {
      builder.environment().put("GATEWAY_BRIDGE_LAUNCHER", launcher.toString());
    }
    builder.environment().putAll(env);
    Process process = builder.start();
    Bridge bridge = new Bridge(process);
    toClose.add(bridge);
    return bridge;
  }

  /** A running bridge: its stdin, and the messages of its stdout as they come. */
  private static final class Bridge implements AutoCloseable {
    final Process process;
    private final OutputStream in;
    private final BlockingQueue<JsonNode> out = new LinkedBlockingQueue<>();

    Bridge(Process process) {
      this.process = process;
      this.in = process.getOutputStream();
      Thread reader =
          new Thread(
              () -> {
                try (BufferedReader lines =
                    new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                  for (String line; (line = lines.readLine()) != null; ) {
                    out.add(JSON.readTree(line));
                  }
                } catch (IOException ended) {
                  // the process is gone
                }
              },
              "bridge-stdout");
      reader.setDaemon(true);
      reader.start();
    }

    void send(String line) throws IOException {
      in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    }

    JsonNode next(Predicate<JsonNode> wanted) throws InterruptedException {
      return next(wanted, WAIT);
    }

    JsonNode next(Predicate<JsonNode> wanted, Duration wait) throws InterruptedException {
      long deadline = System.nanoTime() + wait.toNanos();
      while (true) {
        JsonNode message = out.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        assertThat(message).as("a message from the bridge within %s", wait).isNotNull();
        if (wanted.test(message)) {
          return message;
        }
      }
    }

    /** The messages up to the first {@code last} accepts, that one included. */
    List<JsonNode> until(Predicate<JsonNode> last) throws InterruptedException {
      List<JsonNode> seen = new ArrayList<>();
      JsonNode message;
      do {
        message = next(m -> true);
        seen.add(message);
      } while (!last.test(message));
      return seen;
    }

    JsonNode answer(int id) throws InterruptedException {
      return answer(id, WAIT);
    }

    JsonNode answer(int id, Duration within) throws InterruptedException {
      return next(m -> m.path("id").asInt(-1) == id && !m.has("method"), within);
    }

    /**
     * Ends the bridge as an agent does (SIGTERM) and waits, boundedly, for it and the processes it
     * started: its trap deletes the session and removes its temporary folder, which is in the
     * test's own folder, and JUnit removes that folder next; a bridge still cleaning up made that
     * removal fail now and then.
     */
    @Override
    public void close() throws InterruptedException {
      List<ProcessHandle> started = process.descendants().toList();
      process.destroy();
      if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      for (ProcessHandle child : started) { // curl, the stream's loop: each ends with the bridge
        child.onExit().completeOnTimeout(child, WAIT.toMillis(), TimeUnit.MILLISECONDS).join();
        child.destroyForcibly();
      }
    }
  }
}
