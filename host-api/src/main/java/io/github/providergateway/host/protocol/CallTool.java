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
 * @param progress ours: {@code true} sends this host the call's {@code tool.progress} events
 *     ({@link CallProgress}); {@code null} (absent) or {@code false}: none
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 * @param tool the tool's name
 */
public record CallTool(
    JsonNode id, String sessionId, String tool, ObjectNode args, Duration timeout, Boolean progress)
    implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param tool the tool's name
   * @param args the tool's arguments ({@code {}} when the command had none)
   * @param timeout {@code timeoutMs}; {@code null} for the tool's own
   * @param progress ours: {@code true} sends this host the call's {@code tool.progress} events
   *     ({@link CallProgress}); {@code null} (absent) or {@code false}: none
   * @throws NullPointerException when {@code args} is null
   * @throws IllegalArgumentException when {@code sessionId} or {@code tool} is empty, or {@code
   *     timeout} is not positive
   */
  public CallTool {
    Checks.nonEmpty(sessionId, "sessionId");
    Checks.nonEmpty(tool, "tool");
    requireNonNull(args, "args");
    Checks.positiveOrNull(timeout, "timeoutMs");
  }

  /**
   * A call without progress events, as host-rpc.md has it.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param tool the tool's name
   * @param args the tool's arguments
   * @param timeout {@code timeoutMs}; {@code null} for the tool's own
   */
  public CallTool(JsonNode id, String sessionId, String tool, ObjectNode args, Duration timeout) {
    this(id, sessionId, tool, args, timeout, null);
  }

  /** {@return whether the host asked for the call's progress events} */
  public boolean wantsProgress() {
    return Boolean.TRUE.equals(progress);
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.TOOL_CALL;
  }
}
