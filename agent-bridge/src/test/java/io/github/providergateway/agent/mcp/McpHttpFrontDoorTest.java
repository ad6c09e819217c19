package io.github.providergateway.agent.mcp;

import static io.github.providergateway.agent.mcp.LiveMcpHttp.call;
import static io.github.providergateway.agent.mcp.LiveMcpHttp.json;
import static io.github.providergateway.agent.mcp.LiveMcpHttp.next;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.loop.testing.RecordingBackend;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.JdkProvider;
import io.github.providergateway.transport.testing.RawHttp;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Streamable HTTP front door over a real socket, driven by the JDK's HTTP client: who gets in
 * (bearer token, {@code Origin}, {@code Host}), sessions ({@code Mcp-Session-Id}, 400/404, {@code
 * DELETE}, expiry on the manual clock), where answers go (JSON, an event stream, the {@code GET}
 * stream), resuming with {@code Last-Event-ID}, and each bound pushed past with the gateway still
 * answering others. docs/conformance.md, X-MCPHTTP-*.
 */
class McpHttpFrontDoorTest {

  @TempDir Path home;
  private LiveMcpHttp live;

  private LiveMcpHttp start(Consumer<McpHttpFrontDoor.Builder> customizer) throws Exception {
    live = new LiveMcpHttp(home, customizer);
    return live;
  }

  private LiveMcpHttp start() throws Exception {
    return start(b -> {});
  }

  @AfterEach
  void close() {
    if (live != null) {
      live.close();
    }
  }

  // ---- time ----

  /** Issue 50: what the backend made for the door is the door's, and its close gives it back. */
  @Test
  void closingTheDoorReleasesTheSchedulerItsBackendMade() throws Exception {
    RecordingBackend recording = new RecordingBackend(new ManualClock().backend());
    start(b -> b.backend(recording));
    assertThat(recording.schedulersMade()).isEqualTo(1);
    assertThat(recording.schedulersReleased()).isZero();

    live.door.close();

    assertThat(recording.schedulersReleased()).isEqualTo(1);
  }

  // ---- sessions ----

  @Test
  void initializeOpensASessionWithARandomIdAndItsGatewaySessionIsLabelledAfterTheClient()
      throws Exception {
    start();
    HttpResponse<String> init = live.post(null, LiveMcpHttp.initializeRequest("http-agent"));

    assertThat(init.statusCode()).isEqualTo(200);
    assertThat(init.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    assertThat(session).matches("[A-Za-z0-9_-]{43}"); // 256 random bits, base64url
    assertThat(json(init).at("/result/serverInfo/name").asText()).isEqualTo("provider-gateway");
    assertThat(json(init).at("/result/protocolVersion").asText()).isEqualTo("2025-06-18");

    assertThat(
            live.post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .statusCode())
        .isEqualTo(202);
    SessionInfo started = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(started.label()).isEqualTo("http-agent");
    assertThat(started.cwd()).isEqualTo(Path.of("/code/agent").toString());
    assertThat(live.initialize("second"))
        .as("each initialize is a session of its own")
        .isNotEqualTo(session);
  }

  @Test
  void aRequestWithoutMcpSessionIdIs400AndOneWithAnUnknownIdIs404() throws Exception {
    start();
    String ping = call(2, "ping", "{}");
    HttpResponse<String> none = live.post(null, ping);
    assertThat(none.statusCode()).isEqualTo(400);
    assertThat(json(none).at("/error/message").asText()).contains("Mcp-Session-Id is required");

    HttpResponse<String> unknown = live.post("no-such-session", ping);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(json(unknown).at("/error/code").asInt()).isEqualTo(-32001);

    String session = live.initialize("agent");
    assertThat(live.post(session, ping).statusCode()).isEqualTo(200);
    assertThat(json(live.post(session, ping)).get("result").isObject()).isTrue();
  }

  @Test
  void anUnsupportedProtocolVersionHeaderIs400AndNoneIsTakenAs20250326() throws Exception {
    start();
    String session = live.initialize("agent");
    HttpRequest.Builder bad =
        HttpRequest.newBuilder(live.url())
            .header("Authorization", "Bearer " + live.token)
            .header("Mcp-Session-Id", session)
            .header("MCP-Protocol-Version", "1999-01-01")
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json");
    HttpResponse<String> refused =
        live.send(bad.POST(HttpRequest.BodyPublishers.ofString(call(2, "ping", "{}"))).build());
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(json(refused).at("/error/message").asText())
        .contains("unsupported MCP-Protocol-Version");

    HttpRequest.Builder without =
        HttpRequest.newBuilder(live.url())
            .header("Authorization", "Bearer " + live.token)
            .header("Mcp-Session-Id", session)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json");
    assertThat(
            live.send(
                    without
                        .POST(HttpRequest.BodyPublishers.ofString(call(3, "ping", "{}")))
                        .build())
                .statusCode())
        .isEqualTo(200);
  }

  @Test
  void deleteEndsTheSessionAndItsGatewaySession() throws Exception {
    start();
    String session = live.initialize("agent");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);

    HttpResponse<String> deleted = live.send(live.request(session).DELETE().build());

    assertThat(deleted.statusCode()).isEqualTo(204);
    live.awaitEnded(gatewaySession.id());
    assertThat(live.post(session, call(2, "ping", "{}")).statusCode()).isEqualTo(404);
    assertThat(live.send(live.request(session).DELETE().build()).statusCode()).isEqualTo(404);
    assertThat(live.door.sessionCount()).isZero();
  }

  @Test
  void anIdleSessionExpiresAtTheIdleTimeoutOnTheInjectedClockNotOneTickBefore() throws Exception {
    start();
    String session = live.initialize("agent");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(live.post(session, call(2, "ping", "{}")).statusCode()).isEqualTo(200);

    live.f.clock.advance(Duration.ofMinutes(2).minusMillis(1));
    assertThat(live.door.sessionCount()).isEqualTo(1);
    live.f.clock.advance(Duration.ofMillis(1));

    assertThat(live.door.sessionCount()).as("2 minutes by default (issue 34), not 30").isZero();
    live.awaitEnded(gatewaySession.id());
    assertThat(live.post(session, call(3, "ping", "{}")).statusCode()).isEqualTo(404);
  }

  /**
   * Issue 34: {@code claude mcp list} checks a server by initializing and leaving, without a {@code
   * DELETE}. Such a session, and what a gateway started for it, goes after 15 s.
   */
  @Test
  void aSessionThatOnlyInitializedEndsAfterFifteenSecondsNotOneTickBefore() throws Exception {
    start();
    live.initialize("claude-code health check");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);

    live.f.clock.advance(Duration.ofSeconds(15).minusMillis(1));
    assertThat(live.door.sessionCount()).isEqualTo(1);
    live.f.clock.advance(Duration.ofMillis(1));

    assertThat(live.door.sessionCount()).isZero();
    live.awaitEnded(gatewaySession.id());
  }

  @Test
  void aRequestRestartsTheIdleTimeAndAnOpenGetStreamKeepsTheSessionInUse() throws Exception {
    start(b -> b.idleTimeout(Duration.ofMinutes(30)));
    String session = live.initialize("agent");
    assertThat(live.post(session, call(2, "ping", "{}")).statusCode()).isEqualTo(200);

    live.f.clock.advance(Duration.ofMinutes(20));
    assertThat(live.post(session, call(3, "ping", "{}")).statusCode()).isEqualTo(200);
    live.f.clock.advance(Duration.ofMinutes(20));
    assertThat(live.door.sessionCount()).as("20 min after the ping").isEqualTo(1);

    try (SseStream stream = live.get(session, null)) {
      live.f.clock.advance(Duration.ofHours(2));
      assertThat(live.door.sessionCount()).as("with its GET stream open").isEqualTo(1);
    }
  }

  // ---- who gets in ----

  @Test
  void withoutATokenOrWithAWrongOneEveryMethodIs401WithABearerChallenge() throws Exception {
    start();
    HttpRequest post =
        HttpRequest.newBuilder(live.url())
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(LiveMcpHttp.initializeRequest("x")))
            .build();
    HttpResponse<String> none = live.send(post);
    assertThat(none.statusCode()).isEqualTo(401);
    assertThat(none.headers().firstValue("WWW-Authenticate"))
        .hasValue("Bearer realm=\"provider-gateway\"");

    for (String method : List.of("POST", "GET", "DELETE")) {
      HttpRequest wrong =
          HttpRequest.newBuilder(live.url())
              .header("Authorization", "Bearer mcp-" + "A".repeat(43))
              .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
              .header("Content-Type", "application/json")
              .method(
                  method,
                  HttpRequest.BodyPublishers.ofString(
                      method.equals("POST") ? LiveMcpHttp.initializeRequest("x") : ""))
              .build();
      HttpResponse<String> refused = live.send(wrong);
      assertThat(refused.statusCode()).as(method).isEqualTo(401);
      assertThat(refused.headers().firstValue("WWW-Authenticate").orElseThrow())
          .startsWith("Bearer ")
          .contains("error=\"invalid_token\"");
    }
    assertThat(live.door.sessionCount()).isZero();
    assertThat(live.started).isEmpty();
  }

  /**
   * Issue 32, finding 3, as the adversarial run made it: processes without a token announce 4 MiB
   * bodies on {@code POST /mcp} and send one byte (one sends a chunked body that never ends). Their
   * bodies used to be charged to the budget the WebSocket peers share before the token was looked
   * at, and every provider that sent a frame was closed 1013. Now each is refused 401 from its
   * headers, what it sends after is dropped uncharged and its connection closed at the handshake
   * deadline, while a provider on a real WebSocket answers call after call with 64 KiB results and
   * a new one authenticates.
   */
  @Test
  void strangersAnnouncingLargeBodiesGet401BeforeTheirBodiesAndProvidersOverWebSocketAreNotStarved()
      throws Exception {
    start();
    String session = live.f.startSession("demo");
    int port = live.server.port();
    List<RawHttp> strangers = new ArrayList<>();
    try (JdkProvider honest = boundOverWebSocket(session, "honest", "echo")) {
      Map<String, String> json =
          LiveMcpHttp.headers(
              "Accept", LiveMcpHttp.ACCEPT_BOTH, "Content-Type", "application/json");
      for (int i = 0; i < 4; i++) {
        RawHttp stranger = RawHttp.connect(port);
        strangers.add(stranger);
        Map<String, String> announced = new LinkedHashMap<>(json);
        announced.put("Content-Length", Integer.toString(4 << 20));
        stranger.send("POST", McpHttpFrontDoor.PATH, port, announced, "{");
      }
      RawHttp chunked = RawHttp.connect(port);
      strangers.add(chunked);
      Map<String, String> endless = new LinkedHashMap<>(json);
      endless.put("Transfer-Encoding", "chunked");
      chunked.send("POST", McpHttpFrontDoor.PATH, port, endless, null);
      chunked
          .socket()
          .getOutputStream()
          .write("100000\r\n{".getBytes(StandardCharsets.US_ASCII)); // a 1 MiB chunk begun

      String result = "x".repeat(64 * 1024);
      for (int i = 0; i < 20; i++) {
        CompletableFuture<CallResult> answered = live.f.call(session, "echo", "{}");
        ToolCall call = honest.next(ToolCall.class);
        honest.send(ToolResult.success(call.id(), TextNode.valueOf(result)));
        assertThat(answered.get(LiveMcpHttp.WAIT.toMillis(), TimeUnit.MILLISECONDS).outcome())
            .as("call %d", i)
            .isInstanceOf(ToolOutcome.Success.class);
      }
      for (RawHttp stranger : strangers) {
        RawHttp.Answer refused = stranger.answer();
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.headers())
            .containsEntry("www-authenticate", "Bearer realm=\"provider-gateway\"")
            .containsEntry("connection", "close");
      }
      // What they still send is dropped until their bodies end, or until the handshake deadline.
      live.f.clock.advance(Duration.ofSeconds(5));
      for (RawHttp stranger : strangers) {
        assertThat(stranger.closedByServer())
            .as("the connection, at the handshake deadline")
            .isTrue();
      }
      assertThat(honest.closeCode()).isNotDone();
    } finally {
      for (RawHttp stranger : strangers) {
        stranger.close();
      }
    }
    try (JdkProvider newcomer = JdkProvider.connect(live.server.url())) {
      newcomer.send(Auth.withToken(live.f.gateway.credentials().providerToken()));
      newcomer.next(Sessions.class);
    }
    assertThat(live.door.sessionCount()).isZero();
  }

  @Test
  void
      theTokenFileKeepsOnlyTheHashOwnerOnlyAndARevokedTokenIsRefusedAndItsSessionsEndWithoutARestart()
          throws Exception {
    start();
    Path file = home.resolve(ClientTokens.MCP_HTTP_FILE);
    assertThat(Files.readString(file))
        .doesNotContain(live.token)
        .contains(ClientTokens.sha256(live.token));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    String other = live.tokens.issue("vscode");
    String session = live.initialize("agent");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);

    assertThat(live.tokens.revoke("claude")).isTrue();

    HttpResponse<String> refused = live.post(session, call(2, "ping", "{}"));
    assertThat(refused.statusCode()).isEqualTo(401);
    live.awaitEnded(gatewaySession.id());
    HttpRequest byOther =
        HttpRequest.newBuilder(live.url())
            .header("Authorization", "Bearer " + other)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(LiveMcpHttp.initializeRequest("vscode")))
            .build();
    assertThat(live.send(byOther).statusCode())
        .as("another client's token still works")
        .isEqualTo(200);
  }

  /** The watch on the token file: a revoked client's session ends without waiting for a request. */
  @Test
  void aRevokedClientsSessionEndsAtTheNextLookAtTheTokensWithoutARequest() throws Exception {
    start();
    live.initialize("agent");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);
    assertThat(live.tokens.revoke("claude")).isTrue();

    live.f.clock.advance(McpHttpAuthentication.TOKEN_CHECK.minusMillis(1));
    assertThat(live.door.sessionCount()).isEqualTo(1);
    live.f.clock.advance(Duration.ofMillis(1));

    live.awaitEnded(gatewaySession.id());
    assertThat(live.door.sessionCount()).isZero();
  }

  @Test
  void closingTheFrontDoorEndsEverySessionAndItsGatewaySession() throws Exception {
    start();
    String session = live.initialize("agent");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);

    live.door.close();

    assertThat(live.door.sessionCount()).isZero();
    live.awaitEnded(gatewaySession.id());
    assertThat(live.post(session, call(2, "ping", "{}")).statusCode()).isEqualTo(404);
  }

  @Test
  void aSessionIsReachableOnlyWithTheTokenThatOpenedIt() throws Exception {
    start();
    String session = live.initialize("agent");
    String other = live.tokens.issue("vscode");
    HttpRequest ping =
        HttpRequest.newBuilder(live.url())
            .header("Authorization", "Bearer " + other)
            .header("Mcp-Session-Id", session)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(call(2, "ping", "{}")))
            .build();
    assertThat(live.send(ping).statusCode()).isEqualTo(404);
  }

  @Test
  void anotherClientsTokenCanNeitherReadNorEndASessionWhichGoesOnForItsOwnClient()
      throws Exception {
    start();
    String session = live.initialize("agent");
    String other = live.tokens.issue("decoy");
    HttpRequest.Builder byOther =
        HttpRequest.newBuilder(live.url())
            .timeout(LiveMcpHttp.WAIT)
            .header("Authorization", "Bearer " + other)
            .header("Mcp-Session-Id", session)
            .header("MCP-Protocol-Version", "2025-06-18");

    assertThat(
            live.send(byOther.copy().header("Accept", "text/event-stream").GET().build())
                .statusCode())
        .as("GET of another client's session")
        .isEqualTo(404);
    assertThat(live.send(byOther.copy().DELETE().build()).statusCode())
        .as("DELETE of another client's session")
        .isEqualTo(404);
    assertThat(live.post(session, call(2, "ping", "{}")).statusCode())
        .as("its own client still reaches it")
        .isEqualTo(200);
    assertThat(live.door.sessionCount()).isEqualTo(1);
  }

  @Test
  void
      aFrontDoorSessionIsMarkedOpenedByItsTokensClientWhateverNameItGivesItselfAndProvidersHearOnlyClient()
          throws Exception {
    start();
    // The client of token "claude" may call itself anything: who opened the session is what hook
    // adapters go by, and that comes from the token.
    SessionInfo started = live.initializeAndStart("copilot");

    assertThat(started.label()).isEqualTo("copilot");
    assertThat(started.openedBy()).isEqualTo("mcp-http:claude");
    assertThat(started.openedByTokenHolder()).isFalse();
    assertThat(live.f.gateway.sessions().join())
        .singleElement()
        .satisfies(listed -> assertThat(listed.openedBy()).isEqualTo("mcp-http:claude"));
    // Providers are told only that a client opened it, never which (decision 68).
    RecordingProviderConnection provider = live.f.connect();
    provider.send(Auth.withToken(live.f.gateway.credentials().providerToken()));
    assertThat(next(provider, Sessions.class).active())
        .singleElement()
        .satisfies(
            seen -> assertThat(seen.openedBy()).as("what providers are told").isEqualTo("client"));
  }

  @Test
  void aForeignOriginOrHostIs403BeforeTheTokenIsEvenLookedAt() throws Exception {
    start();
    HttpRequest foreign =
        HttpRequest.newBuilder(live.url())
            .header("Authorization", "Bearer " + live.token)
            .header("Origin", "https://evil.example")
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(LiveMcpHttp.initializeRequest("x")))
            .build();
    assertThat(live.send(foreign).statusCode()).isEqualTo(403);

    int port = live.server.port();
    try (RawHttp raw = RawHttp.connect(port)) {
      raw.send(
          "POST",
          McpHttpFrontDoor.PATH,
          port,
          LiveMcpHttp.headers(
              "Host",
              "evil.example:" + port,
              "Authorization",
              "Bearer " + live.token,
              "Accept",
              LiveMcpHttp.ACCEPT_BOTH,
              "Content-Type",
              "application/json"),
          LiveMcpHttp.initializeRequest("x"));
      assertThat(raw.status())
          .as("DNS rebinding: a Host that is not this loopback server")
          .isEqualTo(403);
    }
    // Loopback on another port is another server (another app here, or a page it serves): its
    // origin and host are foreign too, so comparing the name without the port is not enough.
    int otherPort = port == 65535 ? port - 1 : port + 1;
    for (String origin :
        List.of(
            "http://127.0.0.1:" + otherPort,
            "http://localhost:" + otherPort,
            "http://[::1]:" + otherPort,
            "http://127.0.0.1")) {
      assertThat(initializeStatus("Origin", origin))
          .as("Origin %s at this server on port %d", origin, port)
          .isEqualTo(403);
    }
    for (String host :
        List.of("127.0.0.1:" + otherPort, "localhost:" + otherPort, "[::1]:" + otherPort)) {
      assertThat(initializeStatus("Host", host))
          .as("Host %s at this server on port %d", host, port)
          .isEqualTo(403);
    }
    for (String own :
        List.of("http://localhost:" + port, "http://127.0.0.1:" + port, "http://[::1]:" + port)) {
      assertThat(initializeStatus("Host", own.substring("http://".length()), "Origin", own))
          .as("this server's own origin and host, %s", own)
          .isEqualTo(200);
    }
    assertThat(live.door.sessionCount()).isEqualTo(3);
  }

  /**
   * The status of an {@code initialize} with the token and {@code headers} (a Host replaces {@code
   * 127.0.0.1:<port>}).
   */
  private int initializeStatus(String... headers) throws Exception {
    int port = live.server.port();
    Map<String, String> all = LiveMcpHttp.headers(headers);
    all.putAll(
        LiveMcpHttp.headers(
            "Authorization",
            "Bearer " + live.token,
            "Accept",
            LiveMcpHttp.ACCEPT_BOTH,
            "Content-Type",
            "application/json"));
    try (RawHttp raw = RawHttp.connect(port)) {
      raw.send("POST", McpHttpFrontDoor.PATH, port, all, LiveMcpHttp.initializeRequest("x"));
      return raw.status();
    }
  }

  @Test
  void wrongAcceptIs406AWrongMediaTypeIs415AndABodyThatIsNotJsonRpcIs400() throws Exception {
    start();
    HttpRequest jsonOnly =
        live.request(null)
            .header("Accept", "application/json")
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(LiveMcpHttp.initializeRequest("x")))
            .build();
    assertThat(live.send(jsonOnly).statusCode()).isEqualTo(406);
    HttpRequest text =
        live.request(null)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "text/plain")
            .POST(HttpRequest.BodyPublishers.ofString(LiveMcpHttp.initializeRequest("x")))
            .build();
    assertThat(live.send(text).statusCode()).isEqualTo(415);
    HttpResponse<String> garbage = live.post(null, "{not json");
    assertThat(garbage.statusCode()).isEqualTo(400);
    assertThat(json(garbage).at("/error/code").asInt()).isEqualTo(-32700);
    HttpResponse<String> notRpc =
        live.post(null, "{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"ping\"}");
    assertThat(notRpc.statusCode()).isEqualTo(400);
    assertThat(json(notRpc).at("/error/code").asInt()).isEqualTo(-32600);
    assertThat(json(notRpc).get("id").asInt()).isEqualTo(7);
    HttpResponse<String> put =
        live.send(live.request(null).PUT(HttpRequest.BodyPublishers.ofString("{}")).build());
    assertThat(put.statusCode()).isEqualTo(405);
    assertThat(put.headers().firstValue("Allow")).hasValue("GET, POST, DELETE");
  }

  // ---- where answers go ----

  @Test
  void theToolsOfTheSessionsProvidersAreListedAndACallIsAnsweredByTheProvider() throws Exception {
    start();
    String session = live.initialize("agent");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);
    try (SseStream events = live.get(session, null)) {
      RecordingProviderConnection worker =
          live.bind(
              Hello.builder("worker").session(gatewaySession.id()).tools(tool("status")).build());
      live.f.settle();
      events.nextOf("notifications/tools/list_changed");

      HttpResponse<String> list = live.post(session, call(2, "tools/list", "{}"));
      assertThat(json(list).at("/result/tools").findValuesAsText("name")).containsExactly("status");

      CompletableFuture<HttpResponse<InputStream>> answer =
          live.postAsync(
              session,
              call(3, "tools/call", "{\"name\":\"status\",\"arguments\":{\"branch\":\"main\"}}"));
      ToolCall sent = next(worker, ToolCall.class);
      assertThat(sent.args()).isEqualTo(GatewayJson.parse("{\"branch\":\"main\"}"));
      worker.send(ToolResult.success(sent.id(), GatewayJson.parse("{\"green\":true}")));

      HttpResponse<InputStream> response = answer.get(10, TimeUnit.SECONDS);
      assertThat(response.headers().firstValue("Content-Type"))
          .hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
      JsonNode result =
          GatewayJson.parse(
              new String(response.body().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
      assertThat(result.get("id").asInt()).isEqualTo(3);
      assertThat(result.at("/result/structuredContent/green").asBoolean()).isTrue();
    }
  }

  @Test
  void anAnswerNotReadyWithinTheJsonWaitBecomesAnEventStreamThatTheResponseEnds() throws Exception {
    start(b -> b.jsonWait(Duration.ofSeconds(4)));
    String session = live.initialize("agent");
    RecordingProviderConnection worker = live.provider(session, "worker", "build");

    CompletableFuture<HttpResponse<InputStream>> answer =
        live.postAsync(session, call(5, "tools/call", "{\"name\":\"build\",\"arguments\":{}}"));
    ToolCall sent = next(worker, ToolCall.class);
    live.f.clock.advance(Duration.ofSeconds(4).minusMillis(1));
    assertThat(answer).as("one tick before the wait ends: still waiting for JSON").isNotDone();
    live.f.clock.advance(Duration.ofMillis(1));

    try (SseStream stream = new SseStream(answer.get(10, TimeUnit.SECONDS))) {
      SseStream.Event priming = stream.next();
      assertThat(priming.data()).isEmpty();
      assertThat(priming.id()).isNotNull();
      worker.send(ToolResult.success(sent.id(), GatewayJson.parse("\"built\"")));
      SseStream.Event result = stream.nextWithData();
      assertThat(result.json().get("id").asInt()).isEqualTo(5);
      assertThat(result.json().at("/result/content/0/text").asText()).isEqualTo("built");
      stream.awaitEnd(); // the response ends a request's stream
    }
  }

  @Test
  void progressTurnsTheAnswerIntoAnEventStreamOfProgressThenTheResult() throws Exception {
    start();
    String session = live.initialize("agent");
    RecordingProviderConnection worker = live.provider(session, "worker", "build");

    CompletableFuture<HttpResponse<InputStream>> answer =
        live.postAsync(
            session,
            call(
                6,
                "tools/call",
                "{\"name\":\"build\",\"arguments\":{},\"_meta\":{\"progressToken\":\"p6\"}}"));
    ToolCall sent = next(worker, ToolCall.class);
    worker.send(new ToolProgress(sent.id(), "compiling"));

    try (SseStream stream = new SseStream(answer.get(10, TimeUnit.SECONDS))) {
      SseStream.Event progress = stream.nextOf("notifications/progress");
      assertThat(progress.json().at("/params/progressToken").asText()).isEqualTo("p6");
      assertThat(progress.json().at("/params/message").asText()).isEqualTo("compiling");
      live.f.clock.advance(live.f.gateway.limits().calls().progressInterval());
      worker.send(ToolResult.success(sent.id(), GatewayJson.parse("\"done\"")));
      assertThat(stream.nextWithData().json().at("/result/content/0/text").asText())
          .isEqualTo("done");
    }
  }

  // ---- resuming ----

  @Test
  void aGetWithLastEventIdGetsWhatTheStreamMissedWhileTheClientWasAway() throws Exception {
    start();
    String session = live.initialize("agent");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);
    String seen;
    try (SseStream first = live.get(session, null)) {
      live.bind(Hello.builder("one").session(gatewaySession.id()).tools(tool("first")).build());
      live.f.settle();
      seen = first.nextOf("notifications/tools/list_changed").id();
    } // the connection drops

    RecordingProviderConnection two =
        live.bind(Hello.builder("two").session(gatewaySession.id()).tools(tool("second")).build());
    live.f.settle(); // list_changed while nobody listens

    try (SseStream resumed = live.get(session, seen)) {
      SseStream.Event missed = resumed.nextOf("notifications/tools/list_changed");
      assertThat(missed.id()).isNotEqualTo(seen);
      assertThat(
              json(live.post(session, call(9, "tools/list", "{}")))
                  .at("/result/tools")
                  .findValuesAsText("name"))
          .containsExactlyInAnyOrder("first", "second");
      two.send(new Goodbye(null));
      live.f.settle();
      assertThat(resumed.nextOf("notifications/tools/list_changed").id())
          .as("and goes on live")
          .isNotNull();
    }
  }

  @Test
  void aRequestStreamLostBeforeItsResponseIsResumedWithItsLastEventIdAndGetsTheResponse()
      throws Exception {
    start(b -> b.jsonWait(Duration.ofSeconds(1)));
    String session = live.initialize("agent");
    RecordingProviderConnection worker = live.provider(session, "worker", "build");

    CompletableFuture<HttpResponse<InputStream>> answer =
        live.postAsync(session, call(7, "tools/call", "{\"name\":\"build\",\"arguments\":{}}"));
    ToolCall sent = next(worker, ToolCall.class);
    live.f.clock.advance(Duration.ofSeconds(1));
    String primed;
    try (SseStream stream = new SseStream(answer.get(10, TimeUnit.SECONDS))) {
      primed = stream.next().id();
    } // dropped before the result
    worker.send(ToolResult.success(sent.id(), GatewayJson.parse("\"built while away\"")));

    try (SseStream resumed = live.get(session, primed)) {
      SseStream.Event result = resumed.nextWithData();
      assertThat(result.json().get("id").asInt()).isEqualTo(7);
      assertThat(result.json().at("/result/content/0/text").asText()).isEqualTo("built while away");
      resumed.awaitEnd();
    }
  }

  @Test
  void aSecondGetWithoutLastEventIdIs409AndALastEventIdOfNoEventIs400() throws Exception {
    start();
    String session = live.initialize("agent");
    try (SseStream first = live.get(session, null)) {
      HttpResponse<String> second =
          live.send(live.request(session).header("Accept", "text/event-stream").GET().build());
      assertThat(second.statusCode()).isEqualTo(409);
      HttpResponse<String> bogus =
          live.send(
              live.request(session)
                  .header("Accept", "text/event-stream")
                  .header("Last-Event-ID", "77-99")
                  .GET()
                  .build());
      assertThat(bogus.statusCode()).isEqualTo(400);
    }
  }

  /** A provider on a real WebSocket to the server, bound to {@code session} with {@code tool}. */
  private JdkProvider boundOverWebSocket(String session, String name, String tool)
      throws InterruptedException {
    JdkProvider provider = JdkProvider.connect(live.server.url());
    provider.send(Auth.withToken(live.f.gateway.credentials().providerToken()));
    provider.next(Sessions.class);
    provider.send(Hello.builder(name).session(session).tools(tool(tool)).build());
    provider.next(HelloAck.class);
    provider.next(SessionLifecycle.class);
    return provider;
  }

  // ---- bounds ----

  @Test
  void aClientWhoseSessionsAllHaveRequestsInProgressGets429AndAnotherClientStillGetsOne()
      throws Exception {
    start(b -> b.maxSessionsPerClient(2));
    List<RecordingProviderConnection> workers = new java.util.ArrayList<>();
    List<CompletableFuture<HttpResponse<InputStream>>> calls = new java.util.ArrayList<>();
    for (String name : List.of("a", "b")) {
      String session = live.initialize(name);
      RecordingProviderConnection worker = live.provider(session, "worker-" + name, "slow_" + name);
      calls.add(
          live.postAsync(
              session,
              call(20, "tools/call", "{\"name\":\"slow_" + name + "\",\"arguments\":{}}")));
      next(worker, ToolCall.class);
      workers.add(worker);
    }

    HttpResponse<String> third = live.post(null, LiveMcpHttp.initializeRequest("c"));
    assertThat(third.statusCode()).isEqualTo(429);
    assertThat(third.headers().firstValue("Mcp-Session-Id")).isEmpty();

    String other = live.tokens.issue("vscode");
    HttpRequest byOther =
        HttpRequest.newBuilder(live.url())
            .header("Authorization", "Bearer " + other)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(LiveMcpHttp.initializeRequest("vscode")))
            .build();
    assertThat(live.send(byOther).statusCode()).isEqualTo(200);
    calls.forEach(call -> call.cancel(true));
  }

  @Test
  void aClientAtItsSessionsLosesTheOneUsedLongestAgoForANewOneEvenWithItsGetStreamOpen()
      throws Exception {
    start(b -> b.maxSessionsPerClient(2));
    String oldest = live.initialize("a");
    SseStream abandoned = live.get(oldest, null); // a stream its client dropped, not yet noticed
    live.f.clock.advance(Duration.ofSeconds(1));
    String newer = live.initialize("b");
    live.f.clock.advance(Duration.ofSeconds(1));

    HttpResponse<String> third = live.post(null, LiveMcpHttp.initializeRequest("c"));

    assertThat(third.statusCode()).isEqualTo(200);
    assertThat(live.post(oldest, call(2, "ping", "{}")).statusCode()).isEqualTo(404);
    assertThat(live.post(newer, call(2, "ping", "{}")).statusCode()).isEqualTo(200);
    assertThat(live.door.sessionCount()).isEqualTo(2);
    abandoned.awaitEnd(); // the ended session's stream is closed by the server
    abandoned.close();
  }

  @Test
  void pastTheSessionsOfAllClientsInitializeIs503AndOpenSessionsStillAnswer() throws Exception {
    start(b -> b.maxSessions(2));
    String first = live.initialize("a");
    live.initialize("b");
    String other = live.tokens.issue("vscode");
    HttpRequest byOther =
        HttpRequest.newBuilder(live.url())
            .header("Authorization", "Bearer " + other)
            .header("Accept", LiveMcpHttp.ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(LiveMcpHttp.initializeRequest("vscode")))
            .build();
    assertThat(live.send(byOther).statusCode()).isEqualTo(503);
    assertThat(live.post(first, call(2, "ping", "{}")).statusCode()).isEqualTo(200);
    live.send(live.request(first).DELETE().build());
    assertThat(live.send(byOther).statusCode()).as("once one ended").isEqualTo(200);
  }

  @Test
  void pastItsRequestsInProgressASessionGets429AndItsOtherRequestsAnswerOnceOneEnds()
      throws Exception {
    start(b -> b.maxPendingRequests(2));
    String session = live.initialize("agent");
    RecordingProviderConnection worker = live.provider(session, "worker", "slow");
    CompletableFuture<HttpResponse<InputStream>> one =
        live.postAsync(session, call(11, "tools/call", "{\"name\":\"slow\",\"arguments\":{}}"));
    ToolCall first = next(worker, ToolCall.class);
    CompletableFuture<HttpResponse<InputStream>> two =
        live.postAsync(session, call(12, "tools/call", "{\"name\":\"slow\",\"arguments\":{}}"));
    next(worker, ToolCall.class);

    HttpResponse<String> third = live.post(session, call(13, "ping", "{}"));
    assertThat(third.statusCode()).isEqualTo(429);
    assertThat(json(third).get("id").asInt()).isEqualTo(13);
    String other = live.initialize("other");
    assertThat(live.post(other, call(2, "ping", "{}")).statusCode())
        .as("another session is not affected")
        .isEqualTo(200);

    worker.send(ToolResult.success(first.id(), GatewayJson.parse("\"one\"")));
    assertThat(one.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(live.post(session, call(14, "ping", "{}")).statusCode()).isEqualTo(200);
    two.cancel(true);
  }

  @Test
  void aBodyPastTheLimitIs413AndTheNextRequestIsAnswered() throws Exception {
    start(b -> b.maxBodyBytes(4096));
    String session = live.initialize("agent");
    String big =
        call(
            2,
            "tools/call",
            "{\"name\":\"x\",\"arguments\":{\"blob\":\"" + "x".repeat(5000) + "\"}}");
    HttpResponse<String> refused = live.post(session, big);
    assertThat(refused.statusCode()).isEqualTo(413);
    assertThat(live.post(session, call(3, "ping", "{}")).statusCode()).isEqualTo(200);
  }

  @Test
  void aMessageNestedPastTheBoundIs400InvalidRequestWithItsIdAndAtTheBoundTheCallGoesThrough()
      throws Exception {
    start();
    String session = live.initialize("agent");
    RecordingProviderConnection worker = live.provider(session, "worker", "build");

    HttpResponse<String> refused =
        live.post(session, JsonRpcLineGuardTest.nestedCall(2, JsonRpcLineGuard.MAX_DEPTH + 1));
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(json(refused).get("id").asInt()).isEqualTo(2);
    assertThat(json(refused).at("/error/code").asInt()).isEqualTo(-32600);
    assertThat(json(refused).at("/error/message").asText())
        .contains("JSON nested deeper than 128 levels");

    CompletableFuture<HttpResponse<InputStream>> answer =
        live.postAsync(session, JsonRpcLineGuardTest.nestedCall(3, JsonRpcLineGuard.MAX_DEPTH));
    ToolCall sent = next(worker, ToolCall.class);
    worker.send(ToolResult.success(sent.id(), GatewayJson.parse("\"deep enough\"")));
    assertThat(answer.get(10, TimeUnit.SECONDS).statusCode())
        .as("the session goes on")
        .isEqualTo(200);
  }

  @Test
  void theReplayBufferKeepsTheNewestEventsAndAClientThatMissedMoreIsToldToListTheToolsAgain()
      throws Exception {
    start(b -> b.replay(2, 1024 * 1024));
    String session = live.initialize("agent");
    SessionInfo gatewaySession = live.started.poll(10, TimeUnit.SECONDS);
    String seen;
    try (SseStream first = live.get(session, null)) {
      live.bind(Hello.builder("one").session(gatewaySession.id()).tools(tool("first")).build());
      live.f.settle();
      seen = first.nextOf("notifications/tools/list_changed").id();
      for (String name :
          List.of("p2", "p3", "p4")) { // three changes the client will miss, two kept
        live.bind(
            Hello.builder(name).session(gatewaySession.id()).tools(tool("t_" + name)).build());
        live.f.settle();
        // The front door logs each change from its tool-sync thread, after settle() returns;
        // hearing it here proves it is logged before the client comes back from `seen`.
        first.nextOf("notifications/tools/list_changed");
      }
    }

    try (SseStream resumed = live.get(session, seen)) {
      List<String> methods =
          List.of(
              resumed.nextWithData().json().get("method").asText(),
              resumed.nextWithData().json().get("method").asText(),
              resumed.nextWithData().json().get("method").asText(),
              resumed.nextWithData().json().get("method").asText());
      assertThat(methods)
          .containsExactly(
              "notifications/tools/list_changed", "notifications/tools/list_changed",
              "notifications/tools/list_changed", "notifications/message");
    }
  }
}
