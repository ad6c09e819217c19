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
 * @param hostAsks ours: {@code true} when the host asks its person itself: a gate's question
 *     (extension {@code gate.ask}) comes back as {@code "permission":"ask"} with the question as
 *     {@code reason}, instead of being put by the gateway; optional
 */
public record PreToolUse(
    JsonNode id, String sessionId, String tool, ObjectNode args, Boolean hostAsks)
    implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param tool the tool's name
   * @param args the tool's arguments, a JSON object
   * @param hostAsks ours: whether the host asks its person itself; optional
   * @throws NullPointerException when {@code args} is null
   * @throws IllegalArgumentException when {@code sessionId} or {@code tool} is empty
   */
  public PreToolUse {
    Checks.nonEmpty(sessionId, "sessionId");
    Checks.nonEmpty(tool, "tool");
    requireNonNull(args, "args");
  }

  /**
   * A {@code hook.preToolUse} whose host lets the gateway ask the person.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param tool the tool's name
   * @param args the tool's arguments, a JSON object
   */
  public PreToolUse(JsonNode id, String sessionId, String tool, ObjectNode args) {
    this(id, sessionId, tool, args, null);
  }

  /** {@return whether the host asks its person itself} */
  public boolean asksItself() {
    return Boolean.TRUE.equals(hostAsks);
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.HOOK_PRE_TOOL_USE;
  }
}
