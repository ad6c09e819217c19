package io.github.providergateway.protocol;

/**
 * {@code context.update}: replace the provider's ambient context from the next prompt on. An empty
 * text clears it.
 */
public record ContextUpdate(String requestId, String sessionId, String context)
    implements StateUpdate, ProviderMessage {

  public ContextUpdate {
    Require.present(context, "context");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.CONTEXT_UPDATE;
  }
}
