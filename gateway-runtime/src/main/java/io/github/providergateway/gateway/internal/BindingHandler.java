package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.CloseReason;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.ConnectionEvent;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Who is bound where: {@code hello} (first registration and rebinding), {@code goodbye}, {@code
 * session.ready}, {@code shutdown.ready}, and every way a binding ends (spec: Provider lifecycle,
 * Rebinding, Session binding). Loop only.
 */
final class BindingHandler {

  /** Why a binding ends; decides how its calls end. */
  enum UnbindReason {
    /** The connection dropped: calls end {@code DISCONNECTED}. */
    DISCONNECTED,
    /** The provider said {@code goodbye}: calls end {@code DISCONNECTED}. */
    GOODBYE,
    /** A new {@code hello} replaces the binding: calls end {@code CANCELLED}. */
    REBIND,
    /** The session ended: calls end {@code CANCELLED}. */
    SESSION_ENDED
  }

  private final Engine engine;

  BindingHandler(Engine engine) {
    this.engine = engine;
  }

  // ---- hello ----

  /**
   * Registers the provider, or rebinds it: the old binding is removed first, so a rebind that
   * fails leaves the connection registered nowhere (spec: Rebinding, step 5).
   */
  void hello(Conn conn, Hello hello) {
    if (hello.protocolVersion() != Hello.PROTOCOL_VERSION) {
      throw new ProtocolViolation(
          ErrorCode.UNSUPPORTED_VERSION,
          "protocolVersion "
              + hello.protocolVersion()
              + " is not supported; this gateway speaks "
              + Hello.PROTOCOL_VERSION);
    }
    ConnectionState before = conn.state();
    if (before == ConnectionState.BOUND || before == ConnectionState.UNBOUND) {
      countRebind(conn);
    }
    if (before == ConnectionState.BOUND) {
      // Rebind barrier: the old binding is gone before the new one is looked at (spec: Ordering).
      conn.on(ConnectionEvent.REBIND_STARTED);
      ProviderInfo old = conn.provider().info();
      leaveAllSessions(conn.provider(), UnbindReason.REBIND);
      engine.listener.providerDisconnected(old);
    }
    ProviderState provider;
    try {
      Registration registration = validate(conn, hello);
      provider = register(conn, hello, registration);
      conn.on(ConnectionEvent.HELLO_ACCEPTED);
    } catch (ProtocolViolation refused) {
      if (conn.isOpen()) {
        conn.on(ConnectionEvent.HELLO_REFUSED);
      }
      throw refused;
    }
    engine.outbox.send(
        conn,
        new HelloAck(
            Hello.PROTOCOL_VERSION,
            provider.providerId,
            provider.selector.wireValue(),
            provider.reconnectToken,
            provider.persistDir == null ? null : provider.persistDir + "/"));
    for (Binding binding : provider.bindings.values()) {
      engine.outbox.send(conn, SessionLifecycle.started(binding.session.id));
    }
    engine.listener.providerConnected(provider.info());
  }

  /** At most {@code maxRebindsPerMinute} rebinds per connection (spec: Payload limits). */
  private void countRebind(Conn conn) {
    Instant now = engine.timers.now();
    Instant windowStart = now.minus(Duration.ofMinutes(1));
    while (!conn.rebinds.isEmpty() && !conn.rebinds.peekFirst().isAfter(windowStart)) {
      conn.rebinds.pollFirst();
    }
    if (conn.rebinds.size() >= engine.limits.maxRebindsPerMinute()) {
      throw new ProtocolViolation(
          ErrorCode.RATE_LIMITED,
          "More than " + engine.limits.maxRebindsPerMinute() + " rebinds in a minute");
    }
    conn.rebinds.addLast(now);
  }

  /** What a valid {@code hello} binds to. */
  private record Registration(SessionSelector selector, List<SessionState> sessions) {}

  /** Checks everything before anything changes: a refused {@code hello} registers nothing. */
  private Registration validate(Conn conn, Hello hello) {
    Registration registration = resolveSessions(conn, hello);
    ProviderState holder = engine.identities.get(new Engine.Identity(hello.name(), hello.instance()));
    if (holder != null && holder.conn != conn && holder.conn.isOpen()) {
      throw new ProtocolViolation(
          ErrorCode.DUPLICATE_INSTANCE,
          "Provider '" + hello.name() + "'"
              + (hello.instance() == null ? "" : " instance '" + hello.instance() + "'")
              + " is already connected; pick another instance or reconnect with its reconnectToken");
    }
    for (SessionState session : registration.sessions()) {
      engine.catalog.checkTools(session, hello.name(), hello.toolsOrEmpty(), null);
    }
    HookRules.check(hello.hooksOrNone(), engine.limits);
    return registration;
  }

  private Registration resolveSessions(Conn conn, Hello hello) {
    SessionSelector selector = hello.session();
    if (selector == null) {
      String fallback = conn.credential().defaultSession();
      if (fallback == null) {
        throw new ProtocolViolation(
            ErrorCode.INVALID_SESSION, "hello must name a session: pick one from 'sessions'");
      }
      selector = SessionSelector.of(fallback);
    }
    if (selector instanceof SessionSelector.All) {
      List<SessionState> all = new ArrayList<>();
      for (SessionState session : engine.sessions.values()) {
        if (session.isActive()) {
          all.add(session);
        }
      }
      return new Registration(selector, all);
    }
    String sessionId = ((SessionSelector.Named) selector).sessionId();
    SessionState session = engine.activeSession(sessionId);
    if (session == null) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION, "Session " + sessionId + " does not exist", sessionId);
    }
    if (!conn.credential().mayAccess(sessionId)) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION, "Not authorized for session " + sessionId, sessionId);
    }
    return new Registration(selector, List.of(session));
  }

  private ProviderState register(Conn conn, Hello hello, Registration registration) {
    Engine.Identity identity = new Engine.Identity(hello.name(), hello.instance());
    ProviderState previous = conn.provider();
    ProviderState provider = engine.identities.get(identity);
    if (provider == null || provider.conn != conn) {
      provider =
          new ProviderState(
              previous != null && previous.name.equals(hello.name())
                      && java.util.Objects.equals(previous.instance, hello.instance())
                  ? previous.providerId
                  : engine.secrets.id("p"),
              hello.name(),
              hello.instance(),
              conn.trust(),
              engine.nextProviderOrder());
    }
    if (previous != null && previous != provider) {
      engine.identities.remove(new Engine.Identity(previous.name, previous.instance));
    }
    provider.conn = conn;
    provider.selector = registration.selector();
    provider.subscribe = hello.subscribe() == null ? Set.of() : Set.copyOf(hello.subscribe());
    provider.concurrency = hello.concurrency();
    provider.metadata = hello.metadata();
    provider.startupContext = hello.startupContext();
    provider.lastActive = engine.timers.now();
    provider.persistDir = persistDirOf(hello.name(), conn.trust());
    provider.reconnectToken = engine.secrets.token("rtk-");
    Declared declared = declaredBy(hello);
    provider.template = provider.isAllBound() ? declared : null;
    for (SessionState session : registration.sessions()) {
      bind(provider, session, provider.isAllBound() ? declared.copy() : declared);
    }
    engine.identities.put(identity, provider);
    conn.provider(provider);
    return provider;
  }

  /** {@code <home>/providers/<name>} for providers on this machine; external ones get none. */
  private Path persistDirOf(String name, TrustLevel trust) {
    if (engine.home == null || trust == TrustLevel.EXTERNAL) {
      return null;
    }
    return engine.home.resolve("providers").resolve(PersistDirs.safeName(name)).toAbsolutePath();
  }

  private static Declared declaredBy(Hello hello) {
    Declared declared = new Declared();
    declared.setTools(hello.toolsOrEmpty());
    Hooks hooks = hello.hooksOrNone();
    if (hooks.onPreToolUse() != null) {
      declared.hookRules = hooks.onPreToolUse();
    }
    if (hooks.transforms() != null) {
      hooks.transforms().forEach((section, rule) -> rule.ifPresent(r -> declared.transforms.put(section, r)));
    }
    declared.context = hello.context();
    return declared;
  }

  private void bind(ProviderState provider, SessionState session, Declared declared) {
    Binding binding = new Binding(provider, session, declared);
    provider.bindings.put(session.id, binding);
    engine.catalog.add(binding);
  }

  // ---- session.ready and new sessions ----

  /** A session started: {@code "all"}-bound providers wait for their {@code session.ready}. */
  void sessionStarted(SessionState session) {
    for (ProviderState provider : engine.identities.values()) {
      if (provider.isAllBound() && provider.conn.state() == ConnectionState.BOUND) {
        provider.awaitingReady.add(session.id);
      }
    }
  }

  /**
   * An {@code "all"}-bound provider is ready for a session that started after its {@code hello}:
   * only now are its tools, hooks and context registered there (spec: "all" binding and session
   * churn).
   */
  void sessionReady(Conn conn, SessionReady ready) {
    ProviderState provider = conn.provider();
    provider.awaitingReady.remove(ready.sessionId());
    SessionState session = engine.activeSession(ready.sessionId());
    if (session == null) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION, "Session " + ready.sessionId() + " is not active", ready.sessionId());
    }
    bind(provider, session, provider.template.copy());
    engine.outbox.send(conn, SessionLifecycle.started(session.id));
  }

  // ---- leaving ----

  /** {@code goodbye}: unbind at once, count as ready for any ending session, then close. */
  void goodbye(Conn conn, Goodbye goodbye) {
    ProviderState provider = conn.provider();
    if (provider != null) {
      ProviderInfo info = provider.info();
      boolean wasBound = !provider.bindings.isEmpty();
      leaveAllSessions(provider, UnbindReason.GOODBYE);
      if (wasBound) {
        engine.listener.providerDisconnected(info);
      }
    }
    engine.closeConnection(conn, CloseReason.NORMAL);
  }

  /** {@code shutdown.ready}: the provider finished cleaning up for an ending session. */
  void shutdownReady(Conn conn, ShutdownReady ready) {
    ProviderState provider = conn.provider();
    String sessionId = ready.sessionId();
    if (sessionId == null) {
      if (provider.shutdownPending.size() != 1) {
        throw new ProtocolViolation(
            ErrorCode.INVALID_SESSION,
            provider.shutdownPending.isEmpty()
                ? "No session is shutting down for this provider"
                : "Several sessions are shutting down; name one in sessionId");
      }
      sessionId = provider.shutdownPending.iterator().next();
    }
    provider.shutdownPending.remove(sessionId);
    SessionState session = engine.sessions.get(sessionId);
    if (session != null) {
      engine.sessionManager.providerReady(session, provider);
    }
  }

  /** The provider's connection is gone: it leaves every session (spec: Disconnect cleanup). */
  void providerGone(ProviderState provider, Conn conn) {
    ProviderInfo info = provider.info();
    boolean wasBound = !provider.bindings.isEmpty();
    leaveAllSessions(provider, UnbindReason.DISCONNECTED);
    engine.identities.remove(new Engine.Identity(provider.name, provider.instance), provider);
    if (wasBound) {
      engine.listener.providerDisconnected(info);
    }
  }

  /** Removes every binding of {@code provider}. */
  private void leaveAllSessions(ProviderState provider, UnbindReason reason) {
    for (Binding binding : new ArrayList<>(provider.bindings.values())) {
      unbind(binding, reason);
    }
    provider.awaitingReady.clear();
    for (String sessionId : new ArrayList<>(provider.shutdownPending)) {
      provider.shutdownPending.remove(sessionId);
      SessionState session = engine.sessions.get(sessionId);
      if (session != null) {
        engine.sessionManager.providerReady(session, provider);
      }
    }
  }

  /**
   * Removes one binding: its tools leave the session and its calls end as {@code reason} says. A
   * provider left bound nowhere (and not {@code "all"}-bound) becomes Unbound.
   */
  void unbind(Binding binding, UnbindReason reason) {
    ProviderState provider = binding.provider;
    SessionState session = binding.session;
    engine.catalog.remove(binding);
    provider.bindings.remove(session.id);
    for (CallState call : engine.calls.callsOf(binding)) {
      switch (reason) {
        case DISCONNECTED, GOODBYE -> engine.calls.disconnected(call);
        case REBIND -> engine.calls.cancel(call, CancelReason.REBIND);
        case SESSION_ENDED -> engine.calls.cancel(call, CancelReason.SESSION_ENDED);
      }
    }
    engine.hooks.bindingGone(binding);
    engine.prompts.bindingGone(binding);
    if (provider.shutdownPending.remove(session.id)) {
      engine.sessionManager.providerReady(session, provider);
    }
  }

  /** After a session's teardown: a single-session provider bound nowhere now becomes Unbound. */
  void sessionEnded(SessionState session, List<ProviderState> providers) {
    for (ProviderState provider : engine.identities.values()) {
      provider.awaitingReady.remove(session.id);
    }
    for (ProviderState provider : providers) {
      if (provider.bindings.isEmpty()
          && !provider.isAllBound()
          && provider.conn.state() == ConnectionState.BOUND) {
        provider.conn.on(ConnectionEvent.SESSIONS_LOST);
        engine.listener.providerDisconnected(provider.info());
      }
    }
  }
}
