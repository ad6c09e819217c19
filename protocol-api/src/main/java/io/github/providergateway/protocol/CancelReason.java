package io.github.providergateway.protocol;

/**
 * Why the gateway sent {@code tool.cancel}. Whatever the reason, the provider answers with a {@code
 * tool.result} whose {@code errorCode} is {@code CANCELLED}.
 */
public enum CancelReason implements WireEnum {
  /** The call's timeout passed; the host already has {@code TIMEOUT}. */
  TIMEOUT("timeout"),
  /** The host interrupted the session's work. */
  INTERRUPTED("interrupted"),
  /** The provider sent a new {@code hello}; calls of the old binding end. */
  REBIND("rebind"),
  /** The call's session ended. */
  SESSION_ENDED("session_ended");

  private final String wireName;

  CancelReason(String wireName) {
    this.wireName = wireName;
  }

  @Override
  public String wireName() {
    return wireName;
  }

  /**
   * The constant spelled {@code wire}, or {@code null} when there is none.
   *
   * @param wire a value as written on the wire; may be null
   * @return the constant, or {@code null} when there is none
   */
  public static CancelReason fromWire(String wire) {
    return WireEnum.fromWire(CancelReason.class, wire);
  }
}
