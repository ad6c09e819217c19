package io.github.providergateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.Decision.Outcome;
import io.github.providergateway.gateway.event.DecisionKind;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The audit record's builder and its outcomes' words on the wire (docs/audit.md's table). */
class DecisionTest {

  private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

  @Test
  void outcomesAreWrittenAsTheWordsTheAuditTableDocuments() {
    assertThat(Arrays.stream(Outcome.values()).map(Outcome::wireName))
        .containsExactly(
            "ok",
            "refused",
            "requested",
            "confirmed",
            "success",
            "failure",
            "denied",
            "allow",
            "deny",
            "ask",
            "asked",
            "timeout",
            "withdrawn");
  }

  @Test
  void everyOutcomeIsReadBackFromItsWordAndAnUnknownWordIsNone() {
    for (Outcome outcome : Outcome.values()) {
      assertThat(Outcome.fromWire(outcome.wireName())).isSameAs(outcome);
    }
    assertThat(Outcome.fromWire("maybe")).isNull();
    assertThat(Outcome.fromWire(null)).isNull();
  }

  @Test
  void aBuilderLeavesWhatItWasNotGivenNullAndNoGates() {
    Decision refused =
        Decision.builder(NOW, DecisionKind.PUSH, Outcome.REFUSED).code("RATE_LIMITED").build();

    assertThat(refused.code()).isEqualTo("RATE_LIMITED");
    assertThat(refused.gates()).isEmpty();
    assertThat(
            Arrays.asList(
                refused.reason(),
                refused.connection(),
                refused.provider(),
                refused.trust(),
                refused.sessionId(),
                refused.tool(),
                refused.callId(),
                refused.latency(),
                refused.queueWait(),
                refused.argsSha256(),
                refused.args(),
                refused.answeredBy()))
        .containsOnlyNulls();
  }

  @Test
  void aBuilderSetsEachFieldWhereTheRecordReadsIt() {
    var gate =
        new Decision.GateAnswer("guard", "ci", "allow", null, Duration.ofMillis(2), false, null);
    Decision call =
        Decision.builder(NOW, DecisionKind.TOOL_CALL, Outcome.FAILURE)
            .code("TIMEOUT")
            .reason("took too long")
            .connection("conn#1")
            .provider("worker")
            .trust(io.github.providergateway.protocol.TrustLevel.PROJECT)
            .sessionId("s-1")
            .call("fast", "call-1")
            .latency(Duration.ofSeconds(3))
            .queueWait(Duration.ofMillis(5))
            .args("ab", TextNode.valueOf("x"), true)
            .gates(List.of(gate))
            .answeredBy("console")
            .build();

    assertThat(
            List.of(
                call.time(),
                call.kind(),
                call.outcome(),
                call.code(),
                call.reason(),
                call.connection(),
                call.provider(),
                call.trust(),
                call.sessionId(),
                call.tool(),
                call.callId(),
                call.latency(),
                call.queueWait(),
                call.argsSha256(),
                call.gates(),
                call.args(),
                call.answeredBy()))
        .containsExactly(
            NOW,
            DecisionKind.TOOL_CALL,
            Outcome.FAILURE,
            "TIMEOUT",
            "took too long",
            "conn#1",
            "worker",
            io.github.providergateway.protocol.TrustLevel.PROJECT,
            "s-1",
            "fast",
            "call-1",
            Duration.ofSeconds(3),
            Duration.ofMillis(5),
            "ab",
            List.of(gate),
            TextNode.valueOf("x"),
            "console");
  }

  @Test
  void twoDecisionsWithTheSameFieldsAreEqualAndOneFieldApartIsNot() {
    Decision one = Decision.builder(NOW, DecisionKind.PUSH, Outcome.REFUSED).code("X").build();
    Decision same = Decision.builder(NOW, DecisionKind.PUSH, Outcome.REFUSED).code("X").build();
    Decision apart =
        Decision.builder(NOW, DecisionKind.PUSH, Outcome.REFUSED).code("X").answeredBy("c").build();

    assertThat(one).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo(apart);
    assertThat(one.toString())
        .startsWith("Decision[time=" + NOW + ", kind=PUSH")
        .contains("code=X");
  }

  @Test
  void argumentsAreKeptOnlyWhenAsked() {
    Decision hashed =
        Decision.builder(NOW, DecisionKind.TOOL_CALL, Outcome.SUCCESS)
            .args("ab", TextNode.valueOf("secret"), false)
            .build();

    assertThat(hashed.argsSha256()).isEqualTo("ab");
    assertThat(hashed.args()).isNull();
  }

  @Test
  void theRequiredFieldsAreRequired() {
    assertThatThrownBy(() -> Decision.builder(NOW, DecisionKind.AUTH, null))
        .hasMessageContaining("outcome");
  }
}
