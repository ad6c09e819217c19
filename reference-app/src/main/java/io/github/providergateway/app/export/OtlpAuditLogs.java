package io.github.providergateway.app.export;

import io.github.providergateway.gateway.event.Decision;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.logs.LogRecordBuilder;
import io.opentelemetry.api.logs.Logger;
import io.opentelemetry.api.logs.Severity;
import io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporter;
import io.opentelemetry.exporter.otlp.http.logs.OtlpHttpLogRecordExporterBuilder;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.opentelemetry.sdk.logs.SdkLoggerProvider;
import io.opentelemetry.sdk.logs.data.LogRecordData;
import io.opentelemetry.sdk.logs.export.BatchLogRecordProcessor;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.resources.Resource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The audit as OpenTelemetry logs over OTLP/HTTP (protobuf), with the SDK's exporter and its {@link
 * BatchLogRecordProcessor}: one log record per decision, its body the trail's JSON line ({@code
 * audit.jsonl}'s shape) and its attributes the fields a SIEM filters on. Built only when {@link
 * OtlpLogsSettings} asks for it: this is the only class of the app's audit that names the SDK.
 *
 * <p>Never blocks a decision: {@link #decided} counts the records in the processor's queue and
 * drops (and counts) a record once {@code maxQueue} wait, so the processor's own queue is never
 * full and nothing is lost uncounted; a batch the receiver refuses, or does not take within the
 * timeout, counts as dropped too.
 */
final class OtlpAuditLogs implements AuditExport {

  static final AttributeKey<String> KIND = AttributeKey.stringKey("provider_gateway.kind");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("provider_gateway.outcome");
  static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("provider_gateway.provider");
  static final AttributeKey<String> TOOL = AttributeKey.stringKey("gen_ai.tool.name");
  static final AttributeKey<String> CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
  static final AttributeKey<String> SESSION = AttributeKey.stringKey("provider_gateway.session");
  static final AttributeKey<String> RULE = AttributeKey.stringKey("provider_gateway.rule");
  static final AttributeKey<String> CODE = AttributeKey.stringKey("provider_gateway.code");
  static final AttributeKey<String> REASON = AttributeKey.stringKey("provider_gateway.reason");
  static final AttributeKey<String> HOST_ID = AttributeKey.stringKey("host.id");
  static final AttributeKey<String> AGENT = AttributeKey.stringKey("gen_ai.agent.name");
  static final AttributeKey<String> POLICY = AttributeKey.stringKey("provider_gateway.policy");

  /** The event name each record carries, for a collector's routing. */
  static final String EVENT = "provider_gateway.decision";

  private final OtlpLogsSettings settings;
  private final SdkLoggerProvider provider;
  private final Logger logger;

  /** Records emitted and not yet handed to the exporter: the processor's queue and batch. */
  private final AtomicLong waiting = new AtomicLong();

  private final ExportCounts counts = new ExportCounts();

  /**
   * Starts the export's processor thread.
   *
   * @param hostId this machine's id, the resource's {@code host.id}
   * @param version the gateway's version, the resource's {@code service.version}
   * @throws ExportSettingsException when the certificate file cannot be read
   */
  OtlpAuditLogs(OtlpLogsSettings settings, String hostId, String version) {
    this.settings = settings;
    LogRecordExporter exporter = new CountingExporter(otlpExporter(settings));
    Resource resource =
        Resource.getDefault()
            .merge(
                Resource.create(
                    Attributes.builder()
                        .put("service.name", settings.serviceName())
                        .put("service.version", version)
                        .put(HOST_ID, hostId)
                        .build()));
    this.provider =
        SdkLoggerProvider.builder()
            .setResource(resource)
            .addLogRecordProcessor(
                BatchLogRecordProcessor.builder(exporter)
                    // One more than ours: the processor's queue is never the one that is full.
                    .setMaxQueueSize(settings.maxQueue() + 1)
                    .setMaxExportBatchSize(settings.maxBatch())
                    .setScheduleDelay(settings.scheduleDelay())
                    .setExporterTimeout(settings.timeout().plusSeconds(5))
                    .build())
            .build();
    this.logger = provider.get("io.github.providergateway.audit");
  }

  private static LogRecordExporter otlpExporter(OtlpLogsSettings settings) {
    OtlpHttpLogRecordExporterBuilder builder =
        OtlpHttpLogRecordExporter.builder()
            .setEndpoint(settings.endpoint().toString())
            .setTimeout(settings.timeout())
            .setConnectTimeout(settings.timeout())
            // A collector that is restarting is retried briefly; one that is down costs its batch,
            // counted, rather than holding the queue for long.
            .setRetryPolicy(
                RetryPolicy.builder()
                    .setMaxAttempts(3)
                    .setInitialBackoff(Duration.ofMillis(500))
                    .setMaxBackoff(Duration.ofSeconds(2))
                    .build())
            .setCompression(settings.gzip() ? "gzip" : "none");
    settings.headers().forEach(builder::addHeader);
    if (settings.certificate() != null) {
      try {
        builder.setTrustedCertificates(Files.readAllBytes(settings.certificate()));
      } catch (IOException e) {
        throw new ExportSettingsException(
            "OTEL_EXPORTER_OTLP_CERTIFICATE "
                + settings.certificate()
                + " cannot be read: "
                + e.getMessage());
      }
    }
    return builder.build();
  }

  @Override
  public void recorded(Decision decision, AuditLabels labels) {
    if (waiting.incrementAndGet() > settings.maxQueue()) {
      waiting.decrementAndGet();
      counts.dropped(1); // the receiver is slower than the decisions: count, never wait
      return;
    }
    LogRecordBuilder record =
        logger
            .logRecordBuilder()
            .setTimestamp(decision.time())
            .setEventName(EVENT)
            .setSeverity(AuditFields.stopped(decision) ? Severity.WARN : Severity.INFO)
            .setSeverityText(AuditFields.stopped(decision) ? "WARN" : "INFO")
            .setBody(AuditRecords.json(decision, labels).toString())
            .setAttribute(KIND, AuditFields.kind(decision))
            .setAttribute(OUTCOME, decision.outcome().wireName());
    setIfPresent(record, PROVIDER, decision.provider());
    setIfPresent(record, TOOL, decision.tool());
    setIfPresent(record, CALL_ID, decision.callId());
    setIfPresent(record, SESSION, decision.sessionId());
    setIfPresent(record, RULE, AuditFields.rule(decision));
    setIfPresent(record, CODE, decision.code());
    setIfPresent(record, REASON, decision.reason());
    setIfPresent(record, AGENT, labels.agent());
    setIfPresent(record, POLICY, labels.policy());
    record.emit();
  }

  private static void setIfPresent(
      LogRecordBuilder record, AttributeKey<String> key, String value) {
    if (value != null) {
      record.setAttribute(key, value);
    }
  }

  @Override
  public String destination() {
    return settings.destination();
  }

  @Override
  public ExportCounts counts() {
    return counts;
  }

  /** Sends what waits (within the export timeout and 5 s), then stops the processor's thread. */
  @Override
  public void close() {
    provider.shutdown().join(settings.timeout().toMillis() + 5_000, TimeUnit.MILLISECONDS);
  }

  /** The OTLP exporter, counting what leaves the queue and what the receiver did not take. */
  private final class CountingExporter implements LogRecordExporter {
    private final LogRecordExporter otlp;

    CountingExporter(LogRecordExporter otlp) {
      this.otlp = otlp;
    }

    @Override
    public CompletableResultCode export(Collection<LogRecordData> logs) {
      int size = logs.size();
      waiting.addAndGet(-size);
      CompletableResultCode result;
      try {
        result = otlp.export(logs);
      } catch (UncheckedIOException | IllegalStateException e) {
        counts.dropped(size);
        return CompletableResultCode.ofFailure();
      }
      result.whenComplete(
          () -> {
            if (result.isSuccess()) {
              counts.sent(size);
            } else {
              counts.dropped(size);
            }
          });
      return result;
    }

    @Override
    public CompletableResultCode flush() {
      return otlp.flush();
    }

    @Override
    public CompletableResultCode shutdown() {
      return otlp.shutdown();
    }
  }
}
