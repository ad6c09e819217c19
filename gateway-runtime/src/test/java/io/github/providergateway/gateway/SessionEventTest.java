package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Session events to subscribed providers (spec: session.event). */
class SessionEventTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  private RecordingProviderConnection subscriber(String name, String sessionId, String... events) {
    return f.bound(Hello.builder(name).session(sessionId).subscribe(List.of(events)).build());
  }

  @Test
  void aProviderGetsOnlyTheEventTypesItSubscribedTo() {
    RecordingProviderConnection p = subscriber("listener", session, "user.message");

    done(f.gateway.emit(session, "user.message", json("{\"content\":\"fix the auth bug\"}")));
    done(f.gateway.emit(session, "assistant.intent", json("{\"intent\":\"read files\"}")));

    SessionEvent event = p.next(SessionEvent.class);
    assertThat(event.sessionId()).isEqualTo(session);
    assertThat(event.event()).isEqualTo("user.message");
    assertThat(event.data()).isEqualTo(json("{\"content\":\"fix the auth bug\"}"));
    p.assertNoMoreMessages();
  }

  @Test
  void eventsReachOnlyTheirSessionsSubscribers() {
    String other = f.startSession("beta");
    RecordingProviderConnection inOther = subscriber("elsewhere", other, "user.message");

    done(f.gateway.emit(session, "user.message", json("{\"content\":\"hi\"}")));

    inOther.assertNoMoreMessages();
  }

  @Test
  void theGatewayReportsEachDispatchedCallAsToolExecutionComplete() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("greet"));
    RecordingProviderConnection watcher = subscriber("watcher", session, "tool.execution_complete");
    var call = f.call(session, "greet", "{\"name\":\"Alice\"}");
    ToolCall sent = worker.next(ToolCall.class);
    f.clock.advance(Duration.ofMillis(42));

    worker.send(ToolResult.success(sent.id(), json("\"Hello, Alice!\"")));

    done(call);
    SessionEvent event = watcher.next(SessionEvent.class);
    assertThat(event.event()).isEqualTo("tool.execution_complete");
    assertThat(GatewayFixture.CODEC.writeJson(event.data()))
        .isEqualTo(
            GatewayFixture.CODEC.writeJson(
                json(
                    "{\"tool\":\"greet\",\"provider\":\"worker\",\"args\":{\"name\":\"Alice\"},"
                        + "\"result\":{\"type\":\"success\",\"output\":\"Hello, Alice!\"},\"durationMs\":42}")));
  }

  @Test
  void failedAndTimedOutCallsAreReportedAsFailures() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("greet"));
    RecordingProviderConnection watcher = subscriber("watcher", session, "tool.execution_complete");
    f.call(session, "greet", "{}", Duration.ofSeconds(1));
    worker.next(ToolCall.class);

    f.clock.advance(Duration.ofSeconds(1));

    SessionEvent event = watcher.next(SessionEvent.class);
    assertThat(event.data().at("/result/type").asText()).isEqualTo("failure");
    assertThat(event.data().at("/result/output").asText()).isEqualTo("Tool 'greet' timed out");
    assertThat(event.data().get("durationMs").asLong()).isEqualTo(1000);
  }

  @Test
  void aSuccessWithoutDataIsReportedWithoutOutput() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("ping"));
    RecordingProviderConnection watcher = subscriber("watcher", session, "tool.execution_complete");
    f.call(session, "ping", "{}");

    worker.sendText(
        "{\"type\":\"tool.result\",\"id\":\"" + worker.next(ToolCall.class).id() + "\"}");

    assertThat(watcher.next(SessionEvent.class).data().get("result"))
        .isEqualTo(json("{\"type\":\"success\"}"));
  }

  @Test
  void aCallThatNeverReachedAProviderIsNotReported() {
    RecordingProviderConnection watcher = subscriber("watcher", session, "tool.execution_complete");

    var call = f.call(session, "missing", "{}");

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code())
        .isEqualTo(ToolErrorCode.NOT_FOUND);
    watcher.assertNoMoreMessages();
  }
}
