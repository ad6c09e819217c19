package io.github.providergateway.protocol;

/**
 * {@code transform.request}: a {@code callback} transform's turn at a prompt section; answer with
 * {@code transform.result} within 2 s or the section stays as {@code current}.
 */
public record TransformRequest(String callId, String sessionId, String section, String current)
    implements GatewayMessage {

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
