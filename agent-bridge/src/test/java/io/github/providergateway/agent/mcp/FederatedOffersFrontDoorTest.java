package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.McpOffers;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.protocol.SessionInfo;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A session's federated MCP servers' resources, templates, prompts and completions (decision 123)
 * through {@link McpFrontDoor} to the MCP Java SDK's clients of both eras, written by others, with
 * an embedded gateway behind it: each server is a {@link FakeServer} offering in the session, as
 * mcp-federation offers a running server's ({@code FederatedOffersTest} there runs real ones).
 */
class FederatedOffersFrontDoorTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final GatewayFixture f = GatewayFixture.create();
  private final CompletableFuture<SessionInfo> started = new CompletableFuture<>();
  private final BlockingQueue<String> taken = new LinkedBlockingQueue<>();

  /** The lists the legacy client heard changed, each with what it listed again. */
  private final BlockingQueue<String> heardChanged = new LinkedBlockingQueue<>();

  private io.modelcontextprotocol.modern.client.transport.StdioMcpClientTransport modernTransport;
  private McpSyncClient legacy;

  @AfterEach
  void close() throws Exception {
    if (legacy != null) {
      legacy.closeGracefully();
    }
    if (modernTransport != null) {
      modernTransport.close();
    }
    f.close();
  }

  /** A legacy client initialized at a new front door; the gateway session's id. */
  private String legacyClient() throws Exception {
    f.onSessionStarted(started::complete);
    PipedFrontDoor piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    legacy =
        McpClient.sync(new StreamClientTransport(piped.agentReads, piped.agentWrites))
            .clientInfo(new McpSchema.Implementation("test-agent", "1.0"))
            .requestTimeout(WAIT)
            .resourcesChangeConsumer(
                listed ->
                    heardChanged.add(
                        "resources "
                            + listed.stream().map(McpSchema.Resource::uri).sorted().toList()))
            .promptsChangeConsumer(
                listed ->
                    heardChanged.add(
                        "prompts " + listed.stream().map(McpSchema.Prompt::name).sorted().toList()))
            .build();
    legacy.initialize();
    String session = started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id();
    f.gateway
        .mcpOffers()
        .onContent(
            (sessionId, server, method, what) ->
                taken.add(sessionId + " " + server + " " + method.wireName() + " " + what));
    return session;
  }

  private void offer(String session, FakeServer server) throws Exception {
    f.gateway.mcpOffers().offer(session, server.name, server);
  }

  @Test
  void theLegacyClientListsAServersResourcesBesideTheGatewaysOwnAndReadsThemThroughIt()
      throws Exception {
    String session = legacyClient();
    offer(session, FakeServer.docs());

    assertThat(legacy.listResources().resources())
        .extracting(McpSchema.Resource::uri)
        .containsExactly("test://static-text", "test://static-binary");
    assertThat(legacy.listResourceTemplates().resourceTemplates())
        .extracting(McpSchema.ResourceTemplate::uriTemplate)
        .containsExactly("test://template/{id}/data");

    McpSchema.ReadResourceResult text =
        legacy.readResource(new McpSchema.ReadResourceRequest("test://static-text"));
    assertThat(((McpSchema.TextResourceContents) text.contents().get(0)).text())
        .isEqualTo("read test://static-text");
    McpSchema.ReadResourceResult templated =
        legacy.readResource(new McpSchema.ReadResourceRequest("test://template/123/data"));
    assertThat(((McpSchema.TextResourceContents) templated.contents().get(0)).text())
        .isEqualTo("read test://template/123/data");
    // Content from outside the person, as a provider tool's result: the flow rules hear of it.
    assertThat(taken.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isEqualTo(session + " docs resources/read test://static-text");
  }

  @Test
  void theLegacyClientGetsAServersPromptWithArgumentsAndItsCompletions() throws Exception {
    String session = legacyClient();
    offer(session, FakeServer.docs());

    assertThat(legacy.listPrompts().prompts())
        .extracting(McpSchema.Prompt::name)
        .containsExactly(AgentSession.CONTEXT_PROMPT, "test_prompt_with_arguments");
    McpSchema.GetPromptResult prompt =
        legacy.getPrompt(
            new McpSchema.GetPromptRequest(
                "test_prompt_with_arguments", Map.of("arg1", "one", "arg2", "two")));
    assertThat(((McpSchema.TextContent) prompt.messages().get(0).content()).text())
        .isEqualTo("arg1=one arg2=two");
    assertThat(prompt.messages().get(1).content()).isInstanceOf(McpSchema.ImageContent.class);

    McpSchema.CompleteResult completed =
        legacy.completeCompletion(
            new McpSchema.CompleteRequest(
                new McpSchema.PromptReference("test_prompt_with_arguments"),
                new McpSchema.CompleteRequest.CompleteArgument("arg1", "pa")));
    assertThat(completed.completion().values()).containsExactly("paris", "park");
    // The gateway's own prompt is still its own.
    assertThat(legacy.getPrompt(new McpSchema.GetPromptRequest(AgentSession.CONTEXT_PROMPT, null)))
        .isNotNull();
  }

  @Test
  void aUriTwoServersOfferIsListedByNeitherAndItsReadIsRefusedNamingBoth() throws Exception {
    String session = legacyClient();
    offer(session, FakeServer.docs());
    offer(session, FakeServer.wiki());

    assertThat(legacy.listResources().resources())
        .extracting(McpSchema.Resource::uri)
        .containsExactly("test://static-binary", "wiki://home");
    assertThatThrownBy(
            () -> legacy.readResource(new McpSchema.ReadResourceRequest("test://static-text")))
        .isInstanceOfSatisfying(
            McpError.class,
            refused -> {
              assertThat(refused.getJsonRpcError().code())
                  .isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
              assertThat(refused.getMessage())
                  .contains("test://static-text is offered by more than one MCP server")
                  .contains("docs, wiki");
            });
  }

  @Test
  void theLegacyClientHearsAServersResourcesAndPromptsChangeAndListsThemAgain() throws Exception {
    String session = legacyClient();
    offer(session, FakeServer.docs());
    f.settle();
    heardChanged.clear();

    f.gateway.mcpOffers().listChanged(session, "docs", McpFeature.RESOURCES_LIST);
    assertThat(heardChanged.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isEqualTo("resources [test://static-binary, test://static-text]");
    f.gateway.mcpOffers().listChanged(session, "docs", McpFeature.PROMPTS_LIST);
    assertThat(heardChanged.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isEqualTo("prompts [" + AgentSession.CONTEXT_PROMPT + ", test_prompt_with_arguments]");
  }

  @Test
  void aServerGoneIsAnsweredAtOnceWithWhatHappenedToIt() throws Exception {
    String session = legacyClient();
    offer(session, FakeServer.docs());
    offer(session, FakeServer.gone());

    // Its list is left out; the others' still come.
    assertThat(legacy.listResources().resources()).hasSize(2);
    assertThatThrownBy(() -> legacy.readResource(new McpSchema.ReadResourceRequest("gone://x")))
        .isInstanceOfSatisfying(
            McpError.class,
            refused ->
                assertThat(refused.getMessage())
                    .contains("no MCP server of this session offers gone://x")
                    .contains("the MCP server 'gone' is failed (it exited with code 1)"));
  }

  @Test
  void theModernClientsSubscriptionHearsAServersResourcesAndPromptsChange() throws Exception {
    io.modelcontextprotocol.modern.client.McpSyncClient modern = modernClient();
    modern.discover();
    String session = started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id();
    offer(session, FakeServer.docs());
    BlockingQueue<io.modelcontextprotocol.modern.client.SubscriptionEvent> events =
        new LinkedBlockingQueue<>();
    var listening = modern.listen().resourcesChanged().promptsChanged().open(events::add);
    assertThat(events.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(io.modelcontextprotocol.modern.client.SubscriptionEvent.Subscribed.class);

    f.gateway.mcpOffers().listChanged(session, "docs", McpFeature.PROMPTS_LIST);
    assertThat(events.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(
            io.modelcontextprotocol.modern.client.SubscriptionEvent.PromptsListChanged.class);
    f.gateway.mcpOffers().listChanged(session, "docs", McpFeature.RESOURCES_LIST);
    assertThat(events.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(
            io.modelcontextprotocol.modern.client.SubscriptionEvent.ResourcesListChanged.class);
    listening.close();
  }

  /** The MCP Java SDK's 2026-07-28 client at a new front door, not yet having asked anything. */
  private io.modelcontextprotocol.modern.client.McpSyncClient modernClient() throws Exception {
    f.onSessionStarted(started::complete);
    PipedFrontDoor piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    modernTransport =
        io.modelcontextprotocol.modern.client.transport.StdioMcpClientTransport.builder(
                piped.agentReads, piped.agentWrites)
            .jsonMapper(Json.MCP)
            .start();
    io.modelcontextprotocol.modern.client.McpSyncClient modern =
        io.modelcontextprotocol.modern.client.McpClient.sync(modernTransport)
            .jsonMapper(Json.MCP)
            .clientInfo(
                io.modelcontextprotocol.modern.McpSchema.Implementation.builder(
                        "modern-agent", "1.0")
                    .build())
            .callTimeout(WAIT)
            .build();
    return modern;
  }

  @Test
  void theModernClientListsReadsGetsAndCompletesTheSameThroughTheWindowsSession() throws Exception {
    io.modelcontextprotocol.modern.client.McpSyncClient modern = modernClient();
    modern.discover();
    offer(started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id(), FakeServer.docs());

    assertThat(modern.resources().list().resources())
        .extracting(io.modelcontextprotocol.modern.McpSchema.Resource::uri)
        .containsExactly("test://static-text", "test://static-binary");
    assertThat(modern.resourceTemplates().list().resourceTemplates())
        .extracting(io.modelcontextprotocol.modern.McpSchema.ResourceTemplate::uriTemplate)
        .containsExactly("test://template/{id}/data");
    var read = modern.resource("test://template/7/data").read();
    assertThat(Json.tree(read.contents().get(0)).path("text").asText())
        .isEqualTo("read test://template/7/data");
    assertThat(modern.prompts().list().prompts())
        .extracting(io.modelcontextprotocol.modern.McpSchema.Prompt::name)
        .containsExactly(AgentSession.CONTEXT_PROMPT, "test_prompt_with_arguments");
    var prompt =
        modern
            .prompt("test_prompt_with_arguments")
            .arguments(Map.of("arg1", "a", "arg2", "b"))
            .get();
    assertThat(Json.tree(prompt.messages().get(0).content()).path("text").asText())
        .isEqualTo("arg1=a arg2=b");
    var completed =
        modern
            .completion(
                new io.modelcontextprotocol.modern.McpSchema.PromptReference(
                    "test_prompt_with_arguments"),
                "arg1",
                "par")
            .complete();
    assertThat(completed.completion().values()).containsExactly("paris", "park");
    assertThatThrownBy(() -> modern.resource("test://nothing").read())
        .isInstanceOfSatisfying(
            io.modelcontextprotocol.modern.McpException.class,
            refused -> assertThat(refused.error().code()).isEqualTo(-32602));
  }

  /** A federated server as the gateway's offers see it: canned lists, reads that say what. */
  private static final class FakeServer implements McpOffers.Offer {
    private final String name;
    private final String resources;
    private final String templates;
    private final String prompts;
    private final String failure;

    private FakeServer(
        String name, String resources, String templates, String prompts, String failure) {
      this.name = name;
      this.resources = resources;
      this.templates = templates;
      this.prompts = prompts;
      this.failure = failure;
    }

    static FakeServer docs() {
      return new FakeServer(
          "docs",
          "[{\"uri\":\"test://static-text\",\"name\":\"text\"},"
              + "{\"uri\":\"test://static-binary\",\"name\":\"binary\"}]",
          "[{\"uriTemplate\":\"test://template/{id}/data\",\"name\":\"template\"}]",
          "[{\"name\":\"test_prompt_with_arguments\",\"description\":\"two arguments\","
              + "\"arguments\":[{\"name\":\"arg1\",\"required\":true},"
              + "{\"name\":\"arg2\",\"required\":true}]}]",
          null);
    }

    static FakeServer wiki() {
      return new FakeServer(
          "wiki",
          "[{\"uri\":\"test://static-text\",\"name\":\"mine too\"},"
              + "{\"uri\":\"wiki://home\",\"name\":\"home\"}]",
          "[]",
          "[]",
          null);
    }

    static FakeServer gone() {
      return new FakeServer("gone", null, null, null, "it exited with code 1");
    }

    @Override
    public CompletableFuture<JsonNode> ask(McpFeature method, JsonNode params) {
      if (failure != null) {
        return CompletableFuture.failedFuture(
            new HostException(
                HostErrorCode.INTERNAL,
                "the MCP server '" + name + "' is failed (" + failure + ")"));
      }
      String answer =
          switch (method) {
            case RESOURCES_LIST -> "{\"resources\":" + resources + "}";
            case RESOURCE_TEMPLATES_LIST -> "{\"resourceTemplates\":" + templates + "}";
            case PROMPTS_LIST -> "{\"prompts\":" + prompts + "}";
            case RESOURCES_READ -> {
              String uri = params.path("uri").asText();
              yield "{\"contents\":[{\"uri\":\""
                  + uri
                  + "\",\"mimeType\":\"text/plain\",\"text\":\"read "
                  + uri
                  + "\"}]}";
            }
            case PROMPTS_GET ->
                "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"arg1="
                    + params.path("arguments").path("arg1").asText()
                    + " arg2="
                    + params.path("arguments").path("arg2").asText()
                    + "\"}},{\"role\":\"user\",\"content\":{\"type\":\"image\","
                    + "\"data\":\"iVBORw0KGgo=\",\"mimeType\":\"image/png\"}}]}";
            case COMPLETE -> {
              String typed = params.path("argument").path("value").asText();
              List<String> values =
                  List.of("paris", "park", "other").stream()
                      .filter(value -> value.startsWith(typed))
                      .toList();
              yield "{\"completion\":{\"values\":" + Json.text(Json.tree(values)) + "}}";
            }
          };
      return CompletableFuture.completedFuture(GatewayFixture.json(answer));
    }
  }
}
