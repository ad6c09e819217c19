package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.HostErrorCode;
import io.github.providergateway.gateway.HostException;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamName;
import io.github.providergateway.protocol.StreamQuery;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Events providers push into sessions, the streams that keep them, and queries of those streams
 * (spec: push, stream.query, Stream access control). Loop only.
 */
public final class PushHandler {

  private final Engine engine;

  PushHandler(Engine engine) {
    this.engine = engine;
  }

  void push(Conn conn, Push push) {
    ProviderState provider = conn.provider();
    List<SessionState> sessions = targets(provider, push);
    StreamName stream =
        new StreamName(push.stream() == null ? provider.name : push.stream(), provider.name);
    for (SessionState session : sessions) {
      checkStreamLimit(session, provider, stream);
    }
    for (SessionState session : sessions) {
      deliver(session, provider, stream, push);
    }
  }

  /**
   * Where a push goes: the named session; else a single-session provider's own session; an
   * {@code "all"}-bound provider must name one or say {@code broadcast} (architecture, decision 30).
   */
  private static List<SessionState> targets(ProviderState provider, Push push) {
    if (push.sessionId() != null) {
      return List.of(provider.bindings.get(push.sessionId()).session);
    }
    if (provider.isAllBound() && !push.isBroadcast()) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION,
          "An \"all\"-bound provider must give sessionId or broadcast: true");
    }
    List<SessionState> sessions = new ArrayList<>();
    for (Binding binding : provider.bindings.values()) {
      sessions.add(binding.session);
    }
    return sessions;
  }

  private void checkStreamLimit(SessionState session, ProviderState provider, StreamName stream) {
    if (session.streams.containsKey(stream)) {
      return;
    }
    int owned = 0;
    for (StreamName name : session.streams.keySet()) {
      if (name.isOwnedBy(provider.name)) {
        owned++;
      }
    }
    if (owned >= engine.limits.maxStreamsPerProvider()) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "A provider may push to at most " + engine.limits.maxStreamsPerProvider() + " streams",
          session.id);
    }
  }

  /**
   * Stores and routes one event: {@code keep} → stream only; {@code surface} → stream and timeline;
   * {@code inject} → stream, timeline and a new turn. A {@code prompt} starts the turn with itself
   * in place of the event text.
   */
  private void deliver(SessionState session, ProviderState provider, StreamName stream, Push push) {
    PushLevel level = push.level();
    if (push.event() != null) {
      session
          .streams
          .computeIfAbsent(stream, s -> new EventStream(engine.limits.streamRetention()))
          .add(new StreamEntry(engine.timers.now(), push.event(), level, push.metadata()));
      if (level == PushLevel.SURFACE || level == PushLevel.INJECT) {
        session.host.log(session.id, provider.name, push.event());
      }
    }
    String turn = push.prompt() != null ? push.prompt() : level == PushLevel.INJECT ? push.event() : null;
    if (turn != null) {
      session.host.send(session.id, provider.name, turn);
    }
  }

  void query(Conn conn, StreamQuery query) {
    ProviderState provider = conn.provider();
    String sessionId = query.sessionId();
    if (sessionId == null) {
      if (provider.isAllBound() || provider.bindings.size() != 1) {
        throw new ProtocolViolation(
            ErrorCode.INVALID_SESSION, "stream.query from an \"all\"-bound provider needs sessionId");
      }
      sessionId = provider.bindings.keySet().iterator().next();
    }
    SessionState session = engine.sessions.get(sessionId);
    int last = Math.min(query.last() == null ? engine.limits.maxQueryLast() : query.last(), engine.limits.maxQueryLast());
    Map<String, List<StreamEntry>> result = new LinkedHashMap<>();
    for (String name : query.streams()) {
      result.put(name, history(session, StreamName.parse(name, provider.name), last));
    }
    engine.outbox.send(conn, new StreamHistory(query.queryId(), result));
  }

  /** The host's query: internal trust, any provider's stream, {@code last} up to the retention. */
  public Map<String, List<StreamEntry>> hostQuery(String sessionId, List<String> streams, int last) {
    SessionState session = engine.sessions.get(sessionId);
    if (session == null) {
      throw new HostException(HostErrorCode.INVALID_SESSION, "No session " + sessionId);
    }
    Map<String, List<StreamEntry>> result = new LinkedHashMap<>();
    for (String name : streams) {
      int at = name.lastIndexOf('@');
      if (at <= 0 || at == name.length() - 1) {
        throw new HostException(
            HostErrorCode.INVALID_ARGUMENT, "Stream names must be stream@provider: " + name);
      }
      result.put(name, history(session, StreamName.parse(name, null), Math.max(0, last)));
    }
    return result;
  }

  private static List<StreamEntry> history(SessionState session, StreamName name, int last) {
    EventStream stream = session.streams.get(name);
    return stream == null ? List.of() : stream.newest(last);
  }
}
