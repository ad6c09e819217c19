package io.github.providergateway.protocol;

/**
 * An opt-in extension of the protocol beyond the spec's text (architecture, decision 33). A
 * provider lists the ones it speaks in {@code hello.extensions}; the gateway answers in {@code
 * hello.ack.extensions} with those it accepted. A provider or gateway that does not list one sees
 * exactly the spec's behaviour: an extension's fields are unknown fields to it, and unknown fields
 * are ignored (spec: Version negotiation).
 *
 * <p>The names on the wire are an open set: a provider may list names this library does not know (a
 * newer extension), and the gateway leaves them out of its answer. {@link #fromWire} returns {@code
 * null} for them.
 */
public enum ProtocolExtension implements WireEnum {
  /**
   * {@code "gate.args"}: a gate that allows ({@code allow} or {@code context}) may return
   * replacement arguments in {@code gate.result.args}; the evaluation then starts again from the
   * first rule with them, so every rule and gate sees them (this gate's answer stands for them),
   * the tool runs with them, and the host is told the final arguments. Accepted for providers whose
   * trust level may register hook rules (docs/hooks.md, "Gates that rewrite arguments").
   */
  GATE_ARGS("gate.args", Capability.REGISTER_HOOK_RULES),
  /**
   * {@code "gate.ask"}: a gate may answer {@code decision: "ask"}, with its {@code reason} as the
   * question and optionally {@code askTimeoutMs}: the gateway asks the person through whatever the
   * host offers, and the call runs only if they allow it in time. Accepted for providers whose
   * trust level may register hook rules (docs/hooks.md, "Gates that ask the person").
   */
  GATE_ASK("gate.ask", Capability.REGISTER_HOOK_RULES);

  private final String wireName;
  private final Capability needs;

  ProtocolExtension(String wireName, Capability needs) {
    this.wireName = wireName;
    this.needs = needs;
  }

  /**
   * The capability a provider's trust level must allow for the gateway to accept this extension: an
   * extension of gates is of no use to a provider that may not register one.
   *
   * @return the capability
   */
  public Capability needs() {
    return needs;
  }

  @Override
  public String wireName() {
    return wireName;
  }

  /**
   * The constant spelled {@code wire}, or {@code null} when this library knows none.
   *
   * @param wire a value as written on the wire; may be null
   * @return the constant, or {@code null}
   */
  public static ProtocolExtension fromWire(String wire) {
    return WireEnum.fromWire(ProtocolExtension.class, wire);
  }
}
