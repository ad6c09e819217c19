package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.HostErrorCode;
import io.github.providergateway.gateway.HostException;
import io.github.providergateway.gateway.SessionHost;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionsUpdated;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Sessions the host starts and ends, and what providers see of them (spec: Multi-session model,
 * session.lifecycle). Ending is a barrier: {@code shutdown.pending} to each bound provider, then
 * teardown once all are ready or the deadline passes. Loop only.
 */
public final class SessionManager {

  private final Engine engine;

  SessionManager(Engine engine) {
    this.engine = engine;
  }

  /** Starts a session; every authenticated provider gets {@code sessions.updated}. */
  public SessionInfo start(SessionSpec spec, SessionHost host) {
    engine.loop.assertInLoop();
    requireRunning();
    String id = engine.secrets.id("s");
    SessionInfo info = new SessionInfo(id, spec.label(), spec.cwd(), spec.foreground());
    SessionState session =
        new SessionState(id, info, new GuardedSessionHost(host), spec.hostToolNames());
    engine.sessions.put(id, session);
    engine.bindings.sessionStarted(session);
    broadcastSessions();
    engine.listener.sessionStarted(info);
    return info;
  }

  /** Bound providers get {@code session.lifecycle idle}. */
  public void idle(String sessionId) {
    SessionState session = requireActive(sessionId);
    engine.pushes.sessionIdle(session);
    for (ProviderState provider : session.bindings.keySet()) {
      if (provider.conn.state() == ConnectionState.BOUND) {
        engine.outbox.send(provider.conn, SessionLifecycle.idle(session.id));
      }
    }
  }

  /** Interrupts the session's calls. */
  public void interrupt(String sessionId) {
    engine.calls.interrupt(requireActive(sessionId));
  }

  /**
   * Ends a session: it leaves the session list at once; bound providers get {@code
   * shutdown.pending}; teardown runs when all are ready or at the deadline.
   *
   * @return completes after teardown
   */
  public CompletableFuture<Void> end(String sessionId, Duration deadline) {
    engine.loop.assertInLoop();
    SessionState session = engine.sessions.get(sessionId);
    if (session == null || session.phase == SessionState.Phase.ENDED) {
      throw new HostException(HostErrorCode.INVALID_SESSION, "No session " + sessionId);
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    session.endWaiters.add(done);
    if (session.phase == SessionState.Phase.ENDING) {
      return done;
    }
    session.phase = SessionState.Phase.ENDING;
    for (ProviderState provider : engine.identities.values()) {
      provider.awaitingReady.remove(sessionId);
    }
    for (ProviderState provider : session.bindings.keySet()) {
      if (provider.conn.state() == ConnectionState.BOUND) {
        session.awaitingShutdown.add(provider);
        provider.shutdownPending.add(sessionId);
        engine.outbox.send(provider.conn, SessionLifecycle.shutdownPending(sessionId, deadline));
      }
    }
    broadcastSessions();
    engine.listener.sessionEnding(sessionId, deadline);
    if (session.awaitingShutdown.isEmpty()) {
      teardown(session);
    } else {
      session.shutdownDeadline = engine.timers.after(deadline, () -> teardown(session));
    }
    return done;
  }

  /** {@code provider} is ready for {@code session}'s teardown; the last one triggers it. */
  void providerReady(SessionState session, ProviderState provider) {
    if (session.phase == SessionState.Phase.ENDING
        && session.awaitingShutdown.remove(provider)
        && session.awaitingShutdown.isEmpty()) {
      teardown(session);
    }
  }

  /**
   * Removes the session: every binding ends (calls {@code CANCELLED}), its tokens die, and whoever
   * waits on {@link #end} is told.
   */
  void teardown(SessionState session) {
    if (session.phase == SessionState.Phase.ENDED) {
      return;
    }
    boolean wasListed = session.phase == SessionState.Phase.ACTIVE;
    session.phase = SessionState.Phase.ENDED;
    if (session.shutdownDeadline != null) {
      session.shutdownDeadline.cancel();
    }
    engine.catalog.cancel(session);
    List<ProviderState> providers = new ArrayList<>(session.bindings.keySet());
    for (Binding binding : new ArrayList<>(session.bindings.values())) {
      engine.bindings.unbind(binding, BindingHandler.UnbindReason.SESSION_ENDED);
    }
    for (CallState call : new ArrayList<>(session.calls)) {
      engine.calls.cancel(call, CancelReason.SESSION_ENDED);
    }
    for (ProviderState provider : session.awaitingShutdown) {
      provider.shutdownPending.remove(session.id);
    }
    session.awaitingShutdown.clear();
    engine.sessions.remove(session.id);
    engine.retainedStreams.sessionEnded(session);
    engine.credentials.revokeSession(session.id);
    engine.bindings.sessionEnded(session, providers);
    if (wasListed) {
      broadcastSessions();
    }
    engine.listener.sessionEnded(session.id);
    for (CompletableFuture<Void> waiter : session.endWaiters) {
      waiter.complete(null);
    }
    session.endWaiters.clear();
  }

  /** The active sessions, in start order, with every field (the host's view). */
  public List<SessionInfo> list() {
    List<SessionInfo> list = new ArrayList<>();
    for (SessionState session : engine.sessions.values()) {
      if (session.isActive()) {
        list.add(session.info);
      }
    }
    return list;
  }

  /** The active sessions as {@code credential} may see them: {@code cwd} only where it may access. */
  List<SessionInfo> listFor(Credential credential) {
    List<SessionInfo> list = new ArrayList<>();
    for (SessionInfo info : list()) {
      list.add(credential.mayAccess(info.id()) ? info : info.withoutCwd());
    }
    return list;
  }

  /** Every authenticated connection gets {@code sessions.updated}. */
  private void broadcastSessions() {
    for (Conn conn : engine.conns) {
      if (conn.state().isAuthenticated() && conn.credential() != null) {
        engine.outbox.send(conn, new SessionsUpdated(listFor(conn.credential())));
      }
    }
  }

  /** The session, which must be active. */
  SessionState requireActive(String sessionId) {
    engine.loop.assertInLoop();
    SessionState session = engine.activeSession(sessionId);
    if (session == null) {
      throw new HostException(HostErrorCode.INVALID_SESSION, "No active session " + sessionId);
    }
    return session;
  }

  private void requireRunning() {
    if (engine.stopped) {
      throw new HostException(HostErrorCode.GATEWAY_CLOSED, "The gateway has stopped");
    }
  }
}
