package io.github.providergateway.protocol;

/**
 * {@code tool.cancel}: abort a call. The provider must answer with {@code tool.result} whose {@code
 * errorCode} is {@code CANCELLED}.
 *
 * @param id the call's id
 * @param sessionId the call's session
 * @param reason why; {@code null} when absent or unknown to this library
 */
public record ToolCancel(String id, String sessionId, CancelReason reason)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param id the call's id
   * @param sessionId the call's session
   * @param reason why; {@code null} when absent or unknown to this library
   * @throws NullPointerException when {@code id} or {@code sessionId} is null
   * @throws IllegalArgumentException when {@code id} or {@code sessionId} is empty
   */
  public ToolCancel {
    Require.nonEmpty(id, "id");
    Require.nonEmpty(sessionId, "sessionId");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.TOOL_CANCEL;
  }
}
