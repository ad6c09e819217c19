package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ConnectionEvent;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * Told when a provider is ready for an ending session's teardown: the session manager's barrier.
   */
  interface ShutdownBarrier {
    void providerReady(SessionState session, ProviderState provider);
  }

  /** Who writes the refusals in a session's timeline. */
  static final String TIMELINE_SOURCE = "gateway";

  private final Timers timers;
  private final Secrets secrets;
  private final Limits limits;
  private final PersistDirs persistDirs;
  private final SessionRegistry sessions;
  private final ProviderRegistry providers;
  private final Reconnects reconnects;
  private final ToolCatalog catalog;
  private final Restarts restarts;
  private final DeclaredBudget declaredBudget;
  private final CallDispatcher calls;
  private final HookEngine hooks;
  private final PromptPipeline prompts;
  private final Outbox outbox;
  private final Listeners listener;

  /** The session manager's; wired once by {@link Engine}, since the session manager calls this. */
  private ShutdownBarrier shutdownBarrier;

  private java.util.function.Consumer<Conn> afterFirstBind = conn -> {};

  private java.util.function.BiConsumer<Conn, String> afterReady = (conn, sessionId) -> {};

  /** Names only an in-process provider may take ({@code Gateway.Builder.inProcessOnlyNames}). */
  private final List<String> inProcessOnlyNames;

  BindingHandler(
      Timers timers,
      Secrets secrets,
      Limits limits,
      PersistDirs persistDirs,
      SessionRegistry sessions,
      ProviderRegistry providers,
      Reconnects reconnects,
      ToolCatalog catalog,
      Restarts restarts,
      DeclaredBudget declaredBudget,
      CallDispatcher calls,
      HookEngine hooks,
      PromptPipeline prompts,
      Outbox outbox,
      Listeners listener,
      List<String> inProcessOnlyNames) {
    this.inProcessOnlyNames = List.copyOf(inProcessOnlyNames);
    this.timers = timers;
    this.secrets = secrets;
    this.limits = limits;
    this.persistDirs = persistDirs;
    this.sessions = sessions;
    this.providers = providers;
    this.reconnects = reconnects;
    this.catalog = catalog;
    this.restarts = restarts;
    this.declaredBudget = declaredBudget;
    this.calls = calls;
    this.hooks = hooks;
    this.prompts = prompts;
    this.outbox = outbox;
    this.listener = listener;
  }

  /** Wired once by {@link Engine}, after the session manager that is built from this handler. */
  /**
   * Told of each connection whose first provider just bound (a spawned one ends its start), once
   * the gateway's listeners have heard it bound.
   */
  void afterFirstBind(java.util.function.Consumer<Conn> listener) {
    this.afterFirstBind = listener;
  }

  /** Told of each {@code session.ready} that bound a provider in a session (decision 72). */
  void afterReady(java.util.function.BiConsumer<Conn, String> listener) {
    this.afterReady = listener;
  }

  void shutdownBarrier(ShutdownBarrier barrier) {
    if (shutdownBarrier != null) {
      throw new IllegalStateException("the shutdown barrier is wired once");
    }
    shutdownBarrier = barrier;
  }

  // ---- hello ----

  /**
   * Registers the provider, or rebinds it: the old binding is removed first, so a rebind that fails
   * leaves the connection registered nowhere (spec: Rebinding, step 5).
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
      listener.providerDisconnected(old);
    }
    boolean firstBind = conn.provider() == null;
    ProviderState provider;
    try {
      Registration registration = validate(conn, hello);
      provider = register(conn, hello, registration);
      conn.on(ConnectionEvent.HELLO_ACCEPTED);
    } catch (ProtocolViolation refused) {
      if (conn.isOpen()) {
        conn.on(ConnectionEvent.HELLO_REFUSED);
      }
      tellSession(conn, hello, refused);
      throw refused;
    }
    outbox.send(
        conn,
        new HelloAck(
            Hello.PROTOCOL_VERSION,
            provider.providerId,
            provider.selector.wireValue(),
            provider.reconnectToken(),
            provider.persistDir == null ? null : provider.persistDir + "/",
            // Only a hello that asked hears of extensions: to others the ack is the spec's.
            hello.extensions() == null ? null : wireNames(provider.extensions())));
    for (Binding binding : provider.bindings().values()) {
      outbox.send(conn, SessionLifecycle.started(binding.session.id));
    }
    listener.providerConnected(provider.info());
    restarts.bound(provider);
    if (listener.hearsDecisions()) {
      listener.decided(
          Decisions.bound(
              listener.now(),
              conn.toString(),
              provider.info().name() + (provider.instance == null ? "" : "#" + provider.instance),
              conn.trust(),
              provider.info().sessions()));
    }
    if (firstBind) {
      // After the listeners heard the bind: a spawned provider's binding settles its session, and
      // whoever waited for that (an agent's hook call) then meets what they know of it too.
      afterFirstBind.accept(conn);
    }
  }

  /**
   * A refused {@code hello} that named a session this connection may bind to is told in that
   * session's timeline too: a provider that does not show its errors (a spawned one, a script)
   * would otherwise sit unbound while the person sees nothing there (issue 34). The provider's
   * {@code error}, the host's {@code refused} and the audit trail say it as before. Refused hellos
   * after the first count as rebinds, so one connection writes at most {@code maxRebindsPerMinute}
   * such lines a minute.
   */
  private void tellSession(Conn conn, Hello hello, ProtocolViolation refused) {
    if (!(hello.session() instanceof SessionSelector.Named named)
        || conn.credential() == null
        || !conn.credential().mayAccess(named.sessionId())) {
      return;
    }
    SessionState session = sessions.active(named.sessionId());
    if (session != null) {
      String provider =
          hello.name() == null ? "a provider" : "provider '" + Names.forDisplay(hello.name()) + "'";
      session.host.log(
          session.id,
          TIMELINE_SOURCE,
          "Refused "
              + provider
              + " ("
              + conn
              + "): "
              + refused.code().wireName()
              + " "
              + refused.getMessage());
    }
  }

  /** At most {@code maxRebindsPerMinute} rebinds per connection (spec: Payload limits). */
  private void countRebind(Conn conn) {
    if (!conn.countRebind(timers.now(), limits.connections().maxRebindsPerMinute())) {
      throw new ProtocolViolation(
          ErrorCode.RATE_LIMITED,
          "More than " + limits.connections().maxRebindsPerMinute() + " rebinds in a minute");
    }
  }

  /**
   * What a valid {@code hello} binds to: the selector, what the provider declares in each session,
   * and, when it carries a valid reconnect token, the identity it takes back.
   */
  private record Registration(
      SessionSelector selector,
      Map<SessionState, Declared> declared,
      Declared template,
      Reconnects.Claim claim,
      Reconnects.Snapshot restored,
      ProviderState replaced) {}

  /** Checks everything before anything changes: a refused {@code hello} registers nothing. */
  private Registration validate(Conn conn, Hello hello) {
    Names.checkProvider("name", hello.name());
    Names.checkNotReserved(
        hello.name(), conn.credential() instanceof Credential.Local, inProcessOnlyNames);
    Names.checkProvider("instance", hello.instance());
    ProviderState.Identity identity =
        new ProviderState.Identity(
            hello.name(), hello.instance(), conn.credential().identityScope());
    Reconnects.Claim claim = reconnects.claim(hello.reconnectToken(), identity);
    ProviderState holder = providers.clashingWith(identity);
    ProviderState replaced = null;
    if (holder != null
        && holder.conn != conn
        && holder.conn.isOpen()
        && restarts.replaces(conn, holder)) {
      // The host is restarting it (decision 34): the old run's connection gives way.
      replaced = holder;
    }
    if (holder != null
        && holder.conn != conn
        && holder.conn.isOpen()
        && replaced == null
        && (claim == null || claim.live() != holder)) {
      // Identity protection: only a valid reconnect token takes a live identity over.
      throw new ProtocolViolation(
          ErrorCode.DUPLICATE_INSTANCE,
          IdentityClash.message(hello.name(), hello.instance(), holder, conn.trust()));
    }
    Reconnects.Snapshot restored =
        claim == null
            ? null
            : claim.live() != null ? Reconnects.Snapshot.of(claim.live()) : claim.departed();
    SessionSelector selector =
        hello.session() != null ? hello.session() : restored != null ? restored.selector() : null;
    if (selector == null && conn.credential().allMeansItsOwn()) {
      selector = SessionSelector.All.INSTANCE; // a shared provider serves its group (decision 72)
    }
    if (selector == null) {
      String fallback = conn.credential().defaultSession();
      if (fallback == null) {
        throw new ProtocolViolation(
            ErrorCode.INVALID_SESSION, "hello must name a session: pick one from 'sessions'");
      }
      selector = SessionSelector.of(fallback);
    }
    List<SessionState> sessions = resolveSessions(conn, selector);
    for (SessionState session : sessions) {
      checkOneTrustPerName(conn, hello.name(), session, claim);
    }
    boolean all = selector instanceof SessionSelector.All;
    Map<SessionState, Declared> declared = new LinkedHashMap<>();
    for (SessionState session : sessions) {
      Declared before =
          restored == null
              ? null
              : restored
                  .declaredBySession()
                  .getOrDefault(session.id, all ? restored.template() : null);
      ToolCatalog.checkDistinct(session, hello.toolsOrEmpty());
      Declared merged = declaredBy(hello, before);
      merged.carriedBytes = carriedBy(hello, restored);
      catalog.checkTools(session, hello.name(), merged.tools.values(), null);
      declaredBudget.check(conn, session.id, merged, null);
      declared.put(session, merged);
    }
    HookRules.check(hello.hooksOrNone(), limits);
    Declared template =
        all ? declaredBy(hello, restored == null ? null : restored.template()) : null;
    if (template != null) {
      template.carriedBytes = carriedBy(hello, restored);
    }
    return new Registration(selector, declared, template, claim, restored, replaced);
  }

  /**
   * Instances of one provider name in a session share one trust level (docs/decisions, decision
   * 23): otherwise an external connection could say {@code hello} with a project provider's name
   * and tools, be merged with it, and receive its calls and their arguments. A name held there by
   * another trust level, live or restorable by reconnect, is refused.
   */
  private void checkOneTrustPerName(
      Conn conn, String name, SessionState session, Reconnects.Claim claim) {
    TrustLevel trust = conn.trust();
    TrustLevel other = null;
    for (ProviderState provider : session.bindings().keySet()) {
      boolean replaced = provider.conn == conn || (claim != null && claim.live() == provider);
      if (provider.name.equals(name) && provider.trust != trust && !replaced) {
        other = provider.trust;
      }
    }
    if (other == null) {
      other = reconnects.departedWithOtherTrust(name, trust, session.id);
    }
    if (other == null
        && claim != null
        && claim.departed() != null
        && claim.departed().trust() != trust) {
      other = claim.departed().trust();
    }
    if (other != null) {
      throw new ProtocolViolation(
          ErrorCode.UNAUTHORIZED,
          "Provider name '"
              + Names.shown(name)
              + "' is held in session "
              + session.id
              + " by a "
              + other.wireName()
              + " provider; a "
              + trust.wireName()
              + " provider cannot join it",
          session.id);
    }
  }

  private List<SessionState> resolveSessions(Conn conn, SessionSelector selector) {
    if (selector instanceof SessionSelector.All) {
      // Every session the credential may access: for a shared provider its group's (decision 72).
      return sessions.active().stream()
          .filter(session -> conn.credential().mayAccess(session.id))
          .toList();
    }
    String sessionId = ((SessionSelector.Named) selector).sessionId();
    SessionState session = sessions.active(sessionId);
    if (session == null) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION, "Session " + sessionId + " does not exist", sessionId);
    }
    if (!conn.credential().mayAccess(sessionId)) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION, "Not authorized for session " + sessionId, sessionId);
    }
    return List.of(session);
  }

  private ProviderState register(Conn conn, Hello hello, Registration registration) {
    ProviderState.Identity identity =
        new ProviderState.Identity(
            hello.name(), hello.instance(), conn.credential().identityScope());
    Reconnects.Claim claim = registration.claim();
    if (claim != null && claim.live() != null && claim.live().conn != conn) {
      // The newcomer takes the identity over: the old connection closes, its calls end
      // DISCONNECTED and are not replayed (spec: Reconnect protocol, steps 2 and 3).
      outbox.close(claim.live().conn, CloseReason.NORMAL);
    }
    if (registration.replaced() != null) {
      // Its calls end DISCONNECTED, as they would when its process exits.
      outbox.close(registration.replaced().conn, CloseReason.NORMAL);
    }
    // A used token is spent; a fresh registration of the identity voids any older token.
    reconnects.forget(identity);
    ProviderState previous = conn.provider();
    if (previous != null) {
      providers.remove(previous);
    }
    String providerId =
        registration.restored() != null
            ? registration.restored().providerId()
            : previous != null && identity.equals(previous.identity())
                ? previous.providerId
                : secrets.id("p");
    Reconnects.Snapshot restored = registration.restored();
    ProviderState provider =
        new ProviderState(
            providerId,
            identity,
            conn.trust(),
            conn,
            registration.selector(),
            registration.template(),
            carried(hello, restored),
            persistDirOf(hello.name(), conn.trust()),
            acceptedExtensions(hello, conn.trust()),
            timers.now());
    registration
        .declared()
        .forEach(
            (session, declared) -> {
              long revision =
                  restored == null ? 0 : restored.revisions().getOrDefault(session.id, 0L);
              bind(provider, session, declared, revision);
            });
    providers.add(provider);
    conn.provider(provider);
    provider.reconnectToken(reconnects.issue(provider));
    return provider;
  }

  /**
   * The extensions of {@code hello} the gateway accepts for a provider of {@code trust}: those it
   * knows whose capability the trust level allows (decision 33). Names it does not know, from a
   * newer provider, are left out, as an unknown field would be.
   */
  private static Set<ProtocolExtension> acceptedExtensions(Hello hello, TrustLevel trust) {
    Set<ProtocolExtension> accepted = EnumSet.noneOf(ProtocolExtension.class);
    for (String name : hello.extensions() == null ? List.<String>of() : hello.extensions()) {
      ProtocolExtension extension = ProtocolExtension.fromWire(name);
      if (extension != null && trust.allows(extension.needs())) {
        accepted.add(extension);
      }
    }
    return accepted;
  }

  private static List<String> wireNames(Set<ProtocolExtension> extensions) {
    List<String> names = new ArrayList<>();
    for (ProtocolExtension extension : extensions) {
      names.add(extension.wireName());
    }
    return names;
  }

  /** What the provider carries: each field the {@code hello} has, else the one restored. */
  private static ProviderState.Carried carried(Hello hello, Reconnects.Snapshot restored) {
    Set<String> subscribe = hello.subscribe() == null ? Set.of() : Set.copyOf(hello.subscribe());
    Concurrency concurrency = hello.concurrency();
    JsonNode metadata = hello.metadata();
    String startupContext = hello.startupContext();
    if (restored != null) {
      if (hello.subscribe() == null) {
        subscribe = restored.subscribe();
      }
      if (hello.concurrency() == null) {
        concurrency = restored.concurrency();
      }
      if (hello.metadata() == null) {
        metadata = restored.metadata();
      }
      if (hello.startupContext() == null) {
        startupContext = restored.startupContext();
      }
    }
    return new ProviderState.Carried(subscribe, concurrency, metadata, startupContext);
  }

  /** {@code <home>/providers/<name>} for providers on this machine; external ones get none. */
  private Path persistDirOf(String name, TrustLevel trust) {
    if (!persistDirs.available() || trust == TrustLevel.EXTERNAL) {
      return null;
    }
    return persistDirs.dirFor(name);
  }

  /**
   * What the provider will hold beside its declarations, as {@link #register} keeps it: each of
   * {@code metadata}, {@code startup_context} and {@code subscribe} from the {@code hello}, or
   * restored when it leaves one out.
   */
  private static long carriedBy(Hello hello, Reconnects.Snapshot restored) {
    JsonNode metadata =
        hello.metadata() != null || restored == null ? hello.metadata() : restored.metadata();
    String startup =
        hello.startupContext() != null || restored == null
            ? hello.startupContext()
            : restored.startupContext();
    Collection<String> subscribe =
        hello.subscribe() != null
            ? hello.subscribe()
            : restored != null ? restored.subscribe() : List.of();
    return Declared.carried(metadata, startup, subscribe);
  }

  /**
   * What {@code hello} declares, over {@code before} (a reconnecting provider's restored state):
   * each field the {@code hello} carries replaces the restored one; fields it leaves out keep it.
   */
  private static Declared declaredBy(Hello hello, Declared before) {
    Declared declared = before == null ? new Declared() : before.copy();
    if (before == null || hello.tools() != null) {
      declared.setTools(hello.toolsOrEmpty());
    }
    Hooks hooks = hello.hooksOrNone();
    if (hooks.onPreToolUse() != null) {
      declared.hookRules = hooks.onPreToolUse();
    }
    if (hooks.transforms() != null) {
      declared.transforms.clear();
      hooks
          .transforms()
          .forEach((section, rule) -> rule.ifPresent(r -> declared.transforms.put(section, r)));
    }
    if (before == null || hello.context() != null) {
      // An empty context is none, as in context.update; it clears one a reconnect restored.
      declared.context =
          hello.context() == null || hello.context().isEmpty() ? null : hello.context();
    }
    return declared;
  }

  private void bind(
      ProviderState provider, SessionState session, Declared declared, long revision) {
    Binding binding = new Binding(provider, session, declared, revision);
    provider.bound(binding);
    catalog.add(binding);
  }

  // ---- session.ready and new sessions ----

  /** A session started: {@code "all"}-bound providers wait for their {@code session.ready}. */
  void sessionStarted(SessionState session) {
    for (ProviderState provider : providers.all()) {
      if (provider.isAllBound()
          && provider.conn.state() == ConnectionState.BOUND
          && provider.conn.credential().mayAccess(session.id)) {
        provider.awaitReady(session.id);
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
    provider.stopAwaitingReady(ready.sessionId());
    SessionState session = sessions.active(ready.sessionId());
    if (session == null) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION,
          "Session " + ready.sessionId() + " is not active",
          ready.sessionId());
    }
    bind(provider, session, provider.template.copy(), 0);
    outbox.send(conn, SessionLifecycle.started(session.id));
    restarts.bound(provider); // a restart of a shared provider ends in each session it readies
    afterReady.accept(conn, session.id);
    hooks.readinessChanged(); // after "started": the held calls' checks come in the session
  }

  /** {@code sessionId} ends: no {@code "all"}-bound provider awaits its {@code session.ready}. */
  void stopAwaitingReady(String sessionId) {
    for (ProviderState provider : providers.all()) {
      provider.stopAwaitingReady(sessionId);
    }
    hooks.readinessChanged();
  }

  // ---- leaving ----

  /** {@code goodbye}: unbind at once, count as ready for any ending session, then close. */
  void goodbye(Conn conn, Goodbye goodbye) {
    ProviderState provider = conn.provider();
    if (provider != null) {
      ProviderInfo info = provider.info();
      boolean wasBound = !provider.bindings().isEmpty();
      leaveAllSessions(provider, UnbindReason.GOODBYE);
      if (wasBound) {
        listener.providerDisconnected(info);
      }
    }
    outbox.close(conn, CloseReason.NORMAL);
  }

  /** {@code shutdown.ready}: the provider finished cleaning up for an ending session. */
  void shutdownReady(Conn conn, ShutdownReady ready) {
    ProviderState provider = conn.provider();
    String sessionId = ready.sessionId();
    if (sessionId == null) {
      if (provider.pendingShutdowns().size() != 1) {
        throw new ProtocolViolation(
            ErrorCode.INVALID_SESSION,
            provider.pendingShutdowns().isEmpty()
                ? "No session is shutting down for this provider"
                : "Several sessions are shutting down; name one in sessionId");
      }
      sessionId = provider.pendingShutdowns().iterator().next();
    }
    provider.shutdownSettled(sessionId);
    SessionState session = sessions.get(sessionId);
    if (session != null) {
      shutdownBarrier.providerReady(session, provider);
    }
  }

  /** The provider's connection is gone: it leaves every session (spec: Disconnect cleanup). */
  void providerGone(ProviderState provider, Conn conn) {
    ProviderInfo info = provider.info();
    reconnects.departed(provider);
    boolean wasBound = !provider.bindings().isEmpty();
    leaveAllSessions(provider, UnbindReason.DISCONNECTED);
    providers.remove(provider);
    if (wasBound) {
      listener.providerDisconnected(info);
    }
  }

  /** Removes every binding of {@code provider}. */
  private void leaveAllSessions(ProviderState provider, UnbindReason reason) {
    for (Binding binding : new ArrayList<>(provider.bindings().values())) {
      unbind(binding, reason);
    }
    provider.stopAwaitingAnyReady();
    hooks.readinessChanged();
    for (String sessionId : new ArrayList<>(provider.pendingShutdowns())) {
      provider.shutdownSettled(sessionId);
      SessionState session = sessions.get(sessionId);
      if (session != null) {
        shutdownBarrier.providerReady(session, provider);
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
    catalog.remove(binding);
    provider.unbound(binding);
    for (CallState call : calls.callsOf(binding)) {
      switch (reason) {
        case DISCONNECTED, GOODBYE -> calls.disconnected(call);
        case REBIND -> calls.cancel(call, CancelReason.REBIND);
        case SESSION_ENDED -> calls.cancel(call, CancelReason.SESSION_ENDED);
      }
    }
    hooks.bindingGone(binding);
    prompts.bindingGone(binding);
    if (provider.shutdownSettled(session.id)) {
      shutdownBarrier.providerReady(session, provider);
    }
  }

  /** After a session's teardown: a single-session provider bound nowhere now becomes Unbound. */
  void sessionEnded(SessionState session, List<ProviderState> wereBound) {
    stopAwaitingReady(session.id);
    for (ProviderState provider : wereBound) {
      if (provider.bindings().isEmpty()
          && !provider.isAllBound()
          && provider.conn.state() == ConnectionState.BOUND) {
        provider.conn.on(ConnectionEvent.SESSIONS_LOST);
        listener.providerDisconnected(provider.info());
      }
    }
  }
}
