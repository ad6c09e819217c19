package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.TrustLevel;
import java.lang.System.Logger.Level;

/**
 * An authenticated connection that stays unbound (no {@code hello} yet, or all its sessions lost)
 * for {@code Limits.bindTimeout} (30 s) while a session it may bind to is active gets {@code error
 * INVALID_SESSION} and is closed: otherwise 50 connections that authenticated and then said nothing
 * held every connection slot for as long as they answered pings. While no session is there to bind
 * to, waiting is what a provider should do, so the deadline starts over. In-process providers are
 * the host's own and have none. Loop only.
 */
final class BindDeadlines {

  private static final System.Logger LOG = System.getLogger(BindDeadlines.class.getName());

  private final Timers timers;
  private final Limits limits;
  private final SessionRegistry sessions;
  private final Outbox outbox;

  BindDeadlines(Timers timers, Limits limits, SessionRegistry sessions, Outbox outbox) {
    this.timers = timers;
    this.limits = limits;
    this.sessions = sessions;
    this.outbox = outbox;
  }

  /** {@code conn} changed state: arms its deadline when it became unbound, drops it otherwise. */
  void stateChanged(Conn conn) {
    if (isUnbound(conn) && conn.trust() != TrustLevel.INTERNAL) {
      if (!conn.hasBindDeadline()) {
        arm(conn);
      }
    } else {
      conn.cancelBindDeadline();
    }
  }

  private void arm(Conn conn) {
    conn.bindDeadline(timers.after(limits.connections().bindTimeout(), () -> expired(conn)));
  }

  private void expired(Conn conn) {
    conn.bindDeadline(null);
    if (!conn.isOpen() || !isUnbound(conn)) {
      return;
    }
    SessionState waiting = sessionItMayBindTo(conn);
    if (waiting == null) {
      arm(conn);
      return;
    }
    String message =
        "No hello within "
            + Timers.seconds(limits.connections().bindTimeout())
            + " while session "
            + waiting.id
            + " was there to bind to; closing";
    LOG.log(Level.INFO, "{0}: {1}", conn, message);
    outbox.error(conn, ErrorCode.INVALID_SESSION, message, Outbox.Refused.NOTHING);
    outbox.close(conn, CloseReason.UNBOUND_TOO_LONG);
  }

  private SessionState sessionItMayBindTo(Conn conn) {
    for (SessionState session : sessions.active()) {
      if (conn.credential().mayAccess(session.id)) {
        return session;
      }
    }
    return null;
  }

  private static boolean isUnbound(Conn conn) {
    return conn.state() == ConnectionState.AWAIT_HELLO || conn.state() == ConnectionState.UNBOUND;
  }
}
