package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.ConnectionEvent;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Sessions;

/**
 * {@code auth} and {@code auth.confirm}: turns a credential into a trust level and answers with the
 * session list (spec: Authentication and trust levels). Loop only.
 */
final class AuthHandler {

  private final Credentials credentials;
  private final SessionRegistry sessions;
  private final Pairing pairing;
  private final Outbox outbox;
  private final Listeners listener;

  AuthHandler(
      Credentials credentials,
      SessionRegistry sessions,
      Pairing pairing,
      Outbox outbox,
      Listeners listener) {
    this.listener = listener;
    this.credentials = credentials;
    this.sessions = sessions;
    this.pairing = pairing;
    this.outbox = outbox;
  }

  void auth(Conn conn, Auth auth) {
    if (conn.state() != ConnectionState.AWAIT_AUTH) {
      throw new ProtocolViolation(ErrorCode.UNAUTHORIZED, "Already authenticated");
    }
    if (auth.token() == null) {
      pairing.start(conn);
      return;
    }
    if (auth.token().isEmpty()) {
      throw new ProtocolViolation(
          ErrorCode.AUTH_FAILED,
          "The token is empty: give the gateway's token (the content of its token file, or TAP_PROVIDER_TOKEN)");
    }
    Credential credential = credentials.authenticate(auth.token());
    if (credential == null) {
      throw new ProtocolViolation(ErrorCode.AUTH_FAILED, "Invalid token");
    }
    conn.authenticated(credential);
    conn.on(ConnectionEvent.TOKEN_ACCEPTED);
    outbox.send(conn, Sessions.of(sessions.listFor(credential)));
    if (listener.hearsDecisions()) {
      listener.decided(
          Decisions.authenticated(listener.now(), conn.toString(), credential.trust(), "token"));
    }
  }

  void confirm(Conn conn, AuthConfirm confirm) {
    pairing.confirm(conn, confirm);
  }
}
