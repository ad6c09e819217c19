package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionOpener;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's sessions by id, in start order, from their start until their teardown (ending ones
 * included). The list providers and the host see holds only the active ones. Loop only.
 */
final class SessionRegistry {

  /**
   * SessionRegistry by id, in start order. Added by {@link SessionManager}, removed at teardown.
   */
  private final Map<String, SessionState> byId = new LinkedHashMap<>();

  private final Collection<SessionState> all = Collections.unmodifiableCollection(byId.values());

  void add(SessionState session) {
    byId.put(session.id, session);
  }

  void remove(SessionState session) {
    byId.remove(session.id);
  }

  /** The session, whatever its phase, or null. */
  SessionState get(String sessionId) {
    return byId.get(sessionId);
  }

  /** The session, if it exists and is active; else null. */
  SessionState active(String sessionId) {
    SessionState session = sessionId == null ? null : byId.get(sessionId);
    return session != null && session.isActive() ? session : null;
  }

  /** The session, which must be active. */
  SessionState requireActive(String sessionId) {
    SessionState session = active(sessionId);
    if (session == null) {
      throw new HostException(HostErrorCode.INVALID_SESSION, "No active session " + sessionId);
    }
    return session;
  }

  /** Every session, in start order; a read-only view. */
  Collection<SessionState> all() {
    return all;
  }

  /** The active sessions, in start order. */
  List<SessionState> active() {
    List<SessionState> active = new ArrayList<>();
    for (SessionState session : byId.values()) {
      if (session.isActive()) {
        active.add(session);
      }
    }
    return active;
  }

  /** The active sessions, in start order, with every field (the host's view). */
  List<SessionInfo> list() {
    List<SessionInfo> list = new ArrayList<>();
    for (SessionState session : active()) {
      list.add(session.info);
    }
    return list;
  }

  /**
   * The active sessions as {@code credential} may see them: {@code cwd} only where it may access,
   * who opened each only as its kind ({@link SessionInfo#forProviders()}), and front-door clients'
   * sessions after the others, each part in start order: a provider that takes the first session
   * listed (the spec's own examples do) takes the agent's or the host's while there is one, never a
   * client's that merely started earlier (decision 68).
   */
  List<SessionInfo> listFor(Credential credential) {
    List<SessionInfo> list = new ArrayList<>();
    List<SessionInfo> clients = new ArrayList<>();
    for (SessionInfo info : list()) {
      SessionInfo shown = info.forProviders();
      shown = credential.mayAccess(info.id()) ? shown : shown.withoutCwd();
      (shown.opener() == SessionOpener.CLIENT ? clients : list).add(shown);
    }
    list.addAll(clients);
    return list;
  }
}
