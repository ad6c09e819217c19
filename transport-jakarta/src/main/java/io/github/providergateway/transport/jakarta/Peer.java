package io.github.providergateway.transport.jakarta;

import io.github.providergateway.websocket.internal.CloseStatus;
import io.github.providergateway.websocket.internal.OutboundQueue;

/**
 * What a {@link ConnectionEndpoint} hands one session's traffic to: a provider's connection or a
 * host's. Both keep their outbound side and their end in {@code websocket-core}'s {@link
 * OutboundQueue}; the defaults are theirs alike, so only where received text goes is written twice.
 */
interface Peer {

  /** One whole text message arrived, on a container thread. */
  void received(String text);

  /** The connection's outbound side, which also keeps its end. */
  OutboundQueue<String> outbound();

  /** The container reports the session closed, whoever closed it, with {@code status}. */
  default void ended(CloseStatus status) {
    outbound().ended(status);
  }

  /** Closes now with {@code reason}, dropping what waits; logs {@code why} at INFO unless null. */
  default void abort(CloseStatus reason, String why) {
    outbound().abort(reason, why);
  }
}
