package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.ConnectionEvent;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.Sessions;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * User-approved pairing for external providers (spec: External providers; design brief, decision
 * 4). A pairing request shows a fresh 6-digit code in each active session's timeline, never on the
 * provider's socket; the code the user types back picks the session. Codes expire after 120 s; a
 * wrong code closes the connection; at most 5 requests a minute across the gateway. Loop only.
 */
final class Pairing {

  private static final String SOURCE = "gateway";

  private final Timers timers;
  private final Limits limits;
  private final Secrets secrets;
  private final SessionRegistry sessions;
  private final Credentials credentials;
  private final AuthDeadlines authDeadlines;
  private final Outbox outbox;
  private final Listeners listener;

  /** When recent pairing requests came, oldest first, gateway-wide. */
  private final Deque<Instant> attempts = new ArrayDeque<>();

  /** Requests refused for the budget since the person was last told. */
  private int refusedInWindow;

  /** When the person was last told that requests are being refused. */
  private Instant toldAt;

  Pairing(
      Timers timers,
      Limits limits,
      Secrets secrets,
      SessionRegistry sessions,
      Credentials credentials,
      AuthDeadlines authDeadlines,
      Outbox outbox,
      Listeners listener) {
    this.listener = listener;
    this.timers = timers;
    this.limits = limits;
    this.secrets = secrets;
    this.sessions = sessions;
    this.credentials = credentials;
    this.authDeadlines = authDeadlines;
    this.outbox = outbox;
  }

  void start(Conn conn) {
    Instant now = timers.now();
    Instant windowStart = now.minus(Duration.ofMinutes(1));
    while (!attempts.isEmpty() && !attempts.peekFirst().isAfter(windowStart)) {
      attempts.pollFirst();
    }
    if (attempts.size() >= limits.connections().maxPairingAttemptsPerMinute()) {
      refusedInWindow++;
      tellThePersonOnce(now);
      throw new ProtocolViolation(
          ErrorCode.RATE_LIMITED,
          "Too many pairing attempts; at most "
              + limits.connections().maxPairingAttemptsPerMinute()
              + " a minute");
    }
    attempts.addLast(now);
    conn.pairingRequested(now);
    List<SessionState> active = sessions.active();
    if (active.isEmpty()) {
      // Nothing to pair with: say so and close (design brief, decision 27).
      outbox.error(
          conn,
          ErrorCode.INVALID_SESSION,
          "No active session to pair with; try again when one is running",
          Outbox.Refused.type("auth"));
      outbox.close(conn, CloseReason.AUTH_FAILED);
      return;
    }
    Duration lifetime = limits.connections().pairingCodeLifetime();
    conn.newPairingCodes(now.plus(lifetime));
    for (SessionState session : active) {
      String code = secrets.pairingCode();
      conn.pairingCode(session.id, code);
      session.host.log(
          session.id,
          SOURCE,
          "A provider is requesting access. Pairing code: "
              + code
              + " (valid for "
              + lifetime.toSeconds()
              + " s)");
    }
    conn.on(ConnectionEvent.PAIRING_REQUESTED);
    // Codes expire: a connection that has not confirmed one by then never will.
    authDeadlines.admitWithin(
        conn, lifetime, "Pairing code expired; no auth.confirm within " + Timers.seconds(lifetime));
    outbox.send(conn, new AuthPairing(AuthPairing.DEFAULT_PROMPT));
    if (listener.hearsDecisions()) {
      listener.decided(
          Decisions.pairing(
              timers.now(),
              conn.toString(),
              Decision.Outcome.REQUESTED,
              "pairing codes shown to the person"));
    }
  }

  void confirm(Conn conn, AuthConfirm confirm) {
    String sessionId = matchingSession(conn, confirm.code());
    conn.pairingCodesUsed();
    if (sessionId == null) {
      throw new ProtocolViolation(ErrorCode.AUTH_FAILED, "Wrong or expired pairing code");
    }
    // A request that paired gives its unit back: the budget is there to slow guessing, and a
    // person pairing several providers in a row must not run into it.
    attempts.remove(conn.pairingRequestedAt());
    String token = credentials.issueExternalToken(sessionId);
    Credential credential = new Credential.External(sessionId);
    conn.authenticated(credential);
    conn.on(ConnectionEvent.PAIRING_CONFIRMED);
    outbox.send(conn, new Sessions(token, sessions.listFor(credential)));
    if (listener.hearsDecisions()) {
      listener.decided(
          Decisions.pairing(
              timers.now(),
              conn.toString(),
              Decision.Outcome.CONFIRMED,
              "paired with session " + sessionId));
      listener.decided(
          Decisions.authenticated(timers.now(), conn.toString(), credential.trust(), "pairing"));
    }
  }

  /**
   * The budget is gateway-wide, so any local process can spend it (it has no token to tell it apart
   * by). What it cannot do is make the person's pairing fail silently: the first refusal in a
   * minute says so in every active session's timeline.
   */
  private void tellThePersonOnce(Instant now) {
    if (toldAt != null && now.isBefore(toldAt.plus(Duration.ofMinutes(1)))) {
      return;
    }
    toldAt = now;
    String message =
        "Pairing requests are being refused: more than "
            + limits.connections().maxPairingAttemptsPerMinute()
            + " in the last minute ("
            + refusedInWindow
            + " refused). If you are not pairing a provider now, another program on this machine is trying to;"
            + " if you are, try again in a minute.";
    refusedInWindow = 0;
    for (SessionState session : sessions.active()) {
      session.host.log(session.id, SOURCE, message);
    }
  }

  /** The active session whose code {@code typed} is, if the codes have not expired. */
  private String matchingSession(Conn conn, String typed) {
    if (conn.pairingExpiry() == null || !timers.now().isBefore(conn.pairingExpiry())) {
      return null;
    }
    byte[] typedBytes = typed.getBytes(StandardCharsets.UTF_8);
    String match = null;
    for (Map.Entry<String, String> entry : conn.pairingCodes().entrySet()) {
      // Compare every code, in constant time, whatever matched before.
      boolean equal =
          MessageDigest.isEqual(typedBytes, entry.getValue().getBytes(StandardCharsets.UTF_8));
      if (equal && sessions.active(entry.getKey()) != null) {
        match = entry.getKey();
      }
    }
    return match;
  }
}
