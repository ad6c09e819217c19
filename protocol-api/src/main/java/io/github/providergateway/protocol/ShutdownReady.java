package io.github.providergateway.protocol;

/**
 * {@code shutdown.ready}: the provider finished cleaning up after {@code shutdown.pending}.
 *
 * @param sessionId the ending session; may be omitted by a provider bound to a single session
 */
public record ShutdownReady(String sessionId) implements SessionScoped, ProviderMessage {

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.SHUTDOWN_READY;
  }
}
