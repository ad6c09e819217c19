package io.github.providergateway.protocol;

/** The outcome of a {@code filter.set} rule; it overrides the push's level. */
public enum FilterOutcome implements WireEnum {
  /** Discard the event: not stored, shown or sent. */
  DROP("drop"),
  /** Store only. */
  KEEP("keep"),
  /** Store and show in the timeline. */
  SURFACE("surface"),
  /** Store, show and send as a new turn. */
  INJECT("inject");

  private final String wireName;

  FilterOutcome(String wireName) {
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
  public static FilterOutcome fromWire(String wire) {
    return WireEnum.fromWire(FilterOutcome.class, wire);
  }
}
