package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;

/**
 * Ours: {@code mcp.feature}. Asks the session's federated MCP servers an MCP request beyond tools
 * ({@link McpFeature}: resources, templates, prompts, completions; decision 123); replied with
 * {@code result}, the MCP result object.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 * @param method the MCP request
 * @param params its MCP {@code params}, an object
 */
public record AskMcpFeature(JsonNode id, String sessionId, McpFeature method, JsonNode params)
    implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param method the MCP request
   * @param params its MCP {@code params}, an object
   * @throws IllegalArgumentException when {@code sessionId} is empty or {@code params} not an
   *     object
   */
  public AskMcpFeature {
    Checks.nonEmpty(sessionId, "sessionId");
    requireNonNull(method, "method");
    requireNonNull(params, "params");
    if (!params.isObject()) {
      throw new IllegalArgumentException("params must be an object");
    }
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.MCP_FEATURE;
  }
}
