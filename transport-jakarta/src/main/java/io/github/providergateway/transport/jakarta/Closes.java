package io.github.providergateway.transport.jakarta;

import jakarta.websocket.CloseReason;
import jakarta.websocket.CloseReason.CloseCodes;

/**
 * The RFC 6455 status codes this adapter closes with: the codes {@code transport-ws}'s own server
 * uses for the same events, so a provider sees one protocol whichever server carries the gateway.
 */
final class Closes {

  private Closes() {}

  /** Why the gateway closed, as a close frame. */
  static CloseReason of(io.github.providergateway.gateway.CloseReason reason) {
    return switch (reason) {
      case NORMAL -> close(CloseCodes.NORMAL_CLOSURE, "goodbye");
      case AUTH_FAILED -> close(CloseCodes.VIOLATED_POLICY, "authentication failed");
      case UNSUPPORTED_VERSION -> close(CloseCodes.PROTOCOL_ERROR, "unsupported protocol version");
      case PROTOCOL_ERROR -> close(CloseCodes.PROTOCOL_ERROR, "protocol error");
      // A peer that does not drain what it is sent broke the transport's contract: 1008, not 1013,
      // which would tell it the server is overloaded and invite an immediate retry.
      case TOO_SLOW -> tooSlow("outbound queue full");
      // The same rule the other way: a peer that goes on sending after reading stopped.
      case TOO_FAST -> close(CloseCodes.VIOLATED_POLICY, "too fast: inbound backlog full");
      case UNBOUND_TOO_LONG ->
          close(CloseCodes.VIOLATED_POLICY, "no hello within the bind timeout");
      case GATEWAY_STOPPING -> goingAway();
    };
  }

  /** The outbound queue passed a bound (R-WS-06). */
  static CloseReason tooSlow(String detail) {
    return close(CloseCodes.VIOLATED_POLICY, "too slow: " + detail);
  }

  /** The gateway or these endpoints are stopping. */
  static CloseReason goingAway() {
    return close(CloseCodes.GOING_AWAY, "gateway stopping");
  }

  /** A write failed or timed out: the socket is broken, or the peer stopped reading. */
  static CloseReason writeFailed() {
    return close(CloseCodes.UNEXPECTED_CONDITION, "write failed");
  }

  /** The handshake broke the loopback rules (peer address, {@code Host}; R-WS-02, R-WS-08..10). */
  static CloseReason refused() {
    return close(CloseCodes.VIOLATED_POLICY, "loopback connections only");
  }

  /** The gateway's connection cap is reached; the peer may try again once others leave. */
  static CloseReason tooManyConnections() {
    return close(CloseCodes.TRY_AGAIN_LATER, "too many connections");
  }

  private static CloseReason close(CloseCodes code, String phrase) {
    return new CloseReason(code, phrase);
  }
}
