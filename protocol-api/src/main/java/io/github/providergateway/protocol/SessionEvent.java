package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code session.event}: something happened in a session the provider subscribed to ({@code
 * user.message}, {@code assistant.message}, {@code tool.execution_complete}, {@code
 * assistant.intent}; see {@link SessionEvents}).
 *
 * @param sessionId the session's id
 * @param event the event's type, e.g. {@code user.message}
 * @param data the event's data, as the host sent it
 */
public record SessionEvent(String sessionId, String event, JsonNode data)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param sessionId the session's id
   * @param event the event's type, e.g. {@code user.message}
   * @param data the event's data, as the host sent it
   * @throws NullPointerException when {@code sessionId}, {@code event} or {@code data} is null
   * @throws IllegalArgumentException when {@code sessionId} or {@code event} is empty
   */
  public SessionEvent {
    Require.nonEmpty(sessionId, "sessionId");
    Require.nonEmpty(event, "event");
    Require.present(data, "data");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.SESSION_EVENT;
  }
}
