package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads one agent hook call: the JSON the agent writes on a command hook's stdin or POSTs to an
 * HTTP hook. What cannot be read is refused with an explicit deny (fail closed), never an error the
 * agent could take for "no objection".
 */
final class HookRequests {

  /** More than any hook input an agent sends; a larger one is refused (fail closed). */
  static final int MAX_INPUT_BYTES = 16 * 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private HookRequests() {}

  /** A hook call read: the request, or the deny that answers input that could not be read. */
  record Read(HookRequest request, HookVerdict refusal) {}

  /** Reads {@code bytes}, at most {@link #MAX_INPUT_BYTES} of them, as {@code agent}'s hook input. */
  static Read read(AgentKind agent, byte[] bytes) {
    try {
      if (bytes.length > MAX_INPUT_BYTES) {
        throw new IllegalArgumentException("hook input larger than " + MAX_INPUT_BYTES + " bytes");
      }
      JsonNode input = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
      if (input == null || !input.isObject()) {
        throw new IllegalArgumentException("hook input is not a JSON object");
      }
      return new Read(agent.parse(input), null);
    } catch (IOException | IllegalArgumentException e) {
      String why = e instanceof JsonProcessingException json
          ? "hook input is not JSON: " + json.getOriginalMessage()
          : e.getMessage();
      return new Read(null, HookVerdict.deny(
          "provider gateway hook could not read the " + agent.word() + " hook input (" + why + "); denied",
          "malformed input, denied: " + why));
    }
  }
}
