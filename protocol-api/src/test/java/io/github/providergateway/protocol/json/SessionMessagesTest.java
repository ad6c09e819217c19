package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.assertEncodesTo;
import static io.github.providergateway.protocol.json.Codec.decodeGateway;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.ShutdownReady;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Spec vectors for session traffic: {@code session.event}, {@code session.lifecycle}, {@code
 * session.ready}, {@code shutdown.ready} and {@code goodbye}.
 */
class SessionMessagesTest {

  @Test
  void sessionEventDecodesAndReencodes() {
    String json =
        """
        {
        "type": "session.event",
        "sessionId": "abc123",
        "event": "user.message",
        "data": { "content": "fix the auth bug" }
        }""";

    SessionEvent event = decodeGateway(json, SessionEvent.class);

    assertThat(event)
        .isEqualTo(
            new SessionEvent("abc123", "user.message", json("{\"content\":\"fix the auth bug\"}")));
    assertEncodesTo(event, json);
  }

  @Test
  void toolExecutionCompleteEventDecodesAndReencodes() {
    // Payload shape from v2 "Event payload shapes".
    String json =
        """
        {"type":"session.event","sessionId":"abc123","event":"tool.execution_complete",
         "data":{"tool":"screenshot","provider":"browser","args":{"full":true},
                 "result":{"type":"success","output":"ok"},"durationMs":812}}""";

    SessionEvent event = decodeGateway(json, SessionEvent.class);

    assertThat(event.event()).isEqualTo("tool.execution_complete");
    assertThat(event.data().get("durationMs").intValue()).isEqualTo(812);
    assertEncodesTo(event, json);
  }

  @Test
  void startedLifecycleDecodesAndReencodes() {
    String json =
        """
        { "type": "session.lifecycle", "sessionId": "abc123", "state": "started" }""";

    SessionLifecycle lifecycle = decodeGateway(json, SessionLifecycle.class);

    assertThat(lifecycle).isEqualTo(SessionLifecycle.started("abc123"));
    assertThat(lifecycle.deadline()).isNull();
    assertEncodesTo(lifecycle, json);
  }

  @Test
  void idleLifecycleDecodesAndReencodes() {
    String json =
        """
        { "type": "session.lifecycle", "sessionId": "abc123", "state": "idle" }""";

    SessionLifecycle lifecycle = decodeGateway(json, SessionLifecycle.class);

    assertThat(lifecycle).isEqualTo(SessionLifecycle.idle("abc123"));
    assertEncodesTo(lifecycle, json);
  }

  @Test
  void shutdownPendingLifecycleDecodesItsDeadlineInMilliseconds() {
    String json =
        """
        { "type": "session.lifecycle", "sessionId": "abc123", "state": "shutdown.pending", "deadline": 10000 }""";

    SessionLifecycle lifecycle = decodeGateway(json, SessionLifecycle.class);

    assertThat(lifecycle.state()).isEqualTo(LifecycleState.SHUTDOWN_PENDING);
    assertThat(lifecycle.deadline()).isEqualTo(Duration.ofSeconds(10));
    assertThat(lifecycle)
        .isEqualTo(SessionLifecycle.shutdownPending("abc123", Duration.ofMillis(10000)));
    assertEncodesTo(lifecycle, json);
  }

  @Test
  void sessionReadyDecodesAndReencodes() {
    String json =
        """
        {
        "type": "session.ready",
        "sessionId": "new-session-id"
        }""";

    SessionReady ready = decodeProvider(json, SessionReady.class);

    assertThat(ready).isEqualTo(new SessionReady("new-session-id"));
    assertEncodesTo(ready, json);
  }

  @Test
  void shutdownReadyDecodesAndReencodes() {
    String json =
        """
        {
        "type": "shutdown.ready",
        "sessionId": "abc123"
        }""";

    ShutdownReady ready = decodeProvider(json, ShutdownReady.class);

    assertThat(ready).isEqualTo(new ShutdownReady("abc123"));
    assertEncodesTo(ready, json);
  }

  @Test
  void goodbyeWithReasonDecodesAndReencodes() {
    String json =
        """
        {
        "type": "goodbye",
        "reason": "shutting down"
        }""";

    Goodbye goodbye = decodeProvider(json, Goodbye.class);

    assertThat(goodbye).isEqualTo(new Goodbye("shutting down"));
    assertEncodesTo(goodbye, json);
  }

  @Test
  void coreGoodbyeOnShutdownDecodesAndReencodes() {
    String json =
        """
        { "type": "goodbye", "reason": "session ending" }""";

    Goodbye goodbye = decodeProvider(json, Goodbye.class);

    assertThat(goodbye.reason()).isEqualTo("session ending");
    assertEncodesTo(goodbye, json);
  }

  @Test
  void goodbyeWithoutReasonDecodesAndReencodes() {
    // Core "goodbye": reason is optional.
    String json =
        """
        { "type": "goodbye" }""";

    Goodbye goodbye = decodeProvider(json, Goodbye.class);

    assertThat(goodbye.reason()).isNull();
    assertEncodesTo(goodbye, json);
  }
}
