package io.github.providergateway.websocket.internal;

import static java.util.Objects.requireNonNull;

/**
 * A WebSocket close: its status code (RFC 6455 §7.4) and its reason, at most 123 bytes of UTF-8 so
 * that the close frame's payload stays within a control frame's 125 bytes.
 *
 * @param code the status code
 * @param reason why, for the peer's log; may be empty
 */
public record CloseStatus(int code, String reason) {

  /** 1000: the purpose of the connection is fulfilled. */
  public static final int NORMAL = 1000;

  /** 1001: the server is going away (stopping), or the peer is presumed dead. */
  public static final int GOING_AWAY = 1001;

  /** 1002: the peer broke the protocol. */
  public static final int PROTOCOL_ERROR = 1002;

  /** 1003: a kind of data the endpoint cannot accept (binary, here). */
  public static final int CANNOT_ACCEPT = 1003;

  /** 1005: no status code was present; never sent, only reported. */
  public static final int NO_STATUS = 1005;

  /** 1006: the connection dropped without a close frame; never sent, only reported. */
  public static final int ABNORMAL = 1006;

  /** 1007: text that is not UTF-8. */
  public static final int NOT_UTF8 = 1007;

  /** 1008: the peer violated the server's policy. */
  public static final int VIOLATED_POLICY = 1008;

  /** 1009: a message too big to process. */
  public static final int TOO_BIG = 1009;

  /** 1011: the server met a condition it did not expect. */
  public static final int UNEXPECTED_CONDITION = 1011;

  /** 1013: try again later (overloaded). */
  public static final int TRY_AGAIN_LATER = 1013;

  public CloseStatus {
    requireNonNull(reason, "reason");
  }

  /**
   * Whether a peer may send {@code code} in its close frame (RFC 6455 §7.4.1 and the IANA
   * registry): 1000-1003, 1007-1014 and 3000-4999; 1004-1006 and 1015 are never sent.
   */
  public static boolean isValidOnTheWire(int code) {
    return (code >= 1000 && code <= 1003)
        || (code >= 1007 && code <= 1014)
        || (code >= 3000 && code <= 4999);
  }
}
