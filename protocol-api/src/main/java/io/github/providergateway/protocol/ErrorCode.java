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
  INVALID_JSON(false),
  UNKNOWN_TYPE(false),
  INVALID_SESSION(false),
  AUTH_FAILED(true),
  DUPLICATE_INSTANCE(false),
  TOOL_CONFLICT(false),
  RATE_LIMITED(false),
  PAYLOAD_TOO_LARGE(false),
  UNSUPPORTED_VERSION(true),
  UNAUTHORIZED(false),
  /** A code from a newer peer that this library does not know. */
  UNKNOWN(false);

  private final boolean fatal;

  ErrorCode(boolean fatal) {
    this.fatal = fatal;
  }

  /** Whether the gateway closes the connection after sending this code. */
  public boolean isFatal() {
    return fatal;
  }

  @Override
  public String wireName() {
    return name();
  }

  /** The code spelled {@code wire}, or {@link #UNKNOWN}. */
  public static ErrorCode fromWire(String wire) {
    ErrorCode code = WireEnum.fromWire(ErrorCode.class, wire);
    return code == null ? UNKNOWN : code;
  }
}
