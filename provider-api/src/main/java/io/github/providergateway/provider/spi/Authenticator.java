package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.provider.PairingCodeSupplier;
import java.util.function.Supplier;

/**
 * How one runtime authenticates each WebSocket connection, after its {@link ProviderAuth}: with the
 * token it was given, with the token its source gives for each connection, or by pairing.
 *
 * <p>A token source (the home's token file) is asked at every connection: a gateway that restarted
 * wrote a new token. An {@code AUTH_FAILED} refusing its token does not end the provider, since the
 * source may give the right one next time (the file was still the dead gateway's).
 *
 * <p>Pairing: the first connection sends {@code auth {mode: "pair"}}, asks the {@link
 * PairingCodeSupplier} for the code the person reads in their session's timeline, and sends it as
 * {@code auth.confirm}; the {@code sessions} that follows carries an external token, which later
 * connections present instead of pairing again. If the gateway refuses that token ({@code
 * AUTH_FAILED}: its session ended, or the gateway restarted), it is forgotten and the next
 * connection pairs again. Loop only.
 */
final class Authenticator {

  /** The token given by the caller; null when pairing or reading a source. */
  private final String token;

  /** Gives the token for each connection; null unless the caller gave a source. */
  private final Supplier<String> tokens;

  /** Asks the person for the code; null when a token was given. */
  private final PairingCodeSupplier codes;

  /** The external token the last pairing issued, or null. Loop only. */
  private String issued;

  /** Whether the current connection presented {@link #issued}. Loop only. */
  private boolean presentedIssued;

  /** Whether the current connection presented what {@link #tokens} gave. Loop only. */
  private boolean presentedFromSource;

  Authenticator(ProviderAuth auth) {
    // ProviderAuth is sealed to these three; Java 17 has no pattern switch to say so.
    if (auth instanceof ProviderAuth.Pairing pairing) {
      this.token = null;
      this.tokens = null;
      this.codes = pairing.codes();
    } else if (auth instanceof ProviderAuth.TokenSource source) {
      this.token = null;
      this.tokens = source.source();
      this.codes = null;
    } else {
      this.token = ((ProviderAuth.Token) auth).token();
      this.tokens = null;
      this.codes = null;
    }
  }

  /** The {@code auth} for a new connection. */
  Auth first() {
    presentedIssued = false;
    presentedFromSource = false;
    if (token != null) {
      return Auth.withToken(token);
    }
    if (tokens != null) {
      presentedFromSource = true;
      return Auth.withToken(tokens.get());
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
   * An {@code AUTH_FAILED} refusing the issued token, or a token a source gave: the issued token is
   * forgotten, so the next connection pairs again, or the source is asked again; either way the
   * refusal does not end the provider.
   *
   * @return whether {@code error} was that refusal
   */
  boolean forgetsRefusedToken(ErrorMessage error) {
    if (error.code() != ErrorCode.AUTH_FAILED || !"auth".equals(error.replyTo())) {
      return false;
    }
    if (presentedIssued) {
      issued = null;
      presentedIssued = false;
      return true;
    }
    return presentedFromSource;
  }
}
