package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamName;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.json.JsonHeap;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Events providers push into sessions, the streams that keep them, and queries of those streams
 * (spec: push, stream.query, Stream access control). Loop only.
 */
public final class PushHandler {

  private final Timers timers;
  private final Limits limits;
  private final SessionRegistry sessions;
  private final RetainedStreams retainedStreams;

  /** Runs stream filters' regexes, under the same guard as hook rules. */
  private final HookEngine hooks;

  private final Outbox outbox;
  private final Listeners listener;

  /**
   * Pushes accepted (past every check, filter drops included), for metrics read on any thread: the
   * one counter here that is not loop state.
   */
  private final java.util.concurrent.atomic.AtomicLong accepted =
      new java.util.concurrent.atomic.AtomicLong();

  PushHandler(
      Timers timers,
      Limits limits,
      SessionRegistry sessions,
      RetainedStreams retainedStreams,
      HookEngine hooks,
      Outbox outbox,
      Listeners listener) {
    this.timers = timers;
    this.limits = limits;
    this.sessions = sessions;
    this.retainedStreams = retainedStreams;
    this.hooks = hooks;
    this.outbox = outbox;
    this.listener = listener;
  }

  void push(Conn conn, Push push) {
    ProviderState provider = conn.provider();
    // Decoded pushes cannot nest deeper (the codec's bound); an in-process provider's tree can,
    // and what is stored must be written back inside stream.history (issue 13).
    int maxDepth = limits.messages().maxJsonDepth() - 1;
    if (JsonHeap.depth(push.metadata(), maxDepth) > maxDepth) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_JSON, "metadata is nested deeper than " + maxDepth + " levels");
    }
    Names.checkStream("stream", push.stream());
    List<Binding> targets = targets(provider, push);
    StreamName stream =
        new StreamName(push.stream() == null ? provider.name : push.stream(), provider.name);
    for (Binding binding : targets) {
      checkWriter(binding.session.streams.get(stream), provider, stream);
      checkStreamLimit(binding.session, provider, stream);
      checkBudget(binding);
    }
    for (Binding binding : targets) {
      binding.pushed(timers.now());
      deliver(binding, stream, push);
    }
  }

  /**
   * Where a push goes: the named session; else a single-session provider's own session; an {@code
   * "all"}-bound provider must name one or say {@code broadcast} (design brief, decision 30).
   */
  private static List<Binding> targets(ProviderState provider, Push push) {
    if (push.sessionId() != null) {
      return List.of(provider.bindings().get(push.sessionId()));
    }
    if (provider.isAllBound() && !push.isBroadcast()) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION,
          "An \"all\"-bound provider must give sessionId or broadcast: true");
    }
    return new ArrayList<>(provider.bindings().values());
  }

  /**
   * A stream belongs to the name and trust level that made it: a provider of another trust level
   * that takes the name after the writer left cannot add to it or read it (docs/decisions, decision
   * 23). The host and internal providers read every stream.
   */
  private static void checkWriter(EventStream existing, ProviderState provider, StreamName name) {
    if (existing != null
        && existing.writer() != provider.trust
        && provider.trust != TrustLevel.INTERNAL) {
      throw new ProtocolViolation(
          ErrorCode.UNAUTHORIZED,
          "Stream "
              + name
              + " was written by a "
              + existing.writer().wireName()
              + " provider; a "
              + provider.trust.wireName()
              + " provider of that name cannot use it");
    }
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
    if (owned >= limits.registration().maxStreamsPerProvider()) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "A provider may push to at most "
              + limits.registration().maxStreamsPerProvider()
              + " streams",
          session.id);
    }
    if (session.streams.size() >= limits.streams().maxStreamsPerSession()
        && evictableStream(session) == null) {
      throw new ProtocolViolation(
          ErrorCode.PAYLOAD_TOO_LARGE,
          "Session "
              + session.id
              + " holds "
              + limits.streams().maxStreamsPerSession()
              + " streams of bound providers already",
          session.id);
    }
  }

  /**
   * The stream to drop when a session is full: the least recently written one of a provider no
   * longer bound there (a provider that left cannot have its history crowd out live ones), or null.
   */
  private static StreamName evictableStream(SessionState session) {
    Set<String> bound = new HashSet<>();
    for (ProviderState provider : session.bindings().keySet()) {
      bound.add(provider.name);
    }
    StreamName oldest = null;
    Instant oldestWrite = null;
    for (Map.Entry<StreamName, EventStream> entry : session.streams.entrySet()) {
      if (bound.contains(entry.getKey().provider())) {
        continue;
      }
      Instant written = entry.getValue().lastWritten();
      if (oldest == null || (written != null && written.isBefore(oldestWrite))) {
        oldest = entry.getKey();
        oldestWrite = written;
      }
    }
    return oldest;
  }

  /** The stream {@code name} of {@code session}, made (making room if the session is full). */
  private EventStream streamFor(SessionState session, StreamName name, TrustLevel writer) {
    EventStream stream = session.streams.get(name);
    if (stream == null) {
      if (session.streams.size() >= limits.streams().maxStreamsPerSession()) {
        EventStream evicted = session.streams.remove(evictableStream(session));
        if (evicted != null) {
          retainedStreams.dropped(evicted);
        }
      }
      stream =
          new EventStream(
              writer, limits.streams().streamRetention(), limits.streams().maxStreamBytes());
      session.streams.put(name, stream);
    }
    return stream;
  }

  /**
   * At most {@code maxPushesPerSecond} pushes per (provider, session) in any one-second window
   * (spec: Push loop prevention). A refused push changes nothing.
   */
  private void checkBudget(Binding binding) {
    if (!binding.mayPush(timers.now(), limits.streams().maxPushesPerSecond())) {
      throw new ProtocolViolation(
          ErrorCode.RATE_LIMITED,
          "More than "
              + limits.streams().maxPushesPerSecond()
              + " pushes a second to session "
              + binding.session.id,
          binding.session.id);
    }
  }

  /**
   * Stores and routes one event. The stream's filter, if any, decides first: the first rule whose
   * regex is found in the event overrides its level, and {@code drop} discards it. Then {@code
   * keep} → stream only (the host hears {@code streamUpdated} for every event kept); {@code
   * surface} → stream and timeline; {@code inject} → stream, timeline and a new turn, gated so one
   * provider cannot keep the agent busy. A {@code prompt} starts the turn with itself in place of
   * the event text.
   */
  private void deliver(Binding binding, StreamName stream, Push push) {
    accepted.incrementAndGet();
    SessionState session = binding.session;
    String source = binding.provider.name;
    PushLevel level = push.level();
    if (push.event() != null) {
      FilterOutcome filtered = filter(binding, stream, push.event());
      if (filtered == FilterOutcome.DROP) {
        return;
      }
      if (filtered != null) {
        level = PushLevel.fromWire(filtered.wireName());
      }
      EventStream written = streamFor(session, stream, binding.provider.trust);
      retainedStreams.changed(
          written.add(new StreamEntry(timers.now(), push.event(), level, push.metadata())));
      retainedStreams.enforce();
      // Only a retained event counts: one the filter dropped returned above.
      session.host.streamUpdated(session.id, stream.toString());
      if (level == PushLevel.SURFACE || level == PushLevel.INJECT) {
        session.host.log(session.id, source, push.event());
      }
    }
    String turn =
        push.prompt() != null ? push.prompt() : level == PushLevel.INJECT ? push.event() : null;
    if (turn != null && mayStartTurn(binding)) {
      session.host.send(session.id, source, turn);
    } else if (turn != null && push.event() == null) {
      session.host.log(session.id, source, turn); // a held prompt is still shown
    }
  }

  /** The outcome of the first matching filter rule, or null when none matches or none is set. */
  private FilterOutcome filter(Binding binding, StreamName stream, String event) {
    List<FilterRule> rules = binding.declared.filters.get(stream.stream());
    if (rules == null) {
      return null;
    }
    String text =
        event.length() > limits.regex().maxMatchedChars()
            ? event.substring(0, limits.regex().maxMatchedChars())
            : event;
    RegexGuard.Spend spend = hooks.regex().spend();
    RegexGuard.Allowance allowance = hooks.allowance(binding.provider);
    for (FilterRule rule : rules) {
      // A match cut off by its step budget, or not run for want of steps, fails safe as no match
      // (design brief, decision 8; docs/decisions, decision 22).
      if (hooks.regex().find(rule.match(), text, spend, allowance) == RegexGuard.Result.MATCHED) {
        return rule.outcome();
      }
    }
    return null;
  }

  /**
   * Inject gating (design brief, decision 6): while this provider's last turn in the session is
   * unanswered, no new turn; after 3 consecutive inject→turn→inject cycles its turns pause, with a
   * warning, until the user sends a message.
   */
  private boolean mayStartTurn(Binding binding) {
    return switch (binding.startTurn(limits.streams().injectCyclesBeforePause())) {
      case STARTED -> true;
      case HELD -> false;
      case PAUSED -> {
        String warning =
            "Provider '"
                + binding.provider.name
                + "' started "
                + binding.injectCycles()
                + " turns in a row; its injects are paused until the user sends a message.";
        binding.session.host.log(binding.session.id, "gateway", warning);
        listener.warning(warning);
        yield false;
      }
    };
  }

  /** The session went idle: turns providers started there have ended. */
  void sessionIdle(SessionState session) {
    for (Binding binding : session.bindings().values()) {
      binding.sessionIdle();
    }
  }

  /** The user spoke: every provider's inject cycle count restarts, and paused ones resume. */
  void userMessage(SessionState session) {
    for (Binding binding : session.bindings().values()) {
      binding.userSpoke();
    }
  }

  void query(Conn conn, StreamQuery query) {
    ProviderState provider = conn.provider();
    String sessionId = query.sessionId();
    if (sessionId == null) {
      if (provider.isAllBound() || provider.bindings().size() != 1) {
        throw new ProtocolViolation(
            ErrorCode.INVALID_SESSION,
            "stream.query from an \"all\"-bound provider needs sessionId");
      }
      sessionId = provider.bindings().keySet().iterator().next();
    }
    SessionState session = sessions.get(sessionId);
    int last =
        Math.min(
            query.last() == null ? limits.streams().maxQueryLast() : query.last(),
            limits.streams().maxQueryLast());
    Map<String, List<StreamEntry>> result = new LinkedHashMap<>();
    for (String name : query.streams()) {
      Names.checkStream("streams[]", name);
    }
    for (String name : query.streams()) {
      StreamName stream = StreamName.parse(name, provider.name);
      checkWriter(session.streams.get(stream), provider, stream);
      result.put(name, history(session, stream, last));
    }
    outbox.send(conn, new StreamHistory(query.queryId(), result));
  }

  /** The host's query: internal trust, any provider's stream, {@code last} up to the retention. */
  public Map<String, List<StreamEntry>> hostQuery(
      String sessionId, List<String> streams, int last) {
    SessionState session = sessions.get(sessionId);
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

  /**
   * Every retained stream of a session, for the host (internal trust): each {@code stream@provider}
   * → its newest {@code last} entries, newest first, streams in the order first written.
   */
  public Map<String, List<StreamEntry>> hostStreams(String sessionId, int last) {
    SessionState session = sessions.get(sessionId);
    if (session == null) {
      throw new HostException(HostErrorCode.INVALID_SESSION, "No session " + sessionId);
    }
    Map<String, List<StreamEntry>> result = new LinkedHashMap<>();
    for (Map.Entry<StreamName, EventStream> entry : session.streams.entrySet()) {
      result.put(entry.getKey().toString(), entry.getValue().newest(Math.max(0, last)));
    }
    return result;
  }

  /** How many pushes were accepted since the gateway started (any thread; for metrics). */
  public long pushesAccepted() {
    return accepted.get();
  }

  private static List<StreamEntry> history(SessionState session, StreamName name, int last) {
    EventStream stream = session.streams.get(name);
    return stream == null ? List.of() : stream.newest(last);
  }
}
