package io.github.providergateway.provider.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.SyncTimeoutException;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.SyncProviderSession;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The blocking twin of a provider session over a real WebSocket to a real gateway (port 0): a call
 * the gateway answers returns its value, a refusal throws the gateway's code, and a wait with no
 * answer throws {@link SyncTimeoutException} after the twin's timeout while the session goes on.
 */
class SyncProviderSessionTest {

  private static final ToolDefinition GREET =
      ToolDefinition.of(
          "greet", "Say hello", ProtocolCodec.create().parseJson("{\"type\":\"object\"}"));

  private Gateway gateway;
  private WebSocketProviderClientTestServer server;
  private SyncProviderSession session;

  @BeforeEach
  void start() throws Exception {
    ManualClock clock = new ManualClock();
    gateway = Gateway.builder().backend(clock.backend().threaded()).build();
    server = WebSocketProviderClientTestServer.start(gateway);
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

  private String startSession() {
    return gateway
        .startSession(SessionSpec.of("demo", "/code/demo"), new RecordingSessionHost())
        .join()
        .id();
  }

  private SyncProviderSession connect(JavaProvider provider) {
    return SyncProviderSession.of(
        WebSocketProviderClient.connect(
            server.uri(), gateway.credentials().providerToken(), provider));
  }

  private static JavaProvider greeter(String sessionId) {
    return JavaProvider.builder("greeter")
        .session(sessionId)
        .tool(GREET, (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("Hello")))
        .build();
  }

  @Test
  void callsTheGatewayAnswersReturnTheirValues() {
    String sessionId = startSession();
    session = connect(greeter(sessionId));

    HelloAck ack = session.awaitBound();
    session.updateContext("the build is green");
    assertThat(session.push(PushLevel.KEEP, "built")).isTrue();
    StreamHistory history = session.queryStreams(List.of("greeter"), 10);

    assertThat(ack.providerId()).isNotBlank();
    assertThat(history.streams().get("greeter")).extracting("event").containsExactly("built");
    session.goodbye("done");
    session.awaitClosed(); // at once: goodbye waited for the end
  }

  @Test
  void aRefusalThrowsTheGatewaysCodeFromTheCallersThread() {
    session = connect(greeter("no-such-session"));

    assertThatThrownBy(session::awaitBound)
        .isInstanceOfSatisfying(
            GatewayErrorException.class,
            refused -> {
              assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_SESSION);
              assertThat(refused.getMessage()).contains("no-such-session");
              assertThat(refused.getCause()).isInstanceOf(GatewayErrorException.class);
              assertThat(refused.getStackTrace())
                  .anyMatch(frame -> frame.getClassName().equals(getClass().getName()));
            });
    // A refused hello ends the session: waiting for its end fails the same way, at once.
    assertThatThrownBy(session::awaitClosed)
        .isInstanceOfSatisfying(
            GatewayErrorException.class,
            refused -> assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_SESSION));
  }

  @Test
  void aWaitWithNoAnswerThrowsSyncTimeoutAndTheSessionGoesOn() {
    // No session to give is a wait, not a failure (X-JAVA-03): bound() has no answer yet.
    session = connect(greeter(null)).withTimeout(Duration.ofMillis(200));

    assertThatThrownBy(session::awaitBound)
        .isInstanceOfSatisfying(
            SyncTimeoutException.class,
            late -> {
              assertThat(late.timeout()).isEqualTo(Duration.ofMillis(200));
              assertThat(late.getMessage()).isEqualTo("no answer to hello.ack within 200 ms");
            });

    startSession();
    assertThat(session.withTimeout(Duration.ofSeconds(10)).awaitBound().providerId()).isNotBlank();
  }

  @Test
  void aTwinHoldsOnlyItsTimeout() {
    session = connect(greeter(null));
    SyncProviderSession patient = session.withTimeout(Duration.ofMinutes(5));

    assertThat(session.timeout()).isEqualTo(SyncProviderSession.DEFAULT_TIMEOUT);
    assertThat(patient.timeout()).isEqualTo(Duration.ofMinutes(5));
    assertThat(patient.async()).isSameAs(session.async());
    assertThatThrownBy(() -> session.withTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
  }
}
