package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;

/**
 * {@code tool.call}. Reply: {@code outcome} and {@code context}.
 *
 * @param args the tool's arguments ({@code {}} when the command had none)
 * @param timeout {@code timeoutMs}; {@code null} for the tool's own
 */
public record CallTool(JsonNode id, String sessionId, String tool, ObjectNode args, Duration timeout)
    implements HostCommand {

  public CallTool {
    Checks.nonEmpty(sessionId, "sessionId");
    Checks.nonEmpty(tool, "tool");
    requireNonNull(args, "args");
    Checks.positiveOrNull(timeout, "timeoutMs");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.TOOL_CALL;
  }
}
