package io.github.providergateway.app.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.MissingNode;
import io.github.providergateway.loop.testing.Await;
import io.opentelemetry.proto.logs.v1.SeverityNumber;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The audit as OTLP logs, sent by the SDK's exporter to a real receiver that decodes them with the
 * official schema ({@link OtlpReceiver}): what a record carries, and that a receiver that is down
 * or slow costs records, counted, and never a decision's time.
 */
class OtlpAuditLogsTest {

  private static final Duration WAIT = Duration.ofSeconds(20);

  private static OtlpAuditLogs export(String endpoint, Map<String, String> more) {
    Map<String, String> env = new HashMap<>(more);
    env.put("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint);
    env.put("OTEL_BLRP_SCHEDULE_DELAY", "50");
    return new OtlpAuditLogs(
        OtlpLogsSettings.from(MissingNode.getInstance(), env), "laptop-0042", "0.1.0");
  }

  @Test
  void eachDecisionIsOneLogRecordCarryingWhatTheTrailCarries() throws Exception {
    try (OtlpReceiver receiver = new OtlpReceiver();
        OtlpAuditLogs export =
            export(
                receiver.base().toString(),
                Map.of(
                    "OTEL_EXPORTER_OTLP_HEADERS", "Authorization=Bearer%20t0ken",
                    "OTEL_EXPORTER_OTLP_COMPRESSION", "gzip"))) {
      export.decided(SampleDecisions.denied("No pushes while CI is red."));
      Await.until(WAIT, () -> receiver.records().size() == 1, () -> "the receiver's record");
      OtlpReceiver.Received received = receiver.records().get(0);
      assertThat(received.resource())
          .containsEntry("service.name", "provider-gateway")
          .containsEntry("service.version", "0.1.0")
          .containsEntry("host.id", "laptop-0042");
      var log = received.log();
      assertThat(log.getTimeUnixNano())
          .isEqualTo(TimeUnit.MILLISECONDS.toNanos(SampleDecisions.TIME.toEpochMilli()));
      assertThat(log.getSeverityNumber()).isEqualTo(SeverityNumber.SEVERITY_NUMBER_WARN);
      assertThat(log.getEventName()).isEqualTo("provider_gateway.decision");
      assertThat(received.attribute("provider_gateway.kind")).isEqualTo("pre_tool_use");
      assertThat(received.attribute("provider_gateway.outcome")).isEqualTo("deny");
      assertThat(received.attribute("provider_gateway.provider")).isEqualTo("claude-code");
      assertThat(received.attribute("gen_ai.tool.name")).isEqualTo("Bash");
      assertThat(received.attribute("gen_ai.tool.call.id")).isEqualTo("call-42");
      assertThat(received.attribute("provider_gateway.session")).isEqualTo("session-7");
      assertThat(received.attribute("provider_gateway.rule")).isEqualTo("guard/no-push");
      assertThat(received.attribute("provider_gateway.reason"))
          .isEqualTo("No pushes while CI is red.");
      var body = SampleDecisions.json(log.getBody().getStringValue());
      assertThat(body.get("kind").asText()).isEqualTo("pre_tool_use");
      assertThat(body.get("gates")).hasSize(2);
      assertThat(receiver.authorizations()).containsExactly("Bearer t0ken");
      Await.until(WAIT, () -> export.counts().sent() == 1, () -> "the record counted as sent");
      assertThat(export.counts().dropped()).isZero();
    }
  }

  /** A reason quoting a command's token leaves masked, in the attribute and the body (issue 78). */
  @Test
  void aTokenAReasonQuotesLeavesMasked() throws Exception {
    try (OtlpReceiver receiver = new OtlpReceiver();
        OtlpAuditLogs export = export(receiver.base().toString(), Map.of())) {
      export.decided(SampleDecisions.denied(SampleDecisions.QUOTING_A_TOKEN));
      Await.until(WAIT, () -> receiver.records().size() == 1, () -> "the receiver's record");
      OtlpReceiver.Received received = receiver.records().get(0);

      assertThat(received.attribute("provider_gateway.reason"))
          .doesNotContain(SampleDecisions.TOKEN)
          .contains("Authorization: Bearer ****");
      assertThat(received.log().getBody().getStringValue())
          .doesNotContain(SampleDecisions.TOKEN)
          .contains("Authorization: Bearer ****");
    }
  }

  /** The trail's record names the agent and the policy in force; so does the one sent away. */
  @Test
  void aRecordNamesItsAgentAndThePolicyInForceAsTheTrailDoes() throws Exception {
    try (OtlpReceiver receiver = new OtlpReceiver();
        OtlpAuditLogs export = export(receiver.base().toString(), Map.of())) {
      export.recorded(
          SampleDecisions.denied("No pushes while CI is red."),
          new AuditLabels("claude-code", "org:v12"));
      Await.until(WAIT, () -> receiver.records().size() == 1, () -> "the receiver's record");
      OtlpReceiver.Received received = receiver.records().get(0);
      assertThat(received.attribute("gen_ai.agent.name")).isEqualTo("claude-code");
      assertThat(received.attribute("provider_gateway.policy")).isEqualTo("org:v12");
      var body = SampleDecisions.json(received.log().getBody().getStringValue());
      assertThat(body.get("agent").asText()).isEqualTo("claude-code");
      assertThat(body.get("policy").asText()).isEqualTo("org:v12");
    }
  }

  @Test
  @Timeout(60)
  void aReceiverThatIsDownCostsTheRecordsCountedNotTheDecisions() throws Exception {
    int port = SyslogSenderTest.freePort();
    try (OtlpAuditLogs export = export("http://127.0.0.1:" + port, Map.of())) {
      for (int i = 0; i < 3; i++) {
        export.decided(SampleDecisions.call(i));
      }
      Await.until(
          WAIT, () -> export.counts().dropped() == 3, () -> "three records counted as dropped");
      assertThat(export.counts().sent()).isZero();
    }
  }

  @Test
  @Timeout(60)
  void aSlowReceiverFillsTheBoundedQueueAndTheRestAreDroppedNeverWaitedFor() throws Exception {
    try (OtlpReceiver receiver = new OtlpReceiver()) {
      receiver.stall();
      OtlpAuditLogs export =
          export(
              receiver.base().toString(),
              Map.of("OTEL_BLRP_MAX_QUEUE_SIZE", "10", "OTEL_BLRP_MAX_EXPORT_BATCH_SIZE", "5"));
      // The receiver holds every request until released below: were a decision to wait for it,
      // this loop would never end (and the test would time out).
      for (int i = 0; i < 100; i++) {
        export.decided(SampleDecisions.call(i));
      }
      assertThat(export.counts().dropped()).isGreaterThanOrEqualTo(100 - 10 - 5);
      receiver.release();
      export.close();
      assertThat(export.counts().sent() + export.counts().dropped()).isEqualTo(100);
      assertThat(receiver.records()).hasSize((int) export.counts().sent());
    }
  }
}
