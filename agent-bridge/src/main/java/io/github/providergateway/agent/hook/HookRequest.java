package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One pre-tool-use hook call of an agent, as the gateway sees it, and what it came from.
 *
 * @param cwd the agent's working directory: the gateway session is the one with this cwd
 * @param tool the tool name providers' rules match ({@link ToolMapping})
 * @param args the arguments providers' rules match, a JSON object
 * @param agentInput the agent's own arguments, as it gave them: gates' rewrites are mapped back
 *     onto them ({@link ToolMapping#toAgent})
 * @param pathFrom the agent's field that {@code args.path} was copied from ({@code file_path},
 *     {@code notebook_path}), or null when {@code path} is the agent's own or absent
 */
record HookRequest(String cwd, String tool, JsonNode args, JsonNode agentInput, String pathFrom) {
  HookRequest {
    requireNonNull(cwd, "cwd");
    requireNonNull(tool, "tool");
    requireNonNull(args, "args");
    requireNonNull(agentInput, "agentInput");
  }
}
