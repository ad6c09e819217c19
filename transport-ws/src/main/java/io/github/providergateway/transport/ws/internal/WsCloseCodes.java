package io.github.providergateway.transport.ws.internal;

import io.github.providergateway.gateway.CloseReason;
import jakarta.websocket.CloseReason.CloseCodes;

/**
 * The RFC 6455 status codes this transport closes with. One place, so a provider author can read
 * every close the server makes and what it means.
 */
final class WsCloseCodes {

  private WsCloseCodes() {}

  /** Why the gateway closed, as a WebSocket close frame. */
  static jakarta.websocket.CloseReason of(CloseReason reason) {
    return switch (reason) {
      case NORMAL -> close(CloseCodes.NORMAL_CLOSURE, "goodbye");
      case AUTH_FAILED -> close(CloseCodes.VIOLATED_POLICY, "authentication failed");
      case UNSUPPORTED_VERSION -> close(CloseCodes.PROTOCOL_ERROR, "unsupported protocol version");
      case PROTOCOL_ERROR -> close(CloseCodes.PROTOCOL_ERROR, "protocol error");
      // A peer that does not drain what it is sent broke the transport's contract: 1008, not
      // 1013, which would tell it the server is overloaded and invite an immediate retry.
      case TOO_SLOW -> tooSlow();
      case UNBOUND_TOO_LONG -> close(CloseCodes.VIOLATED_POLICY, "no hello within the bind timeout");
      case GATEWAY_STOPPING -> goingAway();
    };
  }

  /** The outbound queue overflowed (R-WS-06). */
  static jakarta.websocket.CloseReason tooSlow() {
    return close(CloseCodes.VIOLATED_POLICY, "too slow: outbound queue full");
  }

  /** The server or the gateway is stopping. */
  static jakarta.websocket.CloseReason goingAway() {
    return close(CloseCodes.GOING_AWAY, "gateway stopping");
  }

  /** Binary frames carry nothing in this protocol: every message is JSON text. */
  static jakarta.websocket.CloseReason binaryRefused() {
    return close(CloseCodes.CANNOT_ACCEPT, "binary messages are not supported");
  }

  /** Nothing, not even a pong, arrived within the idle timeout: the peer is presumed dead. */
  static jakarta.websocket.CloseReason idle() {
    return close(CloseCodes.GOING_AWAY, "idle timeout");
  }

  /** The peer connected from an address that is not loopback (R-WS-02). */
  static jakarta.websocket.CloseReason notLoopback() {
    return close(CloseCodes.VIOLATED_POLICY, "loopback connections only");
  }

  /** The server itself is in a state it should never reach; the connection cannot be served. */
  static jakarta.websocket.CloseReason internalError() {
    return close(CloseCodes.UNEXPECTED_CONDITION, "internal error");
  }

  /** A write failed: the socket is broken. */
  static jakarta.websocket.CloseReason writeFailed() {
    return close(CloseCodes.UNEXPECTED_CONDITION, "write failed");
  }

  /** A client frame without a mask: RFC 6455 §5.1 says the server must close the connection. */
  static jakarta.websocket.CloseReason unmasked() {
    return close(CloseCodes.PROTOCOL_ERROR, "frames from a client must be masked");
  }

  /** A frame the protocol does not allow (a malformed length). */
  static jakarta.websocket.CloseReason protocolError() {
    return close(CloseCodes.PROTOCOL_ERROR, "protocol error");
  }

  /** A message larger than the connection may send: 1009, "message too big" (RFC 6455 §7.4.1). */
  static jakarta.websocket.CloseReason tooBig() {
    return close(CloseCodes.TOO_BIG, "message too big");
  }

  /**
   * The server holds as many unfinished messages as it may: 1013, "try again later" (RFC 6455
   * registry), so the peer may retry once others finish.
   */
  static jakarta.websocket.CloseReason tryAgainLater() {
    return close(CloseCodes.TRY_AGAIN_LATER, "too many unfinished messages; try again later");
  }

  /** A message was begun and not finished within the server's deadline. */
  static jakarta.websocket.CloseReason unfinishedMessage() {
    return close(CloseCodes.VIOLATED_POLICY, "message not finished in time");
  }

  /** Pings faster than any heartbeat needs: each costs a queued pong. */
  static jakarta.websocket.CloseReason pingFlood() {
    return close(CloseCodes.VIOLATED_POLICY, "too many pings");
  }

  /** The peer does not read what it is sent (its pongs or the message in flight pile up). */
  static jakarta.websocket.CloseReason notReading() {
    return close(CloseCodes.VIOLATED_POLICY, "not reading: unwritten data over its bound");
  }

  private static jakarta.websocket.CloseReason close(CloseCodes code, String phrase) {
    return new jakarta.websocket.CloseReason(code, phrase);
  }
}
