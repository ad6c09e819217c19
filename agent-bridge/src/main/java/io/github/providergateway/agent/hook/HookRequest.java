package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One pre-tool-use hook call of an agent, as the gateway sees it, and what it came from.
 *
 * @param cwd the agent's working directory: the gateway session is the one with this cwd
 * @param tool the tool name providers' rules match ({@link ToolMapping})
 * @param args the arguments providers' rules match, a JSON object
 * @param agentInput the agent's own arguments, as it gave them: gates' rewrites are mapped back
 *     onto them ({@link ToolMapping#toAgent})
 * @param pathFrom the agent's field that {@code args.path} was copied from ({@code file_path},
 *     {@code notebook_path}; {@code include[2]} for an element of a list), or null when {@code
 *     path} is the agent's own or absent
 * @param event the agent's hook event when its answer depends on it (Cursor's {@code
 *     beforeReadFile} has no {@code ask}), else null
 * @param others the same call seen through each other file it names (a second path field, each file
 *     of a patch): each is decided as a call of its own, and the call runs only if every one would
 *     ({@link HookDecisions}); empty for a call that names one file or none
 * @param agentSession the agent's own session as its hook input names it ({@code session_id},
 *     Cursor's {@code conversation_id}), which pins the call's gateway session ({@link
 *     SessionPins}); null when it names none
 */
record HookRequest(
    String cwd,
    String tool,
    JsonNode args,
    JsonNode agentInput,
    String pathFrom,
    String event,
    List<HookRequest> others,
    String agentSession) {
  HookRequest {
    requireNonNull(cwd, "cwd");
    requireNonNull(tool, "tool");
    requireNonNull(args, "args");
    requireNonNull(agentInput, "agentInput");
    others = List.copyOf(others);
  }

  HookRequest(
      String cwd,
      String tool,
      JsonNode args,
      JsonNode agentInput,
      String pathFrom,
      String event,
      List<HookRequest> others) {
    this(cwd, tool, args, agentInput, pathFrom, event, others, null);
  }

  HookRequest(String cwd, String tool, JsonNode args, JsonNode agentInput, String pathFrom) {
    this(cwd, tool, args, agentInput, pathFrom, null, List.of());
  }

  /** This request, and each of {@link #others}, of the agent's session {@code agentSession}. */
  HookRequest withAgentSession(String agentSession) {
    return with(event, agentSession);
  }

  /** This request for the agent's hook {@code event}. */
  HookRequest forEvent(String event) {
    return with(event, agentSession);
  }

  private HookRequest with(String event, String agentSession) {
    return new HookRequest(
        cwd,
        tool,
        args,
        agentInput,
        pathFrom,
        event,
        others.stream().map(other -> other.with(event, agentSession)).toList(),
        agentSession);
  }
}
