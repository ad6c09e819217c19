package io.github.providergateway.protocol;

/**
 * {@code transform.request}: a {@code callback} transform's turn at a prompt section; answer with
 * {@code transform.result} within 2 s or the section stays as {@code current}.
 *
 * @param callId the request's id, echoed by the {@code transform.result}
 * @param sessionId the session's id
 * @param section the section's name
 * @param current the section's current text
 */
public record TransformRequest(String callId, String sessionId, String section, String current)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param callId the request's id, echoed by the {@code transform.result}
   * @param sessionId the session's id
   * @param section the section's name
   * @param current the section's current text
   * @throws NullPointerException when {@code callId}, {@code sessionId}, {@code section} or {@code
   *     current} is null
   * @throws IllegalArgumentException when {@code callId}, {@code sessionId} or {@code section} is
   *     empty
   */
  public TransformRequest {
    Require.nonEmpty(callId, "callId");
    Require.nonEmpty(sessionId, "sessionId");
    Require.nonEmpty(section, "section");
    Require.present(current, "current");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.TRANSFORM_REQUEST;
  }
}
