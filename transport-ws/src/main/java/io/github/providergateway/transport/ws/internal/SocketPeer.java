package io.github.providergateway.transport.ws.internal;

import io.github.providergateway.websocket.internal.CloseStatus;
import io.github.providergateway.websocket.internal.FrameDecoder;
import io.github.providergateway.websocket.internal.OutboundQueue;
import java.time.Duration;
import java.time.Instant;

/**
 * What a {@link WsSocket} hands one WebSocket connection's traffic to: a provider's or a host's.
 * Every method runs on a Grizzly thread (or the server's timer) and must not block.
 *
 * <p>Both kinds keep their outbound queue, liveness and end in a {@link OutboundQueue}; the
 * defaults below are theirs alike, so only what differs (where received text goes) is written
 * twice.
 */
interface SocketPeer {

  /** One whole text message arrived. */
  void received(String text);

  /** The connection's outbound side, which also keeps its liveness and its end. */
  OutboundQueue<?> sender();

  /** The connection for logs. */
  String describe();

  /** What reads this peer's frames and applies their rules (see {@link WebSocketFilter}). */
  FrameDecoder decoder();

  /** Cuts the TCP connection without waiting for a close handshake. */
  void terminate();

  /** A pong (or anything else proving the peer alive) arrived. */
  default void heard() {
    sender().heard();
  }

  /** The WebSocket closed, whoever started it (peer, us, a dropped socket, a broken rule). */
  default void sessionClosed(CloseStatus reason) {
    sender().ended(reason);
  }

  /** Closes now with {@code reason}, dropping anything queued, and reports the connection gone. */
  default void abort(CloseStatus reason) {
    sender().abort(reason);
  }

  /**
   * One beat of the server's heartbeat: a peer silent for {@code idleTimeout} is closed (1001),
   * others get a ping.
   */
  default void heartbeat(Instant now, Duration idleTimeout) {
    sender().heartbeat(now, idleTimeout);
  }

  /**
   * The server refuses the peer (its frame guard, or the filter seeing it does not read): closes
   * the connection with the refusal's code, dropping what is queued, and logs why.
   */
  default void refuse(FrameDecoder.Refusal refusal) {
    CloseStatus reason = refusal.reason();
    System.getLogger(SocketPeer.class.getName())
        .log(
            System.Logger.Level.INFO,
            "{0}: {1}; closing ({2} {3})",
            describe(),
            refusal.detail(),
            String.valueOf(reason.code()),
            reason.reason());
    abort(reason);
    if (refusal.cutAtOnce()) {
      terminate();
    }
  }

  /**
   * Bytes of the outbound message being written to the peer now (0 when none), which the peer may
   * legitimately leave unread for a while: the filter's "not reading" bound allows for it.
   */
  default long inFlightBytes() {
    return sender().inFlightBytes();
  }
}
