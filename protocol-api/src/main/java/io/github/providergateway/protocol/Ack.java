package io.github.providergateway.protocol;

/**
 * {@code ack}: an update carrying {@code requestId} was applied to one session. After it, every
 * dispatch there uses state of {@code revision} or newer.
 *
 * @param requestId the update's correlation id
 * @param sessionId the session the revision applies to
 * @param revision strictly increasing per (provider, session)
 */
public record Ack(String requestId, String sessionId, long revision) implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param requestId the update's correlation id
   * @param sessionId the session the revision applies to
   * @param revision strictly increasing per (provider, session)
   * @throws NullPointerException when {@code requestId} or {@code sessionId} is null
   * @throws IllegalArgumentException when {@code sessionId} is empty
   */
  public Ack {
    Require.present(requestId, "requestId");
    Require.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.ACK;
  }
}
