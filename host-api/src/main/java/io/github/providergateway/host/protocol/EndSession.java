package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;

/**
 * {@code session.end}: providers get {@code shutdown.pending}; replied once teardown is over.
 *
 * @param deadline {@code deadlineMs}; {@code null} for the default (10 s)
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 */
public record EndSession(JsonNode id, String sessionId, Duration deadline) implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param deadline {@code deadlineMs}; {@code null} for the default (10 s)
   * @throws IllegalArgumentException when {@code sessionId} is empty, or {@code deadline} is not
   *     positive
   */
  public EndSession {
    Checks.nonEmpty(sessionId, "sessionId");
    Checks.positiveOrNull(deadline, "deadlineMs");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSION_END;
  }
}
