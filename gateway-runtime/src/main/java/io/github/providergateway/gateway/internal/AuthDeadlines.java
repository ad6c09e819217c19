package io.github.providergateway.gateway.internal;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.ErrorCode;
import java.lang.System.Logger.Level;
import java.time.Duration;

/**
 * A connection that has not authenticated within its deadline gets {@code AUTH_FAILED} and is
 * closed (docs/decisions, decision 15): the deadline is {@code Limits.authTimeout} from opening, or
 * a pairing request's code lifetime. Loop only.
 */
final class AuthDeadlines {

  /** Named for the engine, where these lines were first logged: their logger stays the same. */
  private static final System.Logger LOG = System.getLogger(Engine.class.getName());

  private final Timers timers;
  private final Outbox outbox;

  AuthDeadlines(Timers timers, Outbox outbox) {
    this.timers = timers;
    this.outbox = outbox;
  }

  /**
   * Ends {@code conn} with {@code AUTH_FAILED} if it has not authenticated within {@code limit},
   * replacing any earlier deadline: no unauthenticated connection keeps one of the connection slots
   * for long by saying nothing, or nothing valid.
   */
  void admitWithin(Conn conn, Duration limit, String refusal) {
    Scheduler.Cancellable[] self = new Scheduler.Cancellable[1];
    self[0] =
        timers.after(
            limit,
            () -> {
              // A replaced deadline may already be queued on a busy loop when it is cancelled:
              // only the connection's current one may act.
              if (conn.isOpen() && conn.isAuthenticating() && conn.hasAdmissionDeadline(self[0])) {
                LOG.log(Level.INFO, "{0}: {1}; closing", conn, refusal);
                outbox.error(conn, ErrorCode.AUTH_FAILED, refusal, Outbox.Refused.NOTHING);
              }
            });
    conn.admissionDeadline(self[0]);
  }
}
