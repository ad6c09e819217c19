package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.transport.ws.WebSocketServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The HTTP front door on a real server on a free port, in front of an embedded gateway on a manual
 * clock (the front door's timers run on it too), with one client token issued, and a {@code
 * java.net.http} client that speaks Streamable HTTP by hand. Real sockets, so every wait on them is
 * bounded; time moves only when a test advances {@link #clock()}.
 */
final class LiveMcpHttp implements AutoCloseable {

  static final Duration WAIT = SseStream.WAIT;
  static final String ACCEPT_BOTH = "application/json, text/event-stream";

  final GatewayFixture f = GatewayFixture.create();
  final ClientTokens tokens;
  final String token;
  final McpHttpFrontDoor door;
  final WebSocketServer server;
  final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(WAIT).build();

  /** Gateway sessions as they start and end. */
  final BlockingQueue<SessionInfo> started = new LinkedBlockingQueue<>();

  /**
   * Ends of gateway sessions by id, completed when the gateway reports them (on its own thread).
   */
  private final Map<String, CompletableFuture<Void>> endings = new ConcurrentHashMap<>();

  LiveMcpHttp(Path home, Consumer<McpHttpFrontDoor.Builder> customizer) throws IOException {
    f.gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void sessionStarted(SessionInfo info) {
                started.add(info);
              }

              @Override
              public void sessionEnded(String sessionId) {
                ending(sessionId).complete(null);
              }
            });
    tokens = ClientTokens.mcpHttp(home, new SplittableRandom(7));
    token = tokens.issue("claude");
    McpHttpFrontDoor.Builder builder =
        McpHttpFrontDoor.builder(f.gateway, tokens)
            // The gateway's manual clock for the door's clock and timers, session ids from 11.
            .backend(f.clock.backend(11))
            // Long enough that a test's registration debounce (f.settle()) never turns a waiting
            // answer into a stream; the tests of that switch advance the clock to it.
            .jsonWait(Duration.ofSeconds(4))
            .workingDirectory(Path.of("/code/agent"))
            .version("test");
    customizer.accept(builder);
    door = builder.build();
    server =
        WebSocketServer.builder(f.gateway)
            .port(0)
            .route(McpHttpFrontDoor.PATH, door.maxBodyBytes(), door.route())
            .build()
            .start();
  }

  /**
   * Waits (bounded) until the gateway reports the end of a session. The front door ends a gateway
   * session as it answers, but the gateway reports it from its loop a moment later, so a test that
   * looked once could look too early.
   */
  void awaitEnded(String gatewaySessionId) throws Exception {
    ending(gatewaySessionId).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  private CompletableFuture<Void> ending(String gatewaySessionId) {
    return endings.computeIfAbsent(gatewaySessionId, id -> new CompletableFuture<>());
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.port() + McpHttpFrontDoor.PATH);
  }

  // ---- requests ----

  /** A request builder with the token, the session (when not null) and {@code Accept} for both. */
  HttpRequest.Builder request(String session) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(url()).timeout(WAIT).header("Authorization", "Bearer " + token);
    if (session != null) {
      request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-06-18");
    }
    return request;
  }

  HttpResponse<String> post(String session, String json) {
    return send(
        request(session)
            .header("Accept", ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  CompletableFuture<HttpResponse<InputStream>> postAsync(String session, String json) {
    return http.sendAsync(
        request(session)
            .header("Accept", ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofInputStream());
  }

  /**
   * Sends {@code notifications/initialized} with {@code token} in session {@code sessionId}: a
   * legacy session's gateway session starts with it; {@return the answer (202)}
   */
  HttpResponse<String> initialized(String token, String sessionId) {
    return send(
        HttpRequest.newBuilder(url())
            .timeout(WAIT)
            .header("Authorization", "Bearer " + token)
            .header("Accept", ACCEPT_BOTH)
            .header("Content-Type", "application/json")
            .header("Mcp-Session-Id", sessionId)
            .header("MCP-Protocol-Version", "2025-06-18")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"))
            .build());
  }

  HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** {@code GET /mcp} for {@code session}, from after {@code lastEventId} when not null. */
  SseStream get(String session, String lastEventId) throws Exception {
    HttpRequest.Builder request = request(session).header("Accept", "text/event-stream").GET();
    if (lastEventId != null) {
      request.header("Last-Event-ID", lastEventId);
    }
    HttpResponse<InputStream> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    assertThat(response.statusCode()).as("GET /mcp").isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/event-stream"));
    return new SseStream(response);
  }

  /**
   * {@code initialize} and {@code notifications/initialized} as {@code clientName}: the session's
   * id.
   */
  String initialize(String clientName) throws Exception {
    HttpResponse<String> init = post(null, initializeRequest(clientName));
    assertThat(init.statusCode()).as("initialize: %s", init.body()).isEqualTo(200);
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    assertThat(
            post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .statusCode())
        .isEqualTo(202);
    return session;
  }

  /** {@link #initialize} and the gateway session it started. */
  SessionInfo initializeAndStart(String clientName) throws Exception {
    initialize(clientName);
    SessionInfo info = started.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(info).as("the gateway session of %s", clientName).isNotNull();
    return info;
  }

  static String initializeRequest(String clientName) {
    return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
        + "\"capabilities\":{},\"clientInfo\":{\"name\":\""
        + clientName
        + "\",\"version\":\"1.0\"}}}";
  }

  static String call(int id, String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\""
        + method
        + "\",\"params\":"
        + params
        + "}";
  }

  static JsonNode json(HttpResponse<String> response) {
    return GatewayJson.parse(response.body());
  }

  static Map<String, String> headers(String... pairs) {
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      headers.put(pairs[i], pairs[i + 1]);
    }
    return headers;
  }

  // ---- providers ----

  /**
   * Waits until {@code session}'s tools/list has {@code tool}: the front door installs a
   * registration on a thread of its own, after the gateway's debounce ({@code f.settle()}).
   */
  void awaitTool(String session, String tool) {
    Await.until(
        WAIT,
        () ->
            json(post(session, call(900, "tools/list", "{}")))
                .at("/result/tools")
                .findValuesAsText("name")
                .contains(tool),
        () -> "tool " + tool + " listed");
  }

  /**
   * A provider named {@code name} offering {@code tool}, bound to the gateway session that the
   * front-door session {@code session} started (the next in {@link #started}); back once the front
   * door lists the tool.
   */
  RecordingProviderConnection provider(String session, String name, String tool) throws Exception {
    SessionInfo gatewaySession = started.poll(10, TimeUnit.SECONDS);
    RecordingProviderConnection provider =
        bind(
            Hello.builder(name)
                .session(gatewaySession.id())
                .tools(GatewayFixture.tool(tool))
                .build());
    f.settle();
    awaitTool(session, tool);
    return provider;
  }

  /** A provider bound to {@code sessionId} with {@code hello}, its hello.ack taken. */
  RecordingProviderConnection bind(Hello hello) {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));
    next(conn, Sessions.class);
    conn.send(hello);
    next(conn, HelloAck.class);
    next(conn, SessionLifecycle.class);
    return conn;
  }

  static <T extends io.github.providergateway.protocol.GatewayMessage> T next(
      RecordingProviderConnection conn, Class<T> type) {
    conn.await(1, WAIT);
    return conn.next(type);
  }

  @Override
  public void close() {
    door.close();
    server.close();
    f.close();
  }
}
