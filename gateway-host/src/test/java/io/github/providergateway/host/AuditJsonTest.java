package io.github.providergateway.host;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.protocol.TrustLevel;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one JSON shape of an audit record (docs/audit.md), as {@code audit.query} replies and {@code
 * audit.jsonl} holds it: exact text, so a field renamed, dropped or added shows.
 */
class AuditJsonTest {

  private static final Instant TIME = Instant.parse("2026-11-26T04:00:00.5Z");

  @Test
  void aBareDecisionHasItsTimeKindInLowerCaseAndOutcomeOnly() {
    Decision decision = Decision.builder(TIME, DecisionKind.AUTH, Decision.Outcome.REFUSED).build();

    assertThat(AuditJson.decision(decision).toString())
        .isEqualTo(
            "{\"time\":\"2026-11-26T04:00:00.500Z\",\"kind\":\"auth\",\"outcome\":\"refused\"}");
  }

  @Test
  void everyFieldThatIsSetIsWrittenInItsOrderWithDurationsAsFractionalMilliseconds() {
    Decision decision =
        Decision.builder(TIME, DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
            .code("DENIED")
            .reason("CI is red")
            .connection("c-7")
            .provider("worker")
            .trust(TrustLevel.PROJECT)
            .sessionId("s-1")
            .call("shell", "call-9")
            .latency(Duration.ofNanos(1_250_000))
            .queueWait(Duration.ofNanos(500_000))
            .args("ab12", JsonNodeFactory.instance.objectNode().put("command", "git push"), true)
            .answeredBy("console")
            .gates(
                List.of(
                    new Decision.GateAnswer(
                        "ci-watcher", "ci", "deny", "red", Duration.ofMillis(3), false, null),
                    new Decision.GateAnswer(
                        "tidy", null, "allow", null, Duration.ofNanos(1_500_000), true, "cd34")))
            .build();

    assertThat(AuditJson.decision(decision).toString())
        .isEqualTo(
            "{\"time\":\"2026-11-26T04:00:00.500Z\",\"kind\":\"pre_tool_use\",\"outcome\":\"deny\","
                + "\"code\":\"DENIED\",\"reason\":\"CI is red\",\"connection\":\"c-7\","
                + "\"provider\":\"worker\",\"trust\":\"project\",\"sessionId\":\"s-1\","
                + "\"tool\":\"shell\",\"callId\":\"call-9\",\"latencyMs\":1.25,\"queueWaitMs\":0.5,"
                + "\"argsSha256\":\"ab12\",\"answeredBy\":\"console\","
                + "\"args\":{\"command\":\"git push\"},"
                + "\"gates\":[{\"provider\":\"ci-watcher\",\"gateId\":\"ci\",\"decision\":\"deny\","
                + "\"reason\":\"red\",\"latencyMs\":3.0,\"failedOpen\":false},"
                + "{\"provider\":\"tidy\",\"decision\":\"allow\",\"latencyMs\":1.5,"
                + "\"failedOpen\":true,\"argsSha256\":\"cd34\"}]}");
  }

  @Test
  void argumentsNotKeptAreNotWrittenButTheirHashIs() {
    Decision decision =
        Decision.builder(TIME, DecisionKind.TOOL_CALL, Decision.Outcome.SUCCESS)
            .args("ab12", JsonNodeFactory.instance.objectNode().put("secret", "x"), false)
            .build();

    assertThat(AuditJson.decision(decision).toString())
        .isEqualTo(
            "{\"time\":\"2026-11-26T04:00:00.500Z\",\"kind\":\"tool_call\",\"outcome\":\"success\","
                + "\"argsSha256\":\"ab12\"}");
  }

  @Test
  void theWrittenArgumentsAreACopyOfTheDecisions() {
    var args = JsonNodeFactory.instance.objectNode().put("command", "ls");
    Decision decision =
        Decision.builder(TIME, DecisionKind.TOOL_CALL, Decision.Outcome.SUCCESS)
            .args("ab12", args, true)
            .build();

    var json = AuditJson.decision(decision);
    ((com.fasterxml.jackson.databind.node.ObjectNode) json.get("args")).put("command", "rm -rf /");

    assertThat(decision.args().get("command").asText()).isEqualTo("ls");
  }
}
