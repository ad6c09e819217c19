package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code session.idle}: the session's providers get {@code session.lifecycle idle}. */
public record IdleSession(JsonNode id, String sessionId) implements HostCommand {

  public IdleSession {
    Checks.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSION_IDLE;
  }
}
