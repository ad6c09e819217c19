package io.github.providergateway.protocol;

/**
 * {@code transform.result}: the new text of a section, answering a {@code transform.request}.
 *
 * @param callId the {@code callId} of the {@code transform.request} it answers
 * @param content the section's whole new text
 */
public record TransformResult(String callId, String content) implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param callId the {@code callId} of the {@code transform.request} it answers
   * @param content the section's whole new text
   * @throws NullPointerException when {@code callId} or {@code content} is null
   * @throws IllegalArgumentException when {@code callId} is empty
   */
  public TransformResult {
    Require.nonEmpty(callId, "callId");
    Require.present(content, "content");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.TRANSFORM_RESULT;
  }
}
