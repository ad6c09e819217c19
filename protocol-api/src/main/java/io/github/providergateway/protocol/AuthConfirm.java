package io.github.providergateway.protocol;

/**
 * {@code auth.confirm}: the pairing code the user typed into an external provider.
 *
 * <pre>{@code {"type":"auth.confirm","code":"847293"}}</pre>
 *
 * @param code the pairing code as the user typed it
 */
public record AuthConfirm(String code) implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param code the pairing code as the user typed it
   * @throws NullPointerException when {@code code} is null
   */
  public AuthConfirm {
    Require.present(code, "code");
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.AUTH_CONFIRM;
  }

  /** Hides the code: pairing codes must never reach a log. */
  @Override
  public String toString() {
    return "AuthConfirm[code=<redacted>]";
  }
}
