package io.github.providergateway.gateway;

import io.github.providergateway.protocol.GatewayMessage;

/**
 * A transport's side of one provider connection: how the gateway sends to it. Implemented by
 * transports ({@code transport-ws}, {@code transport-local}); the gateway hands back a {@link
 * ProviderLink} for the transport to deliver what it receives.
 *
 * <p>The gateway calls these methods on its loop. They must not block: a transport queues the
 * message and writes it on a thread of its own, in order.
 */
public interface ProviderConnection {

  /**
   * Queues {@code message} for the provider.
   *
   * @return {@code false} when the connection is closed or its bounded outbound queue is full; the
   *     transport then closes the connection and reports it closed
   */
  boolean send(GatewayMessage message);

  /**
   * Closes the connection after the messages already queued. The transport then calls {@link
   * ProviderLink#closed()}.
   */
  void close(CloseReason reason);

  /** A short description for logs, e.g. {@code ws 127.0.0.1:53211}. */
  String describe();
}
