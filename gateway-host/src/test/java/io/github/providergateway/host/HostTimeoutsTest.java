package io.github.providergateway.host;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformRule;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The timeouts a host meets through its commands, on the gateway's manual clock with the spec's
 * default limits (the reference app builds its gateway with them): the host's {@code timeoutMs},
 * the 60 s default call timeout, the 5 s a gate has, the 2 s a callback transform has, and {@code
 * session.end}'s deadline. Each is shown one millisecond before its bound, where nothing has come,
 * and at it, where the outcome is (spec: host-rpc.md, Commands; provider-interface-v2.md,
 * Timeouts). These were proved through {@code --rpc} and real WebSockets before (RpcTimeoutsTest).
 */
class HostTimeoutsTest {

  private final HostHarness h = new HostHarness();
  private final GatewayFixture f = h.f;
  private final String session = h.session;

  @AfterEach
  void close() {
    h.close();
  }

  private void send(int id, String cmd, String fields) {
    h.send(id, cmd, fields);
  }

  private HostReply replyTo(int id) {
    return h.replyTo(id);
  }

  private JsonNode okReplyTo(int id) {
    return h.okReplyTo(id);
  }

  @Test
  void aCallWithTimeoutMsThatGetsNoAnswerEndsAsTimeoutAndTheProviderIsCancelled() {
    RecordingProviderConnection silent = f.bound("silent", session, tool("wait"));
    send(1, "tool.call", "\"tool\":\"wait\",\"args\":{},\"timeoutMs\":200");
    // The 200 ms run from the host's request: set before the call is sent (R-TOOL-31).
    ToolCall call = silent.next(ToolCall.class);

    f.clock.advance(Duration.ofMillis(199));
    assertThat(replyTo(1)).isNull();
    silent.assertNoMoreMessages();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(okReplyTo(1).at("/outcome/status").asText()).isEqualTo("failure");
    assertThat(okReplyTo(1).at("/outcome/errorCode").asText()).isEqualTo("TIMEOUT");
    ToolCancel cancel = silent.next(ToolCancel.class);
    assertThat(cancel.id()).isEqualTo(call.id());
    assertThat(cancel.reason()).isEqualTo(CancelReason.TIMEOUT);
  }

  @Test
  void aCallWithoutTimeoutMsToAToolWithoutATimeoutEndsAsTimeoutAfterSixtySeconds() {
    RecordingProviderConnection silent = f.bound("silent", session, tool("wait"));
    send(1, "tool.call", "\"tool\":\"wait\",\"args\":{}");
    silent.next(ToolCall.class);

    f.clock.advance(Duration.ofSeconds(60).minusMillis(1));
    assertThat(replyTo(1)).isNull();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(okReplyTo(1).at("/outcome/errorCode").asText()).isEqualTo("TIMEOUT");
  }

  @Test
  void aGateThatNeverAnswersFailsTheCallClosedAfterFiveSeconds() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("deploy"));
    RecordingProviderConnection ci =
        f.bound(
            Hello.builder("ci-watcher")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("deploy"), "ci")), null))
                .build());
    send(1, "tool.call", "\"tool\":\"deploy\",\"args\":{}");
    // The gate's five seconds start before its question is sent (HookTest).
    ci.next(GateCheck.class);

    f.clock.advance(Duration.ofMillis(4_999));
    assertThat(replyTo(1)).isNull();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(okReplyTo(1).get("outcome"))
        .isEqualTo(
            json(
                "{\"status\":\"denied\",\"reason\":\"Gate provider 'ci-watcher' did not respond in"
                    + " time.\"}"));
    worker.assertNoMoreMessages();
  }

  @Test
  void aPromptTransformThatNeverAnswersLeavesTheSectionAsItWasAfterTwoSeconds() {
    RecordingProviderConnection live =
        f.bound(
            Hello.builder("live")
                .session(session)
                .hooks(
                    new Hooks(
                        null, Map.of("code_change_rules", Optional.of(TransformRule.callback()))))
                .build());
    send(1, "prompt", "\"text\":\"hi\",\"sections\":{\"code_change_rules\":\"Small diffs.\"}");
    assertThat(live.next(TransformRequest.class).current()).isEqualTo("Small diffs.");

    f.clock.advance(Duration.ofMillis(1_999));
    assertThat(replyTo(1)).isNull();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(okReplyTo(1).get("sections"))
        .isEqualTo(json("{\"code_change_rules\":\"Small diffs.\"}"));
  }

  @Test
  void aSessionEndRepliesAtTheDeadlineWhenAProviderStaysSilent() {
    RecordingProviderConnection silent = f.bound("p", session);
    send(1, "session.end", "\"deadlineMs\":300");
    SessionLifecycle pending = silent.next(SessionLifecycle.class);
    assertThat(pending.state()).isEqualTo(LifecycleState.SHUTDOWN_PENDING);
    assertThat(pending.deadline()).isEqualTo(Duration.ofMillis(300));

    f.clock.advance(Duration.ofMillis(299));
    assertThat(replyTo(1)).isNull();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(okReplyTo(1)).isEmpty();
  }

  @Test
  void aSessionEndWithoutADeadlineGivesProvidersTenSecondsAndRepliesOnceTheyLeave() {
    RecordingProviderConnection provider = f.bound("p", session);
    send(1, "session.end", "");
    assertThat(provider.next(SessionLifecycle.class).deadline()).isEqualTo(Duration.ofSeconds(10));
    assertThat(replyTo(1)).as("teardown is not complete").isNull();

    provider.send(new Goodbye("session ending"));

    assertThat(okReplyTo(1)).isEmpty();
    assertThat(h.host.ok("{\"cmd\":\"sessions.list\"}").get("sessions")).isEmpty();
  }
}
