package io.github.providergateway.transport.ws.internal;

import jakarta.websocket.CloseReason;

/**
 * What {@link PeerEndpoint} hands one WebSocket connection's traffic to: a provider's or a host's.
 * Every method runs on a Grizzly worker thread and must not block.
 */
interface SocketPeer {

  /** One whole text message arrived. */
  void received(String text);

  /** A binary frame arrived: these protocols are JSON text only, so the connection ends (1003). */
  void binaryReceived();

  /** A pong (or anything else proving the peer alive) arrived. */
  void heard();

  /** Tyrus closed the session, whoever started it (peer, us, a dropped socket, a frame too big). */
  void sessionClosed(CloseReason reason);

  /** The connection for logs. */
  String describe();
}
