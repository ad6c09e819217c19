package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code hook.preToolUse}: runs the hooks only. Reply: {@code decision}. */
public record PreToolUse(JsonNode id, String sessionId, String tool, ObjectNode args)
    implements HostCommand {

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
