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

  @Test
  void theModernEraListsAndGetsTheSessionsPromptAndListsItsStreamsFreshForNoTime()
      throws Exception {
    JsonNode prompts = ask(modern(5, "prompts/list", ""));
    JsonNode prompt = ask(modern(6, "prompts/get", "\"name\":\"gateway-context\","));
    JsonNode resources = ask(modern(7, "resources/list", ""));
    JsonNode templates = ask(modern(8, "resources/templates/list", ""));
    JsonNode unknown = ask(modern(9, "resources/read", "\"uri\":\"gateway://streams/none@p\","));
    JsonNode discover = ask(modern(10, "server/discover", ""));

    assertThat(prompts.at("/result/prompts/0/name").asText()).isEqualTo("gateway-context");
    assertThat(prompts.at("/result/prompts").size()).isEqualTo(1);
    assertThat(prompt.at("/result/messages/0/content/text").asText())
        .isEqualTo("No provider of this session has context to add right now.");
    assertThat(resources.at("/result/resources").isArray()).isTrue();
    assertThat(resources.at("/result/resources").size()).as("no stream has had an event").isZero();
    assertThat(templates.at("/result/resourceTemplates").size()).isZero();
    for (JsonNode list : java.util.List.of(prompts, resources, templates)) {
      assertThat(list.at("/result/ttlMs").asLong()).isZero();
      assertThat(list.at("/result/cacheScope").asText()).isEqualTo("private");
    }
    assertThat(unknown.at("/error/code").asInt()).isEqualTo(-32602);
    assertThat(discover.at("/result/capabilities/prompts").isObject()).isTrue();
    assertThat(discover.at("/result/capabilities/resources").isObject()).isTrue();
  }

  @Test
  void aStreamThatHadAnEventIsAModernResourceReadAsItsEventsAndItsSubscribersHearTheListChanged()
      throws Exception {
    CompletableFuture<String> session = new CompletableFuture<>();
    f.onSessionStarted(info -> session.complete(info.id()));
    JsonNode ack =
        ask(
            "{\"jsonrpc\":\"2.0\",\"id\":\"r\",\"method\":\"subscriptions/listen\",\"params\":{"
                + "\"notifications\":{\"resourcesListChanged\":true},"
                + META
                + "}}");
    assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
    ask(modern(11, "resources/list", "")); // starts the window's session, as a tool list does
    var worker =
        f.boundAcrossThreads(
            io.github.providergateway.protocol.Hello.builder("worker")
                .session(session.get(WAIT.toSeconds(), TimeUnit.SECONDS))
                .build(),
            WAIT);
    worker.send(
        io.github.providergateway.protocol.Push.event(
            "ci", io.github.providergateway.protocol.PushLevel.SURFACE, "tests started"));
    f.settle();

    JsonNode change = next();
    while (!change.path("method").asText().equals("notifications/resources/list_changed")) {
      change = next(); // a push's log line comes first, or not: each read is bounded
    }
    JsonNode listed = answerTo(12, modern(12, "resources/list", ""));
    JsonNode read =
        answerTo(13, modern(13, "resources/read", "\"uri\":\"gateway://streams/ci@worker\","));

    assertThat(change.path("params").path("_meta").path(SUBSCRIPTION_ID).asText()).isEqualTo("r");
    assertThat(listed.at("/result/resources/0/uri").asText())
        .isEqualTo("gateway://streams/ci@worker");
    assertThat(read.at("/result/contents/0/text").asText()).contains("tests started");
    assertThat(read.at("/result/ttlMs").asLong()).isZero();
    assertThat(read.at("/result/cacheScope").asText()).isEqualTo("private");
    worker.drop(); // else the session's end waits out its provider's shutdown deadline
  }

  /**
   * Writes one request line and reads lines until the answer that echoes {@code id}, skipping what
   * the window says unasked (a push's log line), within {@link #WAIT} each.
   */
  private JsonNode answerTo(int id, String line) throws Exception {
    JsonNode answer = ask(line);
    while (answer.path("id").asInt(-1) != id) {
      answer = next();
    }
    return answer;
  }

  private static String modern(int id, String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\""
        + method
        + "\",\"params\":{"
        + params
        + META
        + "}}";
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
                },
                PipedFrontDoor::onItsOwnThread)
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
