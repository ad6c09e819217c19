package io.github.providergateway.protocol;

/**
 * {@code auth}: the first message on every WebSocket connection. It carries either a {@code token}
 * (the gateway token, a spawn token or an external token) or {@code mode: "pair"} to start
 * user-approved pairing. Exactly one of the two is present.
 *
 * <pre>{@code {"type":"auth","token":"ptk-a8f3..."}}</pre>
 *
 * @param token the credential, or {@code null} when pairing
 * @param mode {@link AuthMode#PAIR}, or {@code null} when presenting a token
 */
public record Auth(String token, AuthMode mode) implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param token the credential, or {@code null} when pairing
   * @param mode {@link AuthMode#PAIR}, or {@code null} when presenting a token
   * @throws IllegalArgumentException when it has both or neither of {@code token} and {@code mode}
   *     (an empty token is a token, which authentication refuses {@code AUTH_FAILED}, saying why)
   */
  public Auth {
    if ((token == null) == (mode == null)) {
      throw new IllegalArgumentException("auth needs exactly one of token or mode");
    }
  }

  /**
   * {@code auth} presenting {@code token}.
   *
   * @param token the gateway token, a spawn token or an external token; not empty
   * @return the message
   */
  public static Auth withToken(String token) {
    return new Auth(token, null);
  }

  /** {@return {@code auth} asking for pairing} */
  public static Auth pair() {
    return new Auth(null, AuthMode.PAIR);
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.AUTH;
  }

  /** Hides the secret: tokens must never reach a log. */
  @Override
  public String toString() {
    return token != null ? "Auth[token=<redacted>]" : "Auth[mode=" + mode + "]";
  }
}
