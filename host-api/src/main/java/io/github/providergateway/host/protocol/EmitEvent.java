package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code event}: forwarded to subscribed providers as {@code session.event}.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param sessionId the session's id
 * @param event the event's name
 * @param data the event's data, a JSON object
 */
public record EmitEvent(JsonNode id, String sessionId, String event, ObjectNode data)
    implements HostCommand {

  /**
   * Checks the required fields.
   *
   * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
   * @param sessionId the session's id
   * @param event the event's name
   * @param data the event's data, a JSON object
   * @throws NullPointerException when {@code data} is null
   * @throws IllegalArgumentException when {@code sessionId} or {@code event} is empty
   */
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
