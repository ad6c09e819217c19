package io.github.providergateway.protocol;

/** What a transform does to a system-prompt section. */
public enum TransformAction implements WireEnum {
  /** Add static content after the section. */
  APPEND("append"),
  /** Add static content before the section. */
  PREPEND("prepend"),
  /** Replace the section with static content. */
  REPLACE("replace"),
  /** Ask the provider at prompt time with {@code transform.request} (2 s). */
  CALLBACK("callback");

  private final String wireName;

  TransformAction(String wireName) {
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
  public static TransformAction fromWire(String wire) {
    return WireEnum.fromWire(TransformAction.class, wire);
  }
}
