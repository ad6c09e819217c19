package io.github.providergateway.protocol;

/** What an {@code onPreToolUse} rule does when it matches. */
public enum HookAction implements WireEnum {
  /** Block the call with the rule's reason, without asking the provider. */
  DENY("deny"),
  /** Let the call run and add the rule's content as context. */
  CONTEXT("context"),
  /** Ask the provider with a {@code gate.check} round trip (5 s, fail closed). */
  GATE("gate");

  private final String wireName;

  HookAction(String wireName) {
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
  public static HookAction fromWire(String wire) {
    return WireEnum.fromWire(HookAction.class, wire);
  }
}
