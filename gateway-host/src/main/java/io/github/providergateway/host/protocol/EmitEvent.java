package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code event}: forwarded to subscribed providers as {@code session.event}. */
public record EmitEvent(JsonNode id, String sessionId, String event, ObjectNode data)
    implements HostCommand {

  public EmitEvent {
    Checks.nonEmpty(sessionId, "sessionId");
    Checks.nonEmpty(event, "event");
    requireNonNull(data, "data");
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.EVENT;
  }
}
