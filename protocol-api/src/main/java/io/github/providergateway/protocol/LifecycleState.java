package io.github.providergateway.protocol;

/** The {@code state} of a {@code session.lifecycle} message. */
public enum LifecycleState implements WireEnum {
  /** The session is ready. */
  STARTED("started"),
  /** The session has no work in flight. */
  IDLE("idle"),
  /** The session is ending; clean up before the deadline. */
  SHUTDOWN_PENDING("shutdown.pending");

  private final String wireName;

  LifecycleState(String wireName) {
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
  public static LifecycleState fromWire(String wire) {
    return WireEnum.fromWire(LifecycleState.class, wire);
  }
}
