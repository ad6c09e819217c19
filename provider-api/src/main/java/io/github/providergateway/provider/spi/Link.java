package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.ProviderMessage;

/**
 * The connection the runtime talks through now, or none between connections. Set on the loop; read
 * from any thread (pushes go straight out).
 */
final class Link {

  /** The open connection, or null. Written on the loop only. */
  private volatile ProviderChannel channel;

  ProviderChannel current() {
    return channel;
  }

  void set(ProviderChannel channel) {
    this.channel = channel;
  }

  /** Sends on the current connection; {@code false} when there is none or it refused. */
  boolean send(ProviderMessage message) {
    ProviderChannel connection = channel;
    return connection != null && connection.send(message);
  }

  /**
   * Sends on {@code connection} if it is still the current one: an answer belongs to the connection
   * its question came on, never to a later one.
   */
  boolean sendOn(ProviderChannel connection, ProviderMessage message) {
    return connection != null && channel == connection && connection.send(message);
  }
}
