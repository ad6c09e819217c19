package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.WireEnum;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.protocol.json.FieldException;
import io.github.providergateway.protocol.json.Fields;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * Turns host-protocol JSON text into records and back, with {@link ProtocolCodec}'s guarantees.
 *
 * <p>Decoding never throws. Any text becomes a {@link DecodeResult}: a record, or a {@link
 * HostDecodeError} carrying the reply to send:
 *
 * <ul>
 *   <li>{@code INVALID_JSON}: not JSON, or not a JSON object (the reply has no {@code id});
 *   <li>{@code INVALID_ARGUMENT}: {@code cmd} missing or not a string, or a field the command needs
 *       missing or of the wrong type or range (the message names the field);
 *   <li>{@code UNKNOWN_COMMAND}: a {@code cmd} this library does not know.
 * </ul>
 *
 * <p>Unknown fields are ignored; an explicit {@code null} counts as absent. The {@code id} is kept
 * exactly, whatever JSON value it is. Parsing has {@link ProtocolCodec}'s limits (nesting, number
 * length, trailing content). Replies and events decode the same way ({@link #decodeOutput}): an
 * unknown event becomes an {@link UnknownHostEvent}, an unknown error code {@link
 * RpcErrorCode#UNKNOWN}.
 *
 * <p>Immutable and thread-safe; share one.
 */
public final class HostCodec {

  private static final int MAX_DETAIL_CHARS = 500;
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final HostCodec DEFAULT = new HostCodec();

  /** Reads each command's fields; the one table from {@code cmd} to record. */
  private static final Map<HostCommandType, BiFunction<JsonNode, Fields, HostCommand>> COMMANDS =
      commandTable();

  private final ProtocolCodec json = ProtocolCodec.create();

  private HostCodec() {}

  /** {@return the shared codec} */
  public static HostCodec create() {
    return DEFAULT;
  }

  /**
   * {@return which record class stands for each command (a test compares it with the sealed type)}
   */
  public static Map<HostCommandType, Class<? extends HostCommand>> commandRecordTypes() {
    Map<HostCommandType, Class<? extends HostCommand>> types = new EnumMap<>(HostCommandType.class);
    for (HostCommandType type : HostCommandType.values()) {
      types.put(
          type,
          COMMANDS.get(type).apply(null, Fields.of(sampleFields(), type.wireName())).getClass());
    }
    return Collections.unmodifiableMap(types);
  }

  // ---- commands ----

  /**
   * Decodes a host → gateway command. Never throws.
   *
   * @param text one command's JSON text
   * @return the command, or the error to answer it with
   */
  public DecodeResult<HostCommand, HostDecodeError> decodeCommand(String text) {
    ObjectNode object;
    try {
      object = parseObject(text, "a command must be a JSON object");
    } catch (Refusal refusal) {
      return failed(refusal.error);
    }
    // The reply echoes the id exactly, whatever JSON value it is; without one it has none.
    JsonNode id = object.has("id") ? object.get("id") : null;
    JsonNode cmd = object.get("cmd");
    if (cmd == null || !cmd.isTextual()) {
      return failed(
          new HostDecodeError(
              RpcErrorCode.INVALID_ARGUMENT, "\"cmd\" is required and must be a string", id, null));
    }
    String name = cmd.textValue();
    HostCommandType type = WireEnum.fromWire(HostCommandType.class, name);
    if (type == null) {
      String known =
          Arrays.stream(HostCommandType.values())
              .map(HostCommandType::wireName)
              .collect(Collectors.joining(", "));
      return failed(
          new HostDecodeError(
              RpcErrorCode.UNKNOWN_COMMAND,
              cap("unknown command \"" + name + "\"; known: " + known),
              id,
              name));
    }
    try {
      return new DecodeResult.Decoded<>(COMMANDS.get(type).apply(id, Fields.of(object, name)));
    } catch (FieldException e) {
      return failed(
          new HostDecodeError(RpcErrorCode.INVALID_ARGUMENT, cap(e.getMessage()), id, name));
    } catch (RuntimeException e) {
      // A record's constructor refused a value the JSON types allowed.
      return failed(
          new HostDecodeError(
              RpcErrorCode.INVALID_ARGUMENT, cap(name + ": " + e.getMessage()), id, name));
    }
  }

  /**
   * The JSON text of {@code command}: {@code id} (when present), {@code cmd}, then its fields.
   *
   * @param command the command
   * @return its compact JSON text, one line
   */
  public String encode(HostCommand command) {
    return json.writeJson(toJson(command));
  }

  /**
   * {@code command} as a JSON object.
   *
   * @param command the command
   * @return a new object, in the field order {@link #encode(HostCommand)} writes
   */
  public ObjectNode toJson(HostCommand command) {
    requireNonNull(command, "command");
    ObjectNode out = NODES.objectNode();
    if (command.id() != null) {
      out.set("id", command.id());
    }
    out.put("cmd", command.type().wireName());
    switch (command.type()) {
      case SESSION_START -> {
        StartSession c = (StartSession) command;
        text(out, "label", c.label());
        text(out, "cwd", c.cwd());
        flag(out, "foreground", c.foreground());
        strings(out, "hostTools", c.hostTools());
        flag(out, "streamUpdates", c.streamUpdates());
        flag(out, "asks", c.asks());
        text(out, "openedBy", c.openedBy());
      }
      case SESSION_IDLE -> out.put("sessionId", ((IdleSession) command).sessionId());
      case SESSION_END -> {
        EndSession c = (EndSession) command;
        out.put("sessionId", c.sessionId());
        millis(out, "deadlineMs", c.deadline());
      }
      case SESSION_INTERRUPT -> out.put("sessionId", ((InterruptSession) command).sessionId());
      case SESSIONS_LIST, PROVIDERS_LIST, STATUS_LINK, GATES_HELD -> {
        // no fields
      }
      case PROVIDERS_RELOAD -> text(out, "name", ((ReloadProviders) command).name());
      case GATES_RELEASE -> {
        ReleaseHeldGates c = (ReleaseHeldGates) command;
        out.put("provider", c.provider());
        text(out, "gateId", c.gateId());
        text(out, "project", c.project());
      }
      case GATE_ANSWER -> {
        AnswerQuestion c = (AnswerQuestion) command;
        out.put("askId", c.askId());
        out.put("allow", c.allow());
        text(out, "via", c.via());
      }
      case AUDIT_QUERY -> {
        QueryAudit c = (QueryAudit) command;
        text(out, "sessionId", c.sessionId());
        text(out, "provider", c.provider());
        text(out, "tool", c.tool());
        text(out, "kind", c.kind());
        text(out, "callId", c.callId());
        text(out, "since", c.since() == null ? null : c.since().toString());
        if (c.limit() != null) {
          out.put("limit", c.limit());
        }
      }
      case TOOLS_LIST -> out.put("sessionId", ((ListTools) command).sessionId());
      case SESSION_SETTLE -> out.put("sessionId", ((SettleSession) command).sessionId());
      case MCP_FEATURE -> {
        AskMcpFeature c = (AskMcpFeature) command;
        out.put("sessionId", c.sessionId());
        out.put("method", c.method().wireName());
        out.set("params", c.params());
      }
      case TOOL_CALL -> {
        CallTool c = (CallTool) command;
        out.put("sessionId", c.sessionId());
        out.put("tool", c.tool());
        out.set("args", c.args());
        millis(out, "timeoutMs", c.timeout());
        flag(out, "progress", c.progress());
      }
      case TOOL_CANCEL -> {
        CancelCall c = (CancelCall) command;
        out.put("sessionId", c.sessionId());
        out.set("callId", c.callId());
      }
      case HOOK_PRE_TOOL_USE -> {
        PreToolUse c = (PreToolUse) command;
        out.put("sessionId", c.sessionId());
        out.put("tool", c.tool());
        out.set("args", c.args());
        flag(out, "hostAsks", c.hostAsks());
      }
      case PROMPT -> {
        RunPrompt c = (RunPrompt) command;
        out.put("sessionId", c.sessionId());
        out.put("text", c.text());
        if (c.sections() != null) {
          ObjectNode sections = out.putObject("sections");
          c.sections().forEach(sections::put);
        }
      }
      case EVENT -> {
        EmitEvent c = (EmitEvent) command;
        out.put("sessionId", c.sessionId());
        out.put("event", c.event());
        out.set("data", c.data());
      }
      case STREAM_QUERY -> {
        QueryStreams c = (QueryStreams) command;
        out.put("sessionId", c.sessionId());
        strings(out, "streams", c.streams());
        if (c.last() != null) {
          out.put("last", c.last());
        }
      }
      case SHUTDOWN -> millis(out, "deadlineMs", ((Shutdown) command).deadline());
      case HOST_AUTH -> {
        HostAuth c = (HostAuth) command;
        out.put("token", c.token());
        text(out, "reclaimToken", c.reclaimToken());
        flag(out, "observer", c.observer());
      }
      case HOST_CHALLENGE -> out.put("nonce", ((HostChallenge) command).nonce());
    }
    return out;
  }

  private static Map<HostCommandType, BiFunction<JsonNode, Fields, HostCommand>> commandTable() {
    Map<HostCommandType, BiFunction<JsonNode, Fields, HostCommand>> t =
        new EnumMap<>(HostCommandType.class);
    t.put(
        HostCommandType.SESSION_START,
        (id, f) ->
            new StartSession(
                id,
                f.optionalString("label"),
                f.optionalString("cwd"),
                f.optionalBoolean("foreground"),
                f.optionalStrings("hostTools"),
                f.optionalBoolean("streamUpdates"),
                f.optionalBoolean("asks"),
                f.optionalString("openedBy")));
    t.put(
        HostCommandType.SESSION_IDLE,
        (id, f) -> new IdleSession(id, f.requiredNonEmptyString("sessionId")));
    t.put(
        HostCommandType.SESSION_END,
        (id, f) ->
            new EndSession(
                id, f.requiredNonEmptyString("sessionId"), f.optionalMillis("deadlineMs")));
    t.put(
        HostCommandType.SESSION_INTERRUPT,
        (id, f) -> new InterruptSession(id, f.requiredNonEmptyString("sessionId")));
    t.put(HostCommandType.SESSIONS_LIST, (id, f) -> new ListSessions(id));
    t.put(
        HostCommandType.TOOLS_LIST,
        (id, f) -> new ListTools(id, f.requiredNonEmptyString("sessionId")));
    t.put(
        HostCommandType.SESSION_SETTLE,
        (id, f) -> new SettleSession(id, f.requiredNonEmptyString("sessionId")));
    t.put(
        HostCommandType.TOOL_CALL,
        (id, f) ->
            new CallTool(
                id,
                f.requiredNonEmptyString("sessionId"),
                f.requiredNonEmptyString("tool"),
                f.objectOrEmpty("args"),
                f.optionalMillis("timeoutMs"),
                f.optionalBoolean("progress")));
    t.put(
        HostCommandType.TOOL_CANCEL,
        (id, f) ->
            new CancelCall(id, f.requiredNonEmptyString("sessionId"), f.requiredAny("callId")));
    t.put(
        HostCommandType.HOOK_PRE_TOOL_USE,
        (id, f) ->
            new PreToolUse(
                id,
                f.requiredNonEmptyString("sessionId"),
                f.requiredNonEmptyString("tool"),
                f.objectOrEmpty("args"),
                f.optionalBoolean("hostAsks")));
    t.put(
        HostCommandType.PROMPT,
        (id, f) ->
            new RunPrompt(
                id,
                f.requiredNonEmptyString("sessionId"),
                f.optionalString("text"),
                f.optionalStringMap("sections")));
    t.put(
        HostCommandType.EVENT,
        (id, f) ->
            new EmitEvent(
                id,
                f.requiredNonEmptyString("sessionId"),
                f.requiredNonEmptyString("event"),
                f.objectOrEmpty("data")));
    t.put(
        HostCommandType.STREAM_QUERY,
        (id, f) ->
            new QueryStreams(
                id,
                f.requiredNonEmptyString("sessionId"),
                f.requiredNonEmptyStrings("streams"),
                f.optionalCount("last")));
    t.put(HostCommandType.PROVIDERS_LIST, (id, f) -> new ListProviders(id));
    t.put(HostCommandType.STATUS_LINK, (id, f) -> new StatusLink(id));
    t.put(
        HostCommandType.PROVIDERS_RELOAD,
        (id, f) -> new ReloadProviders(id, f.optionalString("name")));
    t.put(HostCommandType.GATES_HELD, (id, f) -> new ListHeldGates(id));
    t.put(
        HostCommandType.GATES_RELEASE,
        (id, f) ->
            new ReleaseHeldGates(
                id,
                f.requiredNonEmptyString("provider"),
                f.optionalString("gateId"),
                f.optionalString("project")));
    t.put(
        HostCommandType.GATE_ANSWER,
        (id, f) ->
            new AnswerQuestion(
                id,
                f.requiredNonEmptyString("askId"),
                f.requiredBoolean("allow"),
                f.optionalString("via")));
    t.put(
        HostCommandType.AUDIT_QUERY,
        (id, f) ->
            new QueryAudit(
                id,
                f.optionalString("sessionId"),
                f.optionalString("provider"),
                f.optionalString("tool"),
                f.optionalString("kind"),
                f.optionalString("callId"),
                instant(f.optionalString("since")),
                f.optionalCount("limit")));
    t.put(HostCommandType.SHUTDOWN, (id, f) -> new Shutdown(id, f.optionalMillis("deadlineMs")));
    t.put(
        HostCommandType.HOST_AUTH,
        (id, f) ->
            new HostAuth(
                id,
                f.requiredNonEmptyString("token"),
                f.optionalString("reclaimToken"),
                f.optionalBoolean("observer")));
    t.put(
        HostCommandType.MCP_FEATURE,
        (id, f) ->
            new AskMcpFeature(
                id,
                f.requiredNonEmptyString("sessionId"),
                mcpFeature(f.requiredNonEmptyString("method")),
                f.objectOrEmpty("params")));
    t.put(
        HostCommandType.HOST_CHALLENGE,
        (id, f) -> new HostChallenge(id, f.requiredNonEmptyString("nonce")));
    return Collections.unmodifiableMap(t);
  }

  /** An MCP request beyond tools by its method's name. */
  private static io.github.providergateway.host.api.McpFeature mcpFeature(String method) {
    io.github.providergateway.host.api.McpFeature feature =
        io.github.providergateway.protocol.WireEnum.fromWire(
            io.github.providergateway.host.api.McpFeature.class, method);
    if (feature == null) {
      throw new IllegalArgumentException(
          "\"method\" must be resources/list, resources/templates/list, resources/read,"
              + " prompts/list, prompts/get or completion/complete, was "
              + method);
    }
    return feature;
  }

  /** A question's outcome by its wire name. */
  private static io.github.providergateway.host.api.AskOutcome outcome(String text) {
    io.github.providergateway.host.api.AskOutcome outcome =
        io.github.providergateway.host.api.AskOutcome.fromWire(text);
    if (outcome == null) {
      throw new IllegalArgumentException(
          "\"outcome\" must be allowed, denied, timeout or withdrawn, was " + text);
    }
    return outcome;
  }

  /** An ISO-8601 instant ({@code 2026-11-24T16:00:00Z}), or null for none. */
  private static java.time.Instant instant(String text) {
    if (text == null) {
      return null;
    }
    try {
      return java.time.Instant.parse(text);
    } catch (java.time.format.DateTimeParseException e) {
      throw new IllegalArgumentException(
          "field \"since\" must be an ISO-8601 instant like 2026-11-24T16:00:00Z, was " + text);
    }
  }

  /** The least JSON each command decodes from, for {@link #commandRecordTypes()}. */
  private static ObjectNode sampleFields() {
    ObjectNode sample = NODES.objectNode();
    sample.put("sessionId", "s");
    sample.put("tool", "t");
    sample.put("provider", "p");
    sample.put("event", "e");
    sample.put("token", "k");
    sample.put("nonce", "n".repeat(HostChallenge.MIN_NONCE_CHARS));
    sample.put("callId", "c");
    sample.put("askId", "a");
    sample.put("allow", true);
    sample.putArray("streams").add("a@b");
    sample.put("method", "resources/list");
    return sample;
  }

  // ---- replies and events ----

  /**
   * Decodes a gateway → host text: a reply (it has {@code ok}) or an event (it has {@code event}).
   * Never throws.
   *
   * @param text one reply's or event's JSON text
   * @return the reply or event, or what was wrong with the text
   */
  public DecodeResult<HostOutput, HostDecodeError> decodeOutput(String text) {
    ObjectNode object;
    try {
      object = parseObject(text, "a reply or event must be a JSON object");
    } catch (Refusal refusal) {
      return failed(refusal.error);
    }
    JsonNode id = object.has("id") ? object.get("id") : null;
    try {
      if (object.has("ok")) {
        return new DecodeResult.Decoded<>(reply(id, object));
      }
      JsonNode event = object.get("event");
      if (event != null && event.isTextual()) {
        return new DecodeResult.Decoded<>(event(event.textValue(), object));
      }
      return failed(
          new HostDecodeError(
              RpcErrorCode.INVALID_JSON,
              "neither a reply (\"ok\") nor an event (\"event\")",
              id,
              null));
    } catch (FieldException e) {
      return failed(
          new HostDecodeError(RpcErrorCode.INVALID_ARGUMENT, cap(e.getMessage()), id, null));
    } catch (RuntimeException e) {
      return failed(
          new HostDecodeError(
              RpcErrorCode.INVALID_ARGUMENT, cap(String.valueOf(e.getMessage())), id, null));
    }
  }

  private static HostReply reply(JsonNode id, ObjectNode object) {
    Fields reply = Fields.of(object, "reply");
    if (reply.requiredBoolean("ok")) {
      ObjectNode fields = object.deepCopy();
      fields.remove("id");
      fields.remove("ok");
      return new HostReply.Ok(id, fields);
    }
    Fields error = reply.requiredObject("error");
    String code = error.requiredString("code");
    String message = error.optionalString("message");
    return new HostReply.Failed(id, RpcErrorCode.fromWire(code), code, message);
  }

  private static HostEvent event(String name, ObjectNode object) {
    Fields f = Fields.of(object, name);
    return switch (name) {
      case GatewayStarted.NAME ->
          new GatewayStarted(
              f.requiredInt("port"),
              f.requiredString("url"),
              f.requiredString("tokenFile"),
              f.requiredInt("protocolVersion"));
      case GatewayStopped.NAME -> new GatewayStopped();
      case SessionLog.NAME ->
          new SessionLog(
              f.requiredString("sessionId"),
              f.requiredString("message"),
              f.requiredString("source"));
      case SessionSend.NAME ->
          new SessionSend(
              f.requiredString("sessionId"),
              f.requiredString("prompt"),
              f.requiredString("source"));
      case ToolsChanged.NAME -> {
        List<String> tools = f.optionalStrings("tools");
        yield new ToolsChanged(f.requiredString("sessionId"), tools == null ? List.of() : tools);
      }
      case ProviderPresence.CONNECTED, ProviderPresence.DISCONNECTED ->
          new ProviderPresence(
              name.equals(ProviderPresence.CONNECTED),
              f.requiredString("providerId"),
              f.requiredString("name"),
              f.optionalString("instance"));
      case SessionEnded.NAME -> new SessionEnded(f.requiredString("sessionId"));
      case CallProgress.NAME ->
          new CallProgress(
              f.requiredString("sessionId"), f.requiredAny("callId"), f.requiredString("message"));
      case StreamUpdated.NAME ->
          new StreamUpdated(f.requiredString("sessionId"), f.requiredString("stream"));
      case OffersChanged.NAME ->
          new OffersChanged(f.requiredString("sessionId"), mcpFeature(f.requiredString("list")));
      case GateAsk.NAME -> new GateAsk(HostWire.readQuestion(object));
      case GateAskEnded.NAME ->
          new GateAskEnded(
              f.requiredString("sessionId"),
              f.requiredString("askId"),
              outcome(f.requiredString("outcome")),
              f.optionalString("answeredBy"));
      default -> new UnknownHostEvent(name, object);
    };
  }

  /**
   * The JSON text of a reply or an event.
   *
   * @param output the reply or event
   * @return its compact JSON text, one line
   */
  public String encode(HostOutput output) {
    return json.writeJson(toJson(output));
  }

  /**
   * A reply or event as a JSON object.
   *
   * @param output the reply or event
   * @return a new object, in the field order {@link #encode(HostOutput)} writes
   */
  public ObjectNode toJson(HostOutput output) {
    requireNonNull(output, "output");
    if (output instanceof HostReply reply) {
      ObjectNode out = NODES.objectNode();
      if (reply.id() != null) {
        out.set("id", reply.id());
      }
      out.put("ok", reply.ok());
      if (reply instanceof HostReply.Ok ok) {
        out.setAll(ok.fields());
      } else {
        HostReply.Failed failed = (HostReply.Failed) reply;
        ObjectNode error = out.putObject("error");
        error.put("code", failed.codeText());
        error.put("message", failed.message());
      }
      return out;
    }
    HostEvent event = (HostEvent) output;
    if (event instanceof UnknownHostEvent unknown) {
      ObjectNode out = unknown.json().deepCopy();
      out.put("event", unknown.event());
      return out;
    }
    ObjectNode out = NODES.objectNode();
    out.put("event", event.event());
    if (event instanceof GatewayStarted e) {
      out.put("port", e.port());
      out.put("url", e.url());
      out.put("tokenFile", e.tokenFile());
      out.put("protocolVersion", e.protocolVersion());
    } else if (event instanceof SessionLog e) {
      out.put("sessionId", e.sessionId());
      out.put("message", e.message());
      out.put("source", e.source());
    } else if (event instanceof SessionSend e) {
      out.put("sessionId", e.sessionId());
      out.put("prompt", e.prompt());
      out.put("source", e.source());
    } else if (event instanceof ToolsChanged e) {
      out.put("sessionId", e.sessionId());
      strings(out, "tools", e.tools());
    } else if (event instanceof ProviderPresence e) {
      out.put("providerId", e.providerId());
      out.put("name", e.name());
      out.put("instance", e.instance()); // null is written: host-rpc.md's shape
    } else if (event instanceof SessionEnded e) {
      out.put("sessionId", e.sessionId());
    } else if (event instanceof CallProgress e) {
      out.put("sessionId", e.sessionId());
      out.set("callId", e.callId());
      out.put("message", e.message());
    } else if (event instanceof StreamUpdated e) {
      out.put("sessionId", e.sessionId());
      out.put("stream", e.stream());
    } else if (event instanceof OffersChanged e) {
      out.put("sessionId", e.sessionId());
      out.put("list", e.list().wireName());
    } else if (event instanceof GateAsk e) {
      out.setAll(HostWire.question(e.question()));
    } else if (event instanceof GateAskEnded e) {
      out.put("sessionId", e.sessionId());
      out.put("askId", e.askId());
      out.put("outcome", e.outcome().wireName());
      text(out, "answeredBy", e.answeredBy());
    }
    return out;
  }

  // ---- shared ----

  /**
   * Parses {@code text} as any JSON value (for tool args and the like).
   *
   * @param text JSON text
   * @return the value
   * @throws IllegalArgumentException when {@code text} is not JSON
   */
  public JsonNode parseJson(String text) {
    return json.parseJson(text);
  }

  /**
   * The compact text of a JSON value.
   *
   * @param value the value
   * @return its JSON text, one line
   */
  public String writeJson(JsonNode value) {
    return json.writeJson(value);
  }

  private ObjectNode parseObject(String text, String notObject) {
    if (text == null) {
      throw new Refusal(new HostDecodeError(RpcErrorCode.INVALID_JSON, "text is null", null, null));
    }
    JsonNode tree;
    try {
      tree = json.parseJson(text);
    } catch (RuntimeException e) {
      throw new Refusal(
          new HostDecodeError(
              RpcErrorCode.INVALID_JSON, cap(String.valueOf(e.getMessage())), null, null));
    }
    if (tree == null || !tree.isObject()) {
      throw new Refusal(new HostDecodeError(RpcErrorCode.INVALID_JSON, notObject, null, null));
    }
    return (ObjectNode) tree;
  }

  private static void text(ObjectNode out, String field, String value) {
    if (value != null) {
      out.put(field, value);
    }
  }

  private static void flag(ObjectNode out, String field, Boolean value) {
    if (value != null) {
      out.put(field, value);
    }
  }

  private static void millis(ObjectNode out, String field, Duration value) {
    if (value != null) {
      out.put(field, value.toMillis());
    }
  }

  private static void strings(ObjectNode out, String field, List<String> values) {
    if (values != null) {
      ArrayNode array = out.putArray(field);
      values.forEach(array::add);
    }
  }

  private static <T> DecodeResult<T, HostDecodeError> failed(HostDecodeError error) {
    return new DecodeResult.Failed<>(error);
  }

  private static String cap(String detail) {
    String text = String.valueOf(detail);
    return text.length() <= MAX_DETAIL_CHARS ? text : text.substring(0, MAX_DETAIL_CHARS) + "…";
  }

  /** Unwinds a parse that cannot go on; stays inside this class. */
  private static final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient HostDecodeError error;

    Refusal(HostDecodeError error) {
      super(error.detail(), null, false, false);
      this.error = error;
    }
  }
}
