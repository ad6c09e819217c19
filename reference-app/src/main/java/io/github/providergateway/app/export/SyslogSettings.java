package io.github.providergateway.app.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where the audit goes as syslog (RFC 5424): the system settings' {@code audit.syslog} object,
 * {@code {"host": "siem.example", "port": 6514, "protocol": "tcp", "facility": "local4", "format":
 * "cef"}}. Only {@code host} is required; the port defaults to 514, the protocol to {@code udp},
 * the facility to {@code local0}, the format to {@code cef}.
 *
 * @param host the receiver's name or address
 * @param port its port
 * @param protocol UDP (one datagram a record) or TCP (octet-counting framing, RFC 6587)
 * @param facility the facility code, 0..23 ({@code local0} is 16)
 * @param format what the message part holds: a CEF event or the trail's JSON line
 */
public record SyslogSettings(
    String host, int port, Protocol protocol, int facility, Format format) {

  /** How records travel. */
  public enum Protocol {
    /** One datagram a record; records are cut to {@value SyslogMessage#MAX_UDP_BYTES} bytes. */
    UDP,
    /**
     * A stream, each record {@code LENGTH SP MESSAGE}; cut to {@value SyslogMessage#MAX_TCP_BYTES}.
     */
    TCP
  }

  /** What the message part of a record holds. */
  public enum Format {
    /** ArcSight's Common Event Format, which most SIEMs parse without a plugin. */
    CEF,
    /** The trail's own JSON line ({@code audit.jsonl}'s shape). */
    JSON
  }

  /** The facilities by name, their code the index (RFC 5424, table 1). */
  static final List<String> FACILITIES =
      List.of(
          "kern",
          "user",
          "mail",
          "daemon",
          "auth",
          "syslog",
          "lpr",
          "news",
          "uucp",
          "cron",
          "authpriv",
          "ftp",
          "ntp",
          "audit",
          "alert",
          "clock",
          "local0",
          "local1",
          "local2",
          "local3",
          "local4",
          "local5",
          "local6",
          "local7");

  private static final Set<String> KEYS = Set.of("host", "port", "protocol", "facility", "format");

  public SyslogSettings {
    if (host == null || host.isBlank()) {
      throw new ExportSettingsException("audit.syslog.host is required");
    }
    if (port < 1 || port > 65535) {
      throw new ExportSettingsException("audit.syslog.port must be 1..65535, was " + port);
    }
    if (facility < 0 || facility > 23) {
      throw new ExportSettingsException("audit.syslog.facility must be 0..23, was " + facility);
    }
  }

  /**
   * The settings {@code section} (the system settings' {@code audit.syslog}) gives, or null when it
   * is missing.
   *
   * @throws ExportSettingsException naming the key that cannot be used
   */
  public static SyslogSettings from(JsonNode section) {
    if (section == null || section.isMissingNode() || section.isNull()) {
      return null;
    }
    if (!section.isObject()) {
      throw new ExportSettingsException("audit.syslog must be an object");
    }
    section
        .fieldNames()
        .forEachRemaining(
            key -> {
              if (!KEYS.contains(key)) {
                throw new ExportSettingsException(
                    "audit.syslog." + key + " is not read; the keys are " + KEYS);
              }
            });
    JsonNode port = section.path("port");
    if (!port.isMissingNode() && !port.canConvertToInt()) {
      throw new ExportSettingsException("audit.syslog.port must be a number, was " + port);
    }
    return new SyslogSettings(
        section.path("host").asText(""),
        port.isMissingNode() ? 514 : port.asInt(),
        choice(Protocol.class, "protocol", section.path("protocol"), Protocol.UDP),
        facility(section.path("facility")),
        choice(Format.class, "format", section.path("format"), Format.CEF));
  }

  private static int facility(JsonNode facility) {
    if (facility.isMissingNode()) {
      return FACILITIES.indexOf("local0");
    }
    if (facility.isInt()) {
      return facility.asInt();
    }
    int code = FACILITIES.indexOf(facility.asText().toLowerCase(Locale.ROOT));
    if (code < 0) {
      throw new ExportSettingsException(
          "audit.syslog.facility must be 0..23 or one of " + FACILITIES + ", was " + facility);
    }
    return code;
  }

  private static <E extends Enum<E>> E choice(Class<E> type, String key, JsonNode value, E absent) {
    if (value.isMissingNode()) {
      return absent;
    }
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(value.asText())) {
        return constant;
      }
    }
    throw new ExportSettingsException(
        "audit.syslog."
            + key
            + " must be one of "
            + List.of(type.getEnumConstants()).toString().toLowerCase(Locale.ROOT)
            + ", was "
            + value);
  }

  /** {@return {@code syslog tcp siem.example:6514 (cef)}} */
  String destination() {
    return "syslog "
        + protocol.name().toLowerCase(Locale.ROOT)
        + " "
        + host
        + ":"
        + port
        + " ("
        + format.name().toLowerCase(Locale.ROOT)
        + ")";
  }
}
