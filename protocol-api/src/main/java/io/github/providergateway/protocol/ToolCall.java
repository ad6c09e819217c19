package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code tool.call}: run a tool. The provider must answer with exactly one {@code tool.result}
 * carrying the same {@code id}.
 *
 * <pre>
 * {@code {"type":"tool.call","id":"call-123","sessionId":"abc123","tool":"greet","args":{"name":"Alice"}}}
 * </pre>
 *
 * @param id globally unique across sessions, connections and providers
 * @param sessionId the session the call belongs to
 * @param tool the tool's name
 * @param args the arguments (a JSON object)
 */
public record ToolCall(String id, String sessionId, String tool, JsonNode args)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param id globally unique across sessions, connections and providers
   * @param sessionId the session the call belongs to
   * @param tool the tool's name
   * @param args the arguments (a JSON object)
   * @throws NullPointerException when {@code id}, {@code sessionId}, {@code tool} or {@code args}
   *     is null
   * @throws IllegalArgumentException when {@code id}, {@code sessionId} or {@code tool} is empty
   */
  public ToolCall {
    Require.nonEmpty(id, "id");
    Require.nonEmpty(sessionId, "sessionId");
    Require.nonEmpty(tool, "tool");
    Require.present(args, "args");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.TOOL_CALL;
  }
}
