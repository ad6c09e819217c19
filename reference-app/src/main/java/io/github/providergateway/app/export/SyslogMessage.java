package io.github.providergateway.app.export;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.event.Decision;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.temporal.ChronoUnit;

/**
 * One decision as an RFC 5424 syslog message, {@code <PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID
 * MSGID - MSG}, its message part a CEF event or the trail's JSON line, bounded: at most {@value
 * #MAX_UDP_BYTES} bytes over UDP (the size RFC 5424 says every receiver should take, §6.1) and
 * {@value #MAX_TCP_BYTES} over TCP. A longer record loses the end of its reason first (marked
 * {@value #CUT}), then, for JSON, its arguments and gates; only then is it cut at the limit.
 */
final class SyslogMessage {

  /** The most bytes of one record over UDP. */
  static final int MAX_UDP_BYTES = 2048;

  /** The most bytes of one record over TCP, before its octet count. */
  static final int MAX_TCP_BYTES = 8192;

  /** What ends a shortened reason. */
  static final String CUT = "…[cut]";

  static final String APP_NAME = "provider-gateway";

  private final SyslogSettings settings;
  private final String hostname;
  private final String hostId;
  private final String version;
  private final String procId;

  /**
   * @param hostId this machine's id: the header's HOSTNAME (when it is printable ASCII) and CEF's
   *     {@code dvchost}
   * @param version the gateway's version, CEF's device version
   * @param procId the gateway's process id
   */
  SyslogMessage(SyslogSettings settings, String hostId, String version, long procId) {
    this.settings = settings;
    this.hostId = hostId;
    this.hostname = headerField(hostId, 255);
    this.version = version;
    this.procId = Long.toString(procId);
  }

  /** {@return the most bytes a record may have with these settings} */
  int maxBytes() {
    return settings.protocol() == SyslogSettings.Protocol.UDP ? MAX_UDP_BYTES : MAX_TCP_BYTES;
  }

  /** {@return {@code decision} as one message of at most {@link #maxBytes()} UTF-8 bytes} */
  byte[] format(Decision decision) {
    return format(decision, AuditLabels.NONE);
  }

  /** As {@link #format(Decision)}, with the agent and policy the trail's line carries. */
  byte[] format(Decision decision, AuditLabels labels) {
    String reason = decision.reason() == null ? "" : decision.reason();
    String header = header(decision);
    byte[] whole = render(header, decision, labels, reason, false);
    if (whole.length <= maxBytes()) {
      return whole;
    }
    // Too long (rare: a long reason, or arguments kept in a JSON record): keep the longest start
    // of the reason that fits, found by halving; failing that, the same without args and gates.
    for (boolean lean : new boolean[] {false, true}) {
      if (render(header, decision, labels, CUT, lean).length <= maxBytes()) {
        int fits = 0;
        int tooLong = reason.length();
        while (tooLong - fits > 1) {
          int middle = (fits + tooLong) >>> 1;
          if (render(header, decision, labels, shortened(reason, middle), lean).length
              <= maxBytes()) {
            fits = middle;
          } else {
            tooLong = middle;
          }
        }
        return render(header, decision, labels, shortened(reason, fits), lean);
      }
    }
    return cut(
        new String(render(header, decision, labels, CUT, true), StandardCharsets.UTF_8),
        maxBytes());
  }

  private byte[] render(
      String header, Decision decision, AuditLabels labels, String reason, boolean lean) {
    return (header + body(decision, labels, reason, lean)).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The first {@code length} characters of {@code reason}, never half a pair, then {@link #CUT}.
   */
  private static String shortened(String reason, int length) {
    int end =
        length > 0 && Character.isHighSurrogate(reason.charAt(length - 1)) ? length - 1 : length;
    return reason.substring(0, end) + CUT;
  }

  private String header(Decision decision) {
    boolean stopped = AuditFields.stopped(decision);
    int priority = settings.facility() * 8 + (stopped ? 4 : 6); // warning, else informational
    return "<"
        + priority
        + ">1 "
        + decision.time().truncatedTo(ChronoUnit.MICROS)
        + " "
        + hostname
        + " "
        + APP_NAME
        + " "
        + procId
        + " "
        + headerField(AuditFields.kind(decision), 32)
        + " - ";
  }

  private String body(Decision decision, AuditLabels labels, String reason, boolean lean) {
    return switch (settings.format()) {
      case CEF -> cef(decision, labels, reason);
      case JSON -> json(decision, labels, reason, lean);
    };
  }

  /** {@code CEF:0|provider-gateway|gateway|version|rule or kind|kind outcome|severity|ext}. */
  private String cef(Decision decision, AuditLabels labels, String reason) {
    String rule = AuditFields.rule(decision);
    StringBuilder cef = new StringBuilder(256);
    cef.append("CEF:0|provider-gateway|gateway|")
        .append(CefText.header(version))
        .append('|')
        .append(CefText.header(rule != null ? rule : AuditFields.kind(decision)))
        .append('|')
        .append(CefText.header(AuditFields.kind(decision) + " " + decision.outcome().wireName()))
        .append('|')
        .append(AuditFields.severity(decision))
        .append('|');
    cef.append("rt=").append(decision.time().toEpochMilli());
    extension(cef, "cat", AuditFields.kind(decision));
    extension(cef, "act", decision.outcome().wireName());
    extension(cef, "dvchost", hostId);
    labelled(cef, 1, "provider", decision.provider());
    labelled(cef, 2, "tool", decision.tool());
    labelled(cef, 3, "session", decision.sessionId());
    labelled(cef, 4, "rule", rule);
    labelled(cef, 5, "callId", decision.callId());
    labelled(cef, 6, "code", decision.code());
    // CEF's six custom strings are taken: the agent is the client application, the policy a
    // flex string.
    extension(cef, "requestClientApplication", labels.agent());
    if (labels.policy() != null) {
      extension(cef, "flexString1Label", "policy");
      extension(cef, "flexString1", labels.policy());
    }
    // Last, so that a cut shortens only the reason.
    if (!reason.isEmpty()) {
      extension(cef, "reason", reason);
    }
    return cef.toString();
  }

  private static void extension(StringBuilder cef, String key, String value) {
    if (value != null) {
      cef.append(' ').append(key).append('=').append(CefText.value(value));
    }
  }

  /** A custom string, {@code csNLabel=label csN=value}, as CEF names fields it has no key for. */
  private static void labelled(StringBuilder cef, int n, String label, String value) {
    if (value != null) {
      extension(cef, "cs" + n + "Label", label);
      extension(cef, "cs" + n, value);
    }
  }

  private String json(Decision decision, AuditLabels labels, String reason, boolean lean) {
    ObjectNode line = AuditRecords.json(decision, labels);
    line.put("hostId", hostId);
    if (!reason.isEmpty()) {
      line.put("reason", reason);
    }
    if (lean) {
      line.remove("args");
      line.remove("gates");
      line.put("truncated", true);
    }
    return line.toString();
  }

  /** {@code text}'s UTF-8 bytes, cut to {@code max} at a character's boundary. */
  static byte[] cut(String text, int max) {
    CharsetEncoder encoder =
        StandardCharsets.UTF_8
            .newEncoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    ByteBuffer out = ByteBuffer.allocate(max);
    encoder.encode(CharBuffer.wrap(text), out, true); // stops at the last whole character
    byte[] bytes = new byte[out.position()];
    out.flip().get(bytes);
    return bytes;
  }

  /** A header field: printable US-ASCII without spaces, at most {@code max}; else {@code -}. */
  static String headerField(String text, int max) {
    if (text == null || text.isEmpty() || text.length() > max) {
      return "-";
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 33 || c > 126) {
        return "-";
      }
    }
    return text;
  }
}
