package io.github.providergateway.app.export;

/**
 * Builds the OTLP export. A class of its own so that {@link AuditExports} names no class that names
 * the SDK: {@link OtlpAuditLogs} (and with it the SDK) is loaded only when this method runs.
 */
final class OtlpExportFactory {

  private OtlpExportFactory() {}

  static AuditExport start(OtlpLogsSettings settings, String hostId, String version) {
    return new OtlpAuditLogs(settings, hostId, version);
  }
}
