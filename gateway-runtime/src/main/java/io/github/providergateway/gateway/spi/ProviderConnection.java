package io.github.providergateway.gateway.spi;

import io.github.providergateway.protocol.GatewayMessage;
import java.util.Optional;

/**
 * A transport's side of one provider connection: how the gateway sends to it. Implemented by
 * transports ({@code transport-ws}, {@code transport-stdio}, {@code transport-local}); the gateway
 * hands back a {@link ProviderLink} for the transport to deliver what it receives.
 *
 * <p>The gateway calls these methods on its loop. They must not block: a transport queues the
 * message and writes it on a thread of its own, in order.
 */
public interface ProviderConnection {

  /**
   * Queues {@code message} for the provider.
   *
   * @param message the message to send
   * @return {@code false} when the connection is closed or its bounded outbound queue is full; the
   *     transport then closes the connection and reports it closed
   */
  boolean send(GatewayMessage message);

  /**
   * Closes the connection after the messages already queued. The transport then calls {@link
   * ProviderLink#closed()}.
   *
   * @param reason why, sent to the provider as the close code and reason where the transport has
   *     one
   */
  void close(CloseReason reason);

  /** {@return a short description for logs, e.g. {@code ws 127.0.0.1:53211}} */
  String describe();

  /**
   * The local process at the other end, when the transport knows it: a child it started, or (on
   * Linux, found in {@code /proc} a moment after authentication) the process holding a loopback
   * socket's other end. For people only, to find the process behind a provider (a refusal of a
   * second provider of one name names the first one's); never for a decision. Must not block.
   * Default: none.
   *
   * @return the process, or empty when not known (yet)
   */
  default Optional<ProcessHandle> peerProcess() {
    return Optional.empty();
  }

  /**
   * The provider has authenticated. A transport that holds unauthenticated peers to a smaller
   * message size ({@link
   * io.github.providergateway.protocol.MessageLimits#maxUnauthenticatedMessageBytes()}) lifts it
   * now. Called once, on the gateway loop; must not block. Default: nothing.
   */
  default void authenticated() {}

  /**
   * The gateway has more of this provider's messages waiting than it lets one connection or all of
   * them queue ({@link io.github.providergateway.protocol.MessageLimits#maxQueuedInboundBytes()}):
   * stop reading from the peer until {@link #resumeReading()}, so that what it sends waits in its
   * own socket rather than in the gateway's memory. A transport may still deliver what it had
   * already read; one that delivers the connection's share again while suspended is closed ({@link
   * CloseReason#TOO_FAST}). Called on whichever thread delivered the message or on the loop; must
   * not block. Default: nothing (an in-process provider is trusted).
   */
  default void suspendReading() {}

  /** The gateway has caught up: read from the peer again. Same threads and rules as above. */
  default void resumeReading() {}
}
