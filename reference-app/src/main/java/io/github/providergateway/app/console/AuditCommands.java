package io.github.providergateway.app.console;

import static io.github.providergateway.app.console.CommandFailed.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.DecisionLog;
import io.github.providergateway.host.api.AuditFilter;
import io.github.providergateway.protocol.ShownText;
import io.github.providergateway.protocol.VisibleText;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The console's {@code audit}, {@code why} and {@code status}: the gateway's latest decisions and
 * their reasons, from its own trail or, attached, over the host protocol ({@code audit.query};
 * docs/audit.md), and a link to the live status page ({@code status.link}).
 */
public final class AuditCommands {

  /** Where the decisions come from. */
  @FunctionalInterface
  public interface Source {
    /**
     * The decisions that match {@code filter}, oldest first, in their JSON shape.
     *
     * @param filter which
     * @return the decisions
     */
    CompletableFuture<List<JsonNode>> query(AuditFilter filter);
  }

  private static final int DEFAULT_LAST = 20;

  /** How much of a reason a line of {@code audit} or {@code why} shows. */
  static final int SHOWN_REASON_CHARS = 300;

  /** Prints a whole line: the console's, or {@code gateway audit}'s stdout. */
  private final Lines out;

  private final Source source;

  /** Issues a one-time link to the status page. */
  private final Supplier<CompletableFuture<URI>> statusLinks;

  /** Where the commands' lines go. */
  @FunctionalInterface
  public interface Lines {
    /**
     * Prints {@code line}, a whole line.
     *
     * @param line the line, without its end
     */
    void say(String line);
  }

  AuditCommands(ConsoleOut out, Source source, Supplier<CompletableFuture<URI>> statusLinks) {
    this(out::say, source, statusLinks);
  }

  public AuditCommands(Lines out, Source source, Supplier<CompletableFuture<URI>> statusLinks) {
    this.out = out;
    this.source = source;
    this.statusLinks = statusLinks;
  }

  /** {@code status}: a one-time link to the live status page. */
  void status() {
    URI link = await(statusLinks.get());
    out.say("Status page (the link works once, within 5 minutes; keep it to yourself):");
    out.say("  " + link);
  }

  /**
   * {@code audit [kind] [provider=P] [tool=T] [session=S] [last=N]}: the newest decisions, one a
   * line, oldest first.
   */
  void audit(String rest) {
    audit(filter(rest));
  }

  /** The newest decisions {@code filter} picks, one a line, oldest first. */
  public void audit(AuditFilter filter) {
    List<JsonNode> decisions = await(source.query(filter));
    if (decisions.isEmpty()) {
      out.say("No decisions match.");
      return;
    }
    decisions.forEach(decision -> out.say("  " + line(decision)));
  }

  /**
   * The filter {@code rest} names: {@code [kind] [provider=P] [tool=T] [session=S] [last=N]}.
   *
   * @throws CommandFailed when a word is none of these, saying which
   */
  public static AuditFilter filter(String rest) {
    String kind = null;
    String provider = null;
    String tool = null;
    String session = null;
    int last = DEFAULT_LAST;
    for (String word : rest.isBlank() ? new String[0] : rest.trim().split("\\s+")) {
      int equals = word.indexOf('=');
      String key = equals < 0 ? "kind" : word.substring(0, equals);
      String value = equals < 0 ? word : word.substring(equals + 1);
      switch (key) {
        case "kind" -> kind = kind(value);
        case "provider" -> provider = value;
        case "tool" -> tool = value;
        case "session" -> session = value;
        case "last" -> last = count(value);
        default ->
            throw new CommandFailed(
                "unknown filter '" + key + "': kind, provider=, tool=, session=, last=");
      }
    }
    return new AuditFilter(session, provider, tool, kind, null, null, last);
  }

  /** A decision kind as the audit trail writes it ({@code tool_call}), or the reason it is none. */
  private static String kind(String word) {
    String kind = word.toUpperCase(Locale.ROOT).replace('-', '_');
    for (io.github.providergateway.gateway.event.DecisionKind known :
        io.github.providergateway.gateway.event.DecisionKind.values()) {
      if (known.name().equals(kind)) {
        return kind;
      }
    }
    List<String> kinds = new java.util.ArrayList<>();
    for (io.github.providergateway.gateway.event.DecisionKind known :
        io.github.providergateway.gateway.event.DecisionKind.values()) {
      kinds.add(known.name().toLowerCase(Locale.ROOT));
    }
    throw new CommandFailed(
        "no decision kind '"
            + word
            + "': "
            + String.join(", ", kinds)
            + "; or a filter: provider=, tool=, session=, last=");
  }

  /**
   * {@code why <callId>}: the call's pre-tool-use evaluation, each gate's answer, and its outcome.
   */
  void why(String callId) {
    if (callId.isBlank()) {
      throw new CommandFailed(
          "usage: why <callId>  ('audit tool_call' lists recent calls with their ids)");
    }
    List<JsonNode> decisions =
        await(source.query(new AuditFilter(null, null, null, null, callId.trim(), null, 100)));
    if (decisions.isEmpty()) {
      out.say(
          "No decision about call "
              + callId.trim()
              + " (the trail keeps the newest "
              + DecisionLog.DEFAULT_CAPACITY
              + ").");
      return;
    }
    for (JsonNode decision : decisions) {
      out.say("  " + line(decision));
      for (JsonNode gate : decision.path("gates")) {
        // A gate's id is free text of the provider's (only its frame bounds it): escaped and cut as
        // a reason.
        out.say(
            "      gate "
                + (gate.hasNonNull("gateId") ? printable(gate.get("gateId").asText()) : "-")
                + " of "
                + text(gate, "provider")
                + ": "
                + text(gate, "decision")
                + " in "
                + millis(gate.path("latencyMs"))
                + (gate.path("failedOpen").asBoolean() ? " (failed open)" : "")
                + (gate.hasNonNull("argsSha256")
                    ? ", args rewritten (sha256 " + text(gate, "argsSha256") + ")"
                    : "")
                + (gate.hasNonNull("reason")
                    ? " — " + printable(gate.get("reason").asText())
                    : ""));
      }
    }
  }

  /**
   * {@code 16:00:03.123 claude tool_call denied rm (guard) call-1 1.2 ms: reason}, the agent {@code
   * -} where the record names none. Every text is as {@link VisibleText} shows it: a tool's name
   * may be a host's (a hook's {@code preToolUse}), a code a provider's own ({@code tool.result}
   * keeps an unknown one), and the trail may be another gateway's ({@code audit.query} when
   * attached).
   */
  public static String line(JsonNode d) {
    StringBuilder line = new StringBuilder();
    String time = text(d, "time");
    int t = time.indexOf('T');
    String clock = t < 0 ? time : time.substring(t + 1).replace("Z", "");
    int dot = clock.indexOf('.');
    line.append(
        dot < 0 || clock.length() <= dot + 4 ? clock : clock.substring(0, dot + 4)); // to the ms
    // Whose call it was (issue 77): the record's agent, "-" for one that names none (the console's
    // or a script's session, a record of another kind, a trail older than the field).
    line.append("  ").append(d.hasNonNull("agent") ? text(d, "agent") : "-");
    line.append("  ").append(text(d, "kind")).append(' ').append(text(d, "outcome"));
    if (d.hasNonNull("code")) {
      line.append(" [").append(text(d, "code")).append(']');
    }
    if (d.hasNonNull("tool")) {
      line.append("  ").append(text(d, "tool"));
    }
    if (d.hasNonNull("provider")) {
      line.append("  (").append(text(d, "provider")).append(')');
    } else if (d.hasNonNull("connection")) {
      line.append("  ").append(text(d, "connection"));
    }
    if (d.hasNonNull("callId")) {
      line.append("  ").append(text(d, "callId"));
    }
    if (d.hasNonNull("latencyMs")) {
      line.append("  ").append(millis(d.get("latencyMs")));
    }
    if (d.hasNonNull("queueWaitMs")) {
      line.append(" (queued ").append(millis(d.get("queueWaitMs"))).append(')');
    }
    if (d.hasNonNull("reason")) {
      line.append(": ").append(printable(d.get("reason").asText()));
    }
    return line.toString();
  }

  /** A field of a decision as text, as {@link VisibleText} shows it; empty when it is missing. */
  private static String text(JsonNode decision, String field) {
    return VisibleText.escape(decision.path(field).asText());
  }

  /**
   * A provider's text as the terminal may show it: what could move the cursor, recolour the screen
   * or reorder the line as escapes ({@link VisibleText}), at most {@value #SHOWN_REASON_CHARS}
   * characters of it and then how many more there are: a list of decisions previews its reasons.
   */
  static String printable(String text) {
    String shown = VisibleText.escape(text);
    String head = ShownText.head(shown, SHOWN_REASON_CHARS);
    return head.length() == shown.length()
        ? shown
        : head + "… (" + (shown.length() - head.length()) + " more characters)";
  }

  private static String millis(JsonNode ms) {
    double value = ms.asDouble();
    return (value == Math.rint(value)
            ? String.valueOf((long) value)
            : String.format(Locale.ROOT, "%.1f", value))
        + " ms";
  }

  private static int count(String value) {
    try {
      int n = Integer.parseInt(value);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException notANumber) {
      // said below
    }
    throw new CommandFailed("last= takes a positive number, not '" + value + "'");
  }
}
