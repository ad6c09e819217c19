package io.github.providergateway.federation;

import static io.github.providergateway.federation.TestFiles.await;
import static io.github.providergateway.federation.TestFiles.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What MCP servers configured as providers offer beyond tools, through the gateway (decision 123),
 * with servers nobody here wrote: the MCP Java SDK 2.2.0's modern server ({@link ModernJavaServer},
 * 2026-07-28) and the official everything server over stdio. Their resources, prompts and
 * completions are asked through {@link Gateway#mcpFeature}, as a host asks; a name two servers
 * offer is refused naming both; a server that died answers at once with where it is.
 */
@Tag("process")
class FederatedOffersTest {

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
    session = await(gateway.startSession(SessionSpec.of("offers", home.toString()), host)).id();
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
    return server;
  }

  private JsonNode ask(McpFeature method, String params) throws Exception {
    return await(gateway.mcpFeature(session, method, JSON.readTree(params)));
  }

  private static List<String> field(JsonNode items, String field) {
    return StreamSupport.stream(items.spliterator(), false)
        .map(item -> item.path(field).asText())
        .toList();
  }

  @Test
  void aModernServersResourcesPromptsAndCompletionsAreAskedThroughTheGateway() throws Exception {
    FederatedMcpServer java =
        federate(McpServerConfig.stdio("java", McpServers.modernJavaServer()));
    assertThat(java.era()).isEqualTo(McpBridge.Era.MODERN);

    assertThat(field(ask(McpFeature.RESOURCES_LIST, "{}").path("resources"), "uri"))
        .containsExactly(ModernJavaOffers.NOTES);
    JsonNode read = ask(McpFeature.RESOURCES_READ, "{\"uri\":\"java://notes\"}");
    assertThat(read.path("contents").get(0).path("text").asText())
        .isEqualTo("notes of java://notes");
    // In the 2025 era's JSON: the front door puts its own era's fields on.
    assertThat(read.has("resultType")).isFalse();

    assertThat(field(ask(McpFeature.PROMPTS_LIST, "{}").path("prompts"), "name"))
        .containsExactly("summarize");
    JsonNode prompt =
        ask(McpFeature.PROMPTS_GET, "{\"name\":\"summarize\",\"arguments\":{\"topic\":\"gates\"}}");
    assertThat(prompt.path("messages").get(0).path("content").path("text").asText())
        .isEqualTo("Summarize gates");
    JsonNode completed =
        ask(
            McpFeature.COMPLETE,
            "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"summarize\"},"
                + "\"argument\":{\"name\":\"topic\",\"value\":\"gate\"}}");
    assertThat(completed.path("completion").path("values"))
        .extracting(JsonNode::asText)
        .containsExactly("gates", "gateways");
  }

  @Test
  void theEverythingServersResourcesAndPromptsAreAskedThroughTheGateway() throws Exception {
    federate(McpServerConfig.stdio("everything", McpServers.command("everything")));

    JsonNode resources = ask(McpFeature.RESOURCES_LIST, "{}").path("resources");
    assertThat(resources.size()).isPositive();
    String uri = resources.get(0).path("uri").asText();
    JsonNode read =
        ask(McpFeature.RESOURCES_READ, JSON.writeValueAsString(java.util.Map.of("uri", uri)));
    assertThat(read.path("contents").get(0).path("uri").asText()).isEqualTo(uri);

    JsonNode prompts = ask(McpFeature.PROMPTS_LIST, "{}").path("prompts");
    JsonNode plain =
        StreamSupport.stream(prompts.spliterator(), false)
            .filter(
                p ->
                    StreamSupport.stream(p.path("arguments").spliterator(), false)
                        .noneMatch(a -> a.path("required").asBoolean()))
            .findFirst()
            .orElseThrow();
    JsonNode got =
        ask(
            McpFeature.PROMPTS_GET,
            JSON.writeValueAsString(java.util.Map.of("name", plain.path("name").asText())));
    assertThat(got.path("messages").size()).isPositive();
  }

  @Test
  void aResourceTwoServersOfferIsListedByNeitherAndItsReadIsRefusedNamingBoth() throws Exception {
    federate(McpServerConfig.stdio("a", McpServers.modernJavaServer()));
    // Its prefix keeps its tools' and prompts' names apart; a URI is the same URI.
    federate(McpServerConfig.stdio("b", McpServers.modernJavaServer()).withToolPrefix("b_"));

    assertThat(ask(McpFeature.RESOURCES_LIST, "{}").path("resources")).isEmpty();
    assertThatThrownBy(() -> ask(McpFeature.RESOURCES_READ, "{\"uri\":\"java://notes\"}"))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            HostException.class,
            refused -> {
              assertThat(refused.code()).isEqualTo(HostErrorCode.INVALID_ARGUMENT);
              assertThat(refused.getMessage())
                  .contains("java://notes is offered by more than one MCP server")
                  .contains("(a, b)");
            });

    assertThat(field(ask(McpFeature.PROMPTS_LIST, "{}").path("prompts"), "name"))
        .containsExactly("summarize", "b_summarize");
    JsonNode prompt =
        ask(McpFeature.PROMPTS_GET, "{\"name\":\"b_summarize\",\"arguments\":{\"topic\":\"x\"}}");
    assertThat(prompt.path("messages").get(0).path("content").path("text").asText())
        .isEqualTo("Summarize x");
  }

  @Test
  void aServerThatDiedIsAnsweredAtOnceWithWhereItIsNeverAWait() throws Exception {
    FederatedMcpServer java =
        federate(McpServerConfig.stdio("java", McpServers.modernJavaServer()));
    java.process().destroyForcibly();
    awaitTrue(
        "the server is restarting",
        () -> java.status().state() == FederatedMcpServer.State.RESTARTING);

    // Nothing on the clock moves: an answer that waited for the restart would never come.
    assertThatThrownBy(() -> ask(McpFeature.RESOURCES_READ, "{\"uri\":\"java://notes\"}"))
        .cause()
        .isInstanceOfSatisfying(
            HostException.class,
            refused ->
                assertThat(refused.getMessage())
                    .contains("no MCP server of this session offers java://notes")
                    .contains("the MCP server 'java' is restarting"));
    assertThat(ask(McpFeature.RESOURCES_LIST, "{}").path("resources")).isEmpty();
  }
}
