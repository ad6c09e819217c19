package io.github.providergateway.app.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where and how the audit goes as OpenTelemetry logs over OTLP, read from the standard {@code
 * OTEL_*} names (the OpenTelemetry SDK's environment-variable specification) in one of two places:
 * the system settings' {@code audit.otlp} object, whose keys are those names, or the gateway's
 * environment. The organisation's settings bind: when {@code audit.otlp} names anything, the
 * environment is not read for the audit at all, so a developer's {@code
 * OTEL_EXPORTER_OTLP_LOGS_ENDPOINT} cannot send the organisation's trail elsewhere.
 *
 * <p>Only OTLP over HTTP with protobuf: the gateway ships the JDK's HTTP sender and no gRPC.
 *
 * @param endpoint the full URL records are posted to ({@code …/v1/logs})
 * @param headers sent with every request ({@code Authorization}, a tenant id)
 * @param timeout how long one export may take before its batch counts as dropped
 * @param gzip whether requests are gzip-compressed
 * @param certificate a PEM file of certificates to trust instead of the system's, or null
 * @param maxQueue records waiting to be sent, at most ({@code OTEL_BLRP_MAX_QUEUE_SIZE})
 * @param maxBatch records in one request, at most ({@code OTEL_BLRP_MAX_EXPORT_BATCH_SIZE})
 * @param scheduleDelay how long a record may wait for its batch ({@code OTEL_BLRP_SCHEDULE_DELAY})
 * @param serviceName the resource's {@code service.name}
 * @param source {@code system settings} or {@code environment}, for messages
 */
public record OtlpLogsSettings(
    URI endpoint,
    Map<String, String> headers,
    Duration timeout,
    boolean gzip,
    Path certificate,
    int maxQueue,
    int maxBatch,
    Duration scheduleDelay,
    String serviceName,
    String source) {

  /** The most records that may wait: 10,000 records of at most a few KiB each. */
  public static final int MAX_QUEUE_LIMIT = 10_000;

  /** The names read; any other {@code OTEL_*} key in {@code audit.otlp} is refused. */
  static final List<String> NAMES =
      List.of(
          "OTEL_LOGS_EXPORTER",
          "OTEL_EXPORTER_OTLP_ENDPOINT",
          "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT",
          "OTEL_EXPORTER_OTLP_HEADERS",
          "OTEL_EXPORTER_OTLP_LOGS_HEADERS",
          "OTEL_EXPORTER_OTLP_PROTOCOL",
          "OTEL_EXPORTER_OTLP_LOGS_PROTOCOL",
          "OTEL_EXPORTER_OTLP_TIMEOUT",
          "OTEL_EXPORTER_OTLP_LOGS_TIMEOUT",
          "OTEL_EXPORTER_OTLP_COMPRESSION",
          "OTEL_EXPORTER_OTLP_LOGS_COMPRESSION",
          "OTEL_EXPORTER_OTLP_CERTIFICATE",
          "OTEL_EXPORTER_OTLP_LOGS_CERTIFICATE",
          "OTEL_BLRP_MAX_QUEUE_SIZE",
          "OTEL_BLRP_MAX_EXPORT_BATCH_SIZE",
          "OTEL_BLRP_SCHEDULE_DELAY",
          "OTEL_SERVICE_NAME");

  public OtlpLogsSettings {
    headers = Map.copyOf(headers);
  }

  /**
   * The export {@code otlpSection} (the system settings' {@code audit.otlp}) or else {@code env}
   * asks for, or null when neither asks for one.
   *
   * @throws ExportSettingsException when what they say cannot be used; the message names the key
   */
  public static OtlpLogsSettings from(JsonNode otlpSection, Map<String, String> env) {
    return from(otlpSection, "system settings", env);
  }

  /**
   * As {@link #from(JsonNode, Map)}, the section read from {@code source} (the system settings, or
   * the home's configuration), as its messages name it.
   */
  static OtlpLogsSettings from(JsonNode otlpSection, String source, Map<String, String> env) {
    if (otlpSection != null && !otlpSection.isMissingNode() && !otlpSection.isNull()) {
      return from(keys(otlpSection), source, true);
    }
    Map<String, String> otel = new TreeMap<>();
    env.forEach(
        (name, value) -> {
          if (NAMES.contains(name)) {
            otel.put(name, value);
          }
        });
    return from(otel, "environment", false);
  }

  /** {@code audit.otlp}'s keys and their text; anything but known names with text is refused. */
  private static Map<String, String> keys(JsonNode section) {
    if (!section.isObject()) {
      throw new ExportSettingsException("audit.otlp must be an object of OTEL_* names");
    }
    Map<String, String> keys = new TreeMap<>();
    section
        .fields()
        .forEachRemaining(
            field -> {
              String name = field.getKey();
              if (!NAMES.contains(name)) {
                throw new ExportSettingsException(
                    "audit.otlp."
                        + name
                        + " is not read; the names are "
                        + String.join(", ", NAMES));
              }
              JsonNode value = field.getValue();
              if (!value.isValueNode() || value.isNull()) {
                throw new ExportSettingsException("audit.otlp." + name + " must be text");
              }
              keys.put(name, value.asText());
            });
    return keys;
  }

  private static OtlpLogsSettings from(Map<String, String> otel, String source, boolean settings) {
    String exporter = trimmed(otel.get("OTEL_LOGS_EXPORTER"));
    if ("none".equals(exporter)) {
      return null;
    }
    if (exporter != null && !exporter.equals("otlp")) {
      throw new ExportSettingsException(
          "OTEL_LOGS_EXPORTER (" + source + ") must be otlp or none, was " + exporter);
    }
    String logsEndpoint = trimmed(otel.get("OTEL_EXPORTER_OTLP_LOGS_ENDPOINT"));
    String endpoint = trimmed(otel.get("OTEL_EXPORTER_OTLP_ENDPOINT"));
    if (exporter == null && logsEndpoint == null && endpoint == null) {
      if (settings && !otel.isEmpty()) {
        throw new ExportSettingsException(
            "audit.otlp names no endpoint: give OTEL_EXPORTER_OTLP_LOGS_ENDPOINT or"
                + " OTEL_EXPORTER_OTLP_ENDPOINT");
      }
      return null;
    }
    String protocol = signal(otel, "PROTOCOL");
    if (protocol != null && !protocol.equals("http/protobuf")) {
      throw new ExportSettingsException(
          "OTEL_EXPORTER_OTLP_PROTOCOL ("
              + source
              + ") must be http/protobuf, was "
              + protocol
              + ": the gateway sends OTLP over HTTP with the JDK's client and ships no gRPC"
              + " (a collector takes both, on ports 4318 and 4317)");
    }
    String compression = signal(otel, "COMPRESSION");
    if (compression != null && !compression.equals("gzip") && !compression.equals("none")) {
      throw new ExportSettingsException(
          "OTEL_EXPORTER_OTLP_COMPRESSION ("
              + source
              + ") must be gzip or none, was "
              + compression);
    }
    String certificate = signal(otel, "CERTIFICATE");
    int maxQueue = number(otel, "OTEL_BLRP_MAX_QUEUE_SIZE", 2048, 1, MAX_QUEUE_LIMIT);
    return new OtlpLogsSettings(
        logsEndpoint != null ? uri(logsEndpoint, source) : logsUnder(endpoint, source),
        headers(signal(otel, "HEADERS"), source),
        Duration.ofMillis(number(otel, signalName(otel, "TIMEOUT"), 10_000, 1, 600_000)),
        "gzip".equals(compression),
        certificate == null ? null : Path.of(certificate),
        maxQueue,
        number(otel, "OTEL_BLRP_MAX_EXPORT_BATCH_SIZE", Math.min(512, maxQueue), 1, maxQueue),
        Duration.ofMillis(number(otel, "OTEL_BLRP_SCHEDULE_DELAY", 1000, 1, 600_000)),
        otel.getOrDefault("OTEL_SERVICE_NAME", "provider-gateway"),
        source);
  }

  /** The logs-specific value of {@code OTEL_EXPORTER_OTLP_[LOGS_]suffix}, else the general one. */
  private static String signal(Map<String, String> otel, String suffix) {
    return trimmed(otel.get(signalName(otel, suffix)));
  }

  private static String signalName(Map<String, String> otel, String suffix) {
    String logs = "OTEL_EXPORTER_OTLP_LOGS_" + suffix;
    return otel.containsKey(logs) ? logs : "OTEL_EXPORTER_OTLP_" + suffix;
  }

  /** The general endpoint with the logs path added, as the specification says. */
  private static URI logsUnder(String endpoint, String source) {
    String base = endpoint == null ? "http://localhost:4318" : endpoint;
    return uri(base.endsWith("/") ? base + "v1/logs" : base + "/v1/logs", source);
  }

  private static URI uri(String text, String source) {
    try {
      URI uri = new URI(text);
      if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())
          || uri.getHost() == null) {
        throw new ExportSettingsException(
            "the OTLP endpoint (" + source + ") must be an http or https URL, was " + text);
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new ExportSettingsException(
          "the OTLP endpoint (" + source + ") is not a URL: " + e.getMessage());
    }
  }

  /** {@code key1=value1,key2=value2}, values URL-encoded, as the specification writes headers. */
  private static Map<String, String> headers(String text, String source) {
    Map<String, String> headers = new LinkedHashMap<>();
    if (text == null) {
      return headers;
    }
    for (String pair : text.split(",")) {
      int equals = pair.indexOf('=');
      if (equals < 1) {
        throw new ExportSettingsException(
            "OTEL_EXPORTER_OTLP_HEADERS (" + source + ") must be key=value pairs split by commas");
      }
      headers.put(
          pair.substring(0, equals).trim(),
          URLDecoder.decode(pair.substring(equals + 1).trim(), StandardCharsets.UTF_8));
    }
    return headers;
  }

  private static int number(Map<String, String> otel, String name, int absent, int min, int max) {
    String text = trimmed(otel.get(name));
    if (text == null) {
      return absent;
    }
    try {
      int value = Integer.parseInt(text);
      if (value >= min && value <= max) {
        return value;
      }
    } catch (NumberFormatException notANumber) {
      // said below, with the range
    }
    throw new ExportSettingsException(
        name + " must be a whole number " + min + ".." + max + ", was " + text);
  }

  private static String trimmed(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }

  /** {@return {@code otlp <endpoint>}; the headers, which may hold a secret, are not shown} */
  String destination() {
    return "otlp " + endpoint;
  }
}
