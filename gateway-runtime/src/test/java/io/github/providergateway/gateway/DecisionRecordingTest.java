package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit trail in a Flight Recorder recording: with no listener auditing, a recording that
 * enables {@code io.github.providergateway.Decision} still gets every decision, as {@code jfr
 * print} shows them.
 */
class DecisionRecordingTest {

  @TempDir Path dir;

  @Test
  void aRecordingHoldsTheGatewaysDecisionsWithoutAnyListener() throws Exception {
    Path file = dir.resolve("gateway.jfr");
    try (GatewayFixture f = GatewayFixture.create();
        Recording recording = new Recording()) {
      recording.enable("io.github.providergateway.Decision");
      recording.start();
      String session = f.startSession("alpha");
      RecordingProviderConnection intruder = f.connect();
      intruder.send(Auth.withToken("not-the-token"));
      intruder.next(ErrorMessage.class);
      RecordingProviderConnection worker = f.bound("worker", session, tool("fast"));
      var call = f.call(session, "fast", "{}");
      worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("1")));
      done(call);
      recording.stop();
      recording.dump(file);
    }

    List<RecordedEvent> events =
        RecordingFile.readAllEvents(file).stream()
            .filter(e -> e.getEventType().getName().equals("io.github.providergateway.Decision"))
            .toList();
    assertThat(events)
        .extracting(e -> e.getString("kind") + " " + e.getString("outcome"))
        .containsSubsequence("AUTH refused", "AUTH ok", "HELLO ok", "TOOL_CALL success");
    RecordedEvent refused =
        events.stream()
            .filter(e -> "refused".equals(e.getString("outcome")))
            .findFirst()
            .orElseThrow();
    assertThat(refused.getString("code")).isEqualTo("AUTH_FAILED");
    assertThat(refused.getString("reason")).isEqualTo("Invalid token");
  }
}
