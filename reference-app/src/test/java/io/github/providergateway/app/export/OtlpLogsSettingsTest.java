package io.github.providergateway.app.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.MissingNode;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which OTLP export the system settings' {@code audit.otlp} or the OTEL_* environment ask for. */
class OtlpLogsSettingsTest {

  private static final MissingNode NONE = MissingNode.getInstance();

  @Test
  void noVariableAndNoSettingsAskForNothing() {
    assertThat(OtlpLogsSettings.from(NONE, Map.of("PATH", "/bin", "OTEL_SERVICE_NAME", "x")))
        .isNull();
  }

  @Test
  void theGeneralEndpointGetsTheLogsPathAsTheSpecificationSays() {
    OtlpLogsSettings settings =
        OtlpLogsSettings.from(
            NONE, Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318/"));
    assertThat(settings.endpoint()).isEqualTo(URI.create("http://collector:4318/v1/logs"));
    assertThat(settings.source()).isEqualTo("environment");
    assertThat(settings.maxQueue()).isEqualTo(2048);
    assertThat(settings.timeout()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void theLogsEndpointIsUsedAsItIsAndWinsOverTheGeneralOne() {
    OtlpLogsSettings settings =
        OtlpLogsSettings.from(
            NONE,
            Map.of(
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318",
                "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT", "https://siem.example/otlp/logs"));
    assertThat(settings.endpoint()).isEqualTo(URI.create("https://siem.example/otlp/logs"));
  }

  @Test
  void theLogsExporterAloneSendsToTheDefaultCollector() {
    assertThat(OtlpLogsSettings.from(NONE, Map.of("OTEL_LOGS_EXPORTER", "otlp")).endpoint())
        .isEqualTo(URI.create("http://localhost:4318/v1/logs"));
  }

  @Test
  void logsExporterNoneTurnsTheAuditExportOffWhateverTheEndpoint() {
    assertThat(
            OtlpLogsSettings.from(
                NONE,
                Map.of(
                    "OTEL_LOGS_EXPORTER", "none",
                    "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318")))
        .isNull();
  }

  @Test
  void theSystemSettingsBindAndTheEnvironmentIsNotReadForTheAudit() {
    var section =
        SampleDecisions.json(
            """
            {"OTEL_EXPORTER_OTLP_LOGS_ENDPOINT": "https://collector.corp:4318/v1/logs",
             "OTEL_EXPORTER_OTLP_HEADERS": "authorization=Bearer%20abc,x-tenant=dev"}
            """);
    OtlpLogsSettings settings =
        OtlpLogsSettings.from(
            section,
            Map.of(
                "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT", "http://127.0.0.1:9/elsewhere",
                "OTEL_LOGS_EXPORTER", "none"));
    assertThat(settings.endpoint()).isEqualTo(URI.create("https://collector.corp:4318/v1/logs"));
    assertThat(settings.headers())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("authorization", "Bearer abc", "x-tenant", "dev"));
    assertThat(settings.source()).isEqualTo("system settings");
  }

  @Test
  void settingsWithoutAnEndpointAreRefusedRatherThanSentToLocalhost() {
    var section = SampleDecisions.json("{\"OTEL_EXPORTER_OTLP_HEADERS\": \"a=b\"}");
    assertThatThrownBy(() -> OtlpLogsSettings.from(section, Map.of()))
        .isInstanceOf(ExportSettingsException.class)
        .hasMessageContaining("names no endpoint");
  }

  @Test
  void anUnknownKeyIsRefusedNamingTheKnownOnes() {
    var section = SampleDecisions.json("{\"endpoint\": \"http://collector:4318\"}");
    assertThatThrownBy(() -> OtlpLogsSettings.from(section, Map.of()))
        .isInstanceOf(ExportSettingsException.class)
        .hasMessageContaining("audit.otlp.endpoint is not read")
        .hasMessageContaining("OTEL_EXPORTER_OTLP_LOGS_ENDPOINT");
  }

  @Test
  void grpcIsRefusedWithWhy() {
    assertThatThrownBy(
            () ->
                OtlpLogsSettings.from(
                    NONE,
                    Map.of(
                        "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317",
                        "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")))
        .isInstanceOf(ExportSettingsException.class)
        .hasMessageContaining("must be http/protobuf, was grpc");
  }

  @Test
  void theQueueIsBounded() {
    assertThatThrownBy(
            () ->
                OtlpLogsSettings.from(
                    NONE,
                    Map.of(
                        "OTEL_LOGS_EXPORTER", "otlp",
                        "OTEL_BLRP_MAX_QUEUE_SIZE", "1000000")))
        .isInstanceOf(ExportSettingsException.class)
        .hasMessage("OTEL_BLRP_MAX_QUEUE_SIZE must be a whole number 1..10000, was 1000000");
  }

  @Test
  void anEndpointThatIsNotHttpIsRefused() {
    assertThatThrownBy(
            () -> OtlpLogsSettings.from(NONE, Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "file:/tmp/x")))
        .isInstanceOf(ExportSettingsException.class)
        .hasMessageContaining("must be an http or https URL");
  }
}
