package io.github.providergateway.protocol;

/**
 * Connection-level error codes carried by the gateway's {@code error} message.
 *
 * <p>Only {@link #AUTH_FAILED} and {@link #UNSUPPORTED_VERSION} are fatal: the gateway closes the
 * connection after sending them (spec: Error recovery guide). Every other code leaves the
 * connection open so the provider can correct itself.
 *
 * <p>{@link #UNKNOWN} never appears on the wire from this gateway; it is what a Java client decodes
 * when a newer gateway sends a code this library does not know.
 */
public enum ErrorCode implements WireEnum {
  /** The message was not valid JSON, or a field was missing or mistyped; fix it and retry. */
  INVALID_JSON(false),
  /** The gateway does not know the message's {@code type}; the connection stays open. */
  UNKNOWN_TYPE(false),
  /**
   * The session does not exist or the provider may not use it; wait for {@code sessions.updated}.
   */
  INVALID_SESSION(false),
  /** The token or pairing code was wrong, or authentication took too long; fatal. */
  AUTH_FAILED(true),
  /** Another connection has this {@code name} and {@code instance}. */
  DUPLICATE_INSTANCE(false),
  /** A tool's name is taken in the session; rename it and send {@code tools.update}. */
  TOOL_CONFLICT(false),
  /** Too many pushes, pairing attempts or rebinds; back off and retry after a second. */
  RATE_LIMITED(false),
  /** The message is over its size limit; send less, or a file ref. */
  PAYLOAD_TOO_LARGE(false),
  /** The gateway does not speak the provider's protocol version; fatal. */
  UNSUPPORTED_VERSION(true),
  /** The provider's trust level does not allow this, or its state does not accept the message. */
  UNAUTHORIZED(false),
  /** A code from a newer peer that this library does not know. */
  UNKNOWN(false);

  private final boolean fatal;

  ErrorCode(boolean fatal) {
    this.fatal = fatal;
  }

  /** {@return whether the gateway closes the connection after sending this code} */
  public boolean isFatal() {
    return fatal;
  }

  @Override
  public String wireName() {
    return name();
  }

  /**
   * The code spelled {@code wire}, or {@link #UNKNOWN}.
   *
   * @param wire a value as written on the wire; may be null
   * @return the code, or {@link #UNKNOWN}
   */
  public static ErrorCode fromWire(String wire) {
    ErrorCode code = WireEnum.fromWire(ErrorCode.class, wire);
    return code == null ? UNKNOWN : code;
  }
}
