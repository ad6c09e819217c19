package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.SerialExecutor;
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

  private final SerialExecutor loop;
  private final Timers timers;
  private final Secrets secrets;
  private final SessionRegistry sessions;
  private final ProviderRegistry providers;
  private final ConnectionRegistry connections;
  private final BindingHandler bindings;
  private final CallDispatcher calls;
  private final PushHandler pushes;
  private final ToolCatalog catalog;
  private final RetainedStreams retainedStreams;
  private final StartingProviders starting;
  private final Credentials credentials;
  private final Outbox outbox;
  private final Listeners listener;

  /** Set once the gateway stops: no session starts after. Loop only. */
  private boolean stopped;

  SessionManager(
      SerialExecutor loop,
      Timers timers,
      Secrets secrets,
      SessionRegistry sessions,
      ProviderRegistry providers,
      ConnectionRegistry connections,
      BindingHandler bindings,
      CallDispatcher calls,
      PushHandler pushes,
      ToolCatalog catalog,
      RetainedStreams retainedStreams,
      StartingProviders starting,
      Credentials credentials,
      Outbox outbox,
      Listeners listener) {
    this.loop = loop;
    this.timers = timers;
    this.secrets = secrets;
    this.sessions = sessions;
    this.providers = providers;
    this.connections = connections;
    this.bindings = bindings;
    this.calls = calls;
    this.pushes = pushes;
    this.catalog = catalog;
    this.retainedStreams = retainedStreams;
    this.starting = starting;
    this.credentials = credentials;
    this.outbox = outbox;
    this.listener = listener;
  }

  /** Starts a session; every authenticated provider gets {@code sessions.updated}. */
  public SessionInfo start(SessionSpec spec, SessionHost host) {
    loop.assertInLoop();
    requireRunning();
    String id = secrets.id("s");
    SessionInfo info =
        new SessionInfo(id, spec.label(), spec.cwd(), spec.foreground(), spec.openedBy());
    SessionState session =
        new SessionState(id, info, new GuardedSessionHost(host), spec.hostToolNames());
    sessions.add(session);
    bindings.sessionStarted(session);
    broadcastSessions();
    listener.sessionStarted(info);
    return info;
  }

  /** Bound providers get {@code session.lifecycle idle}. */
  public void idle(String sessionId) {
    SessionState session = requireActive(sessionId);
    pushes.sessionIdle(session);
    for (ProviderState provider : session.bindings().keySet()) {
      if (provider.conn.state() == ConnectionState.BOUND) {
        outbox.send(provider.conn, SessionLifecycle.idle(session.id));
      }
    }
  }

  /** Interrupts the session's calls. */
  public void interrupt(String sessionId) {
    calls.interrupt(requireActive(sessionId));
  }

  /**
   * Ends a session: it leaves the session list at once; bound providers get {@code
   * shutdown.pending}; teardown runs when all are ready or at the deadline.
   *
   * @return completes after teardown
   */
  public CompletableFuture<Void> end(String sessionId, Duration deadline) {
    loop.assertInLoop();
    SessionState session = sessions.get(sessionId);
    if (session == null || session.isEnded()) {
      throw new HostException(HostErrorCode.INVALID_SESSION, "No session " + sessionId);
    }
    CompletableFuture<Void> done = session.whenEnded();
    if (session.isEnding()) {
      return done;
    }
    session.beginEnding();
    bindings.stopAwaitingReady(sessionId);
    for (ProviderState provider : session.bindings().keySet()) {
      if (provider.conn.state() == ConnectionState.BOUND) {
        session.awaitShutdown(provider);
        provider.shutdownPending(sessionId);
        outbox.send(provider.conn, SessionLifecycle.shutdownPending(sessionId, deadline));
      }
    }
    broadcastSessions();
    listener.sessionEnding(sessionId, deadline);
    if (!session.awaitsProviders()) {
      teardown(session);
    } else {
      session.shutdownDeadline(timers.after(deadline, () -> teardown(session)));
    }
    return done;
  }

  /** {@code provider} is ready for {@code session}'s teardown; the last one triggers it. */
  void providerReady(SessionState session, ProviderState provider) {
    if (session.shutdownReady(provider)) {
      teardown(session);
    }
  }

  /**
   * Removes the session: every binding ends (calls {@code CANCELLED}), its tokens die, and whoever
   * waits on {@link #end} is told.
   */
  void teardown(SessionState session) {
    if (session.isEnded()) {
      return;
    }
    boolean wasListed = session.isActive();
    session.ended();
    catalog.cancel(session);
    List<ProviderState> wereBound = new ArrayList<>(session.bindings().keySet());
    for (Binding binding : new ArrayList<>(session.bindings().values())) {
      bindings.unbind(binding, BindingHandler.UnbindReason.SESSION_ENDED);
    }
    for (CallState call : new ArrayList<>(session.calls)) {
      calls.cancel(call, CancelReason.SESSION_ENDED);
    }
    for (ProviderState provider : session.stopAwaitingShutdown()) {
      provider.shutdownSettled(session.id);
    }
    sessions.remove(session);
    retainedStreams.sessionEnded(session);
    starting.sessionEnded(session.id); // its waiters settle now, not at an announcement's 30 s
    credentials.revokeSession(session.id);
    bindings.sessionEnded(session, wereBound);
    if (wasListed) {
      broadcastSessions();
    }
    listener.sessionEnded(session.id);
    session.tellEnded();
  }

  /**
   * {@code sessionId} joined {@code group} (decision 72): each connection authenticated for the
   * group hears {@code sessions.updated} (the session's {@code cwd} now shown), and a provider
   * bound {@code "all"} through it awaits the session's {@code session.ready}, as the spec has an
   * {@code "all"}-bound provider await a session that starts.
   *
   * @return whether a provider bound {@code "all"} now awaits its {@code session.ready}
   */
  boolean joinedGroup(SpawnGroup group, String sessionId) {
    boolean awaited = false;
    for (Conn conn : connections.authenticated()) {
      if (conn.credential() instanceof Credential.SharedSpawnToken shared
          && shared.group() == group) {
        outbox.send(conn, new SessionsUpdated(sessions.listFor(conn.credential())));
        ProviderState provider = conn.provider();
        if (provider != null
            && provider.isAllBound()
            && conn.state() == ConnectionState.BOUND
            && !provider.bindings().containsKey(sessionId)) {
          provider.awaitReady(sessionId);
          awaited = true;
        }
      }
    }
    return awaited;
  }

  /** The active sessions, in start order, with every field (the host's view). */
  public List<SessionInfo> list() {
    return sessions.list();
  }

  /** Every authenticated connection gets {@code sessions.updated}. */
  private void broadcastSessions() {
    for (Conn conn : connections.authenticated()) {
      outbox.send(conn, new SessionsUpdated(sessions.listFor(conn.credential())));
    }
  }

  /** The session, which must be active. */
  SessionState requireActive(String sessionId) {
    loop.assertInLoop();
    return sessions.requireActive(sessionId);
  }

  /** The gateway stops: no session starts from now on. */
  void refuseNewSessions() {
    stopped = true;
  }

  /** Tears down every session (the gateway stops, its connections already closed). */
  void teardownAll() {
    for (SessionState session : new ArrayList<>(sessions.all())) {
      teardown(session);
    }
  }

  private void requireRunning() {
    if (stopped) {
      throw new HostException(HostErrorCode.GATEWAY_CLOSED, "The gateway has stopped");
    }
  }
}
