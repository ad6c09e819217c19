package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Both eras on one window's lines, message by message as an agent writes them (issue 81, decision
 * 112): what a 2026-07-28 request that cannot be served is answered, and that the legacy session is
 * untouched by a modern probe before it.
 */
class ModernEraLinesTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  /** The {@code _meta} every 2026-07-28 request carries. */
  private static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{},"
          + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"x\",\"version\":\"1\"}}";

  private final GatewayFixture f = GatewayFixture.create();

  private PipedFrontDoor piped;
  private BufferedReader answers;

  @BeforeEach
  void start() throws IOException {
    piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    answers = new BufferedReader(new InputStreamReader(piped.agentReads, StandardCharsets.UTF_8));
  }

  @AfterEach
  void close() throws Exception {
    piped.agentWrites.close();
    // The window ends once the gateway has ended its session; a bound provider's part of that
    // runs on the gateway's clock, which moves only here.
    for (long until = System.nanoTime() + WAIT.toNanos();
        !piped.ran.isDone() && System.nanoTime() < until; ) {
      f.clock.advance(Duration.ofSeconds(1));
      try {
        piped.ran.get(50, TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.TimeoutException notYet) {
        // the clock moves again
      }
    }
    piped.ran.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    f.close();
  }

  @Test
  void aModernVersionNotSupportedIsRefusedNamingTheSupportedOneAndEchoingTheId() throws Exception {
    JsonNode answer =
        ask(
            "{\"jsonrpc\":\"2.0\",\"id\":\"q-7\",\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2099-01-01\"}}}");

    assertThat(answer.path("id").asText()).isEqualTo("q-7");
    assertThat(answer.path("error").path("code").asInt()).isEqualTo(-32022);
    assertThat(answer.path("error").path("data").path("supported").toString())
        .isEqualTo("[\"2026-07-28\"]");
    assertThat(answer.path("error").path("data").path("requested").asText())
        .isEqualTo("2099-01-01");
  }

  @Test
  void initializeAfterADiscoverIsTheLegacySessionAsBefore() throws Exception {
    JsonNode discover =
        ask(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{"
                + META
                + "}}");
    assertThat(discover.path("result").path("supportedVersions").toString())
        .isEqualTo("[\"2026-07-28\"]");
    assertThat(discover.path("result").path("cacheScope").asText()).isEqualTo("private");

    JsonNode initialize =
        ask(
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"claude-code\",\"version\":\"2\"}}}");
    assertThat(initialize.path("result").path("protocolVersion").asText()).isEqualTo("2025-11-25");
    assertThat(initialize.path("result").path("serverInfo").path("name").asText())
        .isEqualTo("provider-gateway");
    assertThat(initialize.path("result").has("resultType"))
        .as("the legacy answer is as it was")
        .isFalse();
  }

  @Test
  void aModernRequestForAMethodTheRevisionRemovedIsMethodNotFound() throws Exception {
    JsonNode answer =
        ask(
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/subscribe\",\"params\":{"
                + "\"uri\":\"gateway://streams/x\","
                + META
                + "}}");

    assertThat(answer.path("id").asInt()).isEqualTo(3);
    assertThat(answer.path("error").path("code").asInt()).isEqualTo(-32601);
  }

  @Test
  void aModernCallOfNoSuchToolIsAnErrorNotAHang() throws Exception {
    JsonNode answer =
        ask(
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\","
                + "\"arguments\":{},"
                + META
                + "}}");

    assertThat(answer.path("id").asInt()).isEqualTo(4);
    assertThat(answer.path("error").path("code").asInt()).isEqualTo(-32602);
    assertThat(answer.path("error").path("message").asText()).contains("nope");
  }

  @Test
  void aCancelledSubscriptionIsToldNothingMoreWhileAnotherIs() throws Exception {
    CompletableFuture<io.github.providergateway.protocol.SessionInfo> started =
        new CompletableFuture<>();
    f.onSessionStarted(started::complete);
    JsonNode ack = ask(listen("a"));
    assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
    assertThat(ack.path("params").path("_meta").path(SUBSCRIPTION_ID).asText()).isEqualTo("a");
    assertThat(ask(listen("b")).path("params").path("_meta").path(SUBSCRIPTION_ID).asText())
        .isEqualTo("b");
    // Cancelled as a client cancels any request; Claude Code's carries no _meta.
    send(
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{"
            + "\"requestId\":\"a\",\"reason\":\"closed\"}}");
    JsonNode listed =
        ask("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{" + META + "}}");
    assertThat(listed.path("result").path("tools").size()).isZero();

    ModernFrontDoorTest.bind(
        f,
        io.github.providergateway.protocol.Hello.builder("worker")
            .session(started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id())
            .tools(io.github.providergateway.gateway.testing.GatewayFixture.tool("status"))
            .build());
    f.settle();
    JsonNode change = next();
    assertThat(change.path("method").asText()).isEqualTo("notifications/tools/list_changed");
    assertThat(change.path("params").path("_meta").path(SUBSCRIPTION_ID).asText())
        .as("only the subscription still open hears the change")
        .isEqualTo("b");
  }

  private static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

  private static String listen(String id) {
    return "{\"jsonrpc\":\"2.0\",\"id\":\""
        + id
        + "\",\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":"
        + "{\"toolsListChanged\":true},"
        + META
        + "}}";
  }

  private void send(String line) throws IOException {
    piped.agentWrites.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    piped.agentWrites.flush();
  }

  /** The next line the window writes, within {@link #WAIT}. */
  private JsonNode next() throws Exception {
    String answer =
        CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return answers.readLine();
                  } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                  }
                })
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(answer).as("a line from the window").isNotNull();
    return Json.MAPPER.readTree(answer);
  }

  /** Writes one line and reads the next line back, within {@link #WAIT}. */
  private JsonNode ask(String line) throws Exception {
    send(line);
    return next();
  }
}
