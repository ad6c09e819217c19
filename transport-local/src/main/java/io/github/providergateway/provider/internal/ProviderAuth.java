package io.github.providergateway.provider.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.provider.PairingCodeSupplier;

/**
 * How a provider authenticates each WebSocket connection (spec: Authentication and trust levels):
 * with a token it was given (the gateway token, a spawn token, an external token), or by pairing.
 *
 * <p>Pairing: the first connection sends {@code auth {mode: "pair"}}, asks the {@link
 * PairingCodeSupplier} for the code the person reads in their session's timeline, and sends it as
 * {@code auth.confirm}; the {@code sessions} that follows carries an external token, which later
 * connections present instead of pairing again. If the gateway refuses that token ({@code
 * AUTH_FAILED}: its session ended, or the gateway restarted), it is forgotten and the next
 * connection pairs again. Loop only.
 */
public final class ProviderAuth {

  /** The token given by the caller; null when pairing. */
  private final String token;

  /** Asks the person for the code; null when a token was given. */
  private final PairingCodeSupplier codes;

  /** The external token the last pairing issued, or null. Loop only. */
  private String issued;

  /** Whether the current connection presented {@link #issued}. Loop only. */
  private boolean presentedIssued;

  private ProviderAuth(String token, PairingCodeSupplier codes) {
    this.token = token;
    this.codes = codes;
  }

  /** Presents {@code token} on every connection. */
  public static ProviderAuth token(String token) {
    requireNonNull(token, "token");
    if (token.isEmpty()) {
      throw new IllegalArgumentException("token must not be empty");
    }
    return new ProviderAuth(token, null);
  }

  /** Pairs, asking {@code codes} for the code, then presents the token pairing issued. */
  public static ProviderAuth pairing(PairingCodeSupplier codes) {
    return new ProviderAuth(null, requireNonNull(codes, "codes"));
  }

  /** The {@code auth} for a new connection. */
  Auth first() {
    presentedIssued = false;
    if (token != null) {
      return Auth.withToken(token);
    }
    if (issued != null) {
      presentedIssued = true;
      return Auth.withToken(issued);
    }
    return Auth.pair();
  }

  /** Whether this provider pairs (and so answers {@code auth.pairing}). */
  boolean pairs() {
    return codes != null;
  }

  PairingCodeSupplier codes() {
    return codes;
  }

  /** {@code sessions}: keeps the external token a pairing issued. */
  void sessions(Sessions sessions) {
    if (codes != null && sessions.token() != null) {
      issued = sessions.token();
    }
  }

  /**
   * An {@code AUTH_FAILED} refusing the issued token: the token is forgotten, so the next
   * connection pairs again, and the refusal does not end the provider.
   *
   * @return whether {@code error} was that refusal
   */
  boolean forgetsRefusedToken(ErrorMessage error) {
    if (presentedIssued
        && error.code() == ErrorCode.AUTH_FAILED
        && "auth".equals(error.replyTo())) {
      issued = null;
      presentedIssued = false;
      return true;
    }
    return false;
  }
}
