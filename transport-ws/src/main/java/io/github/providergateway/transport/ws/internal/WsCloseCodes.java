package io.github.providergateway.transport.ws.internal;

import io.github.providergateway.gateway.CloseReason;

/**
 * The RFC 6455 status codes this transport closes with. One place, so a provider author can read
 * every close the server makes and what it means.
 */
final class WsCloseCodes {

  private WsCloseCodes() {}

  /** Why the gateway closed, as a WebSocket close frame. */
  static WsClose of(CloseReason reason) {
    return switch (reason) {
      case NORMAL -> close(WsClose.NORMAL, "goodbye");
      case AUTH_FAILED -> close(WsClose.VIOLATED_POLICY, "authentication failed");
      case UNSUPPORTED_VERSION -> close(WsClose.PROTOCOL_ERROR, "unsupported protocol version");
      case PROTOCOL_ERROR -> close(WsClose.PROTOCOL_ERROR, "protocol error");
      // A peer that does not drain what it is sent broke the transport's contract: 1008, not
      // 1013, which would tell it the server is overloaded and invite an immediate retry.
      case TOO_SLOW -> tooSlow();
      // The same rule the other way: a peer that goes on sending after reading stopped.
      case TOO_FAST -> close(WsClose.VIOLATED_POLICY, "too fast: inbound backlog full");
      case UNBOUND_TOO_LONG -> close(WsClose.VIOLATED_POLICY, "no hello within the bind timeout");
      case GATEWAY_STOPPING -> goingAway();
    };
  }

  /** The outbound queue overflowed (R-WS-06). */
  static WsClose tooSlow() {
    return close(WsClose.VIOLATED_POLICY, "too slow: outbound queue full");
  }

  /** The server or the gateway is stopping. */
  static WsClose goingAway() {
    return close(WsClose.GOING_AWAY, "gateway stopping");
  }

  /** Binary frames carry nothing in this protocol: every message is JSON text. */
  static WsClose binaryRefused() {
    return close(WsClose.CANNOT_ACCEPT, "binary messages are not supported");
  }

  /** Nothing, not even a pong, arrived within the idle timeout: the peer is presumed dead. */
  static WsClose idle() {
    return close(WsClose.GOING_AWAY, "idle timeout");
  }

  /** The peer connected from an address that is not loopback (R-WS-02). */
  static WsClose notLoopback() {
    return close(WsClose.VIOLATED_POLICY, "loopback connections only");
  }

  /** The server itself is in a state it should never reach; the connection cannot be served. */
  static WsClose internalError() {
    return close(WsClose.UNEXPECTED_CONDITION, "internal error");
  }

  /** A write failed: the socket is broken. */
  static WsClose writeFailed() {
    return close(WsClose.UNEXPECTED_CONDITION, "write failed");
  }

  /** A client frame without a mask: RFC 6455 §5.1 says the server must close the connection. */
  static WsClose unmasked() {
    return close(WsClose.PROTOCOL_ERROR, "frames from a client must be masked");
  }

  /** A frame the protocol does not allow (a malformed length). */
  static WsClose protocolError() {
    return close(WsClose.PROTOCOL_ERROR, "protocol error");
  }

  /** A message larger than the connection may send: 1009, "message too big" (RFC 6455 §7.4.1). */
  static WsClose tooBig() {
    return close(WsClose.TOO_BIG, "message too big");
  }

  /**
   * The server holds as many unfinished messages as it may: 1013, "try again later" (RFC 6455
   * registry), so the peer may retry once others finish.
   */
  static WsClose tryAgainLater() {
    return close(WsClose.TRY_AGAIN_LATER, "too many unfinished messages; try again later");
  }

  /** A message was begun and not finished within the server's deadline. */
  static WsClose unfinishedMessage() {
    return close(WsClose.VIOLATED_POLICY, "message not finished in time");
  }

  /** Pings faster than any heartbeat needs: each costs a queued pong. */
  static WsClose pingFlood() {
    return close(WsClose.VIOLATED_POLICY, "too many pings");
  }

  /** The peer does not read what it is sent (its pongs or the message in flight pile up). */
  static WsClose notReading() {
    return close(WsClose.VIOLATED_POLICY, "not reading: unwritten data over its bound");
  }

  /** Text frames must carry UTF-8 (RFC 6455 §8.1): 1007. */
  static WsClose notUtf8() {
    return close(WsClose.NOT_UTF8, "text is not UTF-8");
  }

  private static WsClose close(int code, String phrase) {
    return new WsClose(code, phrase);
  }
}
