package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.Map;

/**
 * The SDK's JSON mapper over the front door's one Jackson mapper, with one conversion done by hand:
 * the {@code tools/call} request the SDK's server makes out of every call's parameters. The
 * mapper's {@code convertValue} writes the parameters' maps out as tokens and reads them back into
 * the record, a measurable share of a call through the front door (issue 36); the record's three
 * fields are taken straight from the map instead, whenever they have the types the record holds.
 * Anything else goes to the mapper, which then gives what it always gave (or the error).
 */
final class SdkJsonMapper implements McpJsonMapper {

  private final McpJsonMapper mapper;

  SdkJsonMapper(McpJsonMapper mapper) {
    this.mapper = mapper;
  }

  @Override
  public <T> T convertValue(Object fromValue, TypeRef<T> type) {
    McpSchema.CallToolRequest call = handMade(fromValue, type.getType());
    if (call == null) {
      return mapper.convertValue(fromValue, type);
    }
    @SuppressWarnings("unchecked") // handMade gives a value only when T is CallToolRequest
    T converted = (T) call;
    return converted;
  }

  @Override
  public <T> T convertValue(Object fromValue, Class<T> type) {
    McpSchema.CallToolRequest call = handMade(fromValue, type);
    return call == null ? mapper.convertValue(fromValue, type) : type.cast(call);
  }

  /**
   * The hand-made request when {@code type} is {@code CallToolRequest} and it is the plain case.
   */
  private static McpSchema.CallToolRequest handMade(Object fromValue, Type type) {
    return type == McpSchema.CallToolRequest.class ? callToolRequest(fromValue) : null;
  }

  /** The request the mapper would make of {@code params}, or null when it is not the plain case. */
  @SuppressWarnings("unchecked") // a map the SDK read from JSON has string keys
  static McpSchema.CallToolRequest callToolRequest(Object params) {
    if (!(params instanceof Map<?, ?> fields)
        || !(fields.get("name") instanceof String name)
        || !isMapOrAbsent(fields.get("arguments"))
        || !isMapOrAbsent(fields.get("_meta"))) {
      return null;
    }
    return new McpSchema.CallToolRequest(
        name,
        (Map<String, Object>) fields.get("arguments"),
        (Map<String, Object>) fields.get("_meta"));
  }

  private static boolean isMapOrAbsent(Object value) {
    return value == null || value instanceof Map<?, ?>;
  }

  @Override
  public <T> T readValue(String content, Class<T> type) throws IOException {
    return mapper.readValue(content, type);
  }

  @Override
  public <T> T readValue(byte[] content, Class<T> type) throws IOException {
    return mapper.readValue(content, type);
  }

  @Override
  public <T> T readValue(String content, TypeRef<T> type) throws IOException {
    return mapper.readValue(content, type);
  }

  @Override
  public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
    return mapper.readValue(content, type);
  }

  @Override
  public String writeValueAsString(Object value) throws IOException {
    return mapper.writeValueAsString(value);
  }

  @Override
  public byte[] writeValueAsBytes(Object value) throws IOException {
    return mapper.writeValueAsBytes(value);
  }
}
