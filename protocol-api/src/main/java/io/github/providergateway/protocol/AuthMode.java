package io.github.providergateway.protocol;

/** The {@code mode} of an {@code auth} message that carries no token. */
public enum AuthMode implements WireEnum {
  /** Ask for user-approved pairing (external providers). */
  PAIR("pair");

  private final String wireName;

  AuthMode(String wireName) {
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
  public static AuthMode fromWire(String wire) {
    return WireEnum.fromWire(AuthMode.class, wire);
  }
}
