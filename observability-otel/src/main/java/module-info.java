/**
 * The gateway's decisions as OpenTelemetry traces and metrics ({@link
 * io.github.providergateway.otel.GatewayTelemetry}); the OpenTelemetry API only, the host brings
 * the SDK.
 */
module io.github.providergateway.otel {
  requires transitive io.github.providergateway.gateway;
  requires transitive io.opentelemetry.api;
  requires io.opentelemetry.context;

  exports io.github.providergateway.otel;
}
