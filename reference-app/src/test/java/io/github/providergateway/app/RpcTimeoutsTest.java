package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.testing.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timeouts of the whole app, as {@code --rpc} and real WebSocket providers meet them, on a
 * manual clock ({@link RpcApp#startOnClock}): the host's {@code timeoutMs}, {@code session.end}'s
 * deadline, and the defaults the app wires for gates, transforms and calls. Each is shown one
 * millisecond before its bound, where nothing has come ({@link RpcApp#noReplyBeforeALaterOne}), and
 * at it, where the outcome is; no test waits for time to pass.
 */
class RpcTimeoutsTest {

  @TempDir Path home;
  private final ManualClock clock = new ManualClock();
  private RpcApp app;
  private String session;

  @BeforeEach
  void start() {
    app = RpcApp.startOnClock(home, clock);
    session = app.startSession();
  }

  @AfterEach
  void stop() {
    app.close(); // and the providers it bound
  }

  private WsProvider provider(String name, String helloFields) {
    return app.provider(session, name, helloFields);
  }

  /** Sends a {@code tool.call} of {@code tool} with no arguments and {@code more} fields. */
  private int call(String tool, String more) {
    return app.sendWithId(
        "{\"cmd\":\"tool.call\",\"sessionId\":\""
            + session
            + "\",\"tool\":\""
            + tool
            + "\",\"args\":{}"
            + more
            + "}");
  }

  @Test
  void aCallWithTimeoutMsThatGetsNoAnswerEndsAsTimeoutAndTheProviderIsCancelled() {
    WsProvider silent = provider("silent", WsProvider.tools("wait"));
    int id = call("wait", ",\"timeoutMs\":200");
    // The 200 ms run from the host's request: set before the call is sent (R-TOOL-31).
    JsonNode toolCall = silent.next("tool.call");

    clock.advance(Duration.ofMillis(199));
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue();
    assertThat(silent.receivedNoneBeforeAnAnswer("tool.cancel")).isTrue();
    clock.advance(Duration.ofMillis(1));

    JsonNode reply = app.reply(id);
    assertThat(reply.at("/outcome/status").asText()).isEqualTo("failure");
    assertThat(reply.at("/outcome/errorCode").asText()).isEqualTo("TIMEOUT");
    JsonNode cancel = silent.next("tool.cancel");
    assertThat(cancel.get("id").asText()).isEqualTo(toolCall.get("id").asText());
    assertThat(cancel.get("reason").asText()).isEqualTo("timeout");
  }

  @Test
  void aCallWithoutTimeoutMsToAToolWithoutATimeoutEndsAsTimeoutAfterSixtySeconds() {
    WsProvider silent = provider("silent", WsProvider.tools("wait"));
    int id = call("wait", "");
    silent.next("tool.call");

    clock.advance(Duration.ofSeconds(60).minusMillis(1));
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue();
    clock.advance(Duration.ofMillis(1));

    assertThat(app.reply(id).at("/outcome/errorCode").asText()).isEqualTo("TIMEOUT");
  }

  @Test
  void aGateThatNeverAnswersFailsTheCallClosedAfterFiveSeconds() {
    WsProvider worker = provider("worker", WsProvider.tools("deploy"));
    WsProvider ci =
        provider(
            "ci-watcher",
            "\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"deploy\"},\"action\":\"gate\","
                + "\"gateId\":\"ci\"}]}");
    int id = call("deploy", "");
    // The gate's five seconds start before its question is sent (HookTest).
    ci.next("gate.check");

    clock.advance(Duration.ofMillis(4_999));
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue();
    clock.advance(Duration.ofMillis(1));

    assertThat(app.reply(id).get("outcome").toString())
        .isEqualTo(
            "{\"status\":\"denied\",\"reason\":\"Gate provider 'ci-watcher' did not respond in"
                + " time.\"}");
    assertThat(worker.receivedNoneBeforeAnAnswer("tool.call")).isTrue();
  }

  @Test
  void aPromptTransformThatNeverAnswersLeavesTheSectionAsItWasAfterTwoSeconds() {
    WsProvider live =
        provider(
            "live", "\"hooks\":{\"transforms\":{\"code_change_rules\":{\"action\":\"callback\"}}}");
    int id =
        app.sendWithId(
            "{\"cmd\":\"prompt\",\"sessionId\":\""
                + session
                + "\",\"text\":\"hi\",\"sections\":{\"code_change_rules\":\"Small diffs.\"}}");
    assertThat(live.next("transform.request").get("current").asText()).isEqualTo("Small diffs.");
    // The two seconds are set once the request is sent, in the loop task that sent it: a later
    // command runs after that task, so its reply shows them on the clock.
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue();

    clock.advance(Duration.ofMillis(1_999));
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue();
    clock.advance(Duration.ofMillis(1));

    assertThat(app.reply(id).get("sections").toString())
        .isEqualTo("{\"code_change_rules\":\"Small diffs.\"}");
  }

  @Test
  void aSessionEndRepliesAtTheDeadlineWhenAProviderStaysSilent() {
    WsProvider silent = provider("p", "");
    int id =
        app.sendWithId(
            "{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\",\"deadlineMs\":300}");
    assertThat(silent.next("session.lifecycle").get("state").asText())
        .isEqualTo("shutdown.pending");
    // The deadline is set once shutdown.pending is sent, in the same loop task (as above).
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue();

    clock.advance(Duration.ofMillis(299));
    assertThat(app.noReplyBeforeALaterOne(id)).isTrue();
    clock.advance(Duration.ofMillis(1));

    assertThat(app.reply(id).get("ok").asBoolean()).isTrue();
  }
}
