package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code session.interrupt} (ours): every call in flight in the session ends {@code CANCELLED}.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 */
public record InterruptSession(JsonNode id, String sessionId) implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @throws IllegalArgumentException when {@code sessionId} is empty
   */
  public InterruptSession {
    Checks.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSION_INTERRUPT;
  }
}
