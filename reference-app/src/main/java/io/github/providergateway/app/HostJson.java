package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.HookDecision;
import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.gateway.PromptResult;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.gateway.ToolOutcome;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The host RPC's JSON shapes for the runtime's records (spec/host-rpc.md). Field names here are
 * the contract; the console prints some of the same trees.
 */
final class HostJson {

  static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  static final ProtocolCodec CODEC = ProtocolCodec.create();

  private HostJson() {}

  /** {@code {id, label, cwd}}; absent label or cwd are {@code null}. */
  static ObjectNode session(SessionInfo session) {
    ObjectNode json = NODES.objectNode();
    json.put("id", session.id());
    json.put("label", session.label());
    json.put("cwd", session.cwd());
    return json;
  }

  /** {@code {name, description, parameters, provider}}. */
  static ObjectNode tool(HostTool tool) {
    ObjectNode json = NODES.objectNode();
    json.put("name", tool.name());
    json.put("description", tool.description());
    json.set("parameters", tool.parameters().deepCopy());
    json.put("provider", tool.provider());
    return json;
  }

  /** {@code {providerId, name, instance, trust, sessions, tools}}; no instance is {@code null}. */
  static ObjectNode provider(ProviderInfo provider) {
    ObjectNode json = providerIdentity(provider);
    json.put("trust", provider.trust().wireName());
    json.set("sessions", strings(provider.sessions()));
    json.set("tools", strings(provider.tools()));
    return json;
  }

  /** {@code {providerId, name, instance}}, as {@code provider.connected} carries it. */
  static ObjectNode providerIdentity(ProviderInfo provider) {
    ObjectNode json = NODES.objectNode();
    json.put("providerId", provider.providerId());
    json.put("name", provider.name());
    json.put("instance", provider.instance());
    return json;
  }

  /**
   * {@code {"status":"success","data":..}}, {@code {"status":"failure","error":..,"errorCode":..}}
   * or {@code {"status":"denied","reason":..}}. A file result's {@code data.file} gets the content
   * as {@code base64}, since the host on the other end of a pipe cannot read the provider's file.
   */
  static ObjectNode outcome(ToolOutcome outcome) {
    ObjectNode json = NODES.objectNode();
    json.put("status", outcome.status().wireName());
    if (outcome instanceof ToolOutcome.Success) {
      ToolOutcome.Success success = (ToolOutcome.Success) outcome;
      json.set("data", withFileContent(success.data(), success.file()));
    } else if (outcome instanceof ToolOutcome.Failure) {
      ToolOutcome.Failure failure = (ToolOutcome.Failure) outcome;
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
        copy.get("file") instanceof ObjectNode ? (ObjectNode) copy.get("file") : copy.putObject("file");
    fileJson.put("mimeType", file.mimeType());
    byte[] bytes = file.bytes();
    fileJson.put("size", bytes.length);
    fileJson.put("base64", Base64.getEncoder().encodeToString(bytes));
    return copy;
  }

  /** {@code {"permission":"allow"|"deny","reason"?,"context":[..]}}. */
  static ObjectNode decision(HookDecision decision) {
    ObjectNode json = NODES.objectNode();
    json.put("permission", decision.allowed() ? "allow" : "deny");
    if (decision.reason() != null) {
      json.put("reason", decision.reason());
    }
    json.set("context", strings(decision.context()));
    return json;
  }

  /** The fields of a {@code prompt} reply: {@code sections}, {@code context}, {@code startupContext}. */
  static ObjectNode prompt(PromptResult result) {
    ObjectNode json = NODES.objectNode();
    ObjectNode sections = json.putObject("sections");
    result.sections().forEach(sections::put);
    json.set("context", strings(result.context()));
    json.set("startupContext", strings(result.startupContext()));
    return json;
  }

  /**
   * The streams exactly as {@code stream.history} shapes them (written by the protocol's own codec,
   * so the two cannot drift apart): name → entries {@code {ts, event, level?, metadata?}}, newest
   * first.
   */
  static ObjectNode streams(Map<String, List<StreamEntry>> streams) {
    JsonNode history = CODEC.parseJson(CODEC.encode(new StreamHistory("host", streams)));
    return (ObjectNode) history.get("streams");
  }

  /** A JSON array of {@code values}. */
  static ArrayNode strings(List<String> values) {
    ArrayNode array = NODES.arrayNode();
    values.forEach(array::add);
    return array;
  }
}
