package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.testing.Await;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP Java SDK's own client ({@code McpClient.sync} over {@code StdioClientTransport}) against
 * a real {@code gateway mcp} process and a real WebSocket provider bound to its session: the
 * list/call round trip, a gate's denial, list_changed, and the session ending with the client.
 */
@Tag("process")
class McpJavaClientTest {

  private static final Duration WAIT = Duration.ofSeconds(20);

  @TempDir Path home;
  private McpSyncClient client;
  private WsProvider provider;
  private RpcApp gateway;

  @AfterEach
  void stop() {
    if (provider != null) {
      provider.close();
    }
    if (client != null) {
      client.closeGracefully();
    }
    if (gateway != null) {
      gateway.close();
    }
    SharedGatewayTest.gatewaysOf(home).forEach(ProcessHandle::destroyForcibly);
  }

  /**
   * Issue 34, as {@code mcp-inspector --cli gateway mcp --method tools/list} found it: a one-shot
   * client of {@code gateway mcp}, against a gateway already running with a {@code --config}, lists
   * the tools right after {@code initialize}. Its first list waits until the provider started for
   * its session has bound and the tools have reached {@code gateway mcp} (the tools.changed event
   * is followed by a fetch of the tools, answered after the gateway's reply to session.settle), so
   * it lists the config's tools instead of none.
   */
  @Test
  void aOneShotClientOfGatewayMcpListsTheRunningGatewaysConfigToolsAtOnce(@TempDir Path tmp)
      throws Exception {
    Path config = tmp.resolve("providers.json");
    Files.writeString(
        config,
        "{\"providers\":[{\"name\":\"greeter\",\"transport\":\"stdio\",\"cwd\":\""
            + Interop.repoRoot().resolve("examples/stdio")
            + "\",\"command\":[\""
            + Interop.PYTHON
            + "\",\"greet.py\"]}]}");
    int port = freePort();
    try (RpcApp gateway =
        RpcApp.startProcess(
            home,
            tmp.resolve("gateway.log"),
            "--port",
            Integer.toString(port),
            "--config",
            config.toString())) {
      List<String> command =
          TestJvm.command(
              Main.class,
              List.of("mcp", "--home", home.toString(), "--port", Integer.toString(port)));
      client =
          McpClient.sync(SdkStdioTransport.running(command))
              .clientInfo(new McpSchema.Implementation("mcp-inspector-cli", "0.15"))
              .requestTimeout(WAIT)
              .build();

      client.initialize();
      McpSchema.ListToolsResult tools = client.listTools();

      assertThat(tools.tools()).extracting(McpSchema.Tool::name).contains("greet", "wait");
      client.closeGracefully();
      client = null;
    }
  }

  @Test
  void theJavaSdkClientListsAndCallsTheSessionsToolsAndAGateDenies() throws Exception {
    int port = runningGatewayPort();
    List<String> command =
        TestJvm.command(
            Main.class,
            List.of("mcp", "--home", home.toString(), "--port", Integer.toString(port)));
    AtomicInteger toolListChanges = new AtomicInteger();
    client =
        McpClient.sync(SdkStdioTransport.running(command))
            .clientInfo(new McpSchema.Implementation("java-sdk-agent", "1.0"))
            .requestTimeout(WAIT)
            .toolsChangeConsumer(tools -> toolListChanges.incrementAndGet())
            .build();

    McpSchema.InitializeResult init = client.initialize();
    assertThat(init.serverInfo().name()).isEqualTo("provider-gateway");
    assertThat(init.capabilities().tools().listChanged()).isTrue();
    assertThat(init.instructions()).contains("provider gateway");
    client.getPrompt(
        new McpSchema.GetPromptRequest("gateway-context", Map.of())); // the session is up

    String token = Files.readString(home.resolve(".provider-token")).strip();
    provider = WsProvider.connect(URI.create("ws://127.0.0.1:" + port));
    provider.send("{\"type\":\"auth\",\"token\":\"" + token + "\"}");
    String session = sessionLabelled(provider.next("sessions"), "java-sdk-agent");
    provider.close();
    provider =
        WsProvider.bound(
            URI.create("ws://127.0.0.1:" + port),
            token,
            session,
            "java-tools",
            WsProvider.tools("greet", "deploy")
                + ",\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"deploy\"},\"action\":\"gate\",\"gateId\":\"ci\"}]}");

    awaitTrue("a tools/list_changed notification", () -> toolListChanges.get() > 0);
    McpSchema.ListToolsResult tools = client.listTools();
    assertThat(tools.tools())
        .extracting(McpSchema.Tool::name)
        .containsExactlyInAnyOrder("greet", "deploy");
    assertThat(tools.tools().get(0).inputSchema()).containsEntry("type", "object");

    CompletableFuture<McpSchema.CallToolResult> greeting =
        CompletableFuture.supplyAsync(
            () -> client.callTool(new McpSchema.CallToolRequest("greet", Map.of("name", "Alice"))));
    JsonNode call = provider.next("tool.call");
    assertThat(call.get("args").get("name").asText()).isEqualTo("Alice");
    provider.result(call, "{\"greeting\":\"Hello, Alice!\"}");
    McpSchema.CallToolResult result = greeting.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).isFalse();
    assertThat(((McpSchema.TextContent) result.content().get(0)).text())
        .isEqualTo("{\"greeting\":\"Hello, Alice!\"}");
    assertThat(result.structuredContent()).isEqualTo(Map.of("greeting", "Hello, Alice!"));

    CompletableFuture<McpSchema.CallToolResult> deploy =
        CompletableFuture.supplyAsync(
            () -> client.callTool(new McpSchema.CallToolRequest("deploy", Map.of())));
    JsonNode check = provider.next("gate.check");
    provider.send(
        "{\"type\":\"gate.result\",\"gateId\":\"ci\",\"callId\":\""
            + check.get("callId").asText()
            + "\",\"decision\":\"deny\",\"reason\":\"CI is red\"}");
    McpSchema.CallToolResult denied = deploy.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(denied.isError()).isTrue();
    assertThat(((McpSchema.TextContent) denied.content().get(0)).text())
        .isEqualTo("Denied by the provider gateway: CI is red");
    assertThat(provider.receivedNoneBeforeAnAnswer("tool.call"))
        .as("a denied call never reaches the provider")
        .isTrue();

    McpSyncClient leaving = client;
    client = null;
    // The agent's session ends: the provider hears shutdown.pending, while the client waits for
    // gateway mcp to exit (which waits for the session's end, at most 3 s: hence the goodbye).
    CompletableFuture<Void> closed = CompletableFuture.runAsync(leaving::closeGracefully);
    JsonNode lifecycle = provider.next("session.lifecycle");
    assertThat(lifecycle.get("state").asText()).isEqualTo("shutdown.pending");
    provider.goodbye();
    assertThat(closed).succeedsWithin(WAIT);
  }

  @Test
  void anAgentThatStopsTheServerWithSigtermStillEndsItsSession() throws Exception {
    int port = runningGatewayPort();
    Process server =
        new ProcessBuilder(
                TestJvm.command(
                    Main.class,
                    List.of("mcp", "--home", home.toString(), "--port", Integer.toString(port))))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      var in =
          new java.io.PrintStream(
              server.getOutputStream(), true, java.nio.charset.StandardCharsets.UTF_8);
      var out = server.inputReader();
      in.println(
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"sigterm-agent\",\"version\":\"1\"}}}");
      assertThat(out.readLine()).contains("\"id\":1");
      in.println("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      in.println(
          "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/get\",\"params\":{\"name\":\"gateway-context\"}}");
      assertThat(out.readLine()).contains("\"id\":2"); // the session is up

      String token = Files.readString(home.resolve(".provider-token")).strip();
      provider = WsProvider.connect(URI.create("ws://127.0.0.1:" + port));
      provider.send("{\"type\":\"auth\",\"token\":\"" + token + "\"}");
      String session = sessionLabelled(provider.next("sessions"), "sigterm-agent");
      provider.close();
      provider =
          WsProvider.bound(
              URI.create("ws://127.0.0.1:" + port),
              token,
              session,
              "watcher",
              WsProvider.tools("noop"));

      server.destroy(); // SIGTERM, stdin still open
      JsonNode lifecycle = provider.next("session.lifecycle");
      assertThat(lifecycle.get("state").asText()).isEqualTo("shutdown.pending");
      provider.goodbye(); // else gateway mcp waits out its 3 s for the session's end
      assertThat(server.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    } finally {
      server.destroyForcibly();
    }
  }

  private static String sessionLabelled(JsonNode sessions, String label) {
    for (JsonNode session : sessions.get("active")) {
      if (label.equals(session.path("label").asText())) {
        return session.get("id").asText();
      }
    }
    throw new AssertionError("no session labelled " + label + " in " + sessions);
  }

  private static void awaitTrue(String what, Await.Condition condition) {
    Await.until(WAIT, condition, () -> what);
  }

  /**
   * Starts the home's gateway in this JVM and returns its port, for the {@code gateway mcp} under
   * test to find (how {@code gateway mcp} starts a gateway of its own is DetachedLaunchTest's and
   * McpFrontDoorInteropTest's).
   */
  private int runningGatewayPort() {
    gateway = RpcApp.start(home);
    return gateway.url().getPort();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
