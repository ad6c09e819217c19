package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an agent's stdio MCP window promises, whichever window it is (issue 63): the shell window
 * ({@code gateway-mcp-bridge.sh}, relaying to the gateway's Streamable HTTP front door) under each
 * POSIX shell it runs in, and the JVM's ({@code gateway mcp} with {@code GATEWAY_MCP_JVM=1}, the
 * {@code McpFrontDoor}), each a real process on a real gateway process: one scenario list, so that
 * the two cannot drift. Every request gets an answer or an error within a bound, whatever the agent
 * sends (a batch, a string id with an escape) and whatever the gateway does (freezes mid-request,
 * stops and starts again); a notification gets none; stdin's end ends the window and its session.
 *
 * <p>The bound is the windows' {@code GATEWAY_BRIDGE_TIMEOUT} (seconds): {@link #BOUND}, the
 * windows' own default, so that no live gateway's answer is cut short here however loaded the
 * machine, and {@link #FROZEN_BOUND} for the windows that meet a frozen gateway on purpose, so that
 * the freeze costs the test seconds; {@link #WITHIN} adds what a process start takes on a loaded
 * machine.
 *
 * <p>A gateway process costs its JVM's start and its cold start (the guard loading its rules: some
 * CPU seconds on 2 cores, where the whole class is its processes' CPU). The scenarios that need no
 * gateway of their own share one per class ({@link #sharedGateway}), and the restart scenario stops
 * it, last; the frozen one starts its own ({@link #gateway}). A scenario on the shared gateway ends
 * its windows by stdin's end, the windows' own end that ends their sessions, and waits until the
 * gateway has no session left, so that the next scenario's "the one session" is its own window's as
 * it was on a fresh gateway; a gateway that keeps one is not shared further.
 */
@Tag("process")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class WindowContract {

  /**
   * The windows' time limit on the gateway, given to them as {@code GATEWAY_BRIDGE_TIMEOUT}: their
   * default (the shell window's 30, and the JVM window's), what an agent's window has. A fresh
   * gateway's first {@code initialize} pays for its cold start (the session's first opening, the
   * MCP server's first request, beside the guard loading its rules): on 2 cores at load 10 to 16 it
   * took 15 to 17 s, where 5 s, this bound before, had the shell window answer it with its error
   * (BusyboxWindowContractTest's two failures in a loaded {@code verify}).
   */
  static final Duration BOUND = Duration.ofSeconds(30);

  /**
   * The bound of the windows that meet a frozen gateway on purpose: short, so that the freeze costs
   * seconds, and twice what a warm gateway's {@code initialize} took at load 14 on 2 cores (5 s,
   * the window's start included). A window with {@link #BOUND} pays for the gateway's cold start
   * first.
   */
  static final Duration FROZEN_BOUND = Duration.ofSeconds(10);

  /** How long an answer may take here: the bound and a slow machine's process start. */
  static final Duration WITHIN = BOUND.plusSeconds(28);

  static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"contract-agent\","
          + "\"version\":\"1.0\"}}}";
  static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  @TempDir Path dir;
  private final List<AutoCloseable> toClose = new ArrayList<>();
  private Path home;

  /** The folder of the class's shared gateway: its home and its stderr. */
  @TempDir static Path sharedDir;

  /** The class's shared gateway once a scenario has started it; test thread only. */
  private static RpcApp shared;

  /** Whether this scenario's windows are on {@link #shared}. */
  private boolean onShared;

  /**
   * The window's command line for {@code home} (the gateway's home); it runs in a project folder of
   * the test's, with {@code HOME} and {@code TMPDIR} the test's too.
   *
   * @param home the gateway's home
   * @return the command that starts the window
   */
  abstract List<String> command(Path home);

  @AfterEach
  void closeAll() throws Exception {
    if (onShared && shared != null) {
      leaveTheSharedGatewayWithoutSessions();
    }
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  @AfterAll
  static void closeTheSharedGateway() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  /**
   * Ends this scenario's windows by stdin's end, waits for them to exit (a shell window removes its
   * temporary folder last: a SIGTERM then could leave it half removed under the test's folder) and
   * then until {@link #shared} has no session. A window or a session that stays past {@link
   * #WITHIN} makes the next scenario start a fresh gateway, so that no scenario meets another's
   * session.
   */
  private void leaveTheSharedGatewayWithoutSessions() throws InterruptedException {
    List<AgentWindow> windows = new ArrayList<>();
    for (AutoCloseable closeable : toClose) {
      if (closeable instanceof AgentWindow window) {
        windows.add(window);
        try {
          window.endInput();
        } catch (IOException e) {
          // the window had ended already: its session with it
        }
      }
    }
    for (AgentWindow window : windows) {
      if (!window.exits(WITHIN)) {
        closeTheSharedGateway(); // not this scenario's rule: the next one starts a fresh gateway
        return;
      }
    }
    try {
      Await.until(
          WITHIN,
          () -> shared.request("{\"cmd\":\"sessions.list\"}").get("sessions").isEmpty(),
          () -> "the shared gateway without sessions");
    } catch (AssertionError stayed) {
      closeTheSharedGateway(); // not this scenario's rule: the next one starts a fresh gateway
    }
  }

  @Test
  void initializeThenToolsListThenToolsCallAreAnswered() throws Exception {
    RpcApp gateway = sharedGateway();
    AgentWindow window = initialized();
    String session = windowSession(gateway);
    WsProvider provider = gateway.provider(session, "greeter", WsProvider.tools("greet"));

    window.next(
        m -> "notifications/tools/list_changed".equals(m.path("method").asText()),
        WITHIN,
        "tools/list_changed");
    window.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    assertThat(window.answer("2", WITHIN).at("/result/tools/0/name").asText()).isEqualTo("greet");
    window.send(
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"greet\","
            + "\"arguments\":{\"name\":\"Ada\"}}}");
    JsonNode call = provider.next("tool.call");
    provider.result(call, "{\"greeting\":\"Hello, Ada!\"}");
    assertThat(window.answer("3", WITHIN).at("/result/content/0/text").asText())
        .isEqualTo("{\"greeting\":\"Hello, Ada!\"}");
  }

  @Test
  void aRequestBeforeInitializeIsAnsweredWithAnErrorAndTheWindowStillOpens() throws Exception {
    sharedGateway();
    AgentWindow window = window();
    window.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}");
    assertThat(window.answer("7", WITHIN).has("error")).isTrue();
    window.send(INITIALIZE);
    opened(window.answer("1", WITHIN));
  }

  /**
   * Both eras of MCP on one window (issue 81, decisions 112 and 116): a {@code server/discover}
   * probe before {@code initialize} is served with the 2026-07-28 revision (and starts the window's
   * session, as a modern agent's window needs; over the shell window a probe's own session, which
   * ends after the handshake-only timeout); the window opens at the {@code initialize} after it as
   * before; a 2026-07-28 request after it is served in the window's one session, with the
   * revision's {@code resultType}.
   */
  @Test
  void aDiscoverProbeIsServedInTheModernEraAndTheWindowStillOpensAtInitialize() throws Exception {
    RpcApp gateway = sharedGateway();
    AgentWindow window = window();
    window.send(
        "{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"server/discover\",\"params\":{"
            + MODERN_META
            + "}}");
    JsonNode probe = window.answer("41", WITHIN);
    assertThat(probe.at("/result/supportedVersions").toString())
        .as(probe.toString())
        .isEqualTo("[\"2026-07-28\"]");
    assertThat(probe.at("/result/ttlMs").asLong()).isPositive();

    window.send(INITIALIZE);
    opened(window.answer("1", WITHIN));
    window.send(INITIALIZED);
    String session = windowSession(gateway);
    window.send(
        "{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/list\",\"params\":{"
            + MODERN_META
            + "}}");
    JsonNode listed = window.answer("42", WITHIN);
    assertThat(listed.at("/result/resultType").asText())
        .as(listed.toString())
        .isEqualTo("complete");
    assertThat(windowSession(gateway)).as("one session for both eras").isEqualTo(session);
  }

  /** The {@code _meta} every 2026-07-28 request carries. */
  static final String MODERN_META =
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{},"
          + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"contract-agent\","
          + "\"version\":\"1.0\"}}";

  /**
   * MCP lets an agent send a request once its {@code initialize} is answered, before its {@code
   * notifications/initialized} (or without one): the request is answered, a {@code ping} at once
   * and a {@code tools/list} in the session it starts; the notification after it changes nothing.
   */
  @Test
  void aRequestAfterInitializeButBeforeInitializedIsAnswered() throws Exception {
    RpcApp gateway = sharedGateway();
    AgentWindow window = window();
    window.send(INITIALIZE);
    opened(window.answer("1", WITHIN));
    window.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
    assertThat(window.answer("2", WITHIN).has("result")).isTrue();
    window.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
    JsonNode listed = window.answer("3", WITHIN);
    assertThat(listed.at("/result/tools").isArray()).as(listed.toString()).isTrue();
    windowSession(gateway);
    window.send(INITIALIZED);
    window.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}");
    assertThat(window.answer("4", WITHIN).has("result")).isTrue();
    assertThat(gateway.request("{\"cmd\":\"sessions.list\"}").get("sessions").size())
        .as("one session for the window")
        .isOne();
  }

  @Test
  void aBatchBeforeInitializeIsAnsweredWithAnError() throws Exception {
    sharedGateway();
    AgentWindow window = window();
    window.send("[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}]");
    JsonNode answer = window.nextAnswer(WITHIN, "an answer to the batch");
    assertThat(answer.path("error").path("code").asInt()).as(answer.toString()).isEqualTo(-32600);
    window.send(INITIALIZE);
    opened(window.answer("1", WITHIN));
  }

  @Test
  void aBatchAfterInitializeIsAnsweredWithAnErrorAndTheWindowGoesOn() throws Exception {
    sharedGateway();
    AgentWindow window = initialized();
    window.send(
        "[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"},"
            + "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\"}]");
    JsonNode answer = window.nextAnswer(WITHIN, "an answer to the batch");
    assertThat(answer.path("error").path("code").asInt()).as(answer.toString()).isEqualTo(-32600);
    window.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}");
    assertThat(window.answer("8", WITHIN).has("result")).isTrue();
  }

  @Test
  void aStringIdWithAnEscapeIsAnsweredWithTheSameIdBeforeAndAfterInitialize() throws Exception {
    sharedGateway();
    AgentWindow window = window();
    window.send("{\"jsonrpc\":\"2.0\",\"id\":\"a\\\"b\",\"method\":\"tools/list\"}");
    assertThat(window.answer("\"a\\\"b\"", WITHIN).has("error")).isTrue();
    window.send(INITIALIZE);
    window.answer("1", WITHIN);
    window.send(INITIALIZED);
    window.send("{\"jsonrpc\":\"2.0\",\"id\":\"c\\\\d\\\"e\",\"method\":\"ping\"}");
    assertThat(window.answer("\"c\\\\d\\\"e\"", WITHIN).has("result")).isTrue();
  }

  @Test
  void aNotificationGetsNoAnswer() throws Exception {
    sharedGateway();
    AgentWindow window = initialized();
    window.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");
    window.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/no-such-thing\"}");
    window.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}");
    JsonNode first = window.nextAnswer(WITHIN, "the ping's answer");
    assertThat(first.path("id").asInt()).as(first.toString()).isEqualTo(9);
  }

  @Test
  void aGatewayFrozenMidRequestCostsAnErrorWithinTheBoundAndNoWindowHangs() throws Exception {
    RpcApp gateway = gateway();
    initialized(BOUND); // the gateway's cold start, paid under the ordinary bound
    AgentWindow window = initialized(FROZEN_BOUND);
    String pid = Long.toString(gateway.pid());
    signal("STOP", pid);
    try {
      window.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}");
      window.answer("4", WITHIN);
      AgentWindow another = window(FROZEN_BOUND);
      another.send(INITIALIZE);
      another.answer("1", WITHIN);
    } finally {
      signal("CONT", pid);
    }
    window.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}");
    JsonNode after = window.answer("5", WITHIN);
    assertThat(after.has("result")).as("the window still works: %s", after).isTrue();
  }

  /**
   * Its first gateway is the shared one, stopped here: the class's last scenario ({@link Order}),
   * so that no scenario after it starts the shared gateway again.
   */
  @Test
  @Order(Integer.MAX_VALUE)
  void aGatewayStartedAgainGetsTheWindowBackAndTheAgentIsToldToolsChanged() throws Exception {
    RpcApp first = sharedGateway();
    AgentWindow window = initialized();
    windowSession(first);
    window.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    window.answer("2", WITHIN);
    closeTheSharedGateway(); // a clean stop: no window starts it again (decision 74)
    RpcApp again = gateway();
    String session = windowSession(again);
    again.provider(session, "greeter", WsProvider.tools("greet"));
    window.next(
        m -> "notifications/tools/list_changed".equals(m.path("method").asText()),
        WITHIN,
        "tools/list_changed after the restart");
    // The window's own list_changed at the renewal may come before the provider's tools: the
    // agent lists again until it has them (what an agent does at the provider's list_changed).
    long deadline = System.nanoTime() + WITHIN.toNanos();
    String listed = "";
    for (int id = 3; !"greet".equals(listed) && System.nanoTime() < deadline; id++) {
      window.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}");
      listed = window.answer(Integer.toString(id), WITHIN).at("/result/tools/0/name").asText();
    }
    assertThat(listed).isEqualTo("greet");
    assertThat(windowErrors())
        .as("the window started no gateway after the clean stop")
        .doesNotContain("starting one")
        .doesNotContain("starting it again");
  }

  @Test
  void stdinsEndEndsTheWindowAndItsSession() throws Exception {
    RpcApp gateway = sharedGateway();
    AgentWindow window = initialized();
    windowSession(gateway);
    window.endInput();
    assertThat(window.exits(WITHIN)).as("the window exited").isTrue();
    Await.value(
        WITHIN,
        () ->
            gateway.request("{\"cmd\":\"sessions.list\"}").get("sessions").isEmpty() ? true : null,
        () -> "the window's session ended: " + gateway.request("{\"cmd\":\"sessions.list\"}"));
  }

  // ---- the parts ----

  /** A gateway process on the test's home, at a port of its own, stopped after the test. */
  RpcApp gateway() throws IOException {
    if (home == null) {
      home = Files.createDirectories(dir.resolve("home"));
    }
    RpcApp gateway = start(home, dir.resolve("gateway-" + toClose.size() + ".err"));
    toClose.add(gateway);
    return gateway;
  }

  /**
   * The class's shared gateway, on a home of its own, started by the first scenario that asks:
   * stopped after the class, and left without sessions after each scenario.
   */
  RpcApp sharedGateway() throws IOException {
    Path sharedHome = sharedDir.resolve("home");
    if (shared == null) {
      shared = start(Files.createDirectories(sharedHome), sharedDir.resolve("gateway.err"));
    }
    home = sharedHome;
    onShared = true;
    return shared;
  }

  /** A gateway process on {@code home}, at a port of its own. */
  private static RpcApp start(Path home, Path stderr) throws IOException {
    // Started with a minute's wait: on a machine other builds load, a JVM's start took over 10 s.
    return RpcApp.startCommand(
        TestJvm.command(Main.class, List.of("--rpc", "--home", home.toString(), "--port", "0")),
        home,
        stderr,
        Map.of(),
        Duration.ofMinutes(1));
  }

  /** A window on the test's home, as an agent starts it: in its project, on pipes. */
  AgentWindow window() throws IOException {
    return window(BOUND);
  }

  /** A window with {@code bound} as its time limit on the gateway. */
  AgentWindow window(Duration bound) throws IOException {
    Path project = Files.createDirectories(dir.resolve("project"));
    ProcessBuilder builder =
        new ProcessBuilder(command(home))
            .directory(project.toFile())
            .redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("window.err").toFile()));
    Map<String, String> env = builder.environment();
    env.put("HOME", dir.toString());
    env.put("TMPDIR", Files.createDirectories(dir.resolve("tmp")).toString());
    env.remove("GATEWAY_BRIDGE_LAUNCHER");
    env.put("GATEWAY_BRIDGE_TIMEOUT", Long.toString(bound.toSeconds()));
    env.put("GATEWAY_LOG_LEVEL", "INFO"); // the JVM window's "starting one", looked for below
    AgentWindow window = new AgentWindow(builder.start(), this::windowErrors);
    toClose.add(window);
    return window;
  }

  /** A window that has had its initialize answered and sent its initialized. */
  AgentWindow initialized() throws Exception {
    return initialized(BOUND);
  }

  /** {@link #initialized()} with {@code bound} as the window's time limit on the gateway. */
  AgentWindow initialized(Duration bound) throws Exception {
    AgentWindow window = window(bound);
    window.send(INITIALIZE);
    JsonNode answer = window.answer("1", WITHIN);
    assertThat(answer.at("/result/serverInfo/name").asText())
        .as("the initialize's answer: %s", answer)
        .isEqualTo("provider-gateway");
    window.send(INITIALIZED);
    return window;
  }

  /** The id of the one session {@code gateway} has, the window's, once it has it. */
  String windowSession(RpcApp gateway) {
    return Await.value(
        WITHIN,
        () -> {
          JsonNode sessions = gateway.request("{\"cmd\":\"sessions.list\"}").get("sessions");
          return sessions.size() == 1 ? sessions.get(0).get("id").asText() : null;
        },
        () ->
            "one session: "
                + gateway.request("{\"cmd\":\"sessions.list\"}")
                + "; the windows' stderr:\n"
                + windowErrors());
  }

  /** Asserts that {@code answer}, an initialize's, is a result. */
  private static void opened(JsonNode answer) {
    assertThat(answer.has("result")).as("a result: %s", answer).isTrue();
  }

  /** What the test's windows wrote to stderr. */
  String windowErrors() {
    try {
      return Files.readString(dir.resolve("window.err"));
    } catch (IOException e) {
      return "(none: " + e + ")";
    }
  }

  private static void signal(String signal, String pid) throws Exception {
    assertThat(new ProcessBuilder("kill", "-" + signal, pid).start().waitFor()).isZero();
  }
}
