package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.loop.testing.Await;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A federated server's {@code sampling/createMessage} end to end (decision 133): the app with a
 * {@code --config} of two runs of the conformance suite's fixture MCP server (the official
 * TypeScript SDK's, {@code mcp-conformance/fixture-mcp-server.mjs}), one whose entry says {@code
 * "allowSampling": true} ({@code asker_}) and one whose entry does not ({@code quiet_}), and the
 * MCP Java SDK's legacy client at {@code /mcp}, written by others. The allowed server's {@code
 * test_sampling} reaches the client's sampling handler, the server named on the system prompt's
 * first line and its message as it wrote it, and the client's answer comes back in the tool's
 * result; the other's is refused by name and the client never asked; a client that declared no
 * sampling is not asked either, and the server hears why.
 */
@Tag("process")
class McpSamplingAppTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path home;
  private static RpcApp app;
  private static String token;

  private McpSyncClient client;
  private final BlockingQueue<McpSchema.CreateMessageRequest> sampled = new LinkedBlockingQueue<>();

  @BeforeAll
  static void startTheAppWithTwoServersOnlyOneAllowedToSample() throws Exception {
    Path dir = Interop.conformanceRunner();
    Path node22 = Interop.conformanceNode(dir);
    Path config = home.resolveSibling(home.getFileName() + "-sampling.json");
    List<String> command = List.of(node22.toString(), "fixture-mcp-server.mjs");
    Files.writeString(
        config,
        JSON.writeValueAsString(
            Map.of(
                "providers",
                List.of(
                    Map.of(
                        "name",
                        "asker",
                        "mcp",
                        "stdio",
                        "command",
                        command,
                        "cwd",
                        dir.toString(),
                        "toolPrefix",
                        "asker_",
                        "allowSampling",
                        true),
                    Map.of(
                        "name", "quiet",
                        "mcp", "stdio",
                        "command", command,
                        "cwd", dir.toString(),
                        "toolPrefix", "quiet_")))));
    app = RpcApp.start(home, "--config", config.toString());
    token = ClientTokens.mcpHttp(home).issue("sampling");
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
  }

  @AfterEach
  void closeTheClient() {
    if (client != null) {
      client.closeGracefully();
    }
  }

  /** A legacy client at {@code /mcp}, once both servers' tools are in its session. */
  private void connect(UnaryOperator<McpClient.SyncSpec> declared) {
    client =
        declared
            .apply(
                McpClient.sync(
                        HttpClientStreamableHttpTransport.builder(
                                "http://127.0.0.1:" + app.url().getPort())
                            .endpoint("/mcp")
                            .httpRequestCustomizer(
                                (request, method, uri, body, context) ->
                                    request.header("Authorization", "Bearer " + token))
                            .build())
                    .clientInfo(new McpSchema.Implementation("sampling-agent", "1.0"))
                    .requestTimeout(WAIT)
                    .initializationTimeout(WAIT))
            .build();
    client.initialize();
    Await.until(
        WAIT,
        () -> {
          List<String> names =
              client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
          return names.contains("asker_test_sampling") && names.contains("quiet_test_sampling");
        },
        () -> "both servers' test_sampling in the session");
  }

  private UnaryOperator<McpClient.SyncSpec> samplingClient() {
    return spec ->
        spec.capabilities(McpSchema.ClientCapabilities.builder().sampling().build())
            .sampling(
                request -> {
                  sampled.add(request);
                  return new McpSchema.CreateMessageResult(
                      McpSchema.Role.ASSISTANT,
                      new McpSchema.TextContent("Blue"),
                      "the-agents-model",
                      McpSchema.CreateMessageResult.StopReason.END_TURN);
                });
  }

  private String call(String tool) {
    McpSchema.CallToolResult result =
        client.callTool(new McpSchema.CallToolRequest(tool, Map.of("prompt", "Name a colour.")));
    return (Boolean.TRUE.equals(result.isError()) ? "error: " : "")
        + result.content().stream()
            .map(block -> block instanceof McpSchema.TextContent text ? text.text() : "")
            .reduce("", String::concat);
  }

  @Test
  void theAllowedServersSamplingReachesTheClientNamedAndItsAnswerComesBack() {
    connect(samplingClient());

    assertThat(call("asker_test_sampling")).isEqualTo("LLM response: Blue");

    McpSchema.CreateMessageRequest request = sampled.poll();
    assertThat(request).isNotNull();
    assertThat(request.systemPrompt())
        .isEqualTo("This request comes from MCP server 'asker', through the provider gateway.");
    assertThat(request.messages()).hasSize(1);
    assertThat(((McpSchema.TextContent) request.messages().get(0).content()).text())
        .isEqualTo("Name a colour.");
    assertThat(request.maxTokens()).isEqualTo(100);
    assertThat(request.meta()).containsEntry("io.github.providergateway/mcpServer", "asker");
  }

  @Test
  void aServerWhoseEntryDoesNotAllowSamplingIsRefusedByNameAndTheClientNeverAsked() {
    connect(samplingClient());

    assertThat(call("quiet_test_sampling"))
        .startsWith("error: ")
        .contains(
            "sampling/createMessage from MCP server 'quiet' not routed: the person has not let it"
                + " drive the agent's model");
    assertThat(sampled).isEmpty();
  }

  @Test
  void aClientThatDeclaredNoSamplingIsNotAskedAndTheServerHearsWhy() {
    connect(spec -> spec);

    assertThat(call("asker_test_sampling"))
        .startsWith("error: ")
        .contains("the agent's client did not declare sampling");
  }
}
