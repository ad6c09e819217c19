package io.github.providergateway.app.run;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import java.util.List;
import java.util.Map;

/**
 * OpenTelemetry for the reference gateway, configured the ecosystem's way: by the standard {@code
 * OTEL_*} environment variables (docs/audit.md). Only when one of them says where to export is an
 * SDK built; otherwise there is none, so no exporter thread runs and no span is made.
 */
final class Telemetry {

  /** The variables that ask for an export; any one of them turns telemetry on. */
  static final List<String> SWITCHES =
      List.of(
          "OTEL_EXPORTER_OTLP_ENDPOINT",
          "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
          "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
          "OTEL_TRACES_EXPORTER",
          "OTEL_METRICS_EXPORTER");

  /** {@code OTEL_FOO_BAR=v} as {@code otel.foo.bar=v}, as the SDK reads the environment. */
  static Map<String, String> otelProperties(Map<String, String> env) {
    Map<String, String> properties = new java.util.HashMap<>();
    env.forEach(
        (name, value) -> {
          if (name.startsWith("OTEL_")) {
            properties.put(name.toLowerCase(java.util.Locale.ROOT).replace('_', '.'), value);
          }
        });
    return properties;
  }

  private static final System.Logger LOG = System.getLogger(Telemetry.class.getName());

  private Telemetry() {}

  /**
   * The SDK {@code env} asks for, or null when it asks for none.
   *
   * @param env the process's environment
   * @return an SDK the caller closes, or null
   */
  static OpenTelemetrySdk fromEnvironment(Map<String, String> env) {
    if (SWITCHES.stream().noneMatch(env::containsKey)) {
      return null;
    }
    try {
      return AutoConfiguredOpenTelemetrySdk.builder()
          // Defaults the variables may override: a service name; OTLP over HTTP (the gateway ships
          // the JDK's HTTP sender, no gRPC); no log export (it logs to stderr).
          .addPropertiesSupplier(
              () ->
                  Map.of(
                      "otel.service.name", "provider-gateway",
                      "otel.exporter.otlp.protocol", "http/protobuf",
                      "otel.logs.exporter", "none"))
          // Then env's OTEL_* as properties (OTEL_TRACES_EXPORTER is otel.traces.exporter): the
          // environment given, which is the process's in the app, wins over the defaults.
          .addPropertiesSupplier(() -> otelProperties(env))
          // Logs are the audit's (app.export, issue 66), sent by an SDK of their own: this one
          // never builds a logs pipeline, whatever OTEL_LOGS_EXPORTER says.
          .addPropertiesCustomizer(config -> Map.of("otel.logs.exporter", "none"))
          .build()
          .getOpenTelemetrySdk();
    } catch (RuntimeException misconfigured) {
      // A wrong OTEL_* setting costs the traces, not the gateway: it says so and runs.
      LOG.log(
          System.Logger.Level.WARNING,
          "OpenTelemetry not started ({0}): {1}",
          misconfigured.getMessage(),
          misconfigured.getCause() == null
              ? "check the OTEL_* variables"
              : misconfigured.getCause().getMessage());
      return null;
    }
  }
}
