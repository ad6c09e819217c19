package io.github.providergateway.host.protocol;

/**
 * The {@code error.code} of a failed host reply. {@link #UNKNOWN_COMMAND} is host-rpc.md's own; the
 * others are the reference implementation's (docs/reference-app.md).
 */
public enum RpcErrorCode {
  /** The {@code cmd} is not a command this gateway knows. */
  UNKNOWN_COMMAND,
  /** The text is not a JSON object. */
  INVALID_JSON,
  /** {@code cmd} or a field the command needs is missing or has the wrong type or range. */
  INVALID_ARGUMENT,
  /** The {@code sessionId} names no active session. */
  INVALID_SESSION,
  /** Ours: {@code tool.cancel} named no {@code tool.call} of this host that is still in flight. */
  UNKNOWN_CALL,
  /**
   * Ours: {@code providers.reload} found the project config unusable (not readable, not JSON, not
   * an object with a {@code providers} array); nothing was changed.
   */
  INVALID_CONFIG,
  /** The gateway is stopping, or (for a remote host) the connection to it is down. */
  GATEWAY_CLOSED,
  /** {@code host.auth} carried a wrong token; the connection is closed. */
  AUTH_FAILED,
  /** A command other than {@code host.auth} came first, or the command is not allowed here. */
  UNAUTHORIZED,
  /** Something failed that should not have; the message says what. */
  INTERNAL,
  /** A code this library does not know, from a newer peer; the reply keeps its text. */
  UNKNOWN;

  /**
   * The constant named {@code text}, or {@link #UNKNOWN}.
   *
   * @param text a code as written on the wire; may be null
   * @return the constant; {@link #UNKNOWN} for null or a code this library does not know
   */
  public static RpcErrorCode fromWire(String text) {
    if (text != null) {
      for (RpcErrorCode code : values()) {
        if (code != UNKNOWN && code.name().equals(text)) {
          return code;
        }
      }
    }
    return UNKNOWN;
  }
}
