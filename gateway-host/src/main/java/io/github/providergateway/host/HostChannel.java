package io.github.providergateway.host;

import io.github.providergateway.host.protocol.HostCommand;

/**
 * The {@link HostService}'s side of one host connection: where a carrier delivers what it reads.
 * Returned by {@link HostService#open} and {@link HostService#openTrusted}. Thread-safe; a carrier
 * calls it in the order commands arrived.
 */
public interface HostChannel {

  /**
   * Delivers one command as JSON text; an unreadable one is answered with its error. It is decoded
   * and handled on the gateway loop, one command at a time; until then it waits as text, counted in
   * the gateway's {@link io.github.providergateway.gateway.Gateway#inboundBacklog()}: past its
   * bound the service calls {@link HostConnection#suspendReading()} on the connection, and closes
   * one whose carrier goes on delivering ({@link
   * io.github.providergateway.gateway.spi.CloseReason#TOO_FAST}; what it delivered then is
   * dropped).
   *
   * @param text one whole command as received
   */
  void receive(String text);

  /**
   * Delivers one command already decoded.
   *
   * @param command the command
   */
  void receive(HostCommand command);

  /**
   * The connection closed, whoever closed it. The sessions it owns end after the re-claim grace
   * unless a new connection presents its re-claim token first.
   */
  void closed();
}
