package io.github.providergateway.protocol;

/** How far a pushed event travels (spec: push). */
public enum PushLevel implements WireEnum {
  /** Stored in the event stream only. */
  KEEP("keep"),
  /** Stored and shown in the session timeline. */
  SURFACE("surface"),
  /** Stored, shown, and sent into the session as a new AI turn. */
  INJECT("inject");

  private final String wireName;

  PushLevel(String wireName) {
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
  public static PushLevel fromWire(String wire) {
    return WireEnum.fromWire(PushLevel.class, wire);
  }
}
