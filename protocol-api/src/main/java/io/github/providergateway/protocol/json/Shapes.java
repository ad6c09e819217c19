package io.github.providergateway.protocol.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ConcurrencyScope;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.FileRef;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.TransformAction;
import io.github.providergateway.protocol.TransformRule;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads and writes the nested types that several messages share: tool definitions, hooks,
 * transforms, filter rules, session info, concurrency, file refs and stream entries.
 */
final class Shapes {

  private Shapes() {}

  // ---- reading ----

  static ToolDefinition toolDefinition(Fields f) {
    return new ToolDefinition(
        f.requiredString("name"),
        f.requiredString("description"),
        f.requiredObjectNode("parameters"),
        f.optionalMillis("timeout"),
        toolAnnotations(f.optionalObject("annotations")));
  }

  /**
   * MCP's hints, each a boolean when present; a hint of another type is a decode error like any
   * mistyped field. An object with none of them reads as none.
   */
  private static ToolAnnotations toolAnnotations(Fields f) {
    if (f == null) {
      return null;
    }
    return ToolAnnotations.declared(
        f.optionalBoolean("destructiveHint"),
        f.optionalBoolean("readOnlyHint"),
        f.optionalBoolean("openWorldHint"),
        f.optionalBoolean("idempotentHint"));
  }

  static Hooks hooks(Fields f) {
    return new Hooks(f.optionalObjects("onPreToolUse", Shapes::hookRule), transforms(f));
  }

  private static Map<String, Optional<TransformRule>> transforms(Fields f) {
    Fields transforms = f.optionalObject("transforms");
    if (transforms == null) {
      return null;
    }
    Map<String, Optional<TransformRule>> result = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : transforms.node().properties()) {
      String section = entry.getKey();
      if (entry.getValue().isNull()) {
        result.put(section, Optional.empty());
      } else {
        result.put(section, Optional.of(transformRule(transforms.requiredObject(section))));
      }
    }
    return result;
  }

  static TransformRule transformRule(Fields f) {
    return new TransformRule(
        f.requiredEnum("action", TransformAction.class), f.optionalString("content"));
  }

  static HookRule hookRule(Fields f) {
    Fields match = f.optionalObject("match");
    return new HookRule(
        match == null ? null : hookMatch(match),
        f.requiredEnum("action", HookAction.class),
        f.optionalString("reason"),
        f.optionalString("content"),
        f.optionalString("gateId"),
        f.optionalBoolean("failOpen"));
  }

  private static HookMatch hookMatch(Fields f) {
    return new HookMatch(
        f.optionalString("tool"),
        f.optionalString("args"),
        f.optionalString("provider"),
        f.optionalString("file"));
  }

  static FilterRule filterRule(Fields f) {
    return new FilterRule(
        f.requiredString("match"), f.requiredEnum("outcome", FilterOutcome.class));
  }

  static SessionInfo sessionInfo(Fields f) {
    return new SessionInfo(
        f.requiredString("id"),
        f.optionalString("label"),
        f.optionalString("cwd"),
        f.optionalBoolean("foreground"),
        f.optionalString("openedBy"));
  }

  static Concurrency concurrency(Fields f) {
    Integer max = f.optionalInt("max");
    if (max == null) {
      throw new FieldException(ErrorCode.INVALID_JSON, "concurrency.max is required");
    }
    return new Concurrency(max, f.optionalEnum("scope", ConcurrencyScope.class));
  }

  static FileRef fileRef(Fields f) {
    return new FileRef(
        f.requiredString("path"),
        f.requiredString("mimeType"),
        f.optionalLong("size"),
        f.optionalSeconds("ttl"));
  }

  static StreamEntry streamEntry(Fields f) {
    String ts = f.requiredString("ts");
    Instant instant;
    try {
      instant = Instant.parse(ts);
    } catch (DateTimeParseException e) {
      throw new FieldException(ErrorCode.INVALID_JSON, "ts must be an ISO-8601 instant");
    }
    return new StreamEntry(
        instant,
        f.requiredString("event"),
        f.optionalEnum("level", PushLevel.class),
        f.optionalObjectNode("metadata"));
  }

  // ---- writing ----

  static void writeTools(JsonGenerator g, String field, List<ToolDefinition> tools)
      throws IOException {
    if (tools == null) {
      return;
    }
    g.writeArrayFieldStart(field);
    for (ToolDefinition tool : tools) {
      g.writeStartObject();
      g.writeStringField("name", tool.name());
      g.writeStringField("description", tool.description());
      g.writeFieldName("parameters");
      JsonTrees.write(g, tool.parameters());
      if (tool.timeout() != null) {
        g.writeNumberField("timeout", tool.timeout().toMillis());
      }
      writeAnnotations(g, tool.annotations());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  private static void writeAnnotations(JsonGenerator g, ToolAnnotations annotations)
      throws IOException {
    if (annotations == null || annotations.isEmpty()) {
      return;
    }
    g.writeObjectFieldStart("annotations");
    writeHint(g, "destructiveHint", annotations.destructiveHint());
    writeHint(g, "readOnlyHint", annotations.readOnlyHint());
    writeHint(g, "openWorldHint", annotations.openWorldHint());
    writeHint(g, "idempotentHint", annotations.idempotentHint());
    g.writeEndObject();
  }

  private static void writeHint(JsonGenerator g, String field, Boolean hint) throws IOException {
    if (hint != null) {
      g.writeBooleanField(field, hint);
    }
  }

  /** Writes the fields of {@code hooks} into the object being written. */
  static void writeHooksFields(JsonGenerator g, Hooks hooks) throws IOException {
    if (hooks.onPreToolUse() != null) {
      g.writeArrayFieldStart("onPreToolUse");
      for (HookRule rule : hooks.onPreToolUse()) {
        writeHookRule(g, rule);
      }
      g.writeEndArray();
    }
    if (hooks.transforms() != null) {
      g.writeObjectFieldStart("transforms");
      for (Map.Entry<String, Optional<TransformRule>> entry : hooks.transforms().entrySet()) {
        g.writeFieldName(entry.getKey());
        if (entry.getValue().isEmpty()) {
          g.writeNull();
        } else {
          TransformRule rule = entry.getValue().get();
          g.writeStartObject();
          g.writeStringField("action", rule.action().wireName());
          Writing.string(g, "content", rule.content());
          g.writeEndObject();
        }
      }
      g.writeEndObject();
    }
  }

  private static void writeHookRule(JsonGenerator g, HookRule rule) throws IOException {
    g.writeStartObject();
    if (rule.match() != null) {
      HookMatch match = rule.match();
      g.writeObjectFieldStart("match");
      Writing.string(g, "tool", match.tool());
      Writing.string(g, "args", match.args());
      Writing.string(g, "provider", match.provider());
      Writing.string(g, "file", match.file());
      g.writeEndObject();
    }
    g.writeStringField("action", rule.action().wireName());
    Writing.string(g, "reason", rule.reason());
    Writing.string(g, "content", rule.content());
    Writing.string(g, "gateId", rule.gateId());
    Writing.bool(g, "failOpen", rule.failOpen());
    g.writeEndObject();
  }

  static void writeFilterRules(JsonGenerator g, List<FilterRule> rules) throws IOException {
    g.writeArrayFieldStart("rules");
    for (FilterRule rule : rules) {
      g.writeStartObject();
      g.writeStringField("match", rule.match());
      g.writeStringField("outcome", rule.outcome().wireName());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  static void writeSessions(JsonGenerator g, List<SessionInfo> sessions) throws IOException {
    g.writeArrayFieldStart("active");
    for (SessionInfo session : sessions) {
      g.writeStartObject();
      g.writeStringField("id", session.id());
      Writing.string(g, "label", session.label());
      Writing.string(g, "cwd", session.cwd());
      Writing.bool(g, "foreground", session.foreground());
      // Ours (decision 68): who opened it, only ever as its kind (a client's name stays the
      // hosts').
      Writing.string(g, "openedBy", session.forProviders().openedBy());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  static void writeConcurrency(JsonGenerator g, Concurrency concurrency) throws IOException {
    if (concurrency == null) {
      return;
    }
    g.writeObjectFieldStart("concurrency");
    g.writeNumberField("max", concurrency.max());
    Writing.wire(g, "scope", concurrency.scope());
    g.writeEndObject();
  }

  static void writeFileRef(JsonGenerator g, FileRef file) throws IOException {
    if (file == null) {
      return;
    }
    g.writeObjectFieldStart("file");
    g.writeStringField("path", file.path());
    g.writeStringField("mimeType", file.mimeType());
    Writing.number(g, "size", file.size());
    if (file.ttl() != null) {
      g.writeNumberField("ttl", file.ttl().getSeconds());
    }
    g.writeEndObject();
  }

  /** The {@code streams} of a {@code stream.history}: an object of stream name → entries. */
  static void writeStreams(JsonGenerator g, Map<String, List<StreamEntry>> streams)
      throws IOException {
    g.writeStartObject();
    for (Map.Entry<String, List<StreamEntry>> stream : streams.entrySet()) {
      g.writeArrayFieldStart(stream.getKey());
      for (StreamEntry entry : stream.getValue()) {
        writeStreamEntry(g, entry);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  /** Reads the {@code streams} of a {@code stream.history}, in the object's order. */
  static Map<String, List<StreamEntry>> streams(Fields streams) {
    Map<String, List<StreamEntry>> entries = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> stream : streams.node().properties()) {
      entries.put(stream.getKey(), streams.requiredObjects(stream.getKey(), Shapes::streamEntry));
    }
    return entries;
  }

  static void writeStreamEntry(JsonGenerator g, StreamEntry entry) throws IOException {
    g.writeStartObject();
    g.writeStringField("ts", entry.ts().toString());
    g.writeStringField("event", entry.event());
    Writing.wire(g, "level", entry.level());
    Writing.tree(g, "metadata", entry.metadata());
    g.writeEndObject();
  }
}
