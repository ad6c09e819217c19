package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;

/** The one Jackson mapper of the MCP front door, shared with the SDK. */
final class Json {

  static final ObjectMapper MAPPER = new ObjectMapper();

  /** The SDK's view of {@link #MAPPER}. */
  static final McpJsonMapper MCP = new JacksonMcpJsonMapper(MAPPER);

  private Json() {}

  static <T> T convert(Object value, TypeRef<T> type) {
    return MCP.convertValue(value, type);
  }

  static JsonNode tree(Object value) {
    return MAPPER.valueToTree(value);
  }

  /** JSON text of a tree; a tree always serializes. */
  static String text(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
