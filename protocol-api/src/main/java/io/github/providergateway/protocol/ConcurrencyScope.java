package io.github.providergateway.protocol;

/** What a {@code hello.concurrency} limit counts. */
public enum ConcurrencyScope implements WireEnum {
  /** Calls in flight per name + instance. */
  INSTANCE("instance"),
  /** Calls in flight across all instances of the name. */
  PROVIDER("provider"),
  /** Calls in flight per tool name. */
  TOOL("tool");

  private final String wireName;

  ConcurrencyScope(String wireName) {
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
  public static ConcurrencyScope fromWire(String wire) {
    return WireEnum.fromWire(ConcurrencyScope.class, wire);
  }
}
