package io.github.providergateway.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.ManualClock;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.spec.McpError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Mono;

/**
 * A 2026-07-28 server's rounds of input during a call (decision 134), with a real gateway on the
 * manual clock and a host that records what it is asked: what the gateway declares to the server
 * (the client's capabilities, sampling only where the config allows it), roots answered by the
 * gateway where the client did not declare them, sampling refused by name, the rest sent to the
 * client as one round with the server named; each round cut off at the wait, not a tick early; a
 * request's rounds bounded, the responses and the server's state sent back unchanged.
 */
class UpstreamRoundsTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;

  private final ManualClock clock = new ManualClock();

  /** What the host was asked, {@code <method> <params>}, in order. */
  private final List<String> asked = new CopyOnWriteArrayList<>();

  /** The client's answer to a round: never, unless a test completes it. */
  private final CompletableFuture<JsonNode> clientAnswer = new CompletableFuture<>();

  /** What the client declared, as the host answers {@link SessionHost#CLIENT_CAPABILITIES}. */
  private volatile String declared = "{}";

  private Gateway gateway;
  private String session;

  @BeforeEach
  void startGateway() throws Exception {
    gateway = Gateway.builder().backend(clock.backend().threaded()).build();
    session =
        gateway
            .startSession(SessionSpec.of("rounds", home.toString()), new AskedHost())
            .get(WAIT.toSeconds(), TimeUnit.SECONDS)
            .id();
  }

  @AfterEach
  void close() {
    gateway.close();
  }

  private UpstreamAsks fs() {
    return new UpstreamAsks(
        McpServerConfig.stdio("fs", List.of("fs-server")).withCwd(home),
        gateway::mcpOffers,
        java.util.Set::of);
  }

  /**
   * One round of {@code request} from {@code fs} for a client that declared sampling, the host's
   * record of what it was asked cleared first.
   */
  private Object samplingRound(UpstreamAsks fs, String request) throws Exception {
    declared = "{\"sampling\":{}}";
    UpstreamAsks.Declared told = fs.declared(session, "read", null).block(WAIT);
    asked.clear();
    return fs.round(session, "read", null, Map.of("q", tree(request)), told).block(WAIT);
  }

  private static JsonNode tree(String json) throws Exception {
    return JSON.readTree(json);
  }

  @Test
  void theServerIsToldWhatTheClientDeclaredButSamplingOnlyWhereItsConfigAllowsIt()
      throws Exception {
    declared = "{\"elicitation\":{},\"sampling\":{},\"roots\":{}}";
    UpstreamAsks.Declared told =
        fs().declared(session, "read", tree("{\"path\":\"a\"}")).block(WAIT);
    assertThat(told.upstream()).containsOnlyKeys("elicitation", "roots");
    assertThat(asked)
        .containsExactly(
            SessionHost.CLIENT_CAPABILITIES
                + " {\"tool\":\"read\",\"arguments\":{\"path\":\"a\"}}");

    declared = "{}";
    assertThat(fs().declared(session, "read", null).block(WAIT).upstream())
        .as("roots the gateway answers itself")
        .containsOnlyKeys("roots");
  }

  @Test
  void rootsAreTheGatewaysWhereTheClientDidNotDeclareThemAndNothingIsAsked() throws Exception {
    UpstreamAsks fs = fs();
    UpstreamAsks.Declared told = fs.declared(session, "read", null).block(WAIT);
    asked.clear();
    Map<String, Object> answered =
        fs.round(session, "read", null, Map.of("r", tree("{\"method\":\"roots/list\"}")), told)
            .block(WAIT);
    assertThat(answered).containsOnlyKeys("r");
    assertThat(answered.get("r").toString()).contains(home.toUri().toString(), "project");
    assertThat(asked).isEmpty();
  }

  @Test
  void samplingIsRefusedByNameWhereTheConfigDoesNotAllowItAndNothingIsAsked() throws Exception {
    assertThatThrownBy(
            () ->
                samplingRound(
                    fs(), "{\"method\":\"sampling/createMessage\",\"params\":{\"messages\":[]}}"))
        .isInstanceOf(McpError.class)
        .hasMessageContaining(
            "sampling/createMessage from MCP server 'fs' not routed: the person has not let it"
                + " drive the agent's model (\"allowSampling\": true");
    assertThat(asked).isEmpty();
  }

  @Test
  void anAllowedServersSamplingForOthersContextIsRefusedByNameAndNothingIsAsked() throws Exception {
    UpstreamAsks allowed =
        new UpstreamAsks(
            McpServerConfig.stdio("fs", List.of("fs-server")).withCwd(home).withAllowSampling(true),
            gateway::mcpOffers,
            java.util.Set::of);
    assertThatThrownBy(
            () ->
                samplingRound(
                    allowed,
                    "{\"method\":\"sampling/createMessage\",\"params\":{\"messages\":[],"
                        + "\"maxTokens\":5,\"includeContext\":\"allServers\"}}"))
        .isInstanceOf(McpError.class)
        .hasMessageContaining(
            "sampling/createMessage from MCP server 'fs' not routed: includeContext would give it"
                + " what the agent's other servers said");
    assertThat(asked).isEmpty();
  }

  @Test
  void theClientsPartOfARoundGoesAsOneRequestTheServerNamedAndItsAnswersComeBack()
      throws Exception {
    declared = "{\"elicitation\":{},\"roots\":{}}";
    UpstreamAsks fs = fs();
    UpstreamAsks.Declared told = fs.declared(session, "read", null).block(WAIT);
    asked.clear();
    Map<String, JsonNode> requests = new LinkedHashMap<>();
    requests.put(
        "name",
        tree("{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Your name?\"}}"));
    requests.put("where", tree("{\"method\":\"roots/list\",\"params\":{}}"));
    CompletableFuture<Map<String, Object>> round =
        fs.round(session, "read", tree("{}"), requests, told).toFuture();

    clientAnswer.complete(
        tree(
            "{\"inputResponses\":{\"name\":{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}},"
                + "\"where\":{\"roots\":[]}}}"));
    Map<String, Object> answered = round.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(answered).containsOnlyKeys("name", "where");
    assertThat(asked).hasSize(1);
    JsonNode sent = tree(asked.get(0).substring(asked.get(0).indexOf(' ') + 1));
    assertThat(asked.get(0)).startsWith(SessionHost.INPUT_REQUESTS + " ");
    assertThat(sent.at("/inputRequests/name/params/message").asText())
        .isEqualTo("MCP server 'fs' asks: Your name?");
    assertThat(sent.path("tool").asText()).isEqualTo("read");
  }

  @Test
  void aRoundTheClientNeverAnswersIsCutOffAtTheWaitOnTheGatewaysClock() throws Exception {
    declared = "{\"elicitation\":{}}";
    UpstreamAsks fs = fs();
    UpstreamAsks.Declared told = fs.declared(session, "read", null).block(WAIT);
    CompletableFuture<Map<String, Object>> round =
        fs.round(
                session,
                "read",
                null,
                Map.of("q", tree("{\"method\":\"elicitation/create\",\"params\":{}}")),
                told)
            .toFuture();
    clock.advance(UpstreamAsks.WAIT.minusMillis(1));
    assertThat(round).isNotDone();
    clock.advance(Duration.ofMillis(1));
    assertThatThrownBy(() -> round.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .hasMessageContaining("the agent's client did not answer within");
  }

  @Test
  void eachRoundSendsTheResponsesAndTheServersStateUnchangedUntilTheResult() {
    List<String> sent = new ArrayList<>();
    McpSchema.CallToolResult done = McpSchema.CallToolResult.builder().isError(false).build();
    McpSchema.CallToolResult result =
        new InputRounds(new io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper(JSON))
            .run(
                "read",
                (responses, state) -> {
                  sent.add(state + " " + responses);
                  return Mono.just(
                      state == null
                          ? inputRequired("s-1")
                          : state.equals("s-1") ? inputRequired("s-2") : done);
                },
                requests -> Mono.just(Map.<String, Object>of("k", requests.keySet().toString())),
                McpSchema.CallToolResult.class)
            .block(WAIT);
    assertThat(result).isEqualTo(done);
    assertThat(sent).containsExactly("null null", "s-1 {k=[q]}", "s-2 {k=[q]}");
  }

  @Test
  void aServerThatNeverStopsAskingFailsByNameAfterTheBound() {
    List<String> sent = new ArrayList<>();
    assertThatThrownBy(
            () ->
                rounds()
                    .run(
                        "read",
                        (responses, state) -> {
                          sent.add(state);
                          return Mono.just(inputRequired("again"));
                        },
                        requests -> Mono.just(Map.<String, Object>of()),
                        McpSchema.CallToolResult.class)
                    .block(WAIT))
        .hasMessageContaining(
            "input_required: the MCP server asked for input before 'read' more than "
                + InputRounds.MAX_ROUNDS
                + " rounds");
    assertThat(sent).hasSize(InputRounds.MAX_ROUNDS);
  }

  @Test
  void aRoundOfMoreRequestsThanTheBoundFailsByNameAndNothingIsAsked() {
    Map<String, McpSchema.InputRequest> many = new java.util.LinkedHashMap<>();
    for (int i = 0; i <= InputRounds.MAX_REQUESTS; i++) {
      many.put("q" + i, McpSchema.InputRequest.listRoots());
    }
    List<Map<String, JsonNode>> answered = new ArrayList<>();
    assertThatThrownBy(
            () ->
                rounds()
                    .run(
                        "read",
                        (responses, state) ->
                            Mono.just(new McpSchema.InputRequiredResult(many, "s", null, null)),
                        requests -> {
                          answered.add(requests);
                          return Mono.just(Map.<String, Object>of());
                        },
                        McpSchema.CallToolResult.class)
                    .block(WAIT))
        .hasMessageContaining(
            "asked "
                + (InputRounds.MAX_REQUESTS + 1)
                + " things at once before 'read', more than the gateway's bound of "
                + InputRounds.MAX_REQUESTS);
    assertThat(answered).isEmpty();
  }

  private static InputRounds rounds() {
    return new InputRounds(new io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper(JSON));
  }

  private static McpSchema.InputRequiredResult inputRequired(String state) {
    return new McpSchema.InputRequiredResult(
        Map.of("q", McpSchema.InputRequest.listRoots()), state, null, null);
  }

  /** A host that records what it is asked and answers as the test says. */
  private final class AskedHost implements SessionHost {
    @Override
    public void registerTools(String sessionId, List<HostTool> tools) {}

    @Override
    public void log(String sessionId, String source, String message) {}

    @Override
    public void send(String sessionId, String source, String prompt) {}

    @Override
    public CompletableFuture<JsonNode> askClient(
        String sessionId, String server, String method, JsonNode params) {
      asked.add(method + " " + params);
      if (CLIENT_CAPABILITIES.equals(method)) {
        try {
          return CompletableFuture.completedFuture(JSON.readTree(declared));
        } catch (Exception e) {
          return CompletableFuture.failedFuture(e);
        }
      }
      return clientAnswer;
    }
  }
}
