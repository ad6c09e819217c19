package io.github.providergateway.federation;

import static io.github.providergateway.federation.TestFiles.await;
import static io.github.providergateway.federation.TestFiles.awaitTrue;
import static io.github.providergateway.federation.TestFiles.read;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.TrustLevel;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP servers of the 2026-07-28 era as providers (issue 81, decision 115), with servers nobody here
 * wrote the protocol of: the TypeScript SDK v2's server ({@code @modelcontextprotocol/server}
 * 2.3.1) over stdio and HTTP, modern-only ({@code legacy: "reject"}) and dual-era, and the MCP Java
 * SDK 2.2.0's modern server over stdio; and a server that refuses both eras, which fails by name
 * and is never restarted. The gateway runs on a manual clock: restarts and the listen stream's
 * re-opening move only when the test says.
 */
@Tag("process")
class ModernProviderTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

  @TempDir Path home;
  private final ManualClock clock = new ManualClock();
  private final RecordingSessionHost host = new RecordingSessionHost();
  private final List<FederatedMcpServer> servers = new ArrayList<>();
  private final List<Process> processes = new ArrayList<>();
  private Gateway gateway;
  private String session;

  @BeforeEach
  void startGateway() throws Exception {
    gateway = Gateway.builder().backend(clock.backend().threaded()).build();
    session = await(gateway.startSession(SessionSpec.of("modern", home.toString()), host)).id();
  }

  @AfterEach
  void stopAll() {
    servers.forEach(server -> server.stop(Duration.ofSeconds(2)));
    processes.forEach(Process::destroyForcibly);
    gateway.close();
  }

  private FederatedMcpServer federate(McpServerConfig config) throws Exception {
    FederatedMcpServer server = start(config);
    await(server.started());
    assertThat(server.status().state()).isEqualTo(FederatedMcpServer.State.RUNNING);
    return server;
  }

  private FederatedMcpServer start(McpServerConfig config) {
    FederatedMcpServer server =
        FederatedMcpServer.start(
            gateway, session, config.withLog(home.resolve(config.name() + ".log")), clock);
    servers.add(server);
    return server;
  }

  // ---- a 2026-07-28-only server: the TypeScript SDK v2 with legacy "reject" ----

  @Test
  void aModernOnlyStdioServerIsProbedAndServedInItsEraWithEveryRequestCarryingTheEnvelope()
      throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    FederatedMcpServer server =
        federate(
            McpServerConfig.stdio(
                "ts", McpServers.teeingStdin(McpServers.modernServer("stdio", "reject"), stdin)));

    assertThat(server.era()).isEqualTo(McpBridge.Era.MODERN);
    assertThat(toolNames()).contains("echo", "refed", "slow", "grow", "ask");
    assertThat(text(call("echo", "{\"text\":\"hello modern\"}"))).isEqualTo("hello modern");
    assertThat(server.status().restarts()).isZero();

    List<JsonNode> sent = lines(stdin);
    assertThat(sent.get(0).path("method").asText()).isEqualTo("server/discover");
    assertThat(sent).noneMatch(line -> line.path("method").asText().equals("initialize"));
    for (JsonNode request : sent) {
      if (request.has("id")) { // every request, not notifications
        JsonNode meta = request.path("params").path("_meta");
        assertThat(meta.path(VERSION_KEY).asText()).as(request.toString()).isEqualTo("2026-07-28");
        assertThat(meta.path("io.modelcontextprotocol/clientInfo").path("name").asText())
            .isEqualTo("provider-gateway");
        assertThat(meta.has("io.modelcontextprotocol/clientCapabilities")).isTrue();
      }
    }
    assertThat(read(home.resolve("ts.log"))).contains("serving it in the 2026-07-28 era");
  }

  @Test
  void aModernServersToolsHaveProjectTrustAndAGateSeesTheirArgumentsAsAnyProvidersTools()
      throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
            "ts", McpServers.teeingStdin(McpServers.modernServer("stdio", "reject"), stdin)));
    ArgsGate gate =
        new ArgsGate(args -> args.path("text").asText().contains("secret"), "no secrets");
    gate.link = gateway.transports().acceptLocal(gate, session);
    gate.link.receive(
        Hello.builder("text-guard")
            .session(session)
            .hooks(
                new Hooks(
                    List.of(HookRule.gate(new HookMatch("echo", null, null, null), "texts")), null))
            .build());

    ToolOutcome denied = call("echo", "{\"text\":\"the secret\"}").outcome();

    assertThat(denied).isEqualTo(new ToolOutcome.Denied("no secrets"));
    assertThat(text(call("echo", "{\"text\":\"plain\"}"))).isEqualTo("plain");
    assertThat(read(stdin)).doesNotContain("the secret");
    ProviderInfo ts =
        await(gateway.providers()).stream()
            .filter(provider -> provider.name().equals("ts"))
            .findFirst()
            .orElseThrow();
    assertThat(ts.trust()).isEqualTo(TrustLevel.PROJECT);
  }

  @Test
  void aModernServerThatCrashesIsRestartedWithTheBackoffAndServedInItsEraAgain() throws Exception {
    FederatedMcpServer server =
        federate(McpServerConfig.stdio("ts", McpServers.modernServer("stdio", "reject")));
    Process first = server.process();

    first.toHandle().destroyForcibly(); // kill -9: a crash, unlike a refusal

    awaitTrue("it restarts", () -> server.status().state() == FederatedMcpServer.State.RESTARTING);
    assertThat(server.status().restarts()).isEqualTo(1);
    assertThat(read(home.resolve("ts.log"))).contains("restarting in 1000 ms");
    clock.advance(Duration.ofSeconds(1));
    await(server.started());
    assertThat(server.era()).isEqualTo(McpBridge.Era.MODERN);
    assertThat(server.process().pid()).isNotEqualTo(first.pid());
    assertThat(text(call("echo", "{\"text\":\"back\"}"))).isEqualTo("back");
  }

  @Test
  void aJsonSchema202012InputSchemaWithRefAndDefsIsEnforcedBeforeTheServerSeesTheCall()
      throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
            "ts", McpServers.teeingStdin(McpServers.modernServer("stdio", "reject"), stdin)));

    ToolOutcome.Failure missingY =
        (ToolOutcome.Failure)
            call("refed", "{\"from\":{\"x\":1},\"to\":{\"x\":3,\"y\":4}}").outcome();
    ToolOutcome.Failure extra =
        (ToolOutcome.Failure)
            call("refed", "{\"from\":{\"x\":1,\"y\":2,\"z\":9},\"to\":{\"x\":3,\"y\":4}}")
                .outcome();
    String sum = text(call("refed", "{\"from\":{\"x\":1,\"y\":2},\"to\":{\"x\":3,\"y\":4}}"));

    assertThat(missingY.code()).isEqualTo(ToolErrorCode.INVALID_ARGS);
    assertThat(missingY.error()).contains("y");
    assertThat(extra.code()).isEqualTo(ToolErrorCode.INVALID_ARGS);
    assertThat(sum).isEqualTo("4,6");
    assertThat(read(stdin)).doesNotContain("\"z\":9").doesNotContain("{\"x\":1}");
  }

  @Test
  void progressReachesTheHostAndTheHostsCancelReachesTheServerAsNotificationsCancelled()
      throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
            "ts", McpServers.teeingStdin(McpServers.modernServer("stdio", "reject"), stdin)));
    List<String> progress = new CopyOnWriteArrayList<>();

    CompletableFuture<CallResult> slow =
        gateway.callTool(session, "slow", JSON.readTree("{}"), null, progress::add);
    awaitTrue("the server's progress became the call's", () -> !progress.isEmpty());
    slow.cancel(true);

    awaitTrue(
        "the server got notifications/cancelled",
        () -> read(stdin).contains("notifications/cancelled"));
    assertThat(progress.get(0)).isEqualTo("started");
    JsonNode cancel = lineWith(stdin, "notifications/cancelled");
    assertThat(cancel.path("params").path("requestId"))
        .isEqualTo(lineWith(stdin, "\"slow\"").path("id"));
    assertThat(text(call("echo", "{\"text\":\"still here\"}"))).isEqualTo("still here");
  }

  @Test
  void theToolListIsFollowedThroughSubscriptionsListen() throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
            "ts", McpServers.teeingStdin(McpServers.modernServer("stdio", "reject"), stdin)));
    awaitTrue("the gateway listens", () -> read(stdin).contains("subscriptions/listen"));
    assertThat(lineWith(stdin, "subscriptions/listen").path("params").path("notifications"))
        .isEqualTo(
            JSON.readTree(
                "{\"toolsListChanged\":true,\"resourcesListChanged\":true,"
                    + "\"promptsListChanged\":true}"));
    assertThat(toolNames()).doesNotContain("grown");

    call("grow", "{}"); // registers "grown": the server tells the listen stream

    awaitTrue("grown is in the session", () -> toolNames().contains("grown"));
    assertThat(text(call("grown", "{}"))).isEqualTo("I am new");
  }

  @Test
  void theServersResourceAndPromptChangesOnItsListenStreamReachTheSessionsHost() throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
            "ts", McpServers.teeingStdin(McpServers.modernServer("stdio", "reject"), stdin)));
    awaitTrue("the gateway listens", () -> read(stdin).contains("subscriptions/listen"));
    assertThat(host.offersChanged).isEmpty();

    call("publish", "{}"); // registers a resource and a prompt: the server tells the stream

    awaitTrue(
        "the host heard both lists change",
        () ->
            host.offersChanged.containsAll(
                List.of(session + " resources/list", session + " prompts/list")));
    JsonNode resources =
        await(
            gateway.mcpFeature(
                session,
                io.github.providergateway.host.api.McpFeature.RESOURCES_LIST,
                JSON.readTree("{}")));
    assertThat(resources.findValuesAsText("uri")).contains("modern://first", "modern://second");
  }

  @Test
  void aListenStreamThatEndsIsOpenedAgainAfterABackoffAndTheToolsAreListedOnceMore()
      throws Exception {
    Path requests = home.resolve("requests");
    federate(
        McpServerConfig.stdio("ender", McpServers.listenEnder())
            .withEnv(Map.of("REQUESTS", requests.toString())));
    Path log = home.resolve("ender.log");
    awaitTrue("the first stream ended", () -> read(log).contains("opened again in 1000 ms"));
    await(gateway.sessions());

    clock.advance(Duration.ofMillis(999)); // not a tight loop: nothing before the delay
    assertThat(count(requests, "subscriptions/listen")).isEqualTo(1);
    clock.advance(Duration.ofMillis(1));
    awaitTrue("opened again", () -> count(requests, "subscriptions/listen") == 2);
    awaitTrue("the next delay doubled", () -> read(log).contains("opened again in 2000 ms"));
    awaitTrue("listed once more", () -> count(requests, "tools/list") == 2);
    clock.advance(Duration.ofMillis(1999));
    assertThat(count(requests, "subscriptions/listen")).isEqualTo(2);
  }

  private static long count(Path requests, String method) {
    return read(requests).lines().filter(method::equals).count();
  }

  @Test
  void inputRequiredTheGatewayCannotAskForFailsTheCallByNameAndTheServerStaysUsable()
      throws Exception {
    federate(McpServerConfig.stdio("ts", McpServers.modernServer("stdio", "reject")));

    ToolOutcome.Failure asked = (ToolOutcome.Failure) call("ask", "{}").outcome();

    assertThat(asked.code()).isEqualTo(ToolErrorCode.INTERNAL);
    assertThat(asked.error())
        .startsWith("MCP server 'ts': input_required:")
        .contains("'ask'")
        .contains("confirm")
        .contains("of a kind the agent's client did not declare");
    assertThat(text(call("echo", "{\"text\":\"after\"}"))).isEqualTo("after");
  }

  @Test
  void aModernOnlyHttpServerIsProbedAndServedInItsEra() throws Exception {
    Path portFile = home.resolve("port");
    Process server =
        new ProcessBuilder(McpServers.modernServer("http", "reject", portFile.toString()))
            .redirectErrorStream(true)
            .redirectOutput(home.resolve("http-server.out").toFile())
            .start();
    processes.add(server);
    server.getOutputStream().close();
    awaitTrue("the server listens", () -> !read(portFile).isEmpty());
    URI url = URI.create("http://127.0.0.1:" + read(portFile).trim() + "/mcp");

    FederatedMcpServer remote = federate(McpServerConfig.http("remote", url).withToolPrefix("r_"));

    assertThat(remote.era()).isEqualTo(McpBridge.Era.MODERN);
    assertThat(toolNames()).contains("r_echo", "r_refed");
    assertThat(text(call("r_echo", "{\"text\":\"over http\"}"))).isEqualTo("over http");
    assertThat(((ToolOutcome.Failure) call("r_refed", "{\"from\":{}}").outcome()).code())
        .isEqualTo(ToolErrorCode.INVALID_ARGS);
  }

  // ---- a dual-era server ----

  @Test
  void aDualEraServerIsServedInTheModernEraByTheProbe() throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    FederatedMcpServer server =
        federate(
            McpServerConfig.stdio(
                "dual", McpServers.teeingStdin(McpServers.modernServer("stdio", "serve"), stdin)));

    assertThat(server.era()).isEqualTo(McpBridge.Era.MODERN);
    assertThat(text(call("echo", "{\"text\":\"both\"}"))).isEqualTo("both");
    assertThat(lines(stdin)).noneMatch(line -> line.path("method").asText().equals("initialize"));
  }

  // ---- a 2025-only server: the probe's -32601, then initialize as before ----

  @Test
  void aLegacyOnlyServerAnswersTheProbeMethodNotFoundAndIsInitializedOnTheSameProcess()
      throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    FederatedMcpServer server =
        federate(
            McpServerConfig.stdio(
                "everything", McpServers.teeingStdin(McpServers.command("everything"), stdin)));

    assertThat(server.era()).isEqualTo(McpBridge.Era.LEGACY);
    List<String> methods =
        lines(stdin).stream().map(line -> line.path("method").asText()).limit(2).toList();
    assertThat(methods).containsExactly("server/discover", "initialize");
    assertThat(read(home.resolve("everything.log")))
        .contains("initializing it, the 2025 era (server/discover answered -32601");
    assertThat(text(call("get-sum", "{\"a\":1,\"b\":2}"))).contains("3");
  }

  @Test
  void aServerSilentToTheProbeIsInitializedAfterTenSecondsOnTheGatewaysClockAndTheProbeCancelled()
      throws Exception {
    Path requests = home.resolve("requests");
    FederatedMcpServer server =
        start(
            McpServerConfig.stdio("quiet", McpServers.discoverIgnorer())
                .withEnv(Map.of("REQUESTS", requests.toString())));
    awaitTrue("the probe was sent", () -> read(requests).contains("server/discover"));
    await(gateway.sessions());

    clock.advance(Duration.ofMillis(9_999));
    assertThat(read(requests)).doesNotContain("initialize");
    assertThat(server.status().state()).isEqualTo(FederatedMcpServer.State.STARTING);
    clock.advance(Duration.ofMillis(1));
    await(server.started());

    assertThat(server.era()).isEqualTo(McpBridge.Era.LEGACY);
    assertThat(text(call("echo", "{}"))).isEqualTo("echoed");
    JsonNode discover = lineWith(requests, "server/discover");
    assertThat(lineWith(requests, "notifications/cancelled").path("params").path("requestId"))
        .isEqualTo(discover.path("id"));
    assertThat(read(home.resolve("quiet.log")))
        .contains("initializing it, the 2025 era (server/discover was not answered in 10 s)");
  }

  // ---- the MCP Java SDK's modern server ----

  @Test
  void theJavaSdksModernServerIsServedWithProgressCancellationAndListChanges() throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    FederatedMcpServer server =
        federate(
            McpServerConfig.stdio(
                "java", McpServers.teeingStdin(McpServers.modernJavaServer(), stdin)));
    assertThat(server.era()).isEqualTo(McpBridge.Era.MODERN);
    assertThat(toolNames()).containsExactlyInAnyOrder("add", "again", "ask", "grow", "hold");

    addsWithProgress();

    CompletableFuture<CallResult> held =
        gateway.callTool(session, "hold", JSON.readTree("{}"), Duration.ofSeconds(5));
    awaitTrue("the server got the call", () -> read(stdin).contains("\"hold\""));
    await(gateway.sessions()); // the call's timer is armed
    clock.advance(Duration.ofSeconds(5));
    assertThat(((ToolOutcome.Failure) await(held).outcome()).code())
        .isEqualTo(ToolErrorCode.TIMEOUT);
    awaitTrue(
        "the server got notifications/cancelled",
        () -> read(stdin).contains("notifications/cancelled"));
    assertThat(lineWith(stdin, "notifications/cancelled").path("params").path("requestId"))
        .isEqualTo(lineWith(stdin, "\"hold\"").path("id"));

    awaitTrue("the gateway listens", () -> read(stdin).contains("subscriptions/listen"));
    call("grow", "{}");
    awaitTrue("grown is in the session", () -> toolNames().contains("grown"));

    ToolOutcome.Failure asked = (ToolOutcome.Failure) call("ask", "{}").outcome();
    assertThat(asked.error())
        .contains("input_required")
        .contains("of a kind the agent's client did not declare");

    // A state-only input_required: retried with the requestState unchanged (the server seals it).
    assertThat(text(call("again", "{}"))).startsWith("retried with ");
    List<JsonNode> again =
        lines(stdin).stream()
            .filter(line -> line.path("params").path("name").asText().equals("again"))
            .toList();
    assertThat(again).hasSize(2);
    assertThat(again.get(0).path("params").has("requestState")).isFalse();
    assertThat(again.get(1).path("params").path("requestState").asText()).isNotEmpty();
  }

  @Test
  void theJavaSdksModernServerInThisJvmOverHttpIsServedInItsEra() throws Exception {
    org.eclipse.jetty.server.Server jetty = javaSdkServerOverHttp();
    try {
      URI url = mcpUrl(jetty);
      FederatedMcpServer remote = federate(McpServerConfig.http("jvm", url));

      assertThat(remote.era()).isEqualTo(McpBridge.Era.MODERN);
      addsWithProgress();
      call("grow", "{}");
      awaitTrue("grown is in the session", () -> toolNames().contains("grown"));
      assertThat(((ToolOutcome.Failure) call("ask", "{}").outcome()).error())
          .contains("input_required");
      assertThat(text(call("again", "{}"))).startsWith("retried with ");
    } finally {
      jetty.stop();
    }
  }

  @Test
  void aModernHttpServerThatStopsAnsweringLeavesTheSessionItsCallsDisconnectedAndIsRestarted()
      throws Exception {
    org.eclipse.jetty.server.Server jetty = javaSdkServerOverHttp();
    FederatedMcpServer remote;
    try {
      remote = federate(McpServerConfig.http("jvm", mcpUrl(jetty)));
      assertThat(toolNames()).contains("add");
    } finally {
      jetty.stop();
    }

    ToolOutcome.Failure lost = (ToolOutcome.Failure) call("add", "{\"a\":1,\"b\":2}").outcome();

    assertThat(lost.code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    awaitTrue("its tools left the session", () -> !toolNames().contains("add"));
    assertThat(remote.status().state()).isEqualTo(FederatedMcpServer.State.RESTARTING);
    assertThat(remote.status().lastProblem()).contains("the MCP server stopped answering");
  }

  // ---- a server that refuses both eras: failed by name, never restarted ----

  @Test
  void aServerThatRefusesBothErasFailsByNameAndIsNeverRestarted() throws Exception {
    Path starts = home.resolve("starts");
    FederatedMcpServer refuser =
        start(
            McpServerConfig.stdio("refuser", McpServers.refuser())
                .withEnv(Map.of("STARTS", starts.toString())));

    awaitTrue("it failed", () -> refuser.status().state() == FederatedMcpServer.State.FAILED);
    assertThat(refuser.started()).isCompletedExceptionally();
    FederatedMcpServer.Status status = refuser.status();
    assertThat(status.restarts()).isZero();
    assertThat(status.nextStart()).isNull();
    assertThat(status.lastProblem())
        .contains("supports neither MCP era")
        .contains("-32022")
        .contains("Unsupported protocol version: 2025-11-25");
    // The session's timeline hears it on the gateway's loop, a moment after the state is set.
    awaitTrue(
        "its session was told",
        () ->
            host.logs.stream()
                .anyMatch(line -> line.text().contains("MCP server failed, not started again")));
    assertThat(read(home.resolve("refuser.log"))).doesNotContain("restarting in");

    clock.advance(Duration.ofMinutes(5)); // any backoff would have fired by now
    await(gateway.sessions());
    assertThat(refuser.status().state()).isEqualTo(FederatedMcpServer.State.FAILED);
    assertThat(read(starts).lines()).hasSize(1);
  }

  @Test
  void anHttpServerThatRefusesBothErasFailsByNameAndIsNeverAskedAgain() throws Exception {
    Path portFile = home.resolve("port");
    Path requests = home.resolve("requests");
    ProcessBuilder builder =
        new ProcessBuilder(McpServers.refuser("http", portFile.toString()))
            .redirectErrorStream(true)
            .redirectOutput(home.resolve("refuser.out").toFile());
    builder.environment().put("STARTS", requests.toString());
    Process server = builder.start();
    processes.add(server);
    server.getOutputStream().close();
    awaitTrue("the server listens", () -> !read(portFile).isEmpty());
    URI url = URI.create("http://127.0.0.1:" + read(portFile).trim() + "/mcp");

    FederatedMcpServer refuser = start(McpServerConfig.http("remote", url));

    awaitTrue("it failed", () -> refuser.status().state() == FederatedMcpServer.State.FAILED);
    assertThat(refuser.status().restarts()).isZero();
    assertThat(refuser.status().lastProblem())
        .contains("supports neither MCP era")
        .contains("server/discover answered -32022");
    clock.advance(Duration.ofMinutes(5));
    await(gateway.sessions());
    assertThat(read(requests).lines().filter(line -> line.startsWith("POST")))
        .containsExactly("POST server/discover", "POST initialize");
  }

  // ---- helpers ----

  private static URI mcpUrl(org.eclipse.jetty.server.Server jetty) {
    int port = ((org.eclipse.jetty.server.ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    return URI.create("http://127.0.0.1:" + port + "/mcp");
  }

  /**
   * The MCP Java SDK's modern server in this JVM: its servlet in Jetty, on a free loopback port.
   */
  private static org.eclipse.jetty.server.Server javaSdkServerOverHttp() throws Exception {
    var json = io.modelcontextprotocol.json.McpJsonDefaults.getMapper();
    var servlet =
        io.modelcontextprotocol.modern.server.transport.HttpServletMcpTransport.builder(
                ModernJavaServer.server(json))
            .jsonMapper(json)
            .build();
    org.eclipse.jetty.server.Server jetty = new org.eclipse.jetty.server.Server();
    var connector = new org.eclipse.jetty.server.ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    var context = new org.eclipse.jetty.ee10.servlet.ServletContextHandler();
    context.setContextPath("/");
    var holder = new org.eclipse.jetty.ee10.servlet.ServletHolder(servlet);
    holder.setAsyncSupported(true); // the SDK streams progress over the response
    context.addServlet(holder, "/mcp");
    jetty.setHandler(context);
    jetty.start();
    return jetty;
  }

  /** The Java SDK server's {@code add}: its answer, and its progress as the call's. */
  private void addsWithProgress() throws Exception {
    List<String> progress = new CopyOnWriteArrayList<>();
    CallResult sum =
        await(
            gateway.callTool(
                session, "add", JSON.readTree("{\"a\":20,\"b\":22}"), null, progress::add));
    assertThat(text(sum)).isEqualTo("42");
    assertThat(progress).containsExactly("adding");
  }

  private CallResult call(String tool, String args) throws Exception {
    return await(gateway.callTool(session, tool, JSON.readTree(args), null));
  }

  private List<String> toolNames() throws Exception {
    return await(gateway.tools(session)).stream().map(HostTool::name).toList();
  }

  private static String text(CallResult result) {
    assertThat(result.outcome())
        .as(String.valueOf(result.outcome()))
        .isInstanceOf(ToolOutcome.Success.class);
    return ((ToolOutcome.Success) result.outcome()).data().asText();
  }

  private static List<JsonNode> lines(Path file) throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : read(file).split("\n")) {
      if (!line.isBlank()) {
        lines.add(JSON.readTree(line));
      }
    }
    return lines;
  }

  private static JsonNode lineWith(Path file, String text) throws IOException {
    return TestFiles.lineWith(read(file), text);
  }
}
