package io.github.providergateway.protocol;

/**
 * {@code hello.ack}: the provider is registered and bound.
 *
 * <pre>{@code {"type":"hello.ack","protocolVersion":2,"providerId":"p-8f3a","sessionId":"abc123","reconnectToken":"tok-xyz789"}}</pre>
 *
 * @param protocolVersion the gateway's protocol version
 * @param providerId a stable id for this provider, kept across reconnects
 * @param sessionId the bound session's id, or {@code "all"}
 * @param reconnectToken present in a later {@code hello} to take this identity back
 * @param persistDir a directory for the provider's files across sessions (local providers only)
 */
public record HelloAck(
    int protocolVersion,
    String providerId,
    String sessionId,
    String reconnectToken,
    String persistDir)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param protocolVersion the gateway's protocol version
   * @param providerId a stable id for this provider, kept across reconnects
   * @param sessionId the bound session's id, or {@code "all"}
   * @param reconnectToken present in a later {@code hello} to take this identity back
   * @param persistDir a directory for the provider's files across sessions (local providers only)
   * @throws NullPointerException when {@code providerId} is null
   * @throws IllegalArgumentException when {@code providerId} is empty
   */
  public HelloAck {
    Require.nonEmpty(providerId, "providerId");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.HELLO_ACK;
  }

  /** Hides the reconnect token, a credential. */
  @Override
  public String toString() {
    return "HelloAck[protocolVersion=" + protocolVersion + ", providerId=" + providerId
        + ", sessionId=" + sessionId + ", persistDir=" + persistDir
        + (reconnectToken == null ? "" : ", reconnectToken=<redacted>") + "]";
  }
}
