package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code tool.progress} (ours): a progress message of a {@code tool.call} sent with {@code
 * "progress": true}, to the host that sent it only, at the pace the session timeline shows it.
 *
 * @param callId the {@code id} of that {@code tool.call}, as it was sent
 * @param sessionId the session's id
 * @param message the provider's progress text
 */
public record CallProgress(String sessionId, JsonNode callId, String message) implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "tool.progress";

  /**
   * Checks the required fields.
   *
   * @param sessionId the session's id
   * @param callId the {@code id} of that {@code tool.call}, as it was sent
   * @param message the provider's progress text
   * @throws NullPointerException when {@code sessionId}, {@code callId} or {@code message} is null
   */
  public CallProgress {
    requireNonNull(sessionId, "sessionId");
    requireNonNull(callId, "callId");
    requireNonNull(message, "message");
  }

  @Override
  public String event() {
    return NAME;
  }
}
