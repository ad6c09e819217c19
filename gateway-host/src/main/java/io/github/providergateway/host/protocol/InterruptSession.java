package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code session.interrupt} (ours): every call in flight in the session ends {@code CANCELLED}. */
public record InterruptSession(JsonNode id, String sessionId) implements HostCommand {

  public InterruptSession {
    Checks.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.SESSION_INTERRUPT;
  }
}
