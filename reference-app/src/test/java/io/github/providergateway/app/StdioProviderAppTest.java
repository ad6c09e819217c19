package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Providers over stdio, end to end (issue 21, X-STDIO-11..14): the app (in this JVM) with a {@code
 * --config} whose entries are the very files of {@code examples/stdio} (the Python one, standard
 * library only; the bash one, with jq), each tool called through {@code --rpc}; a stray line
 * answered with an {@code error}; the session's end stopping the process. What the engine does with
 * a stdio entry killed mid-call, ended by SIGTERM or leaving a grandchild is shown in
 * ProjectProvidersTest, on the gateway fixture.
 */
@Tag("process")
class StdioProviderAppTest {

  private static final String PYTHON = "python3";

  @TempDir Path tmp;

  private static Path examples() {
    return Interop.repoRoot().resolve("examples/stdio");
  }

  /** Skips the test, saying why, when jq is not installed (.ci/run installs it where it can). */
  private static void assumeJq() {
    boolean runs;
    try {
      Process jq = new ProcessBuilder("jq", "--version").redirectErrorStream(true).start();
      runs = jq.waitFor(10, TimeUnit.SECONDS) && jq.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      runs = false;
    }
    assumeTrue(
        runs, "jq is not installed: the bash stdio provider (examples/stdio/shout.sh) is not run");
  }

  private Path config(String entries) throws IOException {
    Path config = tmp.resolve("providers.json");
    Files.writeString(config, "{\"providers\":[" + entries + "]}");
    return config;
  }

  private static String entry(String name, List<String> command) {
    return entry(name, command, Map.of());
  }

  private static String entry(String name, List<String> command, Map<String, String> env) {
    StringBuilder json =
        new StringBuilder(
            "{\"name\":\""
                + name
                + "\",\"transport\":\"stdio\",\"cwd\":\""
                + examples()
                + "\",\"command\":[");
    for (int i = 0; i < command.size(); i++) {
      json.append(i == 0 ? "" : ",")
          .append('"')
          .append(command.get(i).replace("\"", "\\\""))
          .append('"');
    }
    json.append("],\"env\":{");
    env.forEach(
        (key, value) ->
            json.append(json.charAt(json.length() - 1) == '{' ? "" : ",")
                .append('"')
                .append(key)
                .append("\":\"")
                .append(value)
                .append('"'));
    return json.append("}}").toString();
  }

  /**
   * The app in this JVM (the stdio carrier's process-level smoke is ManyAgentsOneGatewayTest): what
   * is shown here is what the app does with its children, not how it starts.
   */
  private RpcApp start(Path config) {
    return RpcApp.start(
        tmp.resolve("home"), Map.of("GATEWAY_LOG_LEVEL", "INFO"), "--config", config.toString());
  }

  private static String call(String session, String tool, String args) {
    return "{\"cmd\":\"tool.call\",\"sessionId\":\""
        + session
        + "\",\"tool\":\""
        + tool
        + "\",\"args\":"
        + args
        + "}";
  }

  private static void awaitTools(RpcApp app, String... tools) {
    app.awaitEvent(
        "tools.changed",
        event -> {
          String names = event.get("tools").toString();
          return List.of(tools).stream().allMatch(tool -> names.contains("\"" + tool + "\""));
        });
  }

  private Path providerLog(String name) {
    return tmp.resolve("home").resolve("logs").resolve(name + ".log");
  }

  /** The live process of the app whose command line ends with {@code script}. */
  private static Optional<ProcessHandle> child(RpcApp app, String script) {
    return app.descendants()
        .filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().orElse("").contains(script))
        .findFirst();
  }

  private static void awaitGone(RpcApp app, String script) {
    Await.until(RpcApp.WAIT, () -> child(app, script).isEmpty(), () -> script + " has gone");
  }

  /**
   * Waits for {@code line} in a provider's log: the gateway copies a child's stderr there and notes
   * its exit when it hears of it, each a moment after the child wrote or went.
   */
  private static void awaitLogged(Path log, String line) {
    Await.until(
        RpcApp.WAIT,
        () -> Files.readString(log).contains(line),
        () -> log + " has '" + line + "': " + read(log));
  }

  private static String read(Path log) {
    try {
      return Files.readString(log);
    } catch (IOException unreadable) {
      return unreadable.toString();
    }
  }

  @Test
  void thePythonExampleServesItsToolsOverStdioWithProjectTrust() throws IOException {
    try (RpcApp app = start(config(entry("greeter", List.of(PYTHON, "greet.py"))))) {
      String session = app.startSession();
      awaitTools(app, "greet", "wait");

      JsonNode greeted = app.request(call(session, "greet", "{\"name\":\"Ada\"}"));
      JsonNode listed = app.request("{\"cmd\":\"providers.list\"}");

      assertThat(greeted.at("/outcome/data").asText())
          .as(greeted.toString())
          .isEqualTo("Hello, Ada!");
      app.awaitEvent("session.log", line -> line.path("message").asText().equals("Greeted Ada"));
      assertThat(listed.get("providers").toString())
          .contains("\"name\":\"greeter\"")
          .contains("\"trust\":\"project\"")
          .contains(session);
    }
  }

  /**
   * Issue 34: one config entry runs for every session, however many, each run a provider of its own
   * session (decision 40): the Python example over stdio and the Node guardrail over WebSocket
   * (which binds to {@code TAP_SESSION}, the session it was started for), for a second session as
   * for the first; ending the second stops only what was started for it.
   */
  @Test
  void everySessionGetsEachConfigProviderAndEndingOneStopsOnlyItsOwn() throws Exception {
    Path node = Interop.nodeExamples();
    String websocketEntry =
        "{\"name\":\"ci-guard\",\"cwd\":\"" + node + "\",\"command\":[\"node\",\"guardrail.mjs\"]}";
    try (RpcApp app =
        start(config(entry("greeter", List.of(PYTHON, "greet.py")) + "," + websocketEntry))) {
      String first = app.startSession();
      awaitTools(app, "greet", "wait");
      JsonNode second =
          app.request("{\"cmd\":\"session.start\",\"label\":\"second\",\"cwd\":\"/code/second\"}");
      String secondId = second.get("sessionId").asText();

      app.awaitEvent(
          "tools.changed",
          event ->
              event.path("sessionId").asText().equals(secondId)
                  && event.get("tools").toString().contains("\"greet\""));
      JsonNode listed =
          Await.value(
              RpcApp.WAIT,
              () -> {
                JsonNode providers = app.request("{\"cmd\":\"providers.list\"}");
                return count(providers, secondId) < 2 ? null : providers;
              },
              () -> "both providers of " + secondId + " listed");
      JsonNode greeted = app.request(call(secondId, "greet", "{\"name\":\"Bo\"}"));

      assertThat(count(listed, first)).as(listed.toString()).isEqualTo(2);
      assertThat(count(listed, secondId)).as(listed.toString()).isEqualTo(2);
      assertThat(greeted.at("/outcome/data").asText())
          .as(greeted.toString())
          .isEqualTo("Hello, Bo!");
      assertThat(app.lines().toString()).doesNotContain("DUPLICATE_INSTANCE");

      app.request(
          "{\"cmd\":\"session.end\",\"sessionId\":\"" + secondId + "\",\"deadlineMs\":2000}");
      JsonNode after = app.request("{\"cmd\":\"providers.list\"}");
      assertThat(count(after, secondId)).isZero();
      assertThat(count(after, first)).as("the first session keeps its own").isEqualTo(2);
    }
  }

  /**
   * Issue 34, item 4: a one-shot MCP client (the MCP Java SDK's, over the HTTP front door)
   * initializes and lists the tools at once, as {@code mcp-inspector --cli --method tools/list}
   * does; the answer waits until the providers the gateway started for its session have bound, so
   * it lists the config's tools instead of none, and a call of one of them runs.
   *
   * <p>On the manual clock, greeter held at its start until the list is waiting: the list waits for
   * it however long its start takes. On the real clock it raced the front door's own bound on that
   * wait (2 s, {@code AgentSession.SETTLE_WAIT}, next test): {@code python3} through pyenv's shim
   * took 1.3 to 1.5 s to start on the 2-core machine at load 5, and at load 7 to 10 greeter bound
   * after the bound and the first list was empty (2026-12-02; the call's wait of 2026-11-27 came
   * from the same start).
   */
  @Test
  void aOneShotMcpClientSeesTheConfigProvidersToolsInItsFirstList() throws Exception {
    withTheFirstListRead(
        (listing, client, clock, gate) -> {
          assertThat(listing).as("held while greeter starts").isNotDone();

          open(gate);
          McpSchema.ListToolsResult listed = listing.get(RpcApp.WAIT.toSeconds(), TimeUnit.SECONDS);
          McpSchema.CallToolResult greeted = greet(client);

          assertThat(listed.tools()).extracting(McpSchema.Tool::name).contains("greet", "wait");
          assertThat(greeted.content().toString()).contains("Hello, Ada!");
        });
  }

  /**
   * What that client was told on a loaded machine, on the manual clock: a provider still starting
   * when the front door's bound on the first list passes (2 s, not a tick earlier) is not in that
   * list, whose tools come later as {@code list_changed}; a call of one of its tools waits for it
   * ({@code AgentSession.CALL_SETTLE_WAIT}) and runs.
   */
  @Test
  void aProviderStillStartingAtTheFirstListsBoundIsLeftOutButACallOfItsToolRuns() throws Exception {
    withTheFirstListRead(
        (listing, client, clock, gate) -> {
          clock.advance(Duration.ofMillis(1_999));
          assertThat(listing).as("a tick before the bound").isNotDone();
          clock.advance(Duration.ofMillis(1));
          McpSchema.ListToolsResult listed = listing.get(RpcApp.WAIT.toSeconds(), TimeUnit.SECONDS);

          open(gate);
          McpSchema.CallToolResult greeted = greet(client);

          assertThat(listed.tools())
              .extracting(McpSchema.Tool::name)
              .doesNotContain("greet", "wait");
          assertThat(greeted.content().toString()).contains("Hello, Ada!");
        });
  }

  /**
   * What a test does once a one-shot client's first list was read ({@link #withTheFirstListRead}).
   */
  @FunctionalInterface
  private interface FirstListRead {
    void run(
        CompletableFuture<McpSchema.ListToolsResult> listing,
        McpSyncClient client,
        ManualClock clock,
        Path gate)
        throws Exception;
  }

  /**
   * Runs {@code test} against the app on the manual clock with the greeter of its config held at
   * its start by a gate ({@link #greeterHeldAt}): a one-shot client has initialized and sent its
   * first {@code tools/list}, and the front door has read it, which armed its bound on the list's
   * wait and started the session's providers; the client is closed after.
   */
  private void withTheFirstListRead(FirstListRead test) throws Exception {
    ManualClock clock = new ManualClock();
    Path gate = gate();
    try (RpcApp app = startOnClock(clock, config(greeterHeldAt(gate)))) {
      McpSyncClient client = oneShotClient(app);
      try {
        client.initialize();
        CompletableFuture<McpSchema.ListToolsResult> listing =
            CompletableFuture.supplyAsync(client::listTools);
        Await.until(
            RpcApp.WAIT,
            () -> child(app, gate.toString()).isPresent(),
            () -> "greeter held at " + gate);
        test.run(listing, client, clock, gate);
      } finally {
        client.closeGracefully();
      }
    }
  }

  /** {@link #start}, with every timer of the app on {@code clock}. */
  private RpcApp startOnClock(ManualClock clock, Path config) {
    return RpcApp.startOnClock(tmp.resolve("home"), clock, "--config", config.toString());
  }

  /** A FIFO that a provider held at its start waits to read a line from ({@link #open}). */
  private Path gate() throws IOException, InterruptedException {
    Path gate = tmp.resolve("gate");
    Process mkfifo = new ProcessBuilder("mkfifo", gate.toString()).inheritIO().start();
    assertThat(mkfifo.waitFor(RpcApp.WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(mkfifo.exitValue()).as("mkfifo " + gate).isZero();
    return gate;
  }

  /** The Python greeter, its start held by a shell until {@code gate} is opened. */
  private static String greeterHeldAt(Path gate) {
    return entry(
        "greeter",
        List.of("sh", "-c", "read go < \"$0\" && exec " + PYTHON + " greet.py", gate.toString()));
  }

  /**
   * Lets the provider held at {@code gate} start. Opening a FIFO to write waits for its reader,
   * which the held shell is, within {@link RpcApp#WAIT}.
   */
  private static void open(Path gate) throws Exception {
    CompletableFuture.runAsync(
            () -> {
              try {
                Files.writeString(gate, "go\n");
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            })
        .get(RpcApp.WAIT.toSeconds(), TimeUnit.SECONDS);
  }

  /**
   * The MCP Java SDK's client as {@code mcp-inspector --cli} is one, over Streamable HTTP on the
   * app's {@code /mcp} with a front-door token of its own; not yet initialized.
   */
  private McpSyncClient oneShotClient(RpcApp app) {
    String token = ClientTokens.mcpHttp(tmp.resolve("home")).issue("inspector");
    return McpClient.sync(
            HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + app.url().getPort())
                .endpoint("/mcp")
                .httpRequestCustomizer(
                    (request, method, uri, body, context) ->
                        request.header("Authorization", "Bearer " + token))
                .build())
        .clientInfo(new McpSchema.Implementation("mcp-inspector-cli", "0.15"))
        .requestTimeout(RpcApp.WAIT.multipliedBy(3))
        .build();
  }

  private static McpSchema.CallToolResult greet(McpSyncClient client) {
    return client.callTool(new McpSchema.CallToolRequest("greet", Map.of("name", "Ada")));
  }

  /** How many providers {@code providers.list} shows bound to {@code session}. */
  private static int count(JsonNode listed, String session) {
    int count = 0;
    for (JsonNode provider : listed.get("providers")) {
      if (provider.get("sessions").toString().contains("\"" + session + "\"")) {
        count++;
      }
    }
    return count;
  }

  /** A stdio run is told its session as a WebSocket run is: {@code TAP_SESSION}, its id. */
  @Test
  void aStdioProviderIsToldItsSessionInTapSession() throws IOException {
    Path reporter = tmp.resolve("session_reporter.py");
    Files.writeString(
        reporter,
        String.join(
            "\n",
            "import json, os, sys",
            "def send(m): print(json.dumps(m), flush=True)",
            "send({'type': 'hello', 'name': 'reporter', 'protocolVersion': 2,",
            "      'tools': [{'name': 'my_session', 'description': 'TAP_SESSION', 'parameters': {'type': 'object'}}]})",
            "for line in sys.stdin:",
            "    msg = json.loads(line)",
            "    if msg.get('type') == 'tool.call':",
            "        send({'type': 'tool.result', 'id': msg['id'], 'data': os.environ.get('TAP_SESSION')})",
            "    elif msg.get('type') == 'session.lifecycle' and msg.get('state') == 'shutdown.pending':",
            "        send({'type': 'goodbye'})",
            ""));
    try (RpcApp app = start(config(entry("reporter", List.of(PYTHON, reporter.toString()))))) {
      String session = app.startSession();
      awaitTools(app, "my_session");

      JsonNode told = app.request(call(session, "my_session", "{}"));

      assertThat(told.at("/outcome/data").asText()).as(told.toString()).isEqualTo(session);
    }
  }

  @Test
  void theJqExampleServesItsToolOverStdio() throws IOException {
    assumeJq();
    try (RpcApp app = start(config(entry("shouter", List.of("bash", "shout.sh"))))) {
      String session = app.startSession();
      awaitTools(app, "shout");

      JsonNode shouted = app.request(call(session, "shout", "{\"text\":\"hello, gateway\"}"));

      assertThat(shouted.at("/outcome/data").asText())
          .as(shouted.toString())
          .isEqualTo("HELLO, GATEWAY");
    }
  }

  @Test
  void aStrayLineOnStdoutGetsAnErrorAndBothExamplesGoOn() throws IOException {
    assumeJq();
    String stray = "echo 'Starting up...'; exec ";
    Path config =
        config(
            entry("greeter", List.of("sh", "-c", stray + PYTHON + " greet.py"))
                + ","
                + entry("shouter", List.of("sh", "-c", stray + "bash shout.sh")));
    // Its own process: the gateway's log, on its stderr, is part of what is shown.
    try (RpcApp app =
        RpcApp.startProcess(
            tmp.resolve("home"),
            tmp.resolve("gateway.log"),
            Map.of("GATEWAY_LOG_LEVEL", "INFO"),
            "--port",
            "0",
            "--config",
            config.toString())) {
      String session = app.startSession();
      awaitTools(app, "greet", "shout");

      assertThat(
              app.request(call(session, "greet", "{\"name\":\"Ada\"}"))
                  .at("/outcome/data")
                  .asText())
          .isEqualTo("Hello, Ada!");
      assertThat(
              app.request(call(session, "shout", "{\"text\":\"ok\"}")).at("/outcome/data").asText())
          .isEqualTo("OK");
      awaitLogged(providerLog("greeter"), "greet.py: the gateway refused a line: INVALID_JSON");
      awaitLogged(providerLog("shouter"), "shout.sh: the gateway refused a line: INVALID_JSON");
      // The gateway's log, at INFO.
      app.awaitStderr("(stdio greeter (pid", "(stdio shouter (pid", "INVALID_JSON not valid JSON");
    }
  }

  @Test
  void theAppStoppingKillsAStdioProviderThatIgnoresItsStdinAndSigterm() throws IOException {
    String stubborn =
        "trap '' TERM INT; echo '{\"type\":\"hello\",\"name\":\"stubborn\",\"protocolVersion\":2}'; "
            + "while :; do sleep 1; done";
    ProcessHandle provider;
    try (RpcApp app = start(config(entry("stubborn", List.of("sh", "-c", stubborn))))) {
      app.startSession();
      app.awaitEvent("provider.connected", event -> event.path("name").asText().equals("stubborn"));
      provider = child(app, "trap").orElseThrow();

      app.send("{\"cmd\":\"shutdown\",\"deadlineMs\":300}");
      assertThat(app.awaitExit()).isZero();
    }
    assertThat(provider.onExit())
        .as("killed with the app, not left behind")
        .succeedsWithin(RpcApp.WAIT);
  }

  @Test
  void theSessionsEndStopsBothExamples() throws IOException {
    assumeJq();
    Path config =
        config(
            entry("greeter", List.of(PYTHON, "greet.py"))
                + ","
                + entry("shouter", List.of("bash", "shout.sh")));
    try (RpcApp app = start(config)) {
      String session = app.startSession();
      awaitTools(app, "greet", "shout");
      assertThat(child(app, "greet.py")).isPresent();
      assertThat(child(app, "shout.sh")).isPresent();

      JsonNode ended =
          app.request(
              "{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\",\"deadlineMs\":5000}");

      assertThat(ended.get("ok").asBoolean()).as(ended.toString()).isTrue();
      awaitGone(app, "greet.py");
      awaitGone(app, "shout.sh");
      awaitLogged(providerLog("greeter"), "exited with code 0");
      awaitLogged(providerLog("shouter"), "exited with code 0");
    }
  }
}
