package io.github.providergateway.transport.jakarta;

import jakarta.websocket.CloseReason;

/**
 * What a {@link ConnectionEndpoint} hands one session's traffic to: a provider's connection or a
 * host's. Both keep their outbound side and their end in an {@link OutboundQueue}; the defaults are
 * theirs alike, so only where received text goes is written twice.
 */
interface Peer {

  /** One whole text message arrived, on a container thread. */
  void received(String text);

  /** The connection's outbound side, which also keeps its end. */
  OutboundQueue outbound();

  /** The container reports the session closed, whoever closed it. */
  default void ended() {
    outbound().ended();
  }

  /** Closes now with {@code reason}, dropping what waits; logs {@code why} at INFO unless null. */
  default void abort(CloseReason reason, String why) {
    outbound().abort(reason, why);
  }
}
