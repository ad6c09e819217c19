package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.WireEnum;
import io.github.providergateway.protocol.json.FieldException;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host protocol's JSON shapes (spec/host-rpc.md) for the host API's values, both ways: what a
 * gateway writes into a reply, and what a remote host ({@code GatewayClient}) reads back from it.
 * Field names here are the contract. The audit trail's decisions, which only a gateway writes and
 * no host reads back as records, have their shape beside the log that keeps them ({@code AuditJson}
 * in gateway-host), since a decision is the engine's record.
 *
 * <p>Writing never fails. Reading throws {@link IllegalArgumentException} naming the field when a
 * reply does not have the shape it should.
 */
public final class HostWire {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private HostWire() {}

  // ---- writing ----

  /**
   * {@code {id, label, cwd, openedBy?}}; absent label or cwd are {@code null} (host-rpc.md's
   * shape); {@code openedBy}, ours, is left out when the session has none (a holder of the gateway
   * token opened it).
   *
   * @param session the session
   * @return a new object
   */
  public static ObjectNode session(SessionInfo session) {
    ObjectNode json = NODES.objectNode();
    json.put("id", session.id());
    json.put("label", session.label());
    json.put("cwd", session.cwd());
    if (session.openedBy() != null) {
      json.put("openedBy", session.openedBy());
    }
    return json;
  }

  /**
   * {@code {name, description, parameters, provider, annotations?}}: {@code annotations} holds the
   * hints the tool declared ({@code destructiveHint}, {@code readOnlyHint}, {@code openWorldHint},
   * {@code idempotentHint}), and is left out when it declared none.
   *
   * @param tool the tool
   * @return a new object
   */
  public static ObjectNode tool(HostTool tool) {
    ObjectNode json = NODES.objectNode();
    json.put("name", tool.name());
    json.put("description", tool.description());
    json.set("parameters", tool.parameters().deepCopy());
    json.put("provider", tool.provider());
    ToolAnnotations annotations = tool.annotations();
    if (annotations != null && !annotations.isEmpty()) {
      ObjectNode hints = json.putObject("annotations");
      putHint(hints, "destructiveHint", annotations.destructiveHint());
      putHint(hints, "readOnlyHint", annotations.readOnlyHint());
      putHint(hints, "openWorldHint", annotations.openWorldHint());
      putHint(hints, "idempotentHint", annotations.idempotentHint());
    }
    return json;
  }

  private static void putHint(ObjectNode hints, String field, Boolean hint) {
    if (hint != null) {
      hints.put(field, hint);
    }
  }

  /** The hints of {@code json}'s {@code annotations}; a hint that is not a boolean is ignored. */
  private static ToolAnnotations readAnnotations(JsonNode json) {
    JsonNode hints = json.get("annotations");
    if (hints == null || !hints.isObject()) {
      return null;
    }
    return ToolAnnotations.declared(
        hint(hints, "destructiveHint"),
        hint(hints, "readOnlyHint"),
        hint(hints, "openWorldHint"),
        hint(hints, "idempotentHint"));
  }

  private static Boolean hint(JsonNode hints, String field) {
    JsonNode hint = hints.get(field);
    return hint != null && hint.isBoolean() ? hint.booleanValue() : null;
  }

  private static void putIfSet(ObjectNode json, String field, String value) {
    if (value != null) {
      json.put(field, value);
    }
  }

  private static void putIfSet(ObjectNode json, String field, JsonNode value) {
    if (value != null) {
      json.set(field, value);
    }
  }

  /**
   * {@code {providerId, name, instance, trust, sessions, tools, connectedSince?, callsInFlight,
   * spawnedAs?}}; no instance is {@code null}; {@code connectedSince} is ISO-8601, absent when not
   * known; {@code spawnedAs} only for a provider the gateway's host spawned.
   *
   * @param provider the provider
   * @return a new object
   */
  public static ObjectNode provider(ProviderInfo provider) {
    ObjectNode json = NODES.objectNode();
    json.put("providerId", provider.providerId());
    json.put("name", provider.name());
    json.put("instance", provider.instance());
    json.put("trust", provider.trust().wireName());
    json.set("sessions", strings(provider.sessions()));
    json.set("tools", strings(provider.tools()));
    if (provider.connectedSince() != null) {
      json.put("connectedSince", provider.connectedSince().toString());
    }
    json.put("callsInFlight", provider.callsInFlight());
    if (provider.spawnedAs() != null) {
      json.put("spawnedAs", provider.spawnedAs());
    }
    return json;
  }

  /**
   * {@code {"status":"success","data":..}}, {@code {"status":"failure","error":..,"errorCode":..}}
   * or {@code {"status":"denied","reason":..}}. A file result's {@code data.file} gets the content
   * as {@code base64}, since a host on the other end of a pipe cannot read the provider's file.
   *
   * @param outcome the outcome
   * @return a new object
   */
  public static ObjectNode outcome(ToolOutcome outcome) {
    ObjectNode json = NODES.objectNode();
    json.put("status", outcome.status().wireName());
    if (outcome instanceof ToolOutcome.Success success) {
      json.set("data", withFileContent(success.data(), success.file()));
    } else if (outcome instanceof ToolOutcome.Failure failure) {
      json.put("error", failure.error());
      // The code exactly as the provider wrote it, also when this library does not know it.
      json.put("errorCode", failure.codeText());
    } else {
      json.put("reason", ((ToolOutcome.Denied) outcome).reason());
    }
    return json;
  }

  private static JsonNode withFileContent(JsonNode data, ToolOutcome.FileContent file) {
    if (file == null) {
      return data;
    }
    ObjectNode copy = data.isObject() ? ((ObjectNode) data).deepCopy() : NODES.objectNode();
    ObjectNode fileJson =
        copy.get("file") instanceof ObjectNode existing ? existing : copy.putObject("file");
    fileJson.put("mimeType", file.mimeType());
    byte[] bytes = file.bytes();
    fileJson.put("size", bytes.length);
    fileJson.put("base64", Base64.getEncoder().encodeToString(bytes));
    return copy;
  }

  /**
   * The fields of a {@code tool.call} reply: {@code outcome}, {@code context}, and {@code
   * updatedArgs} only when gates rewrote the arguments (extension {@code gate.args}), so a call
   * nobody rewrote has exactly the reply it had before.
   *
   * @param result the call's result
   * @return a new object holding the fields
   */
  public static ObjectNode callResult(CallResult result) {
    ObjectNode json = NODES.objectNode();
    json.set("outcome", outcome(result.outcome()));
    json.set("context", strings(result.context()));
    putIfSet(json, "updatedArgs", result.updatedArgs());
    return json;
  }

  /**
   * {@code {"permission":"allow"|"deny","reason"?,"context":[..],"updatedArgs"?:{..}}}: {@code
   * updatedArgs} only when gates rewrote the arguments; the host then runs its tool with them.
   *
   * @param decision the hooks' decision
   * @return a new object
   */
  public static ObjectNode decision(HookDecision decision) {
    ObjectNode json = NODES.objectNode();
    json.put("permission", decision.permission());
    if (decision.reason() != null) {
      json.put("reason", decision.reason());
    }
    json.set("context", strings(decision.context()));
    putIfSet(json, "updatedArgs", decision.updatedArgs());
    return json;
  }

  /**
   * The fields of a {@code prompt} reply: {@code sections}, {@code context}, {@code
   * startupContext}.
   *
   * @param result the prompt pipeline's result
   * @return a new object holding the three fields
   */
  public static ObjectNode prompt(PromptResult result) {
    ObjectNode json = NODES.objectNode();
    ObjectNode sections = json.putObject("sections");
    result.sections().forEach(sections::put);
    json.set("context", strings(result.context()));
    json.set("startupContext", strings(result.startupContext()));
    return json;
  }

  /**
   * The streams exactly as {@code stream.history} shapes them (written by the provider protocol's
   * codec, so the two cannot drift apart): name → entries {@code {ts, event, level?, metadata?}},
   * newest first.
   *
   * @param streams each stream's name → its entries, newest first
   * @return a new object
   */
  public static ObjectNode streams(Map<String, List<StreamEntry>> streams) {
    return CODEC.streamsToJson(streams);
  }

  /**
   * A JSON array of {@code values}.
   *
   * @param values the strings, in order
   * @return a new array
   */
  public static ArrayNode strings(List<String> values) {
    ArrayNode array = NODES.arrayNode();
    values.forEach(array::add);
    return array;
  }

  // ---- reading ----

  /**
   * A session from {@code {id, label, cwd, openedBy?}}; other fields are ignored.
   *
   * @param json the object
   * @return the session
   * @throws IllegalArgumentException when {@code id} is missing or a field is mistyped
   */
  public static SessionInfo readSession(JsonNode json) {
    return new SessionInfo(
        text(json, "id", true),
        text(json, "label", false),
        text(json, "cwd", false),
        null,
        text(json, "openedBy", false));
  }

  /**
   * A tool from {@code {name, description, parameters, provider, annotations?}}.
   *
   * @param json the object
   * @return the tool
   * @throws IllegalArgumentException when a field is missing or mistyped
   */
  public static HostTool readTool(JsonNode json) {
    JsonNode parameters = json.get("parameters");
    if (parameters == null || !parameters.isObject()) {
      throw new IllegalArgumentException("tool: \"parameters\" must be an object");
    }
    return new HostTool(
        text(json, "name", true),
        text(json, "description", true),
        parameters,
        text(json, "provider", true),
        readAnnotations(json));
  }

  /**
   * A provider from {@code {providerId, name, instance, trust, sessions, tools}}.
   *
   * @param json the object
   * @return the provider
   * @throws IllegalArgumentException when a field is missing or mistyped, or the trust is unknown
   */
  public static ProviderInfo readProvider(JsonNode json) {
    TrustLevel trust = WireEnum.fromWire(TrustLevel.class, text(json, "trust", true));
    if (trust == null) {
      throw new IllegalArgumentException("provider: unknown trust " + json.get("trust"));
    }
    return new ProviderInfo(
        text(json, "providerId", true),
        text(json, "name", true),
        text(json, "instance", false),
        trust,
        readStrings(json, "sessions"),
        readStrings(json, "tools"),
        readInstant(json, "connectedSince"),
        json.path("callsInFlight").canConvertToInt()
            ? Math.max(0, json.path("callsInFlight").intValue())
            : 0,
        text(json, "spawnedAs", false));
  }

  /** An optional ISO-8601 instant; absent or unreadable (an older or newer gateway) is null. */
  private static java.time.Instant readInstant(JsonNode json, String field) {
    JsonNode value = json.get(field);
    if (value == null || !value.isTextual()) {
      return null;
    }
    try {
      return java.time.Instant.parse(value.textValue());
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }

  /**
   * An outcome from its {@code status} shape; {@code data.file.base64} becomes the file.
   *
   * @param json the object
   * @return the outcome
   * @throws IllegalArgumentException when the status is unknown or a field is missing or mistyped
   */
  public static ToolOutcome readOutcome(JsonNode json) {
    String status = text(json, "status", true);
    switch (status) {
      case "success" -> {
        JsonNode data = json.has("data") ? json.get("data") : NullNode.getInstance();
        JsonNode file = data.path("file");
        if (file.isObject() && file.path("base64").isTextual()) {
          byte[] bytes = Base64.getDecoder().decode(file.get("base64").textValue());
          return new ToolOutcome.Success(
              data, new ToolOutcome.FileContent(file.path("mimeType").asText(""), bytes));
        }
        return new ToolOutcome.Success(data, null);
      }
      case "failure" -> {
        String code = text(json, "errorCode", true);
        ToolErrorCode known = WireEnum.fromWire(ToolErrorCode.class, code);
        return new ToolOutcome.Failure(
            text(json, "error", true), known == null ? ToolErrorCode.UNKNOWN : known, code);
      }
      case "denied" -> {
        return new ToolOutcome.Denied(text(json, "reason", true));
      }
      default -> throw new IllegalArgumentException("outcome: unknown status \"" + status + "\"");
    }
  }

  /**
   * A {@code tool.call} reply's {@code outcome} and {@code context}.
   *
   * @param fields the reply
   * @return the call's result
   * @throws IllegalArgumentException when {@code outcome} is missing or a field is mistyped
   */
  public static CallResult readCallResult(JsonNode fields) {
    JsonNode outcome = fields.get("outcome");
    if (outcome == null || !outcome.isObject()) {
      throw new IllegalArgumentException("tool.call: \"outcome\" must be an object");
    }
    return new CallResult(
        readOutcome(outcome), readStrings(fields, "context"), readUpdatedArgs(fields));
  }

  /** {@code updatedArgs}: an object, or absent (null). */
  private static JsonNode readUpdatedArgs(JsonNode json) {
    JsonNode args = json.get("updatedArgs");
    if (args == null || args.isNull()) {
      return null;
    }
    if (!args.isObject()) {
      throw new IllegalArgumentException("\"updatedArgs\" must be an object");
    }
    return args;
  }

  /**
   * A decision from {@code {"permission", "reason"?, "context", "updatedArgs"?}}.
   *
   * @param json the object
   * @return the decision: any {@code permission} but {@code allow} denies, and a denial has no
   *     {@code updatedArgs}
   * @throws IllegalArgumentException when {@code permission} is missing, or a field is mistyped
   */
  public static HookDecision readDecision(JsonNode json) {
    String permission = text(json, "permission", true);
    List<String> context = readStrings(json, "context");
    if (permission.equals("allow")) {
      return HookDecision.allow(context, readUpdatedArgs(json));
    }
    String reason = text(json, "reason", false);
    if (permission.equals("ask")) {
      // A host that asks its person itself (extension gate.ask): the question is the reason.
      return HookDecision.ask(
          reason == null ? "May this tool run?" : reason, context, readUpdatedArgs(json));
    }
    return HookDecision.deny(reason == null ? "denied" : reason, context);
  }

  /**
   * A {@code prompt} reply's fields.
   *
   * @param fields the reply
   * @return the prompt pipeline's result
   * @throws IllegalArgumentException when {@code sections} is not an object, or a context list is
   *     not an array of strings
   */
  public static PromptResult readPrompt(JsonNode fields) {
    Map<String, String> sections = new LinkedHashMap<>();
    JsonNode json = fields.path("sections");
    if (!json.isObject()) {
      throw new IllegalArgumentException("prompt: \"sections\" must be an object");
    }
    json.properties().forEach(entry -> sections.put(entry.getKey(), entry.getValue().asText()));
    return new PromptResult(
        sections, readStrings(fields, "context"), readStrings(fields, "startupContext"));
  }

  /**
   * A {@code stream.query} reply's {@code streams}, read by the protocol's own codec.
   *
   * @param streams the {@code streams} object
   * @return each stream's name → its entries, newest first
   * @throws IllegalArgumentException when it is not an object of the shape {@link #streams} writes
   */
  public static Map<String, List<StreamEntry>> readStreams(JsonNode streams) {
    if (!(streams instanceof ObjectNode object)) {
      throw new IllegalArgumentException("stream.query: \"streams\" must be an object");
    }
    try {
      return CODEC.streamsFromJson(object);
    } catch (FieldException e) {
      throw new IllegalArgumentException("stream.query: unreadable " + e.getMessage(), e);
    }
  }

  /**
   * A {@code providers.reload} reply's fields.
   *
   * @param report what the reload did
   * @return {@code {restarted, started, stopped, problems}}
   */
  public static ObjectNode reloadReport(ReloadReport report) {
    ObjectNode fields = NODES.objectNode();
    fields.set("restarted", strings(report.restarted()));
    fields.set("started", strings(report.started()));
    fields.set("stopped", strings(report.stopped()));
    fields.set("problems", strings(report.problems()));
    return fields;
  }

  /**
   * Reads a {@code providers.reload} reply's fields ({@link #reloadReport}); absent lists are
   * empty.
   *
   * @param fields the reply's fields
   * @return the report
   * @throws IllegalArgumentException when a list is not an array of strings
   */
  public static ReloadReport readReloadReport(JsonNode fields) {
    return new ReloadReport(
        readStrings(fields, "restarted"),
        readStrings(fields, "started"),
        readStrings(fields, "stopped"),
        readStrings(fields, "problems"));
  }

  /**
   * A held gate, as {@code gates.held} and {@code gates.release} list it: {@code {provider,
   * gateId?, project, since, why}}; {@code gateId} is left out for a static deny, {@code since} is
   * ISO-8601.
   *
   * @param gate the held gate
   * @return a new object
   */
  public static ObjectNode heldGate(HeldGate gate) {
    ObjectNode json = NODES.objectNode();
    json.put("provider", gate.provider());
    putIfSet(json, "gateId", gate.gateId());
    json.put("project", gate.project());
    json.put("since", gate.since().toString());
    json.put("why", gate.why());
    return json;
  }

  /**
   * A held gate from {@link #heldGate}'s shape; other fields are ignored.
   *
   * @param json the object
   * @return the held gate
   * @throws IllegalArgumentException when a required field is missing, a field is mistyped, or
   *     {@code since} is not an ISO-8601 instant
   */
  public static HeldGate readHeldGate(JsonNode json) {
    return new HeldGate(
        text(json, "provider", true),
        text(json, "gateId", false),
        text(json, "project", true),
        instant(json, "since"),
        text(json, "why", true));
  }

  /**
   * An array of strings; an absent field is an empty list.
   *
   * @param json the object holding the field
   * @param field the field's name
   * @return the strings, in order
   * @throws IllegalArgumentException when the field is not an array of strings
   */
  public static List<String> readStrings(JsonNode json, String field) {
    JsonNode array = json.get(field);
    if (array == null || array.isNull()) {
      return List.of();
    }
    if (!array.isArray()) {
      throw new IllegalArgumentException("\"" + field + "\" must be an array of strings");
    }
    List<String> values = new ArrayList<>(array.size());
    for (JsonNode item : array) {
      if (!item.isTextual()) {
        throw new IllegalArgumentException("\"" + field + "\" must be an array of strings");
      }
      values.add(item.textValue());
    }
    return values;
  }

  /**
   * A gate's question to the person, as {@code gate.ask} carries it: {@code sessionId}, {@code
   * askId}, {@code tool}, {@code args}, {@code callId}?, {@code provider}, {@code gateId}?, {@code
   * question}, {@code deadline} (ISO-8601).
   *
   * @param question the question
   * @return a new object
   */
  public static ObjectNode question(PersonQuestion question) {
    ObjectNode json = NODES.objectNode();
    json.put("sessionId", question.sessionId());
    json.put("askId", question.askId());
    json.put("tool", question.tool());
    json.set("args", question.args());
    putIfSet(json, "callId", question.callId());
    json.put("provider", question.provider());
    putIfSet(json, "gateId", question.gateId());
    json.put("question", question.question());
    json.put("deadline", question.deadline().toString());
    return json;
  }

  /**
   * A question from {@link #question(PersonQuestion)}'s shape.
   *
   * @param json the object
   * @return the question
   * @throws IllegalArgumentException when a required field is missing or a field is mistyped
   */
  public static PersonQuestion readQuestion(JsonNode json) {
    JsonNode args = json.get("args");
    if (args == null || !args.isObject()) {
      throw new IllegalArgumentException("\"args\" must be an object");
    }
    Instant deadline = instant(json, "deadline");
    return new PersonQuestion(
        text(json, "askId", true),
        text(json, "sessionId", true),
        text(json, "tool", true),
        args,
        text(json, "callId", false),
        text(json, "provider", true),
        text(json, "gateId", false),
        text(json, "question", true),
        deadline);
  }

  /** A required ISO-8601 instant. */
  private static Instant instant(JsonNode json, String field) {
    try {
      return Instant.parse(text(json, field, true));
    } catch (java.time.format.DateTimeParseException e) {
      throw new IllegalArgumentException("\"" + field + "\" must be an ISO-8601 instant");
    }
  }

  private static String text(JsonNode json, String field, boolean required) {
    JsonNode value = json.get(field);
    if (value == null || value.isNull()) {
      if (required) {
        throw new IllegalArgumentException("\"" + field + "\" is required");
      }
      return null;
    }
    if (!value.isTextual()) {
      throw new IllegalArgumentException("\"" + field + "\" must be a string");
    }
    return value.textValue();
  }
}
