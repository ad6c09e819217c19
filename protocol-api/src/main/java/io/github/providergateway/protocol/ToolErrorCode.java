package io.github.providergateway.protocol;

/**
 * Tool-level error codes: the {@code errorCode} of a failed {@code tool.result}, and the code of a
 * failed call as the host sees it.
 *
 * <p>Providers send {@link #NOT_FOUND}, {@link #TIMEOUT}, {@link #CANCELLED}, {@link #UNAUTHORIZED}
 * and {@link #INTERNAL}. The gateway itself produces {@link #TIMEOUT} (the call's timeout passed),
 * {@link #DISCONNECTED} (the provider went away), {@link #RATE_LIMITED} (the provider's concurrency
 * queue is full), {@link #INVALID_ARGS} (the arguments do not match the tool's schema; an extension
 * of this gateway, not a spec code) and {@link #INTERNAL} (the provider sent something that could
 * not be read while this call was its only pending one).
 *
 * <p>{@link #UNKNOWN} stands for a code this library does not know; records that carry one keep the
 * original text next to it.
 */
public enum ToolErrorCode implements WireEnum {
  /** What the call asked for does not exist (provider's code). */
  NOT_FOUND,
  /** The call ran out of time: its timeout passed, or the provider gave up. */
  TIMEOUT,
  /** The call was cancelled ({@code tool.cancel}); the terminal answer to a cancel. */
  CANCELLED,
  /** The provider went away with the call in flight; the call is not replayed. */
  DISCONNECTED,
  /** The caller may not do this (provider's code). */
  UNAUTHORIZED,
  /** Something failed that should not have; the error text says what. */
  INTERNAL,
  /** The provider's concurrency queue is full. */
  RATE_LIMITED,
  /**
   * The call's arguments do not match the JSON Schema the tool declared; the call reached no hook,
   * gate or provider. Produced by this gateway only (not a code of the spec).
   */
  INVALID_ARGS,
  /** A code this library does not know; see the record's raw code text. */
  UNKNOWN;

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
  public static ToolErrorCode fromWire(String wire) {
    ToolErrorCode code = WireEnum.fromWire(ToolErrorCode.class, wire);
    return code == null ? UNKNOWN : code;
  }
}
