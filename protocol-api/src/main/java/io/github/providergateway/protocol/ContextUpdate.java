package io.github.providergateway.protocol;

/**
 * {@code context.update}: replace the provider's ambient context from the next prompt on. An empty
 * text clears it.
 *
 * @param requestId echoed by the {@code ack} or {@code error} that answers it
 * @param sessionId the session it applies to; required of {@code "all"}-bound providers
 * @param context the new ambient context; empty clears it
 */
public record ContextUpdate(String requestId, String sessionId, String context)
    implements StateUpdate, ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param requestId echoed by the {@code ack} or {@code error} that answers it
   * @param sessionId the session it applies to; required of {@code "all"}-bound providers
   * @param context the new ambient context; empty clears it
   * @throws NullPointerException when {@code context} is null
   */
  public ContextUpdate {
    Require.present(context, "context");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.CONTEXT_UPDATE;
  }
}
