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

  private static jakarta.websocket.CloseReason close(CloseCodes code, String phrase) {
    return new jakarta.websocket.CloseReason(code, phrase);
  }
}
