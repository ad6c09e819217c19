package io.github.providergateway.status.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.SecretMask;
import io.github.providergateway.host.AuditJson;
import io.github.providergateway.host.DecisionLog;
import io.github.providergateway.host.api.AuditFilter;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.protocol.HostWire;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.ShownText;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.VisibleText;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Everything the page shows, as one JSON object read from the gateway at one moment:
 *
 * <pre>{@code
 * {generatedAt, startedAt,
 *  numbers: {providers, sessions, callsInFlight, ...},          // StatusNumbers
 *  providers: [{providerId, name, instance, trust, sessions, tools, connectedSince, callsInFlight}],
 *  sessions: [{id, label, cwd, openedBy, agent, tools: [{name, description, provider}],
 *              streams: {"name@provider": [{ts, event, level}, ...newest first]}}],
 *  decisions: [...newest first, as audit.query shapes them],
 *  questions: [...gates' questions waiting for the person, oldest first, as gate.ask shapes them,
 *              args as argsPreview, argsCut, argsChars and argsLines (below)]}
 * }</pre>
 *
 * Shapes are the host protocol's ({@link HostWire}), so the page reads what {@code audit.query} and
 * {@code providers.list} return, and each session's {@code agent} in a person's words ({@link
 * SessionAgent}). Each piece is a read on the gateway loop; a session that ends between two reads
 * is shown without its tools rather than failing the whole snapshot.
 *
 * <p>Every text in it, names and keys included, is as {@link VisibleText} shows it: the page shows
 * only what a person reads, and a provider's bidirectional override or zero-width character would
 * reorder or hide the text around it (issue 32). A question's arguments come as text, whole: {@code
 * argsPreview} (the compact JSON, cut after {@value #ARGS_PREVIEW_CHARS} characters with {@code …},
 * and {@code argsCut} then true), {@code argsChars} (the compact JSON's length) and {@code
 * argsLines} (the pretty-printed JSON, a text per line, every character of it). The question and
 * its arguments come with the secrets they quote masked ({@link SecretMask}, issue 78), as every
 * record does: a page on a shared screen shows that a command carries a bearer token, not the
 * token.
 */
public final class StatusSnapshot {

  /** How many of each stream's newest events the page shows. */
  static final int EVENTS_PER_STREAM = 5;

  /** How many of the newest decisions the page shows. */
  static final int DECISIONS = 50;

  /**
   * How much of a question's arguments its one-line preview shows; all of them are a click away.
   */
  static final int ARGS_PREVIEW_CHARS = 200;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final java.util.function.Function<String, List<String>> notes;

  /** Lines about the gateway as a whole (where its audit is sent, what was dropped). */
  private final java.util.function.Supplier<List<String>> gatewayNotes;

  private final Gateway gateway;
  private final StatusNumbers numbers;
  private final DecisionLog decisions;
  private final Instant startedAt;

  /** The agents' names for a person, by the words their clients' names carry. */
  private final SessionAgent agentNames;

  /** Whose each decision is, from the sessions the snapshots listed. */
  private final DecisionAgents agents;

  /**
   * @param decisions the audit trail the page shows the latest of; null for none
   */
  public StatusSnapshot(Gateway gateway, StatusNumbers numbers, DecisionLog decisions) {
    this(gateway, numbers, decisions, id -> List.of(), List::of, java.util.Map.of());
  }

  /**
   * A snapshot that shows {@code notes} under each session.
   *
   * @param gateway the gateway
   * @param numbers its counters
   * @param decisions its decision log, or null
   * @param notes lines about a session, by its id (the guard's record of what it has seen)
   * @param gatewayNotes lines about the gateway as a whole, shown under the numbers
   * @param agentNames each agent's word ({@code claude}) and its name for a person, in the order
   *     tried
   */
  public StatusSnapshot(
      Gateway gateway,
      StatusNumbers numbers,
      DecisionLog decisions,
      java.util.function.Function<String, List<String>> notes,
      java.util.function.Supplier<List<String>> gatewayNotes,
      java.util.Map<String, String> agentNames) {
    this.agentNames = new SessionAgent(agentNames);
    this.agents = new DecisionAgents(this.agentNames);
    this.notes = notes;
    this.gatewayNotes = gatewayNotes;
    this.gateway = gateway;
    this.numbers = numbers;
    this.decisions = decisions;
    this.startedAt = gateway.transports().clock().instant();
  }

  /** The snapshot as JSON text; completes on the gateway loop. */
  public CompletableFuture<String> read() {
    CompletableFuture<List<SessionInfo>> sessions = gateway.sessions();
    CompletableFuture<List<ProviderInfo>> providers = gateway.providers();
    CompletableFuture<List<PersonQuestion>> questions = gateway.asks().questions();
    return CompletableFuture.allOf(sessions, providers, questions)
        .thenCompose(
            all -> withSessions(new Pair(sessions.join(), providers.join(), questions.join())));
  }

  private record Pair(
      List<SessionInfo> sessions, List<ProviderInfo> providers, List<PersonQuestion> questions) {}

  private CompletableFuture<String> withSessions(Pair pair) {
    agents.saw(pair.sessions());
    List<CompletableFuture<ObjectNode>> sessions = new ArrayList<>();
    for (SessionInfo session : pair.sessions()) {
      sessions.add(session(session));
    }
    return CompletableFuture.allOf(sessions.toArray(CompletableFuture[]::new))
        .thenApply(
            done -> {
              ObjectNode json = NODES.objectNode();
              json.put("generatedAt", gateway.transports().clock().instant().toString());
              json.put("startedAt", startedAt.toString());
              ObjectNode counts = numbers.toJson(NODES);
              counts.put("providers", pair.providers().size());
              counts.put("sessions", pair.sessions().size());
              json.set("numbers", counts);
              ArrayNode notesOfGateway = json.putArray("notes");
              for (String note : gatewayNotes()) {
                notesOfGateway.add(VisibleText.escape(ShownText.head(note, 400)));
              }
              ArrayNode providerList = json.putArray("providers");
              pair.providers().forEach(provider -> providerList.add(HostWire.provider(provider)));
              ArrayNode sessionList = json.putArray("sessions");
              sessions.forEach(session -> sessionList.add(session.join()));
              json.set("decisions", latestDecisions());
              ArrayNode questionList = json.putArray("questions");
              pair.questions().forEach(question -> questionList.add(question(question)));
              return visible(json).toString();
            });
  }

  /** A question as {@code gate.ask} shapes it, with its arguments as text to read (above). */
  private static ObjectNode question(PersonQuestion question) {
    ObjectNode json = HostWire.question(question);
    json.remove("args");
    json.put("question", SecretMask.mask(question.question()));
    String compact = SecretMask.mask(question.args().toString());
    boolean cut = compact.length() > ARGS_PREVIEW_CHARS;
    json.put("argsPreview", cut ? ShownText.head(compact, ARGS_PREVIEW_CHARS) + "…" : compact);
    json.put("argsCut", cut);
    json.put("argsChars", compact.length());
    ArrayNode lines = json.putArray("argsLines");
    ShownText.jsonLines(question.args()).forEach(line -> lines.add(SecretMask.mask(line)));
    return json;
  }

  /** {@code node} with every text and key as {@link VisibleText} shows it. */
  static JsonNode visible(JsonNode node) {
    if (node.isTextual()) {
      return NODES.textNode(VisibleText.escape(node.textValue()));
    }
    if (node.isArray()) {
      ArrayNode shown = NODES.arrayNode(node.size());
      node.forEach(element -> shown.add(visible(element)));
      return shown;
    }
    if (node.isObject()) {
      ObjectNode shown = NODES.objectNode();
      node.fields()
          .forEachRemaining(
              field -> shown.set(VisibleText.escape(field.getKey()), visible(field.getValue())));
      return shown;
    }
    return node;
  }

  private List<String> gatewayNotes() {
    try {
      List<String> lines = gatewayNotes.get();
      return lines == null ? List.of() : lines.subList(0, Math.min(lines.size(), 32));
    } catch (RuntimeException e) {
      return List.of(); // the page shows the rest without them
    }
  }

  private List<String> notesOf(String sessionId) {
    try {
      List<String> lines = notes.apply(sessionId);
      return lines == null ? List.of() : lines.subList(0, Math.min(lines.size(), 32));
    } catch (RuntimeException e) {
      return List.of(); // the page shows the session without them
    }
  }

  private CompletableFuture<ObjectNode> session(SessionInfo session) {
    CompletableFuture<List<HostTool>> tools =
        gateway.tools(session.id()).exceptionally(ended -> List.of());
    CompletableFuture<Map<String, List<StreamEntry>>> streams =
        gateway.monitor().streams(session.id(), EVENTS_PER_STREAM).exceptionally(ended -> Map.of());
    return tools.thenCombine(
        streams,
        (toolList, streamMap) -> {
          ObjectNode json = HostWire.session(session);
          json.put("agent", agentNames.of(session));
          ArrayNode toolArray = json.putArray("tools");
          for (HostTool tool : toolList) {
            ObjectNode shown = NODES.objectNode();
            shown.put("name", tool.name());
            shown.put("description", tool.description());
            shown.put("provider", tool.provider());
            toolArray.add(shown);
          }
          json.set("streams", HostWire.streams(streamMap));
          ArrayNode guard = json.putArray("guard");
          for (String note : notesOf(session.id())) {
            guard.add(VisibleText.escape(ShownText.head(note, 400)));
          }
          return json;
        });
  }

  private ArrayNode latestDecisions() {
    ArrayNode list = NODES.arrayNode();
    if (decisions == null) {
      return list;
    }
    List<Decision> latest =
        new ArrayList<>(
            decisions.query(new AuditFilter(null, null, null, null, null, null, DECISIONS)));
    Collections.reverse(latest); // newest first, as the page lists them
    for (Decision decision : latest) {
      ObjectNode json = AuditJson.decision(decision);
      String agent = agents.of(decision);
      if (agent != null) {
        json.put("agent", agent); // in a person's words, not the trail's hook name
      }
      list.add(json);
    }
    return list;
  }
}
