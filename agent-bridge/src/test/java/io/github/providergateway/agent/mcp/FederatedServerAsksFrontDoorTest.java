package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.protocol.SessionInfo;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A federated MCP server's own {@code elicitation/create} during a call (decision 132), as
 * mcp-federation hands it to the gateway ({@code McpOffers.askClient}), through {@link
 * McpFrontDoor} to the MCP Java SDK's legacy client, written by others: asked of a client that
 * declared form elicitation, with the server named first, and its answer carried back; refused by
 * name for one that did not, or for another method. Its {@code sampling/createMessage}, which
 * mcp-federation hands on only for a server the person allowed (decision 133): asked of a client
 * that declared {@code sampling}, the answer carried back as it came; refused by name for one that
 * did not.
 */
class FederatedServerAsksFrontDoorTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final GatewayFixture f = GatewayFixture.create();
  private final CompletableFuture<SessionInfo> started = new CompletableFuture<>();
  private final BlockingQueue<McpSchema.ElicitFormRequest> asked = new LinkedBlockingQueue<>();
  private McpSyncClient legacy;

  @AfterEach
  void close() {
    if (legacy != null) {
      legacy.closeGracefully();
    }
    f.close();
  }

  /** A legacy client initialized at a new front door; the gateway session's id. */
  private String legacyClient(UnaryOperator<McpClient.SyncSpec> declared) throws Exception {
    f.onSessionStarted(started::complete);
    PipedFrontDoor piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    legacy =
        declared
            .apply(
                McpClient.sync(new StreamClientTransport(piped.agentReads, piped.agentWrites))
                    .clientInfo(new McpSchema.Implementation("test-agent", "1.0"))
                    .requestTimeout(WAIT))
            .build();
    legacy.initialize();
    return started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id();
  }

  private CompletableFuture<JsonNode> serverAsks(String session, String method) throws Exception {
    JsonNode params =
        JSON.readTree(
            "{\"message\":\"MCP server 'fs' asks: Your name?\",\"requestedSchema\":"
                + "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\","
                + "\"default\":\"John Doe\"}}}}");
    return f.gateway.mcpOffers().askClient(session, "fs", method, params, Duration.ofMinutes(5));
  }

  @Test
  void aClientThatDeclaredElicitationIsAskedTheServersFormAndItsAnswerGoesBack() throws Exception {
    String session =
        legacyClient(
            spec ->
                spec.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
                    .elicitation(
                        request -> {
                          asked.add(request);
                          return new McpSchema.ElicitResult(
                              McpSchema.ElicitResult.Action.ACCEPT, Map.of("name", "Ada"));
                        }));

    JsonNode answer =
        serverAsks(session, McpSchema.METHOD_ELICITATION_CREATE)
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);

    McpSchema.ElicitFormRequest request = asked.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(request.message()).isEqualTo("MCP server 'fs' asks: Your name?");
    assertThat(request.requestedSchema())
        .containsEntry(
            "properties", Map.of("name", Map.of("type", "string", "default", "John Doe")));
    assertThat(answer.path("action").asText()).isEqualTo("accept");
    assertThat(answer.at("/content/name").asText()).isEqualTo("Ada");
  }

  @Test
  void aClientThatDidNotDeclareElicitationIsNotAskedAndTheServerHearsWhy() throws Exception {
    String session = legacyClient(spec -> spec);

    assertThatThrownBy(
            () ->
                serverAsks(session, McpSchema.METHOD_ELICITATION_CREATE)
                    .get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining(
            "elicitation/create from MCP server 'fs' not asked: the agent's client did not declare"
                + " form elicitation");
  }

  /** A server's sampling request as mcp-federation hands it on for an allowed server. */
  private CompletableFuture<JsonNode> serverSamples(String session) throws Exception {
    JsonNode params =
        JSON.readTree(
            "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"Name a"
                + " colour.\"}}],\"systemPrompt\":\"This request comes from MCP server 'fs',"
                + " through the provider gateway.\",\"maxTokens\":100,"
                + "\"_meta\":{\"io.github.providergateway/mcpServer\":\"fs\"}}");
    return f.gateway
        .mcpOffers()
        .askClient(
            session, "fs", McpSchema.METHOD_SAMPLING_CREATE_MESSAGE, params, Duration.ofMinutes(5));
  }

  @Test
  void aClientThatDeclaredSamplingIsAskedTheServersRequestAndItsAnswerGoesBackAsItCame()
      throws Exception {
    BlockingQueue<McpSchema.CreateMessageRequest> sampled = new LinkedBlockingQueue<>();
    String session =
        legacyClient(
            spec ->
                spec.capabilities(McpSchema.ClientCapabilities.builder().sampling().build())
                    .sampling(
                        request -> {
                          sampled.add(request);
                          return new McpSchema.CreateMessageResult(
                              McpSchema.Role.ASSISTANT,
                              new McpSchema.TextContent("Blue"),
                              "the-agents-model",
                              McpSchema.CreateMessageResult.StopReason.END_TURN);
                        }));

    JsonNode answer = serverSamples(session).get(WAIT.toSeconds(), TimeUnit.SECONDS);

    McpSchema.CreateMessageRequest request = sampled.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(request.systemPrompt())
        .isEqualTo("This request comes from MCP server 'fs', through the provider gateway.");
    assertThat(((McpSchema.TextContent) request.messages().get(0).content()).text())
        .isEqualTo("Name a colour.");
    assertThat(request.maxTokens()).isEqualTo(100);
    assertThat(request.meta()).containsEntry("io.github.providergateway/mcpServer", "fs");
    assertThat(answer.path("role").asText()).isEqualTo("assistant");
    assertThat(answer.at("/content/text").asText()).isEqualTo("Blue");
    assertThat(answer.path("model").asText()).isEqualTo("the-agents-model");
    assertThat(answer.path("stopReason").asText()).isEqualTo("endTurn");
  }

  @Test
  void aClientThatDidNotDeclareSamplingIsNotAskedAndTheServerHearsWhy() throws Exception {
    String session = legacyClient(spec -> spec);

    assertThatThrownBy(() -> serverSamples(session).get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining(
            "sampling/createMessage from MCP server 'fs' not asked: the agent's client did not"
                + " declare sampling");
  }

  @Test
  void samplingGoesOnlyToAClientThatDeclaredItAndRootsLikewise() throws Exception {
    String session =
        legacyClient(
            spec ->
                spec.capabilities(McpSchema.ClientCapabilities.builder().sampling().build())
                    .sampling(
                        request ->
                            McpSchema.CreateMessageResult.builder()
                                .role(McpSchema.Role.ASSISTANT)
                                .content(new McpSchema.TextContent("Paris"))
                                .model("m")
                                .build()));

    JsonNode sampled =
        f.gateway
            .mcpOffers()
            .askClient(
                session,
                "fs",
                McpSchema.METHOD_SAMPLING_CREATE_MESSAGE,
                JSON.readTree("{\"messages\":[],\"maxTokens\":5}"),
                Duration.ofMinutes(5))
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(sampled.at("/content/text").asText()).isEqualTo("Paris");
    assertThatThrownBy(
            () ->
                serverAsks(session, McpSchema.METHOD_ROOTS_LIST)
                    .get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining(
            "roots/list from MCP server 'fs' not asked: the agent's client did not declare roots");
  }

  /**
   * A 2026-07-28 server's round (decision 134) for a 2025-era client: what it declared in {@code
   * initialize} is what the server is told, and each request of the round is asked on its session,
   * the answers gathered under the server's keys.
   */
  @Test
  void aModernServersRoundIsAskedOfALegacyClientRequestByRequest() throws Exception {
    String session =
        legacyClient(
            spec ->
                spec.capabilities(
                        McpSchema.ClientCapabilities.builder().elicitation().sampling().build())
                    .elicitation(
                        request ->
                            new McpSchema.ElicitResult(
                                McpSchema.ElicitResult.Action.ACCEPT, Map.of("name", "Ada")))
                    .sampling(
                        request ->
                            McpSchema.CreateMessageResult.builder()
                                .role(McpSchema.Role.ASSISTANT)
                                .content(new McpSchema.TextContent("Hello"))
                                .model("m")
                                .build()));

    JsonNode declared =
        f.gateway
            .mcpOffers()
            .askClient(
                session,
                "fs",
                io.github.providergateway.host.api.SessionHost.CLIENT_CAPABILITIES,
                JSON.readTree("{\"tool\":\"read\",\"arguments\":{}}"),
                Duration.ofMinutes(5))
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(declared.has("elicitation") && declared.has("sampling"))
        .as(declared.toString())
        .isTrue();

    JsonNode answered =
        f.gateway
            .mcpOffers()
            .askClient(
                session,
                "fs",
                io.github.providergateway.host.api.SessionHost.INPUT_REQUESTS,
                JSON.readTree(
                    "{\"tool\":\"read\",\"arguments\":{},\"inputRequests\":{\"who\":{\"method\":"
                        + "\"elicitation/create\",\"params\":{\"message\":\"MCP server 'fs' asks: Name?\","
                        + "\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}},\"hi\":"
                        + "{\"method\":\"sampling/createMessage\",\"params\":{\"messages\":[],"
                        + "\"maxTokens\":5}}}}"),
                Duration.ofMinutes(5))
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(answered.at("/inputResponses/who/content/name").asText()).isEqualTo("Ada");
    assertThat(answered.at("/inputResponses/hi/content/text").asText()).isEqualTo("Hello");
  }
}
