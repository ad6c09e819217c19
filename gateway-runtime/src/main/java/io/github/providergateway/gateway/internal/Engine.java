package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.policy.PersonAbsence;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.HookCall;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.loop.InboundBacklog;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.protocol.ConnectionEvent;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.SessionEvents;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The gateway engine: every piece of gateway state, owned by one loop (architecture: one Gateway =
 * one serial loop). The public {@code Gateway} is a thin front over it. Each concern lives in a
 * collaborator of its own, given only what it uses; this class builds them, in dependency order,
 * and is where connections open and end.
 */
public final class Engine {

  private static final System.Logger LOG = System.getLogger(Engine.class.getName());

  private final SerialExecutor loop;
  private final Limits limits;
  private final ProtocolCodec codec;
  private final Listeners listener;

  /** Sends to connections: what {@link #acceptSpawned} says to a spawned provider at once. */
  private final Outbox outbox;

  private final Credentials credentials;
  private final Reconnects reconnects;

  /** Received text waiting for the loop; bounded by suspending reads. Any thread. */
  private final InboundBacklog inbound;

  private final SessionRegistry sessions = new SessionRegistry();
  private final ConnectionRegistry connections = new ConnectionRegistry();
  private final ProviderRegistry providers = new ProviderRegistry();

  /** Whether the gateway has stopped. Loop only. */
  private boolean stopped;

  private final AtomicLong connSerials = new AtomicLong();

  private final AuthDeadlines authDeadlines;

  /** Closes connections that stay unbound too long. */
  private final BindDeadlines bindDeadlines;

  private final ToolCatalog catalog;
  private final Restarts restarts;

  /** The providers the host is starting, per session, and who waits for them (issue 34). */
  private final StartingProviders starting;

  private final CallDispatcher calls;
  private final McpReads mcpReads;
  private final BindingHandler bindings;
  private final PushHandler pushes;
  private final PromptPipeline prompts;
  private final EventRelay events;
  private final SessionManager sessionManager;
  private final InboundRouter router;

  /** Gates' questions to the person (decision 35). */
  private final PersonAsks asks;

  /** Agent hooks' calls, each decided as one request. */
  private final HookCalls hookCalls;

  public Engine(
      SerialExecutor loop,
      Timers timers,
      Secrets secrets,
      Limits limits,
      ProtocolCodec codec,
      GatewayListener listener,
      Path home,
      Executor ioExecutor,
      boolean auditArguments,
      List<String> inProcessOnlyNames,
      List<RegisteredPolicy> policies,
      PersonAbsence personAbsence) {
    this.loop = loop;
    this.limits = limits;
    this.codec = codec;
    this.listener = new Listeners(listener, timers::now, auditArguments);
    this.credentials = new Credentials(secrets, home);
    this.reconnects = new Reconnects(secrets, timers, limits);
    this.inbound =
        new InboundBacklog(
            limits.messages().maxQueuedInboundBytes(),
            limits.messages().maxQueuedInboundBytesPerConnection(),
            InboundBacklog.DEFAULT_TOTAL_MESSAGES,
            InboundBacklog.DEFAULT_PER_CONNECTION_MESSAGES);
    // A fatal error closes the connection, and a connection's end reaches the calls and bindings
    // built below: the outbox closes through this engine, which it calls only once it runs.
    Outbox outbox = new Outbox(this::closeConnection, this.listener);
    this.outbox = outbox;
    this.authDeadlines = new AuthDeadlines(timers, outbox);
    this.bindDeadlines = new BindDeadlines(timers, limits, sessions, outbox);
    RetainedStreams retainedStreams = new RetainedStreams(limits, sessions);
    DeclaredBudget declaredBudget = new DeclaredBudget(limits, sessions);
    this.asks = new PersonAsks(timers, secrets, limits, this.listener, personAbsence);
    HookEngine hooks =
        new HookEngine(
            timers,
            secrets,
            limits,
            this.listener,
            asks,
            sessionId ->
                providers.all().stream().anyMatch(provider -> provider.isAwaitingReady(sessionId)),
            policies,
            loop);
    this.prompts = new PromptPipeline(timers, secrets, limits);
    this.events = new EventRelay(timers, codec, outbox);
    ArgsSchemas argsSchemas = new ArgsSchemas(hooks.regex());
    this.catalog = new ToolCatalog(loop, timers, limits, outbox, this.listener, argsSchemas);
    this.restarts = new Restarts(loop, timers, sessions, catalog);
    this.starting = new StartingProviders(timers, sessions, catalog::flush);
    catalog.afterFlush(starting::check);
    this.calls =
        new CallDispatcher(
            loop,
            timers,
            secrets,
            limits,
            ioExecutor,
            sessions,
            hooks,
            argsSchemas,
            this.listener,
            events,
            outbox);
    this.mcpReads = new McpReads(loop, timers, secrets, sessions, hooks, this.listener);
    this.pushes =
        new PushHandler(timers, limits, sessions, retainedStreams, hooks, outbox, this.listener);
    this.bindings =
        new BindingHandler(
            timers,
            secrets,
            limits,
            new PersistDirs(home),
            sessions,
            providers,
            reconnects,
            catalog,
            restarts,
            declaredBudget,
            calls,
            hooks,
            prompts,
            outbox,
            this.listener,
            inProcessOnlyNames);
    this.sessionManager =
        new SessionManager(
            loop,
            timers,
            secrets,
            sessions,
            providers,
            connections,
            bindings,
            calls,
            pushes,
            catalog,
            retainedStreams,
            starting,
            credentials,
            outbox,
            this.listener);
    // The one cycle between collaborators: the session manager unbinds, and an unbinding provider
    // may be the last one an ending session waits for.
    bindings.shutdownBarrier(sessionManager::providerReady);
    bindings.afterFirstBind(
        conn -> {
          if (conn.credential() instanceof Credential.SpawnToken spawned) {
            starting.ended(spawned.sessionId(), spawned.spawnName());
          } else if (conn.credential() instanceof Credential.SharedSpawnToken shared) {
            conn.provider()
                .bindings()
                .keySet()
                .forEach(sessionId -> starting.ended(sessionId, shared.spawnName()));
          }
        });
    bindings.afterReady(
        (conn, sessionId) -> {
          if (conn.credential() instanceof Credential.SharedSpawnToken shared) {
            starting.ended(sessionId, shared.spawnName());
          }
        });
    UpdateHandler updates = new UpdateHandler(limits, catalog, declaredBudget, outbox);
    Pairing pairing =
        new Pairing(
            timers, limits, secrets, sessions, credentials, authDeadlines, outbox, this.listener);
    AuthHandler auth = new AuthHandler(credentials, sessions, pairing, outbox, this.listener);
    this.router =
        new InboundRouter(
            loop, timers, auth, bindings, calls, hooks, prompts, pushes, updates, outbox);
    this.hookCalls =
        new HookCalls(
            loop,
            timers,
            sessionManager::list,
            this::providersSettled,
            (sessionId, call) -> calls.preToolUse(sessionId, call.tool(), call.args(), true));
  }

  public SerialExecutor loop() {
    return loop;
  }

  public Limits limits() {
    return limits;
  }

  public InboundBacklog inbound() {
    return inbound;
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

  /** {@return federated MCP servers' reads, checked and recorded as tool calls (decision 131)} */
  public McpReads mcpReads() {
    return mcpReads;
  }

  /** Adds a gateway-wide channel for gates' questions to the person. Loop only. */
  public void addAskChannel(AskChannel channel) {
    loop.assertInLoop();
    asks.addChannel(channel);
  }

  /** Removes a channel {@link #addAskChannel} added. Loop only. */
  public void removeAskChannel(AskChannel channel) {
    loop.assertInLoop();
    asks.removeChannel(channel);
  }

  /** The person's answer to a question; whether it decided. Loop only. */
  public boolean answerQuestion(String askId, boolean allow, String answeredBy) {
    loop.assertInLoop();
    return asks.answer(askId, allow, answeredBy);
  }

  /** The questions waiting for the person now, oldest first. Loop only. */
  public List<io.github.providergateway.host.api.PersonQuestion> questions() {
    loop.assertInLoop();
    return asks.waiting();
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

  /** Tells every listener of a decision taken outside the engine. Loop only. */
  public void record(Decision decision) {
    if (listener.hearsDecisions()) {
      listener.decided(decision);
    }
  }

  /** Tells a session's host that a federated MCP server's resources or prompts changed. */
  public void offersChanged(
      String sessionId, io.github.providergateway.host.api.McpFeature listing) {
    SessionState session = sessions.get(sessionId);
    if (session != null && !session.isEnded()) {
      session.host.offersChanged(sessionId, listing);
    }
  }

  /** {@return the host of a live session, or null} Loop only. */
  public io.github.providergateway.host.api.SessionHost host(String sessionId) {
    SessionState session = sessions.get(sessionId);
    return session == null || session.isEnded() ? null : session.host;
  }

  /** Writes a line to a session's timeline on behalf of {@code source}. */
  public void log(String sessionId, String source, String message) {
    SessionState session = sessions.get(sessionId);
    if (session != null && !session.isEnded()) {
      session.host.log(sessionId, source, message);
    }
  }

  /**
   * Issues a project token scoped to an active session, for a provider the host spawns as {@code
   * spawnName} (null for none).
   */
  public String issueSpawnToken(String sessionId, String spawnName) {
    sessionManager.requireActive(sessionId);
    String token = credentials.issueSpawnToken(sessionId, spawnName);
    starting.started(sessionId, spawnName);
    return token;
  }

  /**
   * Issues a shared spawn token for the provider the host spawns as {@code spawnName} for the
   * sessions of group {@code groupId}, adding the active session {@code sessionId} to the group
   * first (decision 72). Loop only.
   */
  public String issueSharedSpawnToken(String groupId, String sessionId, String spawnName) {
    loop.assertInLoop();
    sessionManager.requireActive(sessionId);
    SpawnGroup group = credentials.share(groupId, sessionId);
    String token = credentials.issueSharedSpawnToken(group, spawnName);
    for (String member : group.sessions()) {
      if (sessions.active(member) != null) {
        starting.started(member, spawnName);
      }
    }
    return token;
  }

  /**
   * The active session {@code sessionId} joins group {@code groupId}, which the provider spawned as
   * {@code spawnName} serves (decision 72): the group's connections hear {@code sessions.updated},
   * and one bound {@code "all"} awaits its {@code session.ready} there, which the session's
   * settling waits for. Loop only.
   */
  public void shareSpawned(String groupId, String sessionId, String spawnName) {
    loop.assertInLoop();
    sessionManager.requireActive(sessionId);
    SpawnGroup group = credentials.share(groupId, sessionId);
    if (sessionManager.joinedGroup(group, sessionId)) {
      starting.started(sessionId, spawnName);
    }
  }

  /**
   * The host will start {@code spawnNames} for {@code sessionId} ({@link
   * StartingProviders#expected}). Loop only.
   */
  public void expectProviders(String sessionId, List<String> spawnNames) {
    loop.assertInLoop();
    spawnNames.forEach(name -> starting.expected(sessionId, name));
  }

  /**
   * The host starts {@code sessionId}'s providers only once someone waits for them ({@link
   * StartingProviders#whenWanted}). Loop only.
   */
  public void startProvidersWhenWanted(String sessionId, Supplier<List<String>> start) {
    loop.assertInLoop();
    starting.whenWanted(sessionId, start);
  }

  /** The host could not start {@code spawnName} for {@code sessionId}. Loop only. */
  public void providerNotStarted(String sessionId, String spawnName) {
    loop.assertInLoop();
    starting.failed(sessionId, spawnName);
  }

  /**
   * Completes once {@code sessionId} has settled ({@link StartingProviders}): every provider the
   * host started for it bound or gone (or 30 s passed) and their tools registered. Loop only.
   */
  public CompletableFuture<Void> providersSettled(String sessionId) {
    loop.assertInLoop();
    return starting.settled(sessionId);
  }

  /**
   * Decides an agent hook's call in the session it chooses, once that session's providers settled
   * or its wait is over ({@link HookCalls}). Loop only.
   */
  public CompletableFuture<HookDecision> preToolUse(HookCall call) {
    return hookCalls.decide(call);
  }

  /**
   * The host is about to restart what it spawned as {@code spawnName} for {@code sessionId}: its
   * tools are held until it is back or {@code grace} has passed (decision 34).
   */
  public void restarting(String sessionId, String spawnName, java.time.Duration grace) {
    restarts.begin(sessionId, spawnName, grace);
  }

  /** Runs the prompt pipeline for the host. */
  public CompletableFuture<PromptResult> prompt(String sessionId, Map<String, String> sections) {
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
    return providers.bound();
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

  /**
   * Registers the connection of a provider the host spawned for {@code sessionId} and reaches over
   * a channel only it holds (its stdin and stdout): authenticated by being spawned, with exactly
   * the credential a spawn token for that session proves (project trust, that session only),
   * starting in AwaitHello (architecture, decision 32). It is told {@code sessions} at once, as
   * after {@code auth}. A session that is no longer active refuses it {@code AUTH_FAILED}, as its
   * spawn token would be refused. {@code spawnName} (or null) is what the host spawned it as.
   */
  public ProviderLink acceptSpawned(
      ProviderConnection transport, String sessionId, String spawnName) {
    Objects.requireNonNull(sessionId, "sessionId");
    Credential credential = new Credential.SpawnToken(sessionId, spawnName);
    return accept(
        transport,
        ConnectionState.AWAIT_HELLO,
        credential,
        conn -> {
          if (sessions.active(sessionId) == null) {
            outbox.error(
                conn,
                ErrorCode.AUTH_FAILED,
                "Spawned for session " + sessionId + ", which is no longer active",
                Outbox.Refused.NOTHING);
            return;
          }
          conn.authenticated(credential);
          starting.started(sessionId, spawnName);
          outbox.send(conn, Sessions.of(sessions.listFor(credential)));
          if (listener.hearsDecisions()) {
            listener.decided(
                Decisions.authenticated(
                    listener.now(), conn.toString(), credential.trust(), "spawned"));
          }
        });
  }

  private ProviderLink accept(
      ProviderConnection transport, ConnectionState initial, Credential credential) {
    return accept(transport, initial, credential, conn -> {});
  }

  /** Registers a connection; {@code opened} runs on the loop once it is open. */
  private ProviderLink accept(
      ProviderConnection transport,
      ConnectionState initial,
      Credential credential,
      Consumer<Conn> opened) {
    Objects.requireNonNull(transport, "transport");
    Conn conn = new Conn(connSerials.incrementAndGet(), transport, initial, credential);
    Link link = new Link(conn, inbound.share(transport::suspendReading, transport::resumeReading));
    loop.execute(
        () -> {
          if (stopped) {
            conn.on(ConnectionEvent.CLOSED);
            transport.close(CloseReason.GATEWAY_STOPPING);
            return;
          }
          connections.add(conn);
          conn.stateListener(bindDeadlines::stateChanged);
          bindDeadlines.stateChanged(conn); // in-process connections open unbound
          LOG.log(Level.DEBUG, "{0} opened", conn);
          if (conn.isAuthenticating()) {
            authDeadlines.admitWithin(
                conn,
                limits.connections().authTimeout(),
                "No auth within " + Timers.seconds(limits.connections().authTimeout()));
          }
          opened.accept(conn);
        });
    return link;
  }

  /** The transport side of one connection; any thread. */
  private final class Link implements ProviderLink {
    private final Conn conn;

    /** This connection's received text waiting for the loop. */
    private final InboundBacklog.Share backlog;

    /** Set once it passed the backlog's hard bound and its close was queued. */
    private final AtomicBoolean tooFast = new AtomicBoolean();

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
      if (!backlog.added(chars)) {
        // Its transport went on delivering after it was told to stop reading: drop the text,
        // which the bound is for, and close the connection (the backlog's hard bound), once: a
        // transport that goes on delivering must not queue a task a message.
        if (tooFast.compareAndSet(false, true)) {
          loop.execute(() -> closeConnection(conn, CloseReason.TOO_FAST));
        }
        return;
      }
      try {
        loop.executeHere(
            () -> {
              backlog.removed(chars);
              DecodeResult<ProviderMessage, DecodeError> decoded;
              try {
                decoded = codec.decodeProviderMessage(text, limits);
              } catch (RuntimeException | LinkageError bug) {
                // The codec never throws for bad input; this is a bug or a class that no longer
                // loads.
                router.failed(conn, "reading a message", bug);
                return;
              }
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
      try {
        loop.execute(() -> connectionGone(conn));
      } catch (RejectedExecutionException stopped) {
        // The gateway has stopped, and stopping ended this connection's calls: a transport that
        // closes its sockets after the gateway (the reference app's stop) hears nothing of it.
      }
    }
  }

  /**
   * Closes {@code conn} from the gateway's side: cleans up now, then asks the transport to close.
   */
  private void closeConnection(Conn conn, CloseReason reason) {
    if (!conn.isOpen()) {
      return;
    }
    connectionGone(conn);
    conn.transport.close(reason);
  }

  /**
   * The connection is gone, cleanly or not: every call pending on it ends {@code DISCONNECTED} and
   * its provider is removed from every session (spec: Disconnect cleanup).
   */
  private void connectionGone(Conn conn) {
    loop.assertInLoop();
    if (!conn.isOpen()) {
      return;
    }
    conn.on(ConnectionEvent.CLOSED);
    connections.remove(conn);
    calls.connectionGone(conn);
    ProviderState provider = conn.provider();
    if (provider != null && provider.conn == conn) {
      bindings.providerGone(provider, conn);
    } else if (provider == null && conn.credential() instanceof Credential.SpawnToken spawned) {
      // Started for a session and gone before it bound: nobody need wait for it.
      starting.ended(spawned.sessionId(), spawned.spawnName());
    } else if (provider == null
        && conn.credential() instanceof Credential.SharedSpawnToken shared) {
      shared.group().sessions().forEach(id -> starting.ended(id, shared.spawnName()));
    }
    LOG.log(Level.DEBUG, "{0} closed", conn);
  }

  /**
   * How much the engine holds now: after every connection, provider and session has gone (and the
   * reconnect window passed) all of it is zero. Tests check that churn leaves nothing behind. Loop
   * only.
   */
  Retained retained() {
    loop.assertInLoop();
    int callsHeld = 0;
    for (Conn conn : connections.all()) {
      callsHeld += conn.calls().size();
    }
    return new Retained(
        connections.all().size(),
        providers.all().size(),
        sessions.all().size(),
        reconnects.tokens(),
        callsHeld);
  }

  /** What {@link #retained} counts; {@code callsHeld} are the calls open connections remember. */
  record Retained(
      int connections, int providers, int sessions, int reconnectTokens, int callsHeld) {}

  /** Stops the engine: every connection closed, every session torn down, the token file removed. */
  public void stop() {
    loop.assertInLoop();
    if (stopped) {
      return;
    }
    stopped = true;
    sessionManager.refuseNewSessions();
    for (Conn conn : connections.all()) {
      closeConnection(conn, CloseReason.GATEWAY_STOPPING);
    }
    sessionManager.teardownAll();
    credentials.stop();
    reconnects.clear();
  }
}
