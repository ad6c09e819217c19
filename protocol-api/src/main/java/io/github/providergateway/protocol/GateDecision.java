package io.github.providergateway.protocol;

/** A gate provider's answer in {@code gate.result}. */
public enum GateDecision implements WireEnum {
  /** Let the tool call run. */
  ALLOW("allow"),
  /** Block the tool call with the given reason. */
  DENY("deny"),
  /** Let the call run and add the reason as context. */
  CONTEXT("context"),
  /**
   * Ask the person, with the reason as the question: the call runs if they allow it before the
   * deadline ({@code askTimeoutMs}), and is denied otherwise. The {@link
   * ProtocolExtension#GATE_ASK} extension: from a provider whose {@code hello.ack} did not accept
   * it, the gateway treats {@code "ask"} as the spec treats any decision it does not know.
   */
  ASK("ask");

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
