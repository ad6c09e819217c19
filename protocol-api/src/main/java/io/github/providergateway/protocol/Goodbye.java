package io.github.providergateway.protocol;

/**
 * {@code goodbye}: the provider is leaving. The gateway unbinds it at once and closes the
 * connection; during a session's shutdown it also counts as {@code shutdown.ready}.
 *
 * @param reason why, for the logs; optional
 */
public record Goodbye(String reason) implements ProviderMessage {

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.GOODBYE;
  }
}
