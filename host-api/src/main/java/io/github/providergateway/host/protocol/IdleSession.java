package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code session.idle}: the session's providers get {@code session.lifecycle idle}.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 */
public record IdleSession(JsonNode id, String sessionId) implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @throws IllegalArgumentException when {@code sessionId} is empty
   */
  public IdleSession {
    Checks.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSION_IDLE;
  }
}
