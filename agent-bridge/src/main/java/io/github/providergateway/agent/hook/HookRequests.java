package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;

/**
 * Reads one agent hook call: the JSON the agent writes on a command hook's stdin or POSTs to an
 * HTTP hook. What cannot be read is refused with an explicit deny (fail closed), never an error the
 * agent could take for "no objection".
 */
final class HookRequests {

  /**
   * More than any hook input an agent sends (a file an agent writes is what its model can say in
   * one answer); a larger one is refused (fail closed). The same on every way in: the command
   * hook's stdin, {@link HookRoute}, {@link HookSocket}.
   */
  static final int MAX_INPUT_BYTES = 4 * 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private HookRequests() {}

  /** A hook call read: the request, or the deny that answers input that could not be read. */
  record Read(HookRequest request, HookVerdict refusal) {}

  /**
   * The agent's own session as its input names it: {@code session_id} (Claude Code, Codex, Gemini
   * CLI), {@code sessionId} (Copilot CLI), {@code conversation_id} (Cursor); null for none.
   */
  private static String agentSession(JsonNode input) {
    for (String field : List.of("session_id", "sessionId", "conversation_id")) {
      JsonNode value = input.get(field);
      if (value != null && value.isTextual() && !value.textValue().isEmpty()) {
        return value.textValue();
      }
    }
    return null;
  }

  /**
   * The agents' after-tool events: Claude Code's and Codex's {@code PostToolUse} (Claude's {@code
   * PostToolUseFailure} for a call that ran and failed), Gemini CLI's {@code AfterTool}, Copilot
   * CLI's {@code postToolUse}. Their input names the call that ran.
   */
  static final java.util.Set<String> AFTER_TOOL =
      java.util.Set.of("PostToolUse", "PostToolUseFailure", "AfterTool", "postToolUse");

  /**
   * Whether {@code bytes} is an after-tool hook's input (its {@code hook_event_name} says so): the
   * agent reports a call that ran, and nothing is decided.
   */
  static boolean afterTool(byte[] bytes) {
    if (bytes.length > MAX_INPUT_BYTES) {
      return false;
    }
    try {
      JsonNode input = JSON.readTree(bytes);
      JsonNode event = input == null ? null : input.get("hook_event_name");
      return event != null && event.isTextual() && AFTER_TOOL.contains(event.textValue());
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Reads {@code bytes}, at most {@link #MAX_INPUT_BYTES} of them, as {@code agent}'s hook input.
   */
  static Read read(AgentKind agent, byte[] bytes) {
    try {
      if (bytes.length > MAX_INPUT_BYTES) {
        throw new IllegalArgumentException("hook input larger than " + MAX_INPUT_BYTES + " bytes");
      }
      JsonNode input = JSON.readTree(bytes);
      if (input == null || !input.isObject()) {
        throw new IllegalArgumentException("hook input is not a JSON object");
      }
      return new Read(agent.parse(input).withAgentSession(agentSession(input)), null);
    } catch (IOException | IllegalArgumentException e) {
      String why =
          e instanceof JsonProcessingException json
              ? "hook input is not JSON: " + json.getOriginalMessage()
              : e.getMessage();
      return new Read(
          null,
          HookVerdict.deny(
              "provider gateway hook could not read the "
                  + agent.word()
                  + " hook input ("
                  + why
                  + "); denied",
              "malformed input, denied: " + why));
    }
  }
}
