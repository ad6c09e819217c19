package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.protocol.StreamEntry;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** How the console writes things down: providers, stream entries, tool lists, JSON values. */
final class ConsoleText {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

  private ConsoleText() {}

  /** {@code name#instance (providerId)}, without {@code #instance} when there is none. */
  static String provider(String providerId, String name, String instance) {
    return (instance == null ? name : name + "#" + instance) + " (" + providerId + ")";
  }

  static String describe(ProviderInfo provider) {
    return provider(provider.providerId(), provider.name(), provider.instance());
  }

  static String describe(StreamEntry entry) {
    String level = entry.level() == null ? "" : "[" + entry.level().wireName() + "] ";
    String metadata = entry.metadata() == null ? "" : "  " + HostJson.CODEC.writeJson(entry.metadata());
    return TIME.format(entry.ts()) + "  " + level + entry.event() + metadata;
  }

  /** The line telling a session's tools changed. */
  static String toolsNow(String sessionId, List<String> tools) {
    return "[" + sessionId + "] tools now: " + (tools.isEmpty() ? "(none)" : String.join(", ", tools));
  }

  /** A text as itself, an object or array pretty on lines of its own, anything else as JSON. */
  static String readable(JsonNode data) {
    if (data.isTextual()) {
      return data.textValue();
    }
    return data.isContainerNode() ? "\n" + data.toPrettyString() : data.toString();
  }

  static String orDash(String text) {
    return text == null || text.isEmpty() ? "-" : text;
  }

  static String pad(String text, int width) {
    return text.length() >= width ? text : text + " ".repeat(width - text.length());
  }
}
