package io.github.providergateway.provider.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GateVerdict;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What only real sockets show: a dropped connection comes back bound, a half-open one is taken
 * over, handlers run on the provider's thread rather than the JDK's, and a refused token ends the
 * session. Waits are on recorded events with a timeout.
 */
class WebSocketProviderClientRealSocketTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final ToolDefinition GREET =
      ToolDefinition.of(
          "greet", "Say hello", ProtocolCodec.create().parseJson("{\"type\":\"object\"}"));

  private Gateway gateway;
  private WebSocketProviderClientTestServer server;
  private String sessionId;
  private ProviderSession session;

  @BeforeEach
  void start() throws Exception {
    ManualClock clock = new ManualClock();
    gateway = Gateway.builder().backend(clock.backend().threaded()).build();
    server = WebSocketProviderClientTestServer.start(gateway);
    sessionId =
        await(
                gateway.startSession(
                    SessionSpec.of("demo", "/code/demo"), new RecordingSessionHost()))
            .id();
  }

  @AfterEach
  void stop() {
    try {
      if (session != null) {
        session.close();
      }
      server.close();
    } finally {
      gateway.close();
    }
  }

  @Test
  void aDroppedConnectionComesBackAuthenticatedAndBoundWithTheReconnectToken() throws Exception {
    CompletableFuture<String> handlerThread = new CompletableFuture<>();
    session =
        connect(
            "greeter",
            gateway.credentials().providerToken(),
            (args, call) -> {
              handlerThread.complete(Thread.currentThread().getName());
              return CompletableFuture.completedFuture(TextNode.valueOf("Hello"));
            });
    await(session.bound());

    server.last().drop();
    Hello again =
        server.fromProviders().await(Hello.class, hello -> hello.reconnectToken() != null, WAIT);
    CallResult result = await(gateway.callTool(sessionId, "greet", null, null));

    assertThat(server.connections()).hasSize(2);
    assertThat(again.session().wireValue()).isEqualTo(sessionId);
    assertThat(result.outcome()).isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello")));
    assertThat(await(handlerThread)).isEqualTo("provider-greeter");
  }

  @Test
  void aReconnectTakesOverAHalfOpenConnectionAndKeepsTheProvidersIdentityAndState()
      throws Exception {
    // The client loses its connection while the gateway still sees it open (a half-open TCP
    // connection): the reconnect token must take the identity over, and the gateway close the old.
    List<WebSocket.Listener> listeners = new CopyOnWriteArrayList<>();
    List<WebSocket> sockets = new CopyOnWriteArrayList<>();
    HttpClient http = HttpClient.newHttpClient();
    WebSocketProviderClient.Connector connector =
        (uri, listener) -> {
          listeners.add(listener);
          return http.newWebSocketBuilder()
              .buildAsync(uri, listener)
              .thenApply(
                  ws -> {
                    sockets.add(ws);
                    return ws;
                  });
        };
    session =
        WebSocketProviderClient.connect(
            server.uri(),
            gateway.credentials().providerToken(),
            JavaProvider.builder("guard")
                .session(sessionId)
                .tool(
                    GREET,
                    (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("hi")))
                .gate(
                    HookMatch.tool("shell"),
                    "ci",
                    check -> CompletableFuture.completedFuture(GateVerdict.deny("CI is red")))
                .build(),
            fastReconnects(),
            connector);
    String providerId = await(session.bound()).providerId();
    await(session.setFilter("git", List.of(new FilterRule("behind=0", FilterOutcome.DROP))));

    listeners.get(0).onError(sockets.get(0), new IOException("half-open")); // the client gives up
    Hello again =
        server.fromProviders().await(Hello.class, hello -> hello.reconnectToken() != null, WAIT);
    server.fromProviders().await(FilterSet.class, f -> f.requestId().equals("req-2"), WAIT);
    awaitTrue("the server closed its end", () -> !server.connections().get(0).isOpen());
    session.push("git", PushLevel.KEEP, "behind=0");
    session.push("git", PushLevel.KEEP, "behind=3");
    StreamHistory history = await(session.queryStreams(List.of("git"), 10));

    assertThat(again.session().wireValue()).isEqualTo(sessionId);
    assertThat(await(gateway.providers()))
        .singleElement()
        .satisfies(info -> assertThat(info.providerId()).isEqualTo(providerId));
    assertThat(await(gateway.preToolUse(sessionId, "shell", json("{}"))).reason())
        .isEqualTo("CI is red");
    assertThat(await(gateway.callTool(sessionId, "greet", null, null)).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("hi")));
    assertThat(history.streams().get("git"))
        .as("the filter was set again on the new connection")
        .extracting(StreamEntry::event)
        .containsExactly("behind=3");
  }

  @Test
  void aRefusedTokenEndsTheSessionWithTheGatewaysError() {
    session =
        connect(
            "intruder",
            "ptk-not-the-token",
            (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("never")));

    assertThatThrownBy(() -> await(session.closed()))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            GatewayErrorException.class,
            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.AUTH_FAILED));
    assertThat(session.bound().toCompletableFuture()).isCompletedExceptionally();
  }

  private ProviderSession connect(
      String name, String token, io.github.providergateway.provider.ToolHandler handler) {
    return WebSocketProviderClient.connect(
        server.uri(),
        token,
        JavaProvider.builder(name).session(sessionId).tool(GREET, handler).build(),
        fastReconnects());
  }

  private static WebSocketProviderClient.Options fastReconnects() {
    return WebSocketProviderClient.Options.builder()
        .initialBackoff(Duration.ofMillis(10))
        .maxBackoff(Duration.ofMillis(100))
        .build();
  }

  private static com.fasterxml.jackson.databind.JsonNode json(String text) {
    return ProtocolCodec.create().parseJson(text);
  }

  /** Waits, at most {@link #WAIT}, for an effect on a real socket. */
  private static void awaitTrue(String what, Await.Condition condition) {
    Await.until(WAIT, condition, () -> what);
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }
}
