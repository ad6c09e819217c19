package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One pre-tool-use hook call of an agent, as the gateway sees it.
 *
 * @param cwd the agent's working directory: the gateway session is the one with this cwd
 * @param tool the tool name providers' rules match ({@link ToolMapping})
 * @param args the arguments providers' rules match, a JSON object
 */
record HookRequest(String cwd, String tool, JsonNode args) {
  HookRequest {
    requireNonNull(cwd, "cwd");
    requireNonNull(tool, "tool");
    requireNonNull(args, "args");
  }
}
