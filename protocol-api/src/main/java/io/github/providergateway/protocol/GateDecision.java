package io.github.providergateway.protocol;

/** A gate provider's answer in {@code gate.result}. */
public enum GateDecision implements WireEnum {
  /** Let the tool call run. */
  ALLOW("allow"),
  /** Block the tool call with the given reason. */
  DENY("deny"),
  /** Let the call run and add the reason as context. */
  CONTEXT("context");

  private final String wireName;

  GateDecision(String wireName) {
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
  public static GateDecision fromWire(String wire) {
    return WireEnum.fromWire(GateDecision.class, wire);
  }
}
