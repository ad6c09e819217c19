package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.protocol.SessionInfo;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 2026-07-28 era on the live HTTP front door (issue 81, decision 112): requests that name their
 * version need no {@code Mcp-Session-Id}; one client token and project is one session.
 */
class McpHttpModernTest {

  private static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{},"
          + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"modern-http\",\"version\":\"1\"}}";

  @TempDir Path home;
  private LiveMcpHttp live;

  @BeforeEach
  void start() throws Exception {
    live = new LiveMcpHttp(home, b -> {});
  }

  @AfterEach
  void close() {
    live.close();
  }

  @Test
  void discoverNeedsNoSessionIdStartsTheClientsSessionAndAProbeAloneEndsSoon() throws Exception {
    HttpResponse<String> answer = live.post(null, request(1, "server/discover", ""));

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.headers().firstValue(McpHttpSession.SESSION_HEADER)).isEmpty();
    JsonNode result = Json.MAPPER.readTree(answer.body()).path("result");
    assertThat(result.path("supportedVersions").toString()).isEqualTo("[\"2026-07-28\"]");
    assertThat(result.path("cacheScope").asText()).isEqualTo("private");
    assertThat(result.path("ttlMs").asLong()).isEqualTo(ModernDoor.DISCOVER_TTL_MS);
    SessionInfo session = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(session).as("started, as initialize starts one").isNotNull();
    assertThat(session.label()).isEqualTo("modern-http");

    // A probe alone (a health check) ends as a legacy session that only initialized does.
    live.f.clock.advance(Duration.ofSeconds(15));
    assertThat(live.door.sessionCount()).isZero();
  }

  @Test
  void oneTokenAndProjectIsOneGatewaySessionAcrossStatelessRequests() throws Exception {
    HttpResponse<String> first = live.post(null, request(1, "tools/list", ""));
    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(Json.MAPPER.readTree(first.body()).path("result").path("resultType").asText())
        .isEqualTo("complete");
    SessionInfo session = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(session).isNotNull();
    assertThat(session.label()).isEqualTo("modern-http");

    HttpResponse<String> second = live.post(null, request(2, "tools/list", ""));
    assertThat(second.statusCode()).isEqualTo(200);
    assertThat(live.started.poll(200, TimeUnit.MILLISECONDS))
        .as("the second request is served in the first one's session")
        .isNull();
  }

  @Test
  void aVersionNotSpokenIsA400NamingTheSupportedOne() throws Exception {
    HttpResponse<String> answer =
        live.post(
            null,
            "{\"jsonrpc\":\"2.0\",\"id\":\"v\",\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2099-01-01\"}}}");

    assertThat(answer.statusCode()).isEqualTo(400);
    JsonNode error = Json.MAPPER.readTree(answer.body());
    assertThat(error.path("id").asText()).isEqualTo("v");
    assertThat(error.path("error").path("code").asInt()).isEqualTo(-32022);
    assertThat(error.at("/error/data/supported").toString()).isEqualTo("[\"2026-07-28\"]");
  }

  /**
   * An agent's token (as {@code gateway setup --mcp http} writes) that names no project keeps the
   * legacy era: a modern session would learn no project, and the agent's hook calls would find no
   * session of theirs; its discover is answered as a legacy server's ({@code -32601}), so it
   * initializes. Naming its project (the shell window names its folder), it is served.
   */
  @Test
  void anAgentsTokenWithoutItsProjectIsServedTheLegacyEraOnly() throws Exception {
    String agent = live.tokens.issue("setup-claude", ClientTokens.Kind.AGENT);
    HttpRequest.Builder discover =
        HttpRequest.newBuilder(live.url())
            .timeout(Duration.ofSeconds(10))
            .header("Authorization", "Bearer " + agent)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(request(1, "server/discover", "")));

    // -32601, as a server of the legacy era alone answers the probe: the one answer Codex's Rust
    // client falls back on (400 with -32020 stopped it, its required server with it).
    HttpResponse<String> legacy = live.send(discover.build());
    assertThat(legacy.statusCode()).isEqualTo(200);
    JsonNode refusal = Json.MAPPER.readTree(legacy.body());
    assertThat(refusal.at("/error/code").asInt()).isEqualTo(-32601);
    assertThat(refusal.at("/error/message").asText()).contains("send initialize");
    assertThat(refusal.path("id").asInt()).isEqualTo(1);

    HttpResponse<String> named =
        live.send(discover.header(McpHttpProject.HEADER, home.toString()).build());
    assertThat(named.statusCode()).isEqualTo(200);
    assertThat(Json.MAPPER.readTree(named.body()).at("/result/supportedVersions/0").asText())
        .isEqualTo("2026-07-28");
  }

  @Test
  void aLegacyRequestWithoutASessionIsStillRefusedAsBefore() throws Exception {
    HttpResponse<String> answer =
        live.post(null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");

    assertThat(answer.statusCode()).isEqualTo(400);
    assertThat(answer.body()).contains("Mcp-Session-Id is required");
  }

  @Test
  void aSubscriptionStreamsTheSessionsToolChangesKeepsItAliveAndEndsWithItsConnection()
      throws Exception {
    SseStream stream = listen(1);
    JsonNode ack = stream.nextWithData().json();
    assertThat(ack.path("method").asText()).isEqualTo("notifications/subscriptions/acknowledged");
    assertThat(ack.at("/params/notifications/toolsListChanged").asBoolean()).isTrue();
    assertThat(live.post(null, request(2, "tools/list", "")).statusCode()).isEqualTo(200);
    SessionInfo session = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(session).isNotNull();

    live.bind(
        io.github.providergateway.protocol.Hello.builder("worker")
            .session(session.id())
            .tools(io.github.providergateway.gateway.testing.GatewayFixture.tool("status"))
            .build());
    live.f.settle();
    JsonNode change = stream.nextOf("notifications/tools/list_changed").json();
    assertThat(change.at("/params/_meta/io.modelcontextprotocol~1subscriptionId").asInt())
        .isEqualTo(1);

    // A held subscription is the session's use: it outlives the idle timeout.
    live.f.clock.advance(Duration.ofMinutes(2));
    assertThat(live.door.sessionCount()).isEqualTo(1);

    // The client closes its stream: the subscription is cancelled and the session idles out.
    stream.close();
    for (long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        live.door.sessionCount() > 0 && System.nanoTime() < until; ) {
      live.f.clock.advance(Duration.ofMinutes(2));
    }
    assertThat(live.door.sessionCount()).isZero();
    live.f.clock.advance(Duration.ofMinutes(1)); // the gateway's grace for the bound provider
    live.awaitEnded(session.id());
  }

  @Test
  void aCancelledSubscriptionEndsItsStream() throws Exception {
    SseStream stream = listen(7);
    assertThat(stream.nextWithData().json().path("method").asText())
        .isEqualTo("notifications/subscriptions/acknowledged");

    HttpResponse<String> cancelled =
        live.post(
            null,
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{"
                + "\"requestId\":7,"
                + META
                + "}}");
    assertThat(cancelled.statusCode()).isEqualTo(202);
    stream.awaitEnd(); // the client is not left holding a stream that will carry nothing more
  }

  @Test
  void aHeaderThatDisagreesWithTheBodyIsA400HeaderMismatchBeforeTheVersionIsLookedAt()
      throws Exception {
    String body =
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"server/discover\",\"params\":{\"_meta\":"
            + "{\"io.modelcontextprotocol/protocolVersion\":\"v999.0.0\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    HttpResponse<String> version =
        live.send(post(body).header("MCP-Protocol-Version", "2026-07-28").build());
    HttpResponse<String> method =
        live.send(post(request(8, "tools/list", "")).header("Mcp-Method", "prompts/list").build());
    HttpResponse<String> name =
        live.send(
            post(request(9, "tools/call", "\"name\":\"lookup\",\"arguments\":{},"))
                .header("Mcp-Name", "deploy")
                .build());
    HttpResponse<String> agreeing =
        live.send(
            post(request(10, "tools/list", ""))
                .header("Mcp-Method", "tools/list")
                .header("MCP-Protocol-Version", "2026-07-28")
                .build());

    for (HttpResponse<String> mismatch : java.util.List.of(version, method, name)) {
      assertThat(mismatch.statusCode()).isEqualTo(400);
      assertThat(Json.MAPPER.readTree(mismatch.body()).at("/error/code").asInt())
          .isEqualTo(ModernHttpRules.HEADER_MISMATCH);
    }
    assertThat(Json.MAPPER.readTree(version.body()).path("id").asInt()).isEqualTo(7);
    assertThat(agreeing.statusCode()).isEqualTo(200);
  }

  @Test
  void aMethodTheEraDoesNotHaveIsA404AndAMetaWithoutItsFieldsA400() throws Exception {
    HttpResponse<String> ping = live.post(null, request(11, "ping", ""));
    HttpResponse<String> unknown = live.post(null, request(12, "unknown/method", ""));
    HttpResponse<String> bare =
        live.post(
            null,
            "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"server/discover\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}");

    for (HttpResponse<String> removed : java.util.List.of(ping, unknown)) {
      assertThat(removed.statusCode()).isEqualTo(404);
      assertThat(Json.MAPPER.readTree(removed.body()).at("/error/code").asInt()).isEqualTo(-32601);
    }
    assertThat(bare.statusCode()).isEqualTo(400);
    assertThat(Json.MAPPER.readTree(bare.body()).at("/error/code").asInt()).isEqualTo(-32602);
  }

  @Test
  void aProvidersLinesReachTheCallsResponseStreamAsLogMessagesOnlyWhenItsRequestAsksForThem()
      throws Exception {
    assertThat(live.post(null, request(1, "tools/list", "")).statusCode()).isEqualTo(200);
    SessionInfo session = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(session).isNotNull();
    var worker =
        live.bind(
            io.github.providergateway.protocol.Hello.builder("worker")
                .session(session.id())
                .tools(io.github.providergateway.gateway.testing.GatewayFixture.tool("status"))
                .build());
    live.f.settle();
    var transport =
        io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport.builder(live.url())
            .jsonMapper(Json.MCP)
            .requestCustomizer(
                io.modelcontextprotocol.modern.client.transport.McpHttpRequestCustomizer.fromSync(
                    (request, headers, context) ->
                        headers.set("Authorization", "Bearer " + live.token)))
            .build();

    assertThat(logged(transport, worker, "info", 2))
        .containsExactly("info worker compiling", "info worker linking");
    assertThat(logged(transport, worker, "debug", 3)).hasSize(2);
    assertThat(logged(transport, worker, null, 4)).isEmpty();
    assertThat(logged(transport, worker, "warning", 5)).isEmpty();
  }

  /**
   * A {@code tools/call} of {@code status} by the MCP Java SDK's 2026-07-28 client transport with
   * {@code _meta}'s log level {@code level} (none when null), during which the worker sends two
   * progress lines; the {@code notifications/message} its response stream carried, as {@code level
   * logger data}. Through the SDK's transport, since its client's call API (2.2.0) refuses {@code
   * _meta} keys under {@code io.modelcontextprotocol/}, the log level's among them.
   */
  private List<String> logged(
      io.modelcontextprotocol.modern.client.transport.McpClientTransport transport,
      io.github.providergateway.gateway.testing.RecordingProviderConnection worker,
      String level,
      int id)
      throws Exception {
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
    meta.put("io.modelcontextprotocol/clientCapabilities", Map.of());
    if (level != null) {
      meta.put("io.modelcontextprotocol/logLevel", level);
    }
    var request =
        new io.modelcontextprotocol.modern.JsonRpc.JSONRPCRequest(
            "2.0",
            "tools/call",
            id,
            Map.of("name", "status", "arguments", Map.of(), "_meta", meta));
    CompletableFuture<List<io.modelcontextprotocol.modern.JsonRpc.JSONRPCMessage>> frames =
        transport
            .exchange(
                io.modelcontextprotocol.modern.client.transport.McpTransportRequest.builder(
                        request, "2026-07-28")
                    .name("status")
                    .build())
            .collectList()
            .toFuture();
    io.github.providergateway.protocol.ToolCall sent =
        LiveMcpHttp.next(worker, io.github.providergateway.protocol.ToolCall.class);
    worker.send(new io.github.providergateway.protocol.ToolProgress(sent.id(), "compiling"));
    // The timeline shows a call's progress at most every 250 ms; its lines come as they are shown.
    live.f.clock.advance(Duration.ofMillis(250));
    worker.send(new io.github.providergateway.protocol.ToolProgress(sent.id(), "linking"));
    live.f.clock.advance(Duration.ofMillis(250));
    worker.send(
        io.github.providergateway.protocol.ToolResult.success(
            sent.id(), Json.MAPPER.readTree("\"built\"")));
    List<String> logged = new ArrayList<>();
    for (var frame : frames.get(10, TimeUnit.SECONDS)) {
      if (frame instanceof io.modelcontextprotocol.modern.JsonRpc.JSONRPCNotification note
          && note.method().equals("notifications/message")) {
        JsonNode params = Json.tree(note.params());
        logged.add(
            params.path("level").asText()
                + " "
                + params.path("logger").asText()
                + " "
                + params.path("data").asText());
      }
    }
    return logged;
  }

  private java.net.http.HttpRequest.Builder post(String json) {
    return live.request(null)
        .header("Accept", "application/json, text/event-stream")
        .header("Content-Type", "application/json")
        .POST(java.net.http.HttpRequest.BodyPublishers.ofString(json));
  }

  /** A subscription to the tools' list changes, its stream open. */
  private SseStream listen(int id) throws Exception {
    return new SseStream(
        live.postAsync(
                null,
                request(
                    id, "subscriptions/listen", "\"notifications\":{\"toolsListChanged\":true},"))
            .get(10, TimeUnit.SECONDS));
  }

  private static String request(int id, String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\""
        + method
        + "\",\"params\":{"
        + params
        + META
        + "}}";
  }
}
