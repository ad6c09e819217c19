package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.gateway.ToolOutcome;
import io.github.providergateway.gateway.testing.ManualClock;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What only real sockets show: a dropped connection comes back bound, handlers run on the
 * provider's thread rather than the JDK's, and a refused token ends the session. Waits are on
 * recorded events with a timeout.
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
    gateway = Gateway.builder().clock(clock).scheduler(clock).build();
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
            gateway.providerToken(),
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
        WebSocketProviderClient.Options.builder()
            .initialBackoff(Duration.ofMillis(10))
            .maxBackoff(Duration.ofMillis(100))
            .build());
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }
}
