package io.github.providergateway.gateway.spi;

import io.github.providergateway.protocol.ProviderMessage;

/**
 * The gateway's side of one provider connection: where a transport delivers what it receives.
 * Returned by {@link io.github.providergateway.gateway.TransportPort#acceptWebSocket}, {@link
 * io.github.providergateway.gateway.TransportPort#acceptSpawned} and {@link
 * io.github.providergateway.gateway.TransportPort#acceptLocal}. Thread-safe: a transport calls it
 * from its own threads, in the order messages arrived, and the gateway moves the work onto its
 * loop.
 */
public interface ProviderLink {

  /**
   * Delivers one text message from the wire. It is decoded, size-checked and handled on the gateway
   * loop, one message at a time (on the calling thread when the loop is idle). Text waiting for the
   * loop is bounded ({@link
   * io.github.providergateway.protocol.MessageLimits#maxQueuedInboundBytes()}): past it the gateway
   * calls {@link ProviderConnection#suspendReading()} on the connection that delivered (and, in
   * messages, past {@link io.github.providergateway.loop.InboundBacklog#DEFAULT_TOTAL_MESSAGES}). A
   * connection that delivers its share again while suspended has the rest dropped and is closed
   * {@link CloseReason#TOO_FAST}.
   *
   * @param text one whole message as received, not yet decoded
   */
  void receive(String text);

  /**
   * Delivers one message already in record form (in-process providers: no serialization).
   *
   * @param message the message, which the gateway treats as read-only
   */
  void receive(ProviderMessage message);

  /**
   * The connection closed, whoever closed it. Every call pending on it ends {@code DISCONNECTED}.
   * After the gateway has stopped it does nothing (stopping ended every call already), so a
   * transport may close its connections after the gateway.
   */
  void closed();
}
