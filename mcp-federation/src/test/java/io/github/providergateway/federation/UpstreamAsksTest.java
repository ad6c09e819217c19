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

  private Gateway gateway;
  private String session;

  @BeforeEach
  void startGateway() throws Exception {
    gateway = Gateway.builder().backend(clock.backend().threaded()).build();
    RecordingSessionHost host = new RecordingSessionHost();
    host.clientAnswer = clientAnswer;
    session =
        gateway
            .startSession(SessionSpec.of("asks", home.toString()), host)
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

  @Test
  void samplingIsRefusedByName() {
    assertThatThrownBy(
            () ->
                fs().sample(
                        McpSchema.CreateMessageRequest.builder()
                            .messages(List.of())
                            .maxTokens(10)
                            .build())
                    .block(WAIT))
        .isInstanceOf(McpError.class)
        .hasMessage(
            "sampling/createMessage from MCP server 'fs' not routed: the gateway does not let a"
                + " provider drive the agent's model (decision 132)");
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
