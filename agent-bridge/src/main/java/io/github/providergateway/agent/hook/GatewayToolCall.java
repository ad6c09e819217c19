package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An agent's tool call as providers' {@code onPreToolUse} rules and the guard see it ({@link
 * AgentKind#asGatewayCalls}): the gateway's name of the tool and the arguments rules match.
 *
 * @param tool the gateway's tool name ({@code shell}, {@code edit}, {@code read}, {@code
 *     mcp__<server>__<tool>}, or the agent's own name for any other tool)
 * @param args the arguments rules match, a JSON object
 */
public record GatewayToolCall(String tool, JsonNode args) {

  /**
   * Checks that both are there.
   *
   * @param tool the gateway's tool name
   * @param args the arguments, a JSON object
   */
  public GatewayToolCall {
    requireNonNull(tool, "tool");
    requireNonNull(args, "args");
  }
}
