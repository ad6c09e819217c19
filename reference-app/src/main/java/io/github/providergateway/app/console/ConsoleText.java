package io.github.providergateway.app.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.VisibleText;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** How the console writes things down: providers, stream entries, tool lists, JSON values. */
final class ConsoleText {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

  private ConsoleText() {}

  /**
   * {@code name#instance (providerId)}, without {@code #instance} when there is none; each as
   * {@link VisibleText} shows it (the gateway keeps names to their grammar, but an attached console
   * reads them from the wire).
   */
  static String provider(String providerId, String name, String instance) {
    String shown = instance == null ? name : name + "#" + instance;
    return VisibleText.escape(shown) + " (" + VisibleText.escape(providerId) + ")";
  }

  /** Names (tools, sessions) as a list on a line, each as {@link VisibleText} shows it. */
  static String names(List<String> names) {
    return String.join(", ", names.stream().map(VisibleText::escape).toList());
  }

  static String describe(ProviderInfo provider) {
    return provider(provider.providerId(), provider.name(), provider.instance());
  }

  /**
   * One line: what a provider pushed, escaped where it could hide or reorder text ({@link
   * VisibleText}).
   */
  static String describe(StreamEntry entry) {
    String level = entry.level() == null ? "" : "[" + entry.level().wireName() + "] ";
    String metadata =
        entry.metadata() == null ? "" : "  " + HostJson.CODEC.writeJson(entry.metadata());
    return TIME.format(entry.ts()) + "  " + level + VisibleText.escape(entry.event() + metadata);
  }

  /** The line telling a session's tools changed. */
  static String toolsNow(String sessionId, List<String> tools) {
    return "["
        + VisibleText.escape(sessionId)
        + "] tools now: "
        + (tools.isEmpty() ? "(none)" : names(tools));
  }

  /**
   * A text as itself, an object or array pretty on lines of its own, anything else as JSON; its
   * line breaks kept and everything else that could hide or reorder text an escape ({@link
   * #lines}).
   */
  static String readable(JsonNode data) {
    if (data.isTextual()) {
      return lines(data.textValue());
    }
    return data.isContainerNode()
        ? "\n" + lines(data.toPrettyString())
        : VisibleText.escape(data.toString());
  }

  /**
   * {@code text} for a block of its own (a tool's result): its line breaks stay line breaks, every
   * other character that could move the cursor, reorder or hide text is an escape ({@link
   * VisibleText}).
   */
  static String lines(String text) {
    List<String> shown = new ArrayList<>();
    for (String line : text.split("\r?\n", -1)) {
      shown.add(VisibleText.escape(line));
    }
    return String.join("\n", shown);
  }

  static String orDash(String text) {
    return text == null || text.isEmpty() ? "-" : text;
  }

  static String pad(String text, int width) {
    return text.length() >= width ? text : text + " ".repeat(width - text.length());
  }
}
