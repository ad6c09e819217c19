package io.github.providergateway.protocol;

/** {@code transform.result}: the new text of a section, answering a {@code transform.request}. */
public record TransformResult(String callId, String content) implements ProviderMessage {

  public TransformResult {
    Require.nonEmpty(callId, "callId");
    Require.present(content, "content");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.TRANSFORM_RESULT;
  }
}
