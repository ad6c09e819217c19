package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code tool.cancel} (ours): cancels a {@code tool.call} this same host sent and that has no reply
 * yet. The call ends {@code CANCELLED} (its own reply says so) and, if it reached its provider, the
 * provider gets {@code tool.cancel} with reason {@code interrupted}. Reply: no fields; {@code
 * UNKNOWN_CALL} when this host has no call in flight with that id.
 *
 * @param callId the {@code id} of the {@code tool.call} to cancel, as it was sent (any JSON value)
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 */
public record CancelCall(JsonNode id, String sessionId, JsonNode callId) implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param callId the {@code id} of the {@code tool.call} to cancel, as it was sent (any JSON
   *     value)
   * @throws NullPointerException when {@code callId} is null
   * @throws IllegalArgumentException when {@code sessionId} is empty
   */
  public CancelCall {
    Checks.nonEmpty(sessionId, "sessionId");
    requireNonNull(callId, "callId");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.TOOL_CANCEL;
  }
}
