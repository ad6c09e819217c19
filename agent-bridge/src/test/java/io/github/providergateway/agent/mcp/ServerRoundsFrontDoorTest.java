package io.github.providergateway.agent.mcp;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A federated server's questions to a 2026-07-28 agent during its call (decision 134), as
 * mcp-federation hands them to the gateway ({@code McpOffers.askClient} with {@link
 * SessionHost#INPUT_REQUESTS}), through the front door to a client writing its own lines: one round
 * of several kinds is one {@code input_required} with the server's keys, answered by the retry; a
 * second round has a new state; a tampered or replayed state is refused and answers nothing; a
 * request of a kind the call did not declare is never sent; a server's {@code -32021} reaches the
 * client as itself.
 */
class ServerRoundsFrontDoorTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private static final String ALL = "{\"elicitation\":{\"form\":{}},\"sampling\":{},\"roots\":{}}";

  private static final String CALL = "\"name\":\"read\",\"arguments\":{\"path\":\"a.txt\"},";

  private final GatewayFixture f = GatewayFixture.create();
  private final CompletableFuture<SessionInfo> started = new CompletableFuture<>();
  private PipedFrontDoor piped;
  private RecordingProviderConnection fs;
  private String session;

  @AfterEach
  void close() throws Exception {
    if (piped != null) {
      piped.agentWrites.close();
    }
    f.close();
  }

  @Test
  void aRoundOfThreeKindsIsOneInputRequiredWithTheServersKeysAndTheRetryAnswersIt()
      throws Exception {
    RawModernClient raw = connect(ALL);
    raw.send(100, "tools/call", CALL);
    ToolCall running = reachesTheServer();

    CompletableFuture<JsonNode> first =
        serverAsks(
            "{\"user_name\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Name?\","
                + "\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":"
                + "\"string\"}}}}},\"greeting\":{\"method\":\"sampling/createMessage\",\"params\":"
                + "{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":"
                + "\"Hi\"}}],\"maxTokens\":5}},\"client_roots\":{\"method\":\"roots/list\","
                + "\"params\":{}}}");
    JsonNode asked = raw.next();
    assertThat(asked.at("/result/resultType").asText())
        .as(asked.toString())
        .isEqualTo("input_required");
    JsonNode requests = asked.at("/result/inputRequests");
    assertThat(List.of(requests.fieldNames().next(), requests.size()))
        .containsExactly("user_name", 3);
    assertThat(requests.at("/greeting/method").asText()).isEqualTo("sampling/createMessage");
    assertThat(requests.at("/client_roots/method").asText()).isEqualTo("roots/list");
    String state = asked.at("/result/requestState").asText();

    raw.send(
        101,
        "tools/call",
        CALL
            + "\"inputResponses\":{\"user_name\":{\"action\":\"accept\",\"content\":{\"name\":"
            + "\"Ada\"}},\"greeting\":{\"role\":\"assistant\",\"content\":{\"type\":\"text\","
            + "\"text\":\"Hello\"},\"model\":\"m\"},\"client_roots\":{\"roots\":[]},\"other\":{}},"
            + RawModernClient.stated(state));
    JsonNode answered = first.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(answered.at("/inputResponses/user_name/content/name").asText()).isEqualTo("Ada");
    assertThat(answered.at("/inputResponses/greeting/content/text").asText()).isEqualTo("Hello");
    assertThat(answered.at("/inputResponses").has("other")).as("not the server's key").isFalse();

    CompletableFuture<JsonNode> second =
        serverAsks(
            "{\"step2\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"Colour?\","
                + "\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}}}");
    JsonNode again = raw.next();
    String secondState = again.at("/result/requestState").asText();
    assertThat(again.at("/result/inputRequests").has("step2")).as(again.toString()).isTrue();
    assertThat(secondState).isNotEqualTo(state);

    String colour = "\"inputResponses\":{\"step2\":{\"action\":\"accept\",\"content\":{}}},";
    assertThat(
            raw.ask(102, "tools/call", CALL + colour + RawModernClient.stated(state))
                .at("/error/code")
                .asInt())
        .as("the first round's state, replayed")
        .isEqualTo(-32602);
    assertThat(
            raw.ask(103, "tools/call", CALL + colour + RawModernClient.stated(secondState + "x"))
                .at("/error/code")
                .asInt())
        .as("tampered")
        .isEqualTo(-32602);
    assertThat(second).as("neither answered the server").isNotDone();

    raw.send(104, "tools/call", CALL + colour + RawModernClient.stated(secondState));
    assertThat(second.get(WAIT.toSeconds(), TimeUnit.SECONDS).at("/inputResponses").has("step2"))
        .isTrue();
    fs.send(ToolResult.success(running.id(), json("\"read\"")));
    JsonNode result = raw.next();
    assertThat(result.at("/id").asInt()).isEqualTo(104);
    assertThat(result.at("/result/isError").asBoolean(true)).as(result.toString()).isFalse();
  }

  @Test
  void aRequestOfAKindTheCallDidNotDeclareIsNeverSentAndTheServerHearsWhy() throws Exception {
    RawModernClient raw = connect("{\"elicitation\":{\"form\":{}}}");
    raw.send(100, "tools/call", CALL);
    ToolCall running = reachesTheServer();

    JsonNode declared =
        f.gateway
            .mcpOffers()
            .askClient(
                session, "fs", SessionHost.CLIENT_CAPABILITIES, about(), Duration.ofMinutes(5))
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(declared.has("elicitation")).as(declared.toString()).isTrue();
    assertThat(declared.has("sampling")).isFalse();

    assertThatThrownBy(
            () ->
                serverAsks(
                        "{\"q\":{\"method\":\"sampling/createMessage\",\"params\":{\"messages\":"
                            + "[],\"maxTokens\":5}}}")
                    .get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining(
            "sampling/createMessage from MCP server 'fs' not asked: the agent's client did not"
                + " declare sampling in this call's _meta");

    fs.send(ToolResult.success(running.id(), json("\"read\"")));
    JsonNode result = raw.next();
    assertThat(result.at("/result/resultType").asText())
        .as("the call's own result is the first answer: nothing was asked")
        .isEqualTo("complete");
  }

  @Test
  void aServersRefusalForAMissingCapabilityReachesTheModernClientAsMinus32021() throws Exception {
    RawModernClient raw = connect("{}");
    raw.send(100, "tools/call", CALL);
    ToolCall running = reachesTheServer();

    com.fasterxml.jackson.databind.node.ObjectNode refusal = about();
    refusal.set(
        "error",
        Json.MAPPER.readTree(
            "{\"code\":-32021,\"message\":\"needs sampling\",\"data\":{\"requiredCapabilities\":"
                + "{\"sampling\":{}}}}"));
    assertThat(
            f.gateway
                .mcpOffers()
                .askClient(session, "fs", SessionHost.CALL_REFUSED, refusal, Duration.ofMinutes(5))
                .get(WAIT.toSeconds(), TimeUnit.SECONDS)
                .asBoolean())
        .isTrue();
    fs.send(ToolResult.failure(running.id(), "needs sampling", ToolErrorCode.INTERNAL));

    JsonNode error = raw.next().path("error");
    assertThat(error.path("code").asInt()).as(error.toString()).isEqualTo(-32021);
    assertThat(error.path("message").asText()).isEqualTo("MCP server 'fs': needs sampling");
    assertThat(error.at("/data/requiredCapabilities/sampling").isObject()).isTrue();
  }

  @Test
  void aRoundWhoseClientNeverComesBackIsGivenUpAtTheStatesLifetimeNotATickEarly() throws Exception {
    RawModernClient raw = connect(ALL, true);
    raw.send(100, "tools/call", CALL);
    reachesTheServer();
    CompletableFuture<JsonNode> round =
        serverAsks(
            "{\"q\":{\"method\":\"elicitation/create\",\"params\":{\"message\":\"?\","
                + "\"requestedSchema\":{\"type\":\"object\",\"properties\":{}}}}}");
    assertThat(raw.next().at("/result/resultType").asText()).isEqualTo("input_required");

    f.clock.advance(ModernDoor.REQUEST_STATE_TTL.minusMillis(1));
    assertThat(round).isNotDone();
    f.clock.advance(Duration.ofMillis(1));
    assertThatThrownBy(() -> round.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .hasMessageContaining("the agent's call it came during ended or was cancelled");
    fs.await(1, WAIT);
    assertThat(fs.next(io.github.providergateway.protocol.ToolCancel.class)).isNotNull();
  }

  private RawModernClient connect(String capabilities) throws Exception {
    return connect(capabilities, false);
  }

  /**
   * A client at a new front door, and {@code fs} with its tool in the session.
   *
   * @param onTheGatewaysClock whether the front door's time is the gateway's manual clock (and the
   *     tool may run an hour, so that only the door's own bounds end it)
   */
  private RawModernClient connect(String capabilities, boolean onTheGatewaysClock)
      throws Exception {
    piped =
        PipedFrontDoor.start(
            b -> {
              b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test");
              return onTheGatewaysClock ? b.backend(f.clock.backend()) : b;
            });
    f.onSessionStarted(started::complete);
    RawModernClient raw =
        new RawModernClient(
            piped.agentWrites,
            new BufferedReader(new InputStreamReader(piped.agentReads, StandardCharsets.UTF_8)),
            capabilities);
    raw.ask(1, "tools/list", "");
    session = started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id();
    fs =
        ModernFrontDoorTest.bind(
            f,
            Hello.builder("fs")
                .session(session)
                .tools(tool("read").withTimeout(Duration.ofHours(1)))
                .build());
    f.settle();
    for (int id = 2; raw.ask(id, "tools/list", "").at("/result/tools").isEmpty(); id++) {
      Thread.onSpinWait();
    }
    return raw;
  }

  private ToolCall reachesTheServer() {
    fs.await(1, WAIT);
    return fs.next(ToolCall.class);
  }

  /** The call a server's request is about, as mcp-federation names it. */
  private static com.fasterxml.jackson.databind.node.ObjectNode about() throws IOException {
    return (com.fasterxml.jackson.databind.node.ObjectNode)
        Json.MAPPER.readTree("{\"tool\":\"read\",\"arguments\":{\"path\":\"a.txt\"}}");
  }

  private CompletableFuture<JsonNode> serverAsks(String requests) throws IOException {
    com.fasterxml.jackson.databind.node.ObjectNode params = about();
    params.set("inputRequests", Json.MAPPER.readTree(requests));
    return f.gateway
        .mcpOffers()
        .askClient(session, "fs", SessionHost.INPUT_REQUESTS, params, Duration.ofHours(2));
  }
}
