package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.CloseReason;
import io.github.providergateway.gateway.GatewayListener;
import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.gateway.PromptResult;
import io.github.providergateway.gateway.ProviderConnection;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.gateway.ProviderLink;
import io.github.providergateway.gateway.Scheduler;
import io.github.providergateway.protocol.ConnectionEvent;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.SessionEvents;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The gateway engine: every piece of gateway state, owned by one loop (architecture: one Gateway =
 * one serial loop). The public {@code Gateway} is a thin front over it. Each concern lives in a
 * collaborator of its own; this class holds the shared registries and wires them together.
 */
public final class Engine {

  private static final System.Logger LOG = System.getLogger(Engine.class.getName());

  final Loop loop;
  final Timers timers;
  final Secrets secrets;
  final Limits limits;
  final ProtocolCodec codec;
  final Listeners listener;
  /** The gateway home (token file, persist dirs, logs), or null for none. */
  final Path home;
  /** Runs file I/O off the loop (reading file results). */
  final Executor ioExecutor;
  final Credentials credentials;
  final Reconnects reconnects;
  final PersistDirs persistDirs;
  /** Received text waiting for the loop; bounded by suspending reads. Any thread. */
  final InboundBacklog inbound;

  /** Sessions by id, in start order. */
  final Map<String, SessionState> sessions = new LinkedHashMap<>();
  /** Open connections. */
  final Set<Conn> conns = new LinkedHashSet<>();
  /** Registered providers by identity (name + instance), while their connection is open. */
  final Map<Identity, ProviderState> identities = new HashMap<>();
  /** Whether the gateway has stopped. */
  boolean stopped;

  private final AtomicLong connSerials = new AtomicLong();
  private long providerOrder;

  final Outbox outbox;
  final ToolCatalog catalog;
  final CallDispatcher calls;
  final BindingHandler bindings;
  final UpdateHandler updates;
  final PushHandler pushes;
  /** Closes connections that stay unbound too long. */
  final BindDeadlines bindDeadlines;
  /** What declarations may hold. */
  final DeclaredBudget declaredBudget;
  /** All streams' estimated heap together, bounded. */
  final RetainedStreams retainedStreams;
  final HookEngine hooks;
  final PromptPipeline prompts;
  final EventRelay events;
  final SessionManager sessionManager;
  final InboundRouter router;

  /** A provider's identity: {@code name} + {@code instance} (spec: Identity protection). */
  record Identity(String name, String instance) {}

  public Engine(
      Loop loop,
      Timers timers,
      Secrets secrets,
      Limits limits,
      ProtocolCodec codec,
      GatewayListener listener,
      Path home,
      Executor ioExecutor,
      LongSupplier nanoTime) {
    this.loop = loop;
    this.timers = timers;
    this.secrets = secrets;
    this.limits = limits;
    this.codec = codec;
    this.listener = new Listeners(listener);
    this.home = home;
    this.ioExecutor = ioExecutor;
    this.credentials = new Credentials(secrets, home);
    this.reconnects = new Reconnects(this);
    this.persistDirs = new PersistDirs(home);
    this.inbound =
        new InboundBacklog(limits.maxQueuedInboundBytes(), limits.maxQueuedInboundBytesPerConnection());
    this.outbox = new Outbox(this);
    this.catalog = new ToolCatalog(this);
    this.calls = new CallDispatcher(this);
    this.bindings = new BindingHandler(this);
    this.updates = new UpdateHandler(this);
    this.pushes = new PushHandler(this);
    this.retainedStreams = new RetainedStreams(this);
    this.declaredBudget = new DeclaredBudget(this);
    this.bindDeadlines = new BindDeadlines(this);
    this.hooks = new HookEngine(this, nanoTime);
    this.prompts = new PromptPipeline(this);
    this.events = new EventRelay(this);
    this.sessionManager = new SessionManager(this);
    this.router = new InboundRouter(this);
  }

  public Loop loop() {
    return loop;
  }

  public Limits limits() {
    return limits;
  }

  public Credentials credentials() {
    return credentials;
  }

  public SessionManager sessionManager() {
    return sessionManager;
  }

  public CallDispatcher calls() {
    return calls;
  }

  public PushHandler pushes() {
    return pushes;
  }

  public ToolCatalog catalog() {
    return catalog;
  }

  /** Adds a listener; it hears events from now on. Any thread. */
  public void addListener(GatewayListener more) {
    listener.add(more);
  }

  /** Writes a line to a session's timeline on behalf of {@code source}. */
  public void log(String sessionId, String source, String message) {
    SessionState session = sessions.get(sessionId);
    if (session != null && session.phase != SessionState.Phase.ENDED) {
      session.host.log(sessionId, source, message);
    }
  }

  /** Issues a project token scoped to an active session, for a provider the host spawns. */
  public String issueSpawnToken(String sessionId) {
    sessionManager.requireActive(sessionId);
    return credentials.issueSpawnToken(sessionId);
  }

  /** Runs the prompt pipeline for the host. */
  public CompletableFuture<PromptResult> prompt(
      String sessionId, Map<String, String> sections) {
    return prompts.run(sessionManager.requireActive(sessionId), sections);
  }

  /** Forwards a host event to subscribed providers. */
  public void emit(String sessionId, String event, JsonNode data) {
    SessionState session = sessionManager.requireActive(sessionId);
    if (SessionEvents.USER_MESSAGE.equals(event)) {
      pushes.userMessage(session);
    }
    events.emit(session, event, data);
  }

  /** The session's tools as the host would register them now. */
  public List<HostTool> tools(String sessionId) {
    return catalog.hostTools(sessionManager.requireActive(sessionId));
  }

  /** The bound providers. */
  public List<ProviderInfo> providers() {
    List<ProviderInfo> list = new ArrayList<>();
    for (ProviderState provider : identities.values()) {
      if (!provider.bindings.isEmpty() || provider.isAllBound()) {
        list.add(provider.info());
      }
    }
    list.sort(Comparator.comparing(ProviderInfo::providerId));
    return list;
  }

  /** Registers a WebSocket connection; it starts in AwaitAuth. */
  public ProviderLink acceptWebSocket(ProviderConnection transport) {
    return accept(transport, ConnectionState.AWAIT_AUTH, null);
  }

  /**
   * Registers an in-process connection: internal trust, no {@code auth}, starting in AwaitHello
   * (R-STATE-14).
   *
   * @param homeSessionId the session a {@code hello} without {@code session} binds to, or null
   */
  public ProviderLink acceptLocal(ProviderConnection transport, String homeSessionId) {
    return accept(transport, ConnectionState.AWAIT_HELLO, new Credential.Local(homeSessionId));
  }

  private ProviderLink accept(
      ProviderConnection transport, ConnectionState initial, Credential credential) {
    Objects.requireNonNull(transport, "transport");
    Conn conn = new Conn(connSerials.incrementAndGet(), transport, initial, credential);
    Link link = new Link(conn, inbound.share(transport));
    loop.execute(
        () -> {
          if (stopped) {
            conn.on(ConnectionEvent.CLOSED);
            transport.close(CloseReason.GATEWAY_STOPPING);
            return;
          }
          conns.add(conn);
          conn.stateListener = bindDeadlines::stateChanged;
          bindDeadlines.stateChanged(conn); // in-process connections open unbound
          LOG.log(Level.DEBUG, "{0} opened", conn);
          if (conn.isAuthenticating()) {
            admitWithin(conn, limits.authTimeout(), "No auth within " + seconds(limits.authTimeout()));
          }
        });
    return link;
  }

  /**
   * Ends {@code conn} with {@code AUTH_FAILED} if it has not authenticated within {@code limit},
   * replacing any earlier deadline: no unauthenticated connection keeps one of the connection
   * slots for long by saying nothing, or nothing valid.
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

  /** {@code duration} for a person: "10 s", or "500 ms" below whole seconds. */
  static String seconds(Duration duration) {
    return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
  }

  /** The transport side of one connection; any thread. */
  private final class Link implements ProviderLink {
    private final Conn conn;
    /** This connection's received text waiting for the loop. */
    private final InboundBacklog.Share backlog;

    Link(Conn conn, InboundBacklog.Share backlog) {
      this.conn = conn;
      this.backlog = backlog;
    }

    @Override
    public void receive(String text) {
      // The text waits as text, counted, and is decoded when its turn comes: one message at a
      // time, so a decoded tree (up to maxMessageTreeBytes) exists for one message at once, not
      // for every message waiting. When the loop is idle this thread runs it at once, saving a
      // thread wake-up.
      long chars = text.length();
      backlog.added(chars);
      try {
        loop.executeHere(
            () -> {
              backlog.removed(chars);
              DecodeResult<ProviderMessage, DecodeError> decoded = codec.decodeProviderMessage(text, limits);
              router.handle(conn, decoded);
            });
      } catch (RuntimeException refused) {
        backlog.removed(chars);
        throw refused;
      }
    }

    @Override
    public void receive(ProviderMessage message) {
      Objects.requireNonNull(message, "message");
      loop.execute(() -> router.handle(conn, new DecodeResult.Decoded<>(message)));
    }

    @Override
    public void closed() {
      loop.execute(() -> connectionGone(conn));
    }
  }

  /** Closes {@code conn} from the gateway's side: cleans up now, then asks the transport to close. */
  void closeConnection(Conn conn, CloseReason reason) {
    if (!conn.isOpen()) {
      return;
    }
    connectionGone(conn);
    conn.transport.close(reason);
  }

  /**
   * The connection is gone, cleanly or not: every call pending on it ends {@code DISCONNECTED}
   * and its provider is removed from every session (spec: Disconnect cleanup).
   */
  void connectionGone(Conn conn) {
    loop.assertInLoop();
    if (!conn.isOpen()) {
      return;
    }
    conn.on(ConnectionEvent.CLOSED);
    conns.remove(conn);
    calls.connectionGone(conn);
    ProviderState provider = conn.provider();
    if (provider != null && provider.conn == conn) {
      bindings.providerGone(provider, conn);
    }
    LOG.log(Level.DEBUG, "{0} closed", conn);
  }

  /** The transport close reason for a fatal error code. */
  CloseReason closeReasonFor(ErrorCode code) {
    return switch (code) {
      case AUTH_FAILED -> CloseReason.AUTH_FAILED;
      case UNSUPPORTED_VERSION -> CloseReason.UNSUPPORTED_VERSION;
      case INVALID_SESSION,
          INVALID_JSON,
          UNKNOWN_TYPE,
          DUPLICATE_INSTANCE,
          TOOL_CONFLICT,
          RATE_LIMITED,
          PAYLOAD_TOO_LARGE,
          UNAUTHORIZED,
          UNKNOWN -> CloseReason.PROTOCOL_ERROR;
    };
  }

  /** A new registration-order number. */
  long nextProviderOrder() {
    return ++providerOrder;
  }

  /** The session, if it exists and is active. */
  SessionState activeSession(String sessionId) {
    SessionState session = sessionId == null ? null : sessions.get(sessionId);
    return session != null && session.isActive() ? session : null;
  }

  /** Stops the engine: every connection closed, every session torn down, the token file removed. */
  public void stop() {
    loop.assertInLoop();
    if (stopped) {
      return;
    }
    stopped = true;
    for (Conn conn : new ArrayList<>(conns)) {
      closeConnection(conn, CloseReason.GATEWAY_STOPPING);
    }
    for (SessionState session : new ArrayList<>(sessions.values())) {
      sessionManager.teardown(session);
    }
    credentials.stop();
    reconnects.clear();
  }
}
