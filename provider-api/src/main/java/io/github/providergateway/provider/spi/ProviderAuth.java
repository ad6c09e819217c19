package io.github.providergateway.provider.spi;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.provider.PairingCodeSupplier;
import java.util.function.Supplier;

/**
 * How a provider authenticates each connection to a gateway that asks for {@code auth} (spec:
 * Authentication and trust levels): with a token it was given ({@link Token}: the gateway token, a
 * spawn token, an external token), with the token a source holds at each connection ({@link
 * TokenSource}: the home's token file, which each start of a gateway writes anew), or by pairing
 * ({@link Pairing}). A transport that opens such connections hands one to {@link ProviderRuntime},
 * which then sends {@code auth} first on each.
 */
public sealed interface ProviderAuth {

  /**
   * Presents {@code token} on every connection.
   *
   * @param token the gateway token, a spawn token or an external token; not empty
   * @return the authentication
   */
  static ProviderAuth token(String token) {
    return new Token(token);
  }

  /**
   * Presents the token {@code source} gives at each connection: a provider that follows its
   * gateway's home reads the home's token file again when it reconnects, since a gateway that
   * restarted has a new token. An {@code AUTH_FAILED} refusing it does not end the provider: the
   * next connection asks the source again.
   *
   * @param source gives the token for a new connection; called on the provider's loop, not empty
   * @return the authentication
   */
  static ProviderAuth tokenFrom(Supplier<String> source) {
    return new TokenSource(source);
  }

  /**
   * Pairs, asking {@code codes} for the code, then presents the token pairing issued.
   *
   * @param codes asks the person for the code the gateway shows them
   * @return the authentication
   */
  static ProviderAuth pairing(PairingCodeSupplier codes) {
    return new Pairing(codes);
  }

  /**
   * A token presented on every connection.
   *
   * @param token the token
   */
  record Token(String token) implements ProviderAuth {
    /**
     * Checks the token.
     *
     * @param token the token
     * @throws NullPointerException when {@code token} is null
     * @throws IllegalArgumentException when it is empty
     */
    public Token {
      requireNonNull(token, "token");
      if (token.isEmpty()) {
        throw new IllegalArgumentException("token must not be empty");
      }
    }

    /** Never the token itself: it is a secret, and records end up in logs. */
    @Override
    public String toString() {
      return "Token[***]";
    }
  }

  /**
   * A token read anew for each connection.
   *
   * @param source gives the token; what it gives must not be empty
   */
  record TokenSource(Supplier<String> source) implements ProviderAuth {
    /**
     * Checks that there is a source.
     *
     * @param source gives the token
     * @throws NullPointerException when {@code source} is null
     */
    public TokenSource {
      requireNonNull(source, "source");
    }
  }

  /**
   * Pairing: the first connection sends {@code auth {mode: "pair"}} and asks {@code codes} for the
   * code the person reads in their session; later connections present the external token that
   * pairing issued, and pair again if the gateway refuses it.
   *
   * @param codes asks the person for the code
   */
  record Pairing(PairingCodeSupplier codes) implements ProviderAuth {
    /**
     * Checks that there is a supplier.
     *
     * @param codes asks the person for the code
     * @throws NullPointerException when {@code codes} is null
     */
    public Pairing {
      requireNonNull(codes, "codes");
    }
  }
}
