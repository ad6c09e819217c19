package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.ProviderMessage;

/**
 * One connection from a provider to the gateway, as the {@link ProviderRuntime} uses it: the
 * transports' side of the provider runtime (the local transport, the WebSocket client). Both
 * methods may be called from any thread and must not block.
 */
public interface ProviderChannel {

  /**
   * Queues {@code message} for the gateway, in call order.
   *
   * @param message the message to send
   * @return {@code false} when the connection is closed or its outbound queue is full (the
   *     transport then drops the connection)
   */
  boolean send(ProviderMessage message);

  /**
   * Closes the connection after the messages already queued. The transport then reports {@link
   * ProviderRuntime#closed}.
   */
  void close();
}
