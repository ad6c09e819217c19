package io.github.providergateway.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.ManualClock;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link UpstreamAsks} with a real gateway on the manual clock (decision 132): roots answered with
 * the server's folder, an elicitation attributed to the one session whose calls are in flight and
 * refused by name otherwise, sampling refused by name, and a question given up when its session's
 * last call ends.
 */
class UpstreamAsksTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir Path home;

  private final ManualClock clock = new ManualClock();
  private final Set<Object> inFlight = ConcurrentHashMap.newKeySet();

  /** The agent's client's answer to come: never, unless a test completes it. */
  private final CompletableFuture<JsonNode> clientAnswer = new CompletableFuture<>();

  private final RecordingSessionHost recording = new RecordingSessionHost();

  private Gateway gateway;
  private String session;

  @BeforeEach
  void startGateway() throws Exception {
    gateway = Gateway.builder().backend(clock.backend().threaded()).build();
    recording.clientAnswer = clientAnswer;
    session =
        gateway
            .startSession(SessionSpec.of("asks", home.toString()), recording)
            .get(WAIT.toSeconds(), TimeUnit.SECONDS)
            .id();
  }

  @AfterEach
  void close() {
    gateway.close();
  }

  private UpstreamAsks asks(McpServerConfig config) {
    return new UpstreamAsks(config, gateway::mcpOffers, () -> inFlight);
  }

  private UpstreamAsks fs() {
    return asks(McpServerConfig.stdio("fs", List.of("fs-server")).withCwd(home));
  }

  private static McpSchema.ElicitFormRequest form() {
    return new McpSchema.ElicitFormRequest(
        "Your name?", Map.of("type", "object", "properties", Map.of()), null);
  }

  @Test
  void rootsAreTheFolderTheServerRunsInAndNoneForAnHttpServer() {
    assertThat(fs().roots())
        .containsExactly(new McpSchema.Root(home.toUri().toString(), "project"));
    assertThat(
            asks(McpServerConfig.http("remote", URI.create("http://127.0.0.1:3001/mcp"))).roots())
        .isEmpty();
  }

  @Test
  void anElicitationGoesToTheSessionWhoseCallIsInFlightAndItsAnswerComesBack() throws Exception {
    inFlight.add(session + "/c-1");
    CompletableFuture<McpSchema.ElicitResult> result = fs().elicit(form()).toFuture();
    clientAnswer.complete(
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}"));
    McpSchema.ElicitResult answered = result.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(answered.action()).isEqualTo(McpSchema.ElicitResult.Action.ACCEPT);
    assertThat(answered.content()).containsEntry("name", "Ada");
  }

  @Test
  void anElicitationDuringNoCallOrCallsOfSeveralSessionsIsRefusedByName() {
    assertThatThrownBy(() -> fs().elicit(form()).block(WAIT))
        .isInstanceOf(McpError.class)
        .hasMessage(
            "elicitation/create from MCP server 'fs' not routed: it came during none of the"
                + " gateway's calls, so no agent is there to ask");
    inFlight.add("s-1/c-1");
    inFlight.add("s-2/c-1");
    assertThatThrownBy(() -> fs().elicit(form()).block(WAIT))
        .isInstanceOf(McpError.class)
        .hasMessageContaining("calls of several sessions are in flight");
  }

  private static McpSchema.CreateMessageRequest sampling() {
    return McpSchema.CreateMessageRequest.builder()
        .messages(
            List.of(
                new McpSchema.SamplingMessage(
                    McpSchema.Role.USER, new McpSchema.TextContent("Name a colour."))))
        .systemPrompt("Answer in one word.")
        .maxTokens(100)
        .build();
  }

  private UpstreamAsks fsAllowedToSample() {
    return asks(
        McpServerConfig.stdio("fs", List.of("fs-server")).withCwd(home).withAllowSampling(true));
  }

  @Test
  void samplingWithoutThePersonsAllowanceIsRefusedByNameAndTheAgentIsNeverAsked() {
    inFlight.add(session + "/c-1"); // a call in flight: only the missing allowance refuses it
    clientAnswer.complete(null); // a client that would answer at once, were it asked

    assertThatThrownBy(() -> fs().sample(sampling()).block(WAIT))
        .isInstanceOf(McpError.class)
        .hasMessage(
            "sampling/createMessage from MCP server 'fs' not routed: the person has not let it"
                + " drive the agent's model (\"allowSampling\": true in its entry of the gateway's"
                + " config; decision 133)");
    assertThat(recording.clientAsks).isEmpty();
  }

  @Test
  void allowedSamplingGoesToTheSessionWhoseCallIsInFlightNamingTheServerAndItsAnswerComesBack()
      throws Exception {
    inFlight.add(session + "/c-1");
    CompletableFuture<McpSchema.CreateMessageResult> result =
        fsAllowedToSample().sample(sampling()).toFuture();
    clientAnswer.complete(
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(
                "{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"Blue\"},"
                    + "\"model\":\"the-agents-model\",\"stopReason\":\"endTurn\"}"));

    McpSchema.CreateMessageResult answered = result.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(answered.role()).isEqualTo(McpSchema.Role.ASSISTANT);
    assertThat(((McpSchema.TextContent) answered.content()).text()).isEqualTo("Blue");
    assertThat(answered.model()).isEqualTo("the-agents-model");
    assertThat(answered.stopReason()).isEqualTo(McpSchema.CreateMessageResult.StopReason.END_TURN);
    assertThat(recording.clientAsks).containsExactly("fs sampling/createMessage");
    JsonNode asked = recording.clientAskParams.get(0);
    assertThat(asked.at("/messages/0/content/text").asText()).isEqualTo("Name a colour.");
    assertThat(asked.at("/messages/0/role").asText()).isEqualTo("user");
    assertThat(asked.path("maxTokens").asInt()).isEqualTo(100);
    assertThat(asked.path("systemPrompt").asText())
        .isEqualTo(
            "This request comes from MCP server 'fs', through the provider gateway.\n\n"
                + "Answer in one word.");
    assertThat(asked.at("/_meta/io.github.providergateway~1mcpServer").asText()).isEqualTo("fs");
  }

  @Test
  void allowedSamplingIsStillRefusedByNameDuringNoCallOrForAnotherServersContext() {
    assertThatThrownBy(() -> fsAllowedToSample().sample(sampling()).block(WAIT))
        .isInstanceOf(McpError.class)
        .hasMessageContaining("it came during none of the gateway's calls");
    inFlight.add(session + "/c-1");
    McpSchema.CreateMessageRequest allServers =
        McpSchema.CreateMessageRequest.builder()
            .messages(sampling().messages())
            .maxTokens(100)
            .includeContext(McpSchema.CreateMessageRequest.ContextInclusionStrategy.ALL_SERVERS)
            .build();
    assertThatThrownBy(() -> fsAllowedToSample().sample(allServers).block(WAIT))
        .isInstanceOf(McpError.class)
        .hasMessageContaining("includeContext would give it what the agent's other servers said");
    assertThat(recording.clientAsks).isEmpty();
  }

  @Test
  void allowedSamplingThatTheClientNeverAnswersIsCutOffAtTheWaitNotATickBefore() {
    inFlight.add(session + "/c-1");
    CompletableFuture<McpSchema.CreateMessageResult> result =
        fsAllowedToSample().sample(sampling()).toFuture();
    clock.advance(UpstreamAsks.WAIT.minusMillis(1));
    assertThat(result).isNotDone();
    clock.advance(Duration.ofMillis(1));
    assertThatThrownBy(() -> result.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .hasMessageContaining(
            "sampling/createMessage from MCP server 'fs' not routed: sampling/createMessage from"
                + " MCP server 'fs': the agent's client did not answer within");
  }

  @Test
  void aQuestionIsGivenUpWhenTheLastCallOfItsSessionEnds() {
    UpstreamAsks asks = fs();
    inFlight.add(session + "/c-1");
    inFlight.add(session + "/c-2");
    CompletableFuture<McpSchema.ElicitResult> result = asks.elicit(form()).toFuture();

    inFlight.remove(session + "/c-1");
    asks.callOver(session + "/c-1", inFlight);
    assertThat(result).isNotDone();
    inFlight.remove(session + "/c-2");
    asks.callOver(session + "/c-2", inFlight);

    assertThatThrownBy(() -> result.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .hasMessageContaining(
            "elicitation/create from MCP server 'fs' not routed: the call it came during was"
                + " cancelled or ended");
  }

  @Test
  void aClientThatNeverAnswersIsCutOffAtTheWaitOnTheGatewaysClock() {
    inFlight.add(session + "/c-1");
    CompletableFuture<McpSchema.ElicitResult> result = fs().elicit(form()).toFuture();
    clock.advance(UpstreamAsks.WAIT.minusMillis(1));
    assertThat(result).isNotDone();
    clock.advance(Duration.ofMillis(1));
    assertThatThrownBy(() -> result.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .hasMessageContaining("the agent's client did not answer within");
  }
}
