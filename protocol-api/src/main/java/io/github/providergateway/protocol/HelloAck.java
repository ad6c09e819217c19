package io.github.providergateway.protocol;

import java.util.List;

/**
 * {@code hello.ack}: the provider is registered and bound.
 *
 * <pre>
 * {@code {"type":"hello.ack","protocolVersion":2,"providerId":"p-8f3a","sessionId":"abc123","reconnectToken":"tok-xyz789"}}
 * </pre>
 *
 * @param protocolVersion the gateway's protocol version
 * @param providerId a stable id for this provider, kept across reconnects
 * @param sessionId the bound session's id, or {@code "all"}
 * @param reconnectToken present in a later {@code hello} to take this identity back
 * @param persistDir a directory for the provider's files across sessions (local providers only)
 * @param extensions the protocol extensions of the {@code hello} the gateway accepted, by wire name
 *     ({@link ProtocolExtension}); present only when the {@code hello} carried {@code extensions},
 *     so a provider that lists none sees exactly the spec's {@code hello.ack}
 */
public record HelloAck(
    int protocolVersion,
    String providerId,
    String sessionId,
    String reconnectToken,
    String persistDir,
    List<String> extensions)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param protocolVersion the gateway's protocol version
   * @param providerId a stable id for this provider, kept across reconnects
   * @param sessionId the bound session's id, or {@code "all"}
   * @param reconnectToken present in a later {@code hello} to take this identity back
   * @param persistDir a directory for the provider's files across sessions (local providers only)
   * @param extensions the accepted protocol extensions, by wire name; copied
   * @throws NullPointerException when {@code providerId} is null
   * @throws IllegalArgumentException when {@code providerId} is empty, or {@code extensions} holds
   *     an empty string
   */
  public HelloAck {
    Require.nonEmpty(providerId, "providerId");
    extensions = Require.copyOrNull(extensions);
    Require.noEmptyStrings(extensions, "extensions");
  }

  /**
   * A {@code hello.ack} without {@code extensions}, as the spec has it.
   *
   * @param protocolVersion the gateway's protocol version
   * @param providerId a stable id for this provider, kept across reconnects
   * @param sessionId the bound session's id, or {@code "all"}
   * @param reconnectToken present in a later {@code hello} to take this identity back
   * @param persistDir a directory for the provider's files across sessions (local providers only)
   * @throws NullPointerException when {@code providerId} is null
   * @throws IllegalArgumentException when {@code providerId} is empty
   */
  public HelloAck(
      int protocolVersion,
      String providerId,
      String sessionId,
      String reconnectToken,
      String persistDir) {
    this(protocolVersion, providerId, sessionId, reconnectToken, persistDir, null);
  }

  /**
   * Whether the gateway accepted {@code extension} for this provider.
   *
   * @param extension the extension
   * @return whether {@code extensions} lists its wire name
   */
  public boolean accepted(ProtocolExtension extension) {
    return extensions != null && extensions.contains(extension.wireName());
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.HELLO_ACK;
  }

  /** Hides the reconnect token, a credential. */
  @Override
  public String toString() {
    return "HelloAck[protocolVersion="
        + protocolVersion
        + ", providerId="
        + providerId
        + ", sessionId="
        + sessionId
        + ", persistDir="
        + persistDir
        + (extensions == null ? "" : ", extensions=" + extensions)
        + (reconnectToken == null ? "" : ", reconnectToken=<redacted>")
        + "]";
  }
}
