package io.github.providergateway.federation;

import static io.github.providergateway.federation.TestFiles.await;
import static io.github.providergateway.federation.TestFiles.awaitTrue;
import static io.github.providergateway.federation.TestFiles.lineWith;
import static io.github.providergateway.federation.TestFiles.read;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.FreePorts;
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
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.TrustLevel;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real MCP servers from the npm registry federated into a session (issue 18): their tools listed,
 * calls round trip, gates see their arguments, a timeout reaches the server as {@code
 * notifications/cancelled}, a killed server leaves and comes back, the session's end stops it. The
 * gateway runs on a manual clock: timeouts and restart backoff move only when the test says.
 */
@Tag("process")
class FederatedMcpServerTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;
  private final ManualClock clock = new ManualClock();
  private final RecordingSessionHost host = new RecordingSessionHost();
  private final List<FederatedMcpServer> servers = new ArrayList<>();
  private Gateway gateway;
  private String session;

  @BeforeEach
  void startGateway() throws Exception {
    gateway = Gateway.builder().backend(clock.backend().threaded()).build();
    session = await(gateway.startSession(SessionSpec.of("federation", home.toString()), host)).id();
  }

  @AfterEach
  void stopAll() {
    servers.forEach(server -> server.stop(Duration.ofSeconds(2)));
    gateway.close();
  }

  private FederatedMcpServer federate(McpServerConfig config) throws Exception {
    FederatedMcpServer server =
        FederatedMcpServer.start(
            gateway, session, config.withLog(home.resolve(config.name() + ".log")), clock);
    servers.add(server);
    await(server.started());
    assertThat(server.status().state()).isEqualTo(FederatedMcpServer.State.RUNNING);
    return server;
  }

  /**
   * Issue 34: an HTTP MCP server that is not running was reported as {@code ClosedChannelException}
   * in the session's timeline, once per restart. The line says that nothing answers at its URL.
   */
  @Test
  void anHttpServerThatIsNotRunningIsReportedAsNothingAnsweringAtItsUrl() throws Exception {
    URI url = URI.create("http://127.0.0.1:" + FreePorts.pick() + "/mcp");
    FederatedMcpServer server =
        FederatedMcpServer.start(
            gateway,
            session,
            McpServerConfig.http("remote", url).withLog(home.resolve("remote.log")),
            clock);
    servers.add(server);

    awaitTrue(
        "the timeline says why",
        () ->
            host.logs.stream().anyMatch(line -> line.text().contains("nothing answers at " + url)));
    assertThat(host.logs).noneMatch(line -> line.text().contains("ClosedChannelException"));
  }

  private Path sandbox() throws IOException {
    return Files.createDirectories(home.resolve("sandbox")).toRealPath();
  }

  private FederatedMcpServer filesystem() throws Exception {
    return federate(
        McpServerConfig.stdio("fs", McpServers.command("filesystem", sandbox().toString()))
            .withCwd(sandbox()));
  }

  private CallResult call(String tool, String args) throws Exception {
    return await(gateway.callTool(session, tool, JSON.readTree(args), null));
  }

  private List<String> toolNames() throws Exception {
    return await(gateway.tools(session)).stream().map(HostTool::name).toList();
  }

  // ---- filesystem ----

  @Test
  void theFilesystemServersToolsAreInTheSessionAndAWriteAndReadRoundTrip() throws Exception {
    filesystem();

    assertThat(toolNames()).contains("write_file", "read_text_file", "list_directory");
    ProviderInfo fs =
        await(gateway.providers()).stream()
            .filter(p -> p.name().equals("fs"))
            .findFirst()
            .orElseThrow();
    assertThat(fs.trust()).isEqualTo(TrustLevel.PROJECT);

    Path file = sandbox().resolve("note.txt");
    ToolOutcome written =
        call("write_file", "{\"path\":\"" + file + "\",\"content\":\"hello from the gateway\"}")
            .outcome();
    assertThat(written).isInstanceOf(ToolOutcome.Success.class);
    assertThat(Files.readString(file)).isEqualTo("hello from the gateway");

    ToolOutcome read = call("read_text_file", "{\"path\":\"" + file + "\"}").outcome();
    assertThat(((ToolOutcome.Success) read).data().toString()).contains("hello from the gateway");
  }

  @Test
  void theServersToolAnnotationsReachTheHostAsTheServerDeclaredThem() throws Exception {
    filesystem();

    Map<String, ToolAnnotations> hints = new HashMap<>();
    for (HostTool tool : await(gateway.tools(session))) {
      hints.put(tool.name(), tool.annotations());
    }

    assertThat(hints.get("read_text_file"))
        .as("read-only, and no destructive hint it did not declare")
        .isEqualTo(new ToolAnnotations(null, true, false, null));
    assertThat(hints.get("write_file")).isEqualTo(new ToolAnnotations(true, false, false, true));
  }

  @Test
  void aGateDeniesWriteFileOutsideAPathByItsArgumentsAndTheServerNeverSeesTheCall()
      throws Exception {
    filesystem();
    Path sandbox = sandbox();
    Path allowed = Files.createDirectories(sandbox.resolve("docs"));
    ArgsGate gate =
        new ArgsGate(
            args -> !args.path("path").asText().startsWith(allowed + "/"),
            "write_file only under " + allowed);
    gate.link = gateway.transports().acceptLocal(gate, session);
    gate.link.receive(
        Hello.builder("path-guard")
            .session(session)
            .hooks(
                new Hooks(
                    List.of(HookRule.gate(new HookMatch("write_file", null, null, null), "paths")),
                    null))
            .build());

    Path outside = sandbox.resolve("secrets.txt");
    ToolOutcome denied =
        call("write_file", "{\"path\":\"" + outside + "\",\"content\":\"x\"}").outcome();
    ToolOutcome allowedWrite =
        call("write_file", "{\"path\":\"" + allowed.resolve("a.md") + "\",\"content\":\"ok\"}")
            .outcome();

    assertThat(denied).isEqualTo(new ToolOutcome.Denied("write_file only under " + allowed));
    assertThat(outside).doesNotExist();
    assertThat(allowedWrite).isInstanceOf(ToolOutcome.Success.class);
    assertThat(allowed.resolve("a.md")).hasContent("ok");
  }

  @Test
  void argumentsTheServersSchemaRefusesNeverReachTheServer() throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
            "everything", McpServers.teeingStdin(McpServers.command("everything"), stdin)));

    // The MCP-server row of the validation table (X-ENG-18): the schema is the server's
    // inputSchema.
    ToolOutcome.Failure missing = (ToolOutcome.Failure) call("get-sum", "{\"a\":1}").outcome();
    ToolOutcome.Failure wrongType =
        (ToolOutcome.Failure) call("get-sum", "{\"a\":1,\"b\":\"two\"}").outcome();
    ToolOutcome sum = call("get-sum", "{\"a\":1,\"b\":2}").outcome();

    assertThat(missing.code()).isEqualTo(ToolErrorCode.INVALID_ARGS);
    assertThat(missing.error()).contains("required property 'b' not found");
    assertThat(wrongType.code()).isEqualTo(ToolErrorCode.INVALID_ARGS);
    assertThat(wrongType.error()).contains("/b: string found, number expected");
    assertThat(((ToolOutcome.Success) sum).data().asText()).contains("3");
    String sent = Files.readString(stdin);
    assertThat(sent).contains("\"b\":2").doesNotContain("\"two\"").doesNotContain("{\"a\":1}");
  }

  // ---- everything: timeouts, progress, crashes ----

  @Test
  void aTimeoutCancelsTheServersLongRunningToolAndLeavesTheGatewayClean() throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
            "everything", McpServers.teeingStdin(McpServers.command("everything"), stdin)));

    CompletableFuture<CallResult> slow =
        gateway.callTool(
            session,
            "trigger-long-running-operation",
            JSON.readTree("{\"duration\":60,\"steps\":60}"),
            Duration.ofSeconds(2));
    awaitTrue(
        "the server got the call", () -> read(stdin).contains("trigger-long-running-operation"));
    clock.advance(Duration.ofSeconds(2));

    ToolOutcome.Failure timedOut = (ToolOutcome.Failure) await(slow).outcome();
    assertThat(timedOut.code()).isEqualTo(ToolErrorCode.TIMEOUT);
    awaitTrue(
        "the server got notifications/cancelled",
        () -> read(stdin).contains("notifications/cancelled"));
    JsonNode cancel = lineWith(read(stdin), "notifications/cancelled");
    JsonNode request = lineWith(read(stdin), "trigger-long-running-operation");
    assertThat(cancel.path("params").path("requestId")).isEqualTo(request.path("id"));

    // Clean: the next call goes through.
    assertThat(
            ((ToolOutcome.Success) call("get-sum", "{\"a\":2,\"b\":3}").outcome()).data().asText())
        .contains("5");
  }

  @Test
  void theServersProgressReachesTheHostAndTheHostsCancelReachesTheServer() throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
            "everything", McpServers.teeingStdin(McpServers.command("everything"), stdin)));
    List<String> progress = new java.util.concurrent.CopyOnWriteArrayList<>();

    CompletableFuture<CallResult> slow =
        gateway.callTool(
            session,
            "trigger-long-running-operation",
            JSON.readTree("{\"duration\":30,\"steps\":30}"),
            null,
            progress::add);
    awaitTrue("a progress notification became the call's progress", () -> !progress.isEmpty());
    slow.cancel(true); // what the console's Ctrl-C and an agent's notifications/cancelled do

    awaitTrue(
        "the server got notifications/cancelled",
        () -> read(stdin).contains("notifications/cancelled"));
    assertThat(progress.get(0))
        .as("progress/total, as the server sent no message")
        .isEqualTo("1 / 30");
    JsonNode cancel = lineWith(read(stdin), "notifications/cancelled");
    assertThat(cancel.path("params").path("requestId"))
        .isEqualTo(lineWith(read(stdin), "trigger-long-running-operation").path("id"));
    assertThat(cancel.path("params").path("reason").asText()).contains("interrupted");
  }

  @Test
  void textStructuredImageAndResourceResultsAndToolErrorsMapToOutcomes() throws Exception {
    federate(McpServerConfig.stdio("everything", McpServers.command("everything")));

    ToolOutcome text = call("echo", "{\"message\":\"hi\"}").outcome();
    ToolOutcome structured =
        call("get-structured-content", "{\"location\":\"New York\"}").outcome();
    ToolOutcome image = call("get-tiny-image", "{}").outcome();
    ToolOutcome resource =
        call("get-resource-reference", "{\"resourceType\":\"Text\",\"resourceId\":1}").outcome();
    ToolOutcome error =
        call(
                "gzip-file-as-resource",
                "{\"name\":\"x.gz\",\"data\":\"file:///etc/passwd\",\"outputType\":\"resource\"}")
            .outcome();

    assertThat(((ToolOutcome.Success) text).data().asText()).isEqualTo("Echo: hi");
    assertThat(((ToolOutcome.Success) structured).data().has("temperature"))
        .as(structured.toString())
        .isTrue();
    JsonNode blocks = ((ToolOutcome.Success) image).data();
    assertThat(blocks.isArray()).isTrue();
    assertThat(blocks.findValuesAsText("type")).contains("image");
    assertThat(blocks.findValuesAsText("mimeType")).contains("image/png");
    assertThat(((ToolOutcome.Success) resource).data().findValuesAsText("type"))
        .contains("resource");
    assertThat(error)
        .as("isError is a failure with the server's text")
        .isInstanceOf(ToolOutcome.Failure.class);
    assertThat(((ToolOutcome.Failure) error).code()).isEqualTo(ToolErrorCode.INTERNAL);
  }

  @Test
  void aKilledServerLeavesTheSessionEndsItsCallsDisconnectedAndIsRestartedAfterItsBackoff()
      throws Exception {
    FederatedMcpServer everything =
        federate(McpServerConfig.stdio("everything", McpServers.command("everything")));
    CompletableFuture<CallResult> inFlight =
        gateway.callTool(
            session,
            "trigger-long-running-operation",
            JSON.readTree("{\"duration\":60,\"steps\":60}"),
            null);
    Process first = everything.process();

    first.toHandle().destroyForcibly(); // kill -9

    assertThat(((ToolOutcome.Failure) await(inFlight).outcome()).code())
        .isEqualTo(ToolErrorCode.DISCONNECTED);
    awaitTrue("its tools left the session", () -> !toolNames().contains("get-sum"));
    assertThat(everything.status().state()).isEqualTo(FederatedMcpServer.State.RESTARTING);
    assertThat(everything.status().restarts()).isEqualTo(1);
    assertThat(Files.readString(home.resolve("everything.log")))
        .contains("the MCP server exited; restarting in 1000 ms");

    clock.advance(Duration.ofSeconds(1));
    await(everything.started());

    assertThat(everything.status().state()).isEqualTo(FederatedMcpServer.State.RUNNING);
    assertThat(everything.process().pid()).isNotEqualTo(first.pid());
    assertThat(toolNames()).contains("get-sum");
    assertThat(
            ((ToolOutcome.Success) call("get-sum", "{\"a\":20,\"b\":22}").outcome())
                .data()
                .asText())
        .contains("42");
  }

  @Test
  void theServersListChangedReachesTheSessionsTools() throws Exception {
    federate(McpServerConfig.stdio("changer", McpServers.listChanger()));
    assertThat(toolNames()).containsExactly("grow", "publish");

    call("grow", "{}"); // registers "grown"; the server sends notifications/tools/list_changed

    awaitTrue("grown is in the session", () -> toolNames().contains("grown"));
    clock.advance(
        Duration.ofMillis(200)); // the registration debounce: the host is told on the loop
    awaitTrue(
        "the host registered grown",
        () ->
            !host.registrations.isEmpty()
                && host.registrations.get(host.registrations.size() - 1).names().contains("grown"));
    assertThat(((ToolOutcome.Success) call("grown", "{}").outcome()).data().asText())
        .isEqualTo("I am new");
    assertThat(read(home.resolve("changer.log")))
        .contains("the server's tools changed (list_changed): 3 tools");
  }

  @Test
  void theServersResourceAndPromptListChangedReachTheSessionsHost() throws Exception {
    federate(McpServerConfig.stdio("changer", McpServers.listChanger()));
    assertThat(host.offersChanged).isEmpty();

    call("publish", "{}"); // the server sends resources/list_changed and prompts/list_changed

    awaitTrue(
        "the host heard both lists change",
        () ->
            host.offersChanged.containsAll(
                List.of(session + " resources/list", session + " prompts/list")));
    JsonNode prompts =
        await(
            gateway.mcpFeature(
                session,
                io.github.providergateway.host.api.McpFeature.PROMPTS_LIST,
                new com.fasterxml.jackson.databind.ObjectMapper().readTree("{}")));
    assertThat(prompts.findValuesAsText("name")).containsExactly("first", "second");
  }

  // ---- a hostile server (issue 35) ----

  /**
   * A line of {@code null} made the SDK's parser throw on the thread that reads the server, which
   * died: the server stayed listed and every call waited. Lines that are not JSON-RPC objects
   * within the depth bound are skipped and noted; the answer after them still arrives.
   */
  @Test
  void linesThatAreNoJsonRpcObjectsAreSkippedAndTheServerAnswersAfterThem() throws Exception {
    FederatedMcpServer hostile = federate(McpServerConfig.stdio("hostile", McpServers.hostile()));

    assertThat(text(call("junk", "{}"))).isEqualTo("still here");

    assertThat(hostile.status().state()).isEqualTo(FederatedMcpServer.State.RUNNING);
    assertThat(hostile.status().restarts()).isZero();
    String log = read(home.resolve("hostile.log"));
    assertThat(log)
        .contains("a line of its stdout skipped, not a JSON object: null")
        .contains("a line of its stdout skipped, not JSON: not json")
        .contains("a line of its stdout skipped, more than one JSON value")
        .contains("a line of its stdout skipped, not a JSON-RPC message: {\"hello\"")
        .contains("a line of its stdout skipped, nested deeper than 128 levels: {\"jsonrpc\"");
    assertThat(log.lines().filter(line -> line.contains("a line of its stdout skipped")))
        .as("the first ten are noted; the eleventh, 200,000 '[', only counts")
        .hasSize(StdioServerProcess.NOTED_SKIPS);
    assertThat(text(call("lists", "{}"))).as("still served").isEqualTo("1");
  }

  /**
   * 50,000 {@code list_changed} in 10 s made the SDK list 20,399 times. Changes heard while a list
   * is in flight cost one more list: a server that writes a flood before it reads again gets two,
   * and the session ends with the tool it added.
   */
  @Test
  void aFloodOfListChangedCostsAtMostTwoListsAndTheSessionGetsTheNewestTools() throws Exception {
    federate(McpServerConfig.stdio("hostile", McpServers.hostile()));
    assertThat(text(call("lists", "{}"))).as("the first list, at the start").isEqualTo("1");

    assertThat(text(call("flood", "{\"count\":10000}"))).isEqualTo("flooded 10000");

    awaitTrue("added-1 is in the session", () -> toolNames().contains("added-1"));
    assertThat(toolNames()).contains("junk", "flood", "lists", "added-1");
    assertThat(Integer.parseInt(text(call("lists", "{}"))))
        .as("lists after the flood's")
        .isLessThanOrEqualTo(3);
  }

  @Test
  void theSessionsEndStopsTheServer() throws Exception {
    FederatedMcpServer memory =
        federate(
            McpServerConfig.stdio("memory", McpServers.command("memory"))
                .withEnv(
                    java.util.Map.of("MEMORY_FILE_PATH", home.resolve("memory.jsonl").toString())));
    Process process = memory.process();

    CompletableFuture<Void> ended = gateway.endSession(session, Duration.ofSeconds(4));
    awaitTrue("the server exited", () -> !process.isAlive());
    clock.advance(Duration.ofSeconds(4));
    await(ended);

    awaitTrue("STOPPED", () -> memory.status().state() == FederatedMcpServer.State.STOPPED);
    assertThat(memory.status().lastProblem()).isEqualTo("the session ended");
  }

  // ---- one server, the sessions of a project (issue 46) ----

  private String secondSession() throws Exception {
    return await(gateway.startSession(SessionSpec.of("second window", home.toString()), host)).id();
  }

  private List<String> toolNames(String sessionId) throws Exception {
    return await(gateway.tools(sessionId)).stream().map(HostTool::name).toList();
  }

  @Test
  void aSecondSessionJoinsTheRunningServerAndEachSessionsCallsAndProgressAreItsOwn()
      throws Exception {
    FederatedMcpServer everything =
        federate(McpServerConfig.stdio("everything", McpServers.command("everything")));
    Process process = everything.process();
    String second = secondSession();

    await(everything.join(second));

    assertThat(everything.process()).as("one process for both").isSameAs(process);
    assertThat(everything.sessions()).containsExactly(session, second);
    assertThat(toolNames(second)).contains("get-sum");
    List<String> firstProgress = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<String> secondProgress = new java.util.concurrent.CopyOnWriteArrayList<>();
    CompletableFuture<CallResult> slow =
        gateway.callTool(
            session,
            "trigger-long-running-operation",
            JSON.readTree("{\"duration\":2,\"steps\":2}"),
            null,
            firstProgress::add);
    CompletableFuture<CallResult> sum =
        gateway.callTool(
            second, "get-sum", JSON.readTree("{\"a\":40,\"b\":2}"), null, secondProgress::add);
    assertThat(text(await(sum))).contains("42");
    awaitTrue("the first session's progress", () -> !firstProgress.isEmpty());
    assertThat(text(await(slow))).contains("Long running operation completed");
    assertThat(secondProgress).as("the other session's progress never reaches it").isEmpty();
  }

  @Test
  void aSessionThatEndsLeavesTheServerToTheOtherAndTheLastOneStopsIt() throws Exception {
    FederatedMcpServer everything =
        federate(McpServerConfig.stdio("everything", McpServers.command("everything")));
    Process process = everything.process();
    String second = secondSession();
    await(everything.join(second));

    CompletableFuture<Void> firstEnded = gateway.endSession(session, Duration.ofSeconds(4));
    clock.advance(Duration.ofSeconds(4));
    await(firstEnded);

    assertThat(process.isAlive()).as("still serving the other session").isTrue();
    assertThat(everything.status().state()).isEqualTo(FederatedMcpServer.State.RUNNING);
    assertThat(everything.sessions()).containsExactly(second);
    assertThat(
            text(
                await(
                    gateway.callTool(second, "get-sum", JSON.readTree("{\"a\":1,\"b\":2}"), null))))
        .contains("3");

    CompletableFuture<Void> secondEnded = gateway.endSession(second, Duration.ofSeconds(4));
    awaitTrue("the server exited with its last session", () -> !process.isAlive());
    clock.advance(Duration.ofSeconds(4));
    await(secondEnded);
    awaitTrue("STOPPED", () -> everything.status().state() == FederatedMcpServer.State.STOPPED);
    assertThat(everything.join(secondSession()))
        .as("a stopped server is not joined: the host starts another")
        .isCompletedExceptionally();
  }

  @Test
  void leavingOneSessionTakesTheToolsFromItAloneAndLeavingTheLastStopsTheServer() throws Exception {
    FederatedMcpServer everything =
        federate(McpServerConfig.stdio("everything", McpServers.command("everything")));
    Process process = everything.process();
    String second = secondSession();
    await(everything.join(second));

    everything.leave(session, Duration.ofSeconds(2));

    awaitTrue("its tools left that session", () -> !toolNames().contains("get-sum"));
    assertThat(toolNames(second)).contains("get-sum");
    assertThat(process.isAlive()).isTrue();

    everything.leave(second, Duration.ofSeconds(2));

    awaitTrue("the server exited", () -> !process.isAlive());
    assertThat(everything.status().state()).isEqualTo(FederatedMcpServer.State.STOPPED);
  }

  @Test
  void aKilledSharedServerLeavesEverySessionAndComesBackInEach() throws Exception {
    FederatedMcpServer everything =
        federate(McpServerConfig.stdio("everything", McpServers.command("everything")));
    String second = secondSession();
    await(everything.join(second));
    Process first = everything.process();

    first.toHandle().destroyForcibly(); // kill -9

    awaitTrue(
        "its tools left both sessions",
        () -> !toolNames().contains("get-sum") && !toolNames(second).contains("get-sum"));
    clock.advance(Duration.ofSeconds(1));
    await(everything.started());

    assertThat(everything.process().pid()).isNotEqualTo(first.pid());
    assertThat(toolNames()).contains("get-sum");
    assertThat(toolNames(second)).contains("get-sum");
  }

  // ---- Streamable HTTP ----

  @Test
  void aStreamableHttpServerOnLoopbackServesTheSessionAndATimeoutLeavesItClean() throws Exception {
    int port = FreePorts.pick();
    ProcessBuilder builder =
        new ProcessBuilder(McpServers.command("everything", "streamableHttp"))
            .redirectErrorStream(true)
            .redirectOutput(home.resolve("http-server.log").toFile());
    builder.environment().put("PORT", String.valueOf(port));
    Process server = builder.start();
    server.getOutputStream().close();
    try {
      awaitTrue(
          "the server listens",
          () -> read(home.resolve("http-server.log")).contains("listening on port"));
      federate(
          McpServerConfig.http("remote", URI.create("http://127.0.0.1:" + port + "/mcp"))
              .withToolPrefix("remote_"));

      assertThat(toolNames()).contains("remote_get-sum", "remote_echo");
      assertThat(read(home.resolve("remote.log")))
          .as("a 2025 server's answer to the probe (decision 115): initialize as before")
          .contains("initializing it, the 2025 era (server/discover answered -32000 Bad Request");
      assertThat(
              ((ToolOutcome.Success) call("remote_get-sum", "{\"a\":4,\"b\":5}").outcome())
                  .data()
                  .asText())
          .contains("9");

      CompletableFuture<CallResult> slow =
          gateway.callTool(
              session,
              "remote_trigger-long-running-operation",
              JSON.readTree("{\"duration\":60,\"steps\":60}"),
              Duration.ofSeconds(2));
      await(
          gateway.sessions()); // the loop runs tasks in order: the call and its timer are armed now
      clock.advance(Duration.ofSeconds(2));
      assertThat(((ToolOutcome.Failure) await(slow).outcome()).code())
          .isEqualTo(ToolErrorCode.TIMEOUT);
      assertThat(
              ((ToolOutcome.Success) call("remote_echo", "{\"message\":\"still here\"}").outcome())
                  .data()
                  .asText())
          .contains("still here");
    } finally {
      server.destroyForcibly();
    }
  }

  // ---- memory ----

  @Test
  void theMemoryServerKeepsWhatItIsToldAcrossCalls() throws Exception {
    federate(
        McpServerConfig.stdio("memory", McpServers.command("memory"))
            .withEnv(
                java.util.Map.of("MEMORY_FILE_PATH", home.resolve("memory.jsonl").toString())));

    assertThat(toolNames()).contains("create_entities", "read_graph");
    call(
        "create_entities",
        "{\"entities\":[{\"name\":\"Ada\",\"entityType\":\"person\",\"observations\":[\"wrote the first program\"]}]}");
    ToolOutcome graph = call("read_graph", "{}").outcome();

    assertThat(((ToolOutcome.Success) graph).data().toString())
        .contains("Ada")
        .contains("wrote the first program");
  }

  // ---- every server: listed, a round trip, a gate by argument, kill -9 and back ----

  /** One npm server and what to call on it. */
  record Server(
      String name, String tool, String args, String answer, String gatedTool, String deniedArgs) {
    @Override
    public String toString() {
      return name;
    }
  }

  static java.util.stream.Stream<Server> servers() {
    return java.util.stream.Stream.of(
        new Server(
            "filesystem",
            "list_allowed_directories",
            "{}",
            "sandbox",
            "create_directory",
            "{\"path\":\"SANDBOX/secret\"}"),
        new Server(
            "everything",
            "get-sum",
            "{\"a\":1,\"b\":2}",
            "3",
            "echo",
            "{\"message\":\"a secret\"}"),
        new Server(
            "memory",
            "read_graph",
            "{}",
            "entities",
            "create_entities",
            "{\"entities\":[{\"name\":\"x\",\"entityType\":\"secret\",\"observations\":[]}]}"));
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.MethodSource("servers")
  void eachServerIsListedAnswersIsGatedByItsArgumentsAndComesBackAfterKill9(Server server)
      throws Exception {
    Path sandbox = sandbox();
    List<String> command =
        switch (server.name()) {
          case "filesystem" -> McpServers.command("filesystem", sandbox.toString());
          default -> McpServers.command(server.name());
        };
    FederatedMcpServer federated =
        federate(
            McpServerConfig.stdio(server.name(), command)
                .withEnv(java.util.Map.of("MEMORY_FILE_PATH", home.resolve("m.jsonl").toString())));
    ArgsGate gate = new ArgsGate(args -> args.toString().contains("secret"), "no secrets, please");
    gate.link = gateway.transports().acceptLocal(gate, session);
    gate.link.receive(
        Hello.builder("guard")
            .session(session)
            .hooks(
                new Hooks(
                    List.of(
                        HookRule.gate(
                            new HookMatch(server.gatedTool(), null, null, null), "no-secrets")),
                    null))
            .build());

    assertThat(toolNames()).contains(server.tool(), server.gatedTool());
    assertThat(
            ((ToolOutcome.Success) call(server.tool(), server.args()).outcome()).data().toString())
        .contains(server.answer());
    ToolOutcome denied =
        call(server.gatedTool(), server.deniedArgs().replace("SANDBOX", sandbox.toString()))
            .outcome();
    assertThat(denied).isEqualTo(new ToolOutcome.Denied("no secrets, please"));
    assertThat(sandbox.resolve("secret")).doesNotExist();

    federated.process().toHandle().destroyForcibly(); // kill -9
    awaitTrue("its tools left the session", () -> !toolNames().contains(server.tool()));
    assertThat(federated.status().state()).isEqualTo(FederatedMcpServer.State.RESTARTING);
    clock.advance(Duration.ofSeconds(1));
    await(federated.started());
    assertThat(
            ((ToolOutcome.Success) call(server.tool(), server.args()).outcome()).data().toString())
        .contains(server.answer());
  }

  @Test
  void aServersConcurrencyLimitQueuesItsCallsInTheGateway() throws Exception {
    Path stdin = home.resolve("stdin.jsonl");
    federate(
        McpServerConfig.stdio(
                "everything", McpServers.teeingStdin(McpServers.command("everything"), stdin))
            .withMaxConcurrentCalls(1));

    CompletableFuture<CallResult> slow =
        gateway.callTool(
            session,
            "trigger-long-running-operation",
            JSON.readTree("{\"duration\":30,\"steps\":30}"),
            Duration.ofSeconds(2));
    awaitTrue(
        "the server got the slow call",
        () -> read(stdin).contains("trigger-long-running-operation"));
    CompletableFuture<CallResult> queued =
        gateway.callTool(session, "get-sum", JSON.readTree("{\"a\":5,\"b\":6}"), null);
    await(gateway.sessions()); // both calls are on the loop now

    assertThat(read(stdin))
        .as("the second call waits in the gateway, not at the server")
        .doesNotContain("get-sum");
    clock.advance(Duration.ofSeconds(2)); // the slow call times out and frees the slot

    assertThat(((ToolOutcome.Failure) await(slow).outcome()).code())
        .isEqualTo(ToolErrorCode.TIMEOUT);
    assertThat(((ToolOutcome.Success) await(queued).outcome()).data().asText()).contains("11");
  }

  // ---- helpers ----

  private static String text(CallResult result) {
    assertThat(result.outcome()).isInstanceOf(ToolOutcome.Success.class);
    return ((ToolOutcome.Success) result.outcome()).data().asText();
  }
}
