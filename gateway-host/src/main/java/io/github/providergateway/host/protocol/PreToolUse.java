package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code hook.preToolUse}: runs the hooks only. Reply: {@code decision}.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 * @param tool the tool's name
 * @param args the tool's arguments, a JSON object
 */
public record PreToolUse(JsonNode id, String sessionId, String tool, ObjectNode args)
    implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param tool the tool's name
   * @param args the tool's arguments, a JSON object
   * @throws NullPointerException when {@code args} is null
   * @throws IllegalArgumentException when {@code sessionId} or {@code tool} is empty
   */
  public PreToolUse {
    Checks.nonEmpty(sessionId, "sessionId");
    Checks.nonEmpty(tool, "tool");
    requireNonNull(args, "args");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.HOOK_PRE_TOOL_USE;
  }
}
