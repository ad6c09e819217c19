package io.github.providergateway.websocket.internal;

import io.github.providergateway.gateway.spi.CloseReason;

/**
 * The RFC 6455 status codes the gateway's servers close with, both of them (transport-ws and
 * transport-jakarta) for the same events. One place, so a provider author can read every close a
 * server makes and what it means, and sees one protocol whichever server carries the gateway.
 */
public final class CloseStatuses {

  private CloseStatuses() {}

  /** Why the gateway closed, as a WebSocket close frame. */
  public static CloseStatus of(CloseReason reason) {
    return switch (reason) {
      case NORMAL -> close(CloseStatus.NORMAL, "goodbye");
      case AUTH_FAILED -> close(CloseStatus.VIOLATED_POLICY, "authentication failed");
      case UNSUPPORTED_VERSION -> close(CloseStatus.PROTOCOL_ERROR, "unsupported protocol version");
      case PROTOCOL_ERROR -> close(CloseStatus.PROTOCOL_ERROR, "protocol error");
      // A peer that does not drain what it is sent broke the transport's contract: 1008, not
      // 1013, which would tell it the server is overloaded and invite an immediate retry.
      case TOO_SLOW -> tooSlow();
      // The same rule the other way: a peer that goes on sending after reading stopped.
      case TOO_FAST -> close(CloseStatus.VIOLATED_POLICY, "too fast: inbound backlog full");
      case UNBOUND_TOO_LONG ->
          close(CloseStatus.VIOLATED_POLICY, "no hello within the bind timeout");
      case GATEWAY_STOPPING -> goingAway();
    };
  }

  /** The outbound queue overflowed (R-WS-06). */
  public static CloseStatus tooSlow() {
    return close(CloseStatus.VIOLATED_POLICY, "too slow: outbound queue full");
  }

  /** The server or the gateway is stopping. */
  public static CloseStatus goingAway() {
    return close(CloseStatus.GOING_AWAY, "gateway stopping");
  }

  /** Binary frames carry nothing in this protocol: every message is JSON text. */
  public static CloseStatus binaryRefused() {
    return close(CloseStatus.CANNOT_ACCEPT, "binary messages are not supported");
  }

  /** Nothing, not even a pong, arrived within the idle timeout: the peer is presumed dead. */
  public static CloseStatus idle() {
    return close(CloseStatus.GOING_AWAY, "idle timeout");
  }

  /**
   * The peer connected from an address that is not loopback, or its handshake named another host
   * (R-WS-02, R-WS-08..10).
   */
  public static CloseStatus notLoopback() {
    return close(CloseStatus.VIOLATED_POLICY, "loopback connections only");
  }

  /** The gateway's connection cap is reached; the peer may try again once others leave. */
  public static CloseStatus tooManyConnections() {
    return close(CloseStatus.TRY_AGAIN_LATER, "too many connections");
  }

  /** The server itself is in a state it should never reach; the connection cannot be served. */
  public static CloseStatus internalError() {
    return close(CloseStatus.UNEXPECTED_CONDITION, "internal error");
  }

  /** A write failed: the socket is broken. */
  public static CloseStatus writeFailed() {
    return close(CloseStatus.UNEXPECTED_CONDITION, "write failed");
  }

  /** A client frame without a mask: RFC 6455 §5.1 says the server must close the connection. */
  public static CloseStatus unmasked() {
    return close(CloseStatus.PROTOCOL_ERROR, "frames from a client must be masked");
  }

  /** A frame the protocol does not allow (a malformed length). */
  public static CloseStatus protocolError() {
    return close(CloseStatus.PROTOCOL_ERROR, "protocol error");
  }

  /** A message larger than the connection may send: 1009, "message too big" (RFC 6455 §7.4.1). */
  public static CloseStatus tooBig() {
    return close(CloseStatus.TOO_BIG, "message too big");
  }

  /**
   * The server holds as many unfinished messages as it may: 1013, "try again later" (RFC 6455
   * registry), so the peer may retry once others finish.
   */
  public static CloseStatus tryAgainLater() {
    return close(CloseStatus.TRY_AGAIN_LATER, "too many unfinished messages; try again later");
  }

  /** A message was begun and not finished within the server's deadline. */
  public static CloseStatus unfinishedMessage() {
    return close(CloseStatus.VIOLATED_POLICY, "message not finished in time");
  }

  /** Pings faster than any heartbeat needs: each costs a queued pong. */
  public static CloseStatus pingFlood() {
    return close(CloseStatus.VIOLATED_POLICY, "too many pings");
  }

  /** The peer does not read what it is sent (its pongs or the message in flight pile up). */
  public static CloseStatus notReading() {
    return close(CloseStatus.VIOLATED_POLICY, "not reading: unwritten data over its bound");
  }

  /** Text frames must carry UTF-8 (RFC 6455 §8.1): 1007. */
  public static CloseStatus notUtf8() {
    return close(CloseStatus.NOT_UTF8, "text is not UTF-8");
  }

  private static CloseStatus close(int code, String phrase) {
    return new CloseStatus(code, phrase);
  }
}
