package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.host.CallTool;
import io.github.providergateway.protocol.host.EmitEvent;
import io.github.providergateway.protocol.host.EndSession;
import io.github.providergateway.protocol.host.HostAuth;
import io.github.providergateway.protocol.host.HostCodec;
import io.github.providergateway.protocol.host.HostCommand;
import io.github.providergateway.protocol.host.HostDecodeResult;
import io.github.providergateway.protocol.host.HostOutput;
import io.github.providergateway.protocol.host.HostReply;
import io.github.providergateway.protocol.host.IdleSession;
import io.github.providergateway.protocol.host.InterruptSession;
import io.github.providergateway.protocol.host.ListTools;
import io.github.providergateway.protocol.host.PreToolUse;
import io.github.providergateway.protocol.host.ProviderPresence;
import io.github.providergateway.protocol.host.QueryStreams;
import io.github.providergateway.protocol.host.RpcErrorCode;
import io.github.providergateway.protocol.host.RunPrompt;
import io.github.providergateway.protocol.host.SessionEnded;
import io.github.providergateway.protocol.host.SessionLog;
import io.github.providergateway.protocol.host.SessionSend;
import io.github.providergateway.protocol.host.Shutdown;
import io.github.providergateway.protocol.host.StartSession;
import io.github.providergateway.protocol.host.ToolsChanged;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The gateway's host side, independent of the carrier: runs the host operations of
 * spec/host-rpc.md for every connected agent host, and keeps track of which host owns which
 * session (spec: Multi-session model).
 *
 * <p><b>Connections.</b> A carrier opens one {@link HostChannel} per host connection: {@link
 * #openTrusted} for a host that is trusted by how it reached the gateway (the {@code --rpc} app's
 * own stdin), {@link #open} for one that must first send {@code host.auth} with the gateway token
 * (the WebSocket {@code /host} endpoint; the token is compared in constant time). A first command
 * other than {@code host.auth} gets {@code UNAUTHORIZED}, a wrong token {@code AUTH_FAILED}, and
 * either closes the connection; so does silence past {@link Builder#authTimeout}. Hosts have
 * internal trust: any host may drive any session.
 *
 * <p><b>Ownership.</b> A session belongs to the connection that started it. Its timeline
 * ({@code session.log}, {@code session.send}, {@code tools.changed}) and its end ({@code
 * session.ended}) go to that connection, and to every observer connection ({@code host.auth}
 * with {@code observer: true}, an attached console). Gateway-wide {@code provider.connected} /
 * {@code provider.disconnected} go to every authenticated connection.
 *
 * <p><b>Re-claim.</b> {@code host.auth}'s reply carries a {@code reclaimToken}. When a connection
 * drops, its sessions keep running for {@link Builder#reclaimGrace} (default 30 s, the reconnect
 * token TTL); a new connection whose {@code host.auth} presents the token takes them back (its
 * reply lists them in {@code reclaimed}, and each gets a fresh {@code tools.changed}). The reply's
 * {@code gatewayId} names this gateway run, so a host can tell a restarted gateway from a dropped
 * connection. At the end
 * of the grace they are ended as any session ends: providers get {@code shutdown.pending} with
 * the default deadline.
 *
 * <p><b>Idle exit.</b> With {@link Builder#idleExit}, the service runs an action once no session
 * has existed and no host has been connected for the grace (the detached gateway's exit, R-SESS-15);
 * a session starting or a host connecting within it cancels the countdown.
 *
 * <p>Thread-safe. Its own state is guarded by one lock; the gateway's callbacks reach it on the
 * gateway loop, carriers on their own threads. Time comes from the builder's {@link Scheduler}.
 */
public final class HostService implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(HostService.class.getName());
  private static final HostCodec CODEC = HostCodec.create();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final HexFormat HEX = HexFormat.of();

  private final Gateway gateway;
  private final Scheduler scheduler;
  private final Duration reclaimGrace;
  private final Duration authTimeout;
  private final Duration idleExitGrace;
  private final Runnable onIdle;
  private final Consumer<Duration> onShutdown;
  private final RandomGenerator random;
  private final byte[] tokenDigest;
  /** This gateway run's id in {@code host.auth} replies: a host that sees it change knows it restarted. */
  private final String gatewayId;

  private final Object lock = new Object();
  /** Owners by their re-claim token. Guarded by lock. */
  private final Map<String, Owner> ownersByToken = new HashMap<>();
  /** The owner of each live session. Guarded by lock. */
  private final Map<String, Owner> ownerBySession = new HashMap<>();
  /** Authenticated, open connections, in the order they authenticated. Guarded by lock. */
  private final Set<Link> links = new LinkedHashSet<>();
  /** Sessions the gateway has started and not yet torn down. Guarded by lock. */
  private final Set<String> liveSessions = new LinkedHashSet<>();
  /** The idle-exit countdown while one runs. Guarded by lock. */
  private Scheduler.Cancellable idleTimer;
  /** Set by close. Guarded by lock. */
  private boolean closed;

  private HostService(Builder b) {
    this.gateway = b.gateway;
    this.scheduler = b.scheduler;
    this.reclaimGrace = b.reclaimGrace == null ? gateway.limits().reconnectWindow() : b.reclaimGrace;
    this.authTimeout = b.authTimeout;
    this.idleExitGrace = b.idleExitGrace;
    this.onIdle = b.onIdle;
    this.onShutdown = b.onShutdown;
    this.random = b.random == null ? new SecureRandom() : b.random;
    this.tokenDigest = digest(gateway.providerToken());
    byte[] run = new byte[8];
    random.nextBytes(run);
    this.gatewayId = "gw-" + HEX.formatHex(run);
    gateway.addListener(new Events());
    synchronized (lock) {
      checkIdleLocked();
    }
  }

  /** Starts configuring the host side of {@code gateway}. */
  public static Builder builder(Gateway gateway) {
    return new Builder(gateway);
  }

  /**
   * The system-prompt sections {@code prompt} uses when the command gives none (R-RPC-20): {@code
   * identity}, {@code safety}, {@code custom_instructions}, {@code code_change_rules}, each a short
   * fixed text that providers' transforms can prepend to, append to or replace.
   */
  public static Map<String, String> defaultPromptSections() {
    Map<String, String> sections = new LinkedHashMap<>();
    sections.put("identity", "You are a coding agent working in the user's project.");
    sections.put(
        "safety", "Do not run destructive commands or reveal secrets without the user's approval.");
    sections.put("custom_instructions", "Follow the project's own conventions.");
    sections.put("code_change_rules", "Keep changes small, explain them, and run the tests.");
    return Collections.unmodifiableMap(sections);
  }

  /** Opens a connection that must authenticate with {@code host.auth} first. */
  public HostChannel open(HostConnection connection) {
    Link link = new Link(requireNonNull(connection, "connection"));
    link.authTimer =
        scheduler.schedule(
            authTimeout,
            () -> {
              if (!link.isAuthenticated()) {
                LOG.log(Level.INFO, "{0}: no host.auth within {1}; closing", connection.describe(), authTimeout);
                link.shut();
              }
            });
    return link;
  }

  /**
   * Opens a connection that is authenticated by how it reached the gateway (the {@code --rpc}
   * app's own standard input): it owns the sessions it starts and hears every provider event.
   */
  public HostChannel openTrusted(HostConnection connection) {
    Link link = new Link(requireNonNull(connection, "connection"));
    synchronized (lock) {
      link.owner = newOwnerLocked();
      link.owner.link = link;
      link.authenticated = true;
      links.add(link);
      checkIdleLocked();
    }
    return link;
  }

  /** How many hosts are connected and authenticated now. */
  public int connectedHosts() {
    synchronized (lock) {
      return links.size();
    }
  }

  /** The live sessions owned by no connection, waiting in their re-claim grace. */
  public Set<String> orphanedSessions() {
    synchronized (lock) {
      Set<String> orphaned = new LinkedHashSet<>();
      for (Owner owner : ownersByToken.values()) {
        if (owner.link == null) {
          orphaned.addAll(owner.sessions);
        }
      }
      return orphaned;
    }
  }

  /** Cancels the service's timers; connections are the carriers' to close. Idempotent. */
  @Override
  public void close() {
    synchronized (lock) {
      closed = true;
      if (idleTimer != null) {
        idleTimer.cancel();
        idleTimer = null;
      }
      for (Owner owner : ownersByToken.values()) {
        if (owner.grace != null) {
          owner.grace.cancel();
          owner.grace = null;
        }
      }
    }
  }

  // ---- ownership (lock held) ----

  private Owner newOwnerLocked() {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    Owner owner = new Owner("hrt-" + HEX.formatHex(bytes));
    ownersByToken.put(owner.token, owner);
    return owner;
  }

  private void adopt(Owner owner, String sessionId) {
    boolean endNow;
    synchronized (lock) {
      endNow = !closed && (owner.retired || !liveSessions.contains(sessionId));
      if (!endNow) {
        owner.sessions.add(sessionId);
        ownerBySession.put(sessionId, owner);
      }
    }
    if (endNow) {
      // Its owner's grace ran out while the start was on its way: nobody will ever end it.
      gateway.endSession(sessionId, null).exceptionally(e -> null);
    }
  }

  private void linkClosed(Link link) {
    synchronized (lock) {
      if (link.authTimer != null) {
        link.authTimer.cancel();
      }
      links.remove(link);
      Owner owner = link.owner;
      if (owner != null && owner.link == link) {
        owner.link = null;
        if (!closed) {
          owner.grace = scheduler.schedule(reclaimGrace, () -> graceOver(owner));
        }
        LOG.log(
            Level.INFO,
            "{0} left; its sessions {1} end in {2} unless it comes back",
            link.connection.describe(),
            owner.sessions,
            reclaimGrace);
      }
      checkIdleLocked();
    }
  }

  private void graceOver(Owner owner) {
    List<String> ending;
    synchronized (lock) {
      if (owner.link != null || owner.retired) {
        return; // re-claimed in time
      }
      owner.retired = true;
      owner.grace = null;
      ownersByToken.remove(owner.token);
      ending = new ArrayList<>(owner.sessions);
    }
    for (String sessionId : ending) {
      LOG.log(Level.INFO, "session {0}: its host did not come back; ending it", sessionId);
      gateway.endSession(sessionId, null).exceptionally(e -> null);
    }
  }

  // ---- idle exit (lock held) ----

  private void checkIdleLocked() {
    if (idleExitGrace == null || closed) {
      return;
    }
    boolean idle = liveSessions.isEmpty() && links.isEmpty();
    if (idle && idleTimer == null) {
      Scheduler.Cancellable[] self = new Scheduler.Cancellable[1];
      self[0] = scheduler.schedule(idleExitGrace, () -> idleTimerFired(self));
      idleTimer = self[0];
    } else if (!idle && idleTimer != null) {
      idleTimer.cancel();
      idleTimer = null;
    }
  }

  private void idleTimerFired(Scheduler.Cancellable[] self) {
    synchronized (lock) {
      if (closed || idleTimer == null || idleTimer != self[0]) {
        return;
      }
      idleTimer = null;
      closed = true; // exiting: nothing restarts the countdown
    }
    LOG.log(Level.INFO, "no session and no host for {0}: exiting", idleExitGrace);
    onIdle.run();
  }

  // ---- events to hosts ----

  /** The connection owning {@code sessionId} (if connected) and every other observer. */
  private List<Link> audience(Owner owner) {
    synchronized (lock) {
      List<Link> targets = new ArrayList<>();
      if (owner != null && owner.link != null) {
        targets.add(owner.link);
      }
      for (Link link : links) {
        if (link.observer && !targets.contains(link)) {
          targets.add(link);
        }
      }
      return targets;
    }
  }

  private List<Link> everyone() {
    synchronized (lock) {
      return new ArrayList<>(links);
    }
  }

  private static void sendAll(List<Link> targets, HostOutput output) {
    for (Link link : targets) {
      link.connection.send(output);
    }
  }

  /** A session's port to its host: routes the gateway's calls to whoever owns it now. */
  private final class Router implements SessionHost {
    private final Owner owner;

    Router(Owner owner) {
      this.owner = owner;
    }

    @Override
    public void registerTools(String sessionId, List<HostTool> tools) {
      sendAll(audience(owner), new ToolsChanged(sessionId, tools.stream().map(HostTool::name).toList()));
    }

    @Override
    public void log(String sessionId, String source, String message) {
      sendAll(audience(owner), new SessionLog(sessionId, message, source));
    }

    @Override
    public void send(String sessionId, String source, String prompt) {
      sendAll(audience(owner), new SessionSend(sessionId, prompt, source));
    }
  }

  /** Gateway-wide events; on the gateway loop. */
  private final class Events implements GatewayListener {
    @Override
    public void providerConnected(ProviderInfo provider) {
      sendAll(everyone(), new ProviderPresence(true, provider.providerId(), provider.name(), provider.instance()));
    }

    @Override
    public void providerDisconnected(ProviderInfo provider) {
      sendAll(everyone(), new ProviderPresence(false, provider.providerId(), provider.name(), provider.instance()));
    }

    @Override
    public void warning(String message) {
      LOG.log(Level.WARNING, "{0}", message);
    }

    @Override
    public void sessionStarted(SessionInfo session) {
      synchronized (lock) {
        liveSessions.add(session.id());
        checkIdleLocked();
      }
    }

    @Override
    public void sessionEnded(String sessionId) {
      Owner owner;
      synchronized (lock) {
        liveSessions.remove(sessionId);
        owner = ownerBySession.remove(sessionId);
        if (owner != null) {
          owner.sessions.remove(sessionId);
        }
        checkIdleLocked();
      }
      sendAll(audience(owner), new SessionEnded(sessionId));
    }
  }

  // ---- one connection ----

  /** Who started some sessions: a connection now, maybe another after a re-claim. */
  private static final class Owner {
    final String token;
    /** The sessions it started that are still live. Guarded by the service's lock. */
    final Set<String> sessions = new LinkedHashSet<>();
    /** Its connection, or null while in the re-claim grace. Guarded by the service's lock. */
    Link link;
    /** The grace countdown while disconnected. Guarded by the service's lock. */
    Scheduler.Cancellable grace;
    /** Set once its grace ran out: it owns nothing any more. Guarded by the service's lock. */
    boolean retired;

    Owner(String token) {
      this.token = token;
    }
  }

  private final class Link implements HostChannel {
    final HostConnection connection;
    /** Guarded by the service's lock. */
    boolean authenticated;
    /** Whether it asked for every session's events. Guarded by the service's lock. */
    boolean observer;
    /** Whose sessions it owns; set at authentication. Guarded by the service's lock. */
    Owner owner;
    /** Guarded by the service's lock. */
    boolean gone;
    /** Closes an unauthenticated connection; set once by open. */
    volatile Scheduler.Cancellable authTimer;

    Link(HostConnection connection) {
      this.connection = connection;
    }

    boolean isAuthenticated() {
      synchronized (lock) {
        return authenticated;
      }
    }

    void shut() {
      connection.close();
    }

    @Override
    public void receive(String text) {
      HostDecodeResult<HostCommand> decoded = CODEC.decodeCommand(text);
      if (decoded.isDecoded()) {
        receive(decoded.valueOrNull());
        return;
      }
      connection.send(decoded.errorOrNull().reply());
      if (!isAuthenticated()) {
        shut();
      }
    }

    @Override
    public void receive(HostCommand command) {
      requireNonNull(command, "command");
      boolean ready;
      synchronized (lock) {
        if (gone) {
          return;
        }
        ready = authenticated;
      }
      if (!ready) {
        if (command instanceof HostAuth auth) {
          authenticate(auth);
        } else {
          refuseAndClose(
              HostReply.failed(command.id(), RpcErrorCode.UNAUTHORIZED, "the first command must be host.auth"));
        }
        return;
      }
      if (command instanceof HostAuth) {
        connection.send(HostReply.failed(command.id(), RpcErrorCode.UNAUTHORIZED, "already authenticated"));
        return;
      }
      CompletableFuture<ObjectNode> result;
      try {
        result = execute(this, command);
      } catch (RuntimeException e) {
        result = CompletableFuture.failedFuture(e);
      }
      result.whenComplete(
          (fields, error) -> {
            connection.send(error == null ? new HostReply.Ok(command.id(), fields) : refusal(command, error));
            if (error == null && command instanceof Shutdown shutdown) {
              onShutdown.accept(deadline(shutdown.deadline()));
            }
          });
    }

    @Override
    public void closed() {
      synchronized (lock) {
        if (gone) {
          return;
        }
        gone = true;
      }
      linkClosed(this);
    }

    private void refuseAndClose(HostReply.Failed reply) {
      connection.send(reply);
      shut();
    }

    private void authenticate(HostAuth auth) {
      if (!MessageDigest.isEqual(tokenDigest, digest(auth.token()))) {
        LOG.log(Level.WARNING, "{0}: host.auth with a wrong token; closing", connection.describe());
        refuseAndClose(HostReply.failed(auth.id(), RpcErrorCode.AUTH_FAILED, "wrong gateway token"));
        return;
      }
      Link replaced = null;
      List<String> reclaimed;
      Owner owner;
      synchronized (lock) {
        if (gone) {
          return;
        }
        owner = auth.reclaimToken() == null ? null : ownersByToken.get(auth.reclaimToken());
        if (owner == null || owner.retired) {
          owner = newOwnerLocked();
          reclaimed = List.of();
        } else {
          if (owner.grace != null) {
            owner.grace.cancel();
            owner.grace = null;
          }
          // The old connection may not have noticed its drop yet: this one replaces it.
          replaced = owner.link;
          reclaimed = List.copyOf(owner.sessions);
        }
        owner.link = this;
        this.owner = owner;
        this.observer = auth.isObserver();
        this.authenticated = true;
        links.add(this);
        if (replaced != null) {
          links.remove(replaced);
          replaced.owner = null;
        }
        checkIdleLocked();
      }
      if (authTimer != null) {
        authTimer.cancel();
      }
      if (replaced != null) {
        replaced.shut();
      }
      ObjectNode fields = NODES.objectNode();
      fields.put("reclaimToken", owner.token);
      ArrayNode list = fields.putArray("reclaimed");
      reclaimed.forEach(list::add);
      fields.put("protocolVersion", Hello.PROTOCOL_VERSION);
      fields.put("gatewayId", gatewayId);
      connection.send(new HostReply.Ok(auth.id(), fields));
      LOG.log(Level.INFO, "{0}: host authenticated; re-claimed {1}", connection.describe(), reclaimed);
      for (String sessionId : reclaimed) {
        // Tool changes during the gap reached nobody: tell the host what is registered now.
        gateway
            .tools(sessionId)
            .thenAccept(
                tools ->
                    connection.send(new ToolsChanged(sessionId, tools.stream().map(HostTool::name).toList())));
      }
    }
  }

  // ---- the host operations, shared by every carrier ----

  private CompletableFuture<ObjectNode> execute(Link link, HostCommand command) {
    switch (command.type()) {
      case SESSION_START -> {
        StartSession start = (StartSession) command;
        Owner owner;
        synchronized (lock) {
          owner = link.owner;
        }
        SessionSpec spec =
            new SessionSpec(
                start.label(),
                start.cwd(),
                start.foreground(),
                start.hostTools() == null ? Set.of() : Set.copyOf(start.hostTools()));
        return gateway
            .startSession(spec, new Router(owner))
            .thenApply(
                session -> {
                  adopt(owner, session.id());
                  return fields().put("sessionId", session.id());
                });
      }
      case SESSION_IDLE -> {
        return gateway.idle(((IdleSession) command).sessionId()).thenApply(done -> fields());
      }
      case SESSION_END -> {
        EndSession end = (EndSession) command;
        // Replied only once teardown is over (R-RPC-12): the future completes then.
        return gateway.endSession(end.sessionId(), deadline(end.deadline())).thenApply(done -> fields());
      }
      case SESSION_INTERRUPT -> {
        return gateway.interrupt(((InterruptSession) command).sessionId()).thenApply(done -> fields());
      }
      case SESSIONS_LIST -> {
        return gateway.sessions().thenApply(sessions -> list("sessions", sessions, HostWire::session));
      }
      case TOOLS_LIST -> {
        return gateway.tools(((ListTools) command).sessionId()).thenApply(tools -> list("tools", tools, HostWire::tool));
      }
      case TOOL_CALL -> {
        CallTool call = (CallTool) command;
        return gateway
            .callTool(call.sessionId(), call.tool(), call.args(), call.timeout())
            .thenApply(HostWire::callResult);
      }
      case HOOK_PRE_TOOL_USE -> {
        PreToolUse pre = (PreToolUse) command;
        return gateway
            .preToolUse(pre.sessionId(), pre.tool(), pre.args())
            .thenApply(decision -> (ObjectNode) fields().set("decision", HostWire.decision(decision)));
      }
      case PROMPT -> {
        RunPrompt prompt = (RunPrompt) command;
        Map<String, String> sections = prompt.sections() == null ? defaultPromptSections() : prompt.sections();
        return gateway.onPrompt(prompt.sessionId(), prompt.text(), sections).thenApply(HostWire::prompt);
      }
      case EVENT -> {
        EmitEvent event = (EmitEvent) command;
        return gateway.emit(event.sessionId(), event.event(), event.data()).thenApply(done -> fields());
      }
      case STREAM_QUERY -> {
        QueryStreams query = (QueryStreams) command;
        // The host is not held to the providers' cap of 100 (R-RPC-23); without "last", all.
        int last = query.last() == null ? Integer.MAX_VALUE : query.last();
        return gateway
            .queryStreams(query.sessionId(), query.streams(), last)
            .thenApply(history -> (ObjectNode) fields().set("streams", HostWire.streams(history)));
      }
      case PROVIDERS_LIST -> {
        return gateway.providers().thenApply(providers -> list("providers", providers, HostWire::provider));
      }
      case SHUTDOWN -> {
        if (onShutdown == null) {
          return CompletableFuture.failedFuture(
              new Refused(RpcErrorCode.UNAUTHORIZED, "this gateway is stopped by whoever started it, not by its hosts"));
        }
        // Replied first (see receive): the connection goes down with the gateway.
        return CompletableFuture.completedFuture(fields());
      }
      case HOST_AUTH -> throw new IllegalStateException("host.auth is handled before dispatch");
    }
    throw new IllegalStateException("unhandled command " + command.type());
  }

  private Duration deadline(Duration deadline) {
    return deadline == null ? gateway.limits().defaultShutdownDeadline() : deadline;
  }

  private static ObjectNode fields() {
    return NODES.objectNode();
  }

  private static <T> ObjectNode list(String field, List<T> items, Function<T, ObjectNode> shape) {
    ObjectNode fields = fields();
    ArrayNode array = fields.putArray(field);
    items.forEach(item -> array.add(shape.apply(item)));
    return fields;
  }

  /** What a failed future means: refused requests keep their code; anything else is a bug. */
  private static HostReply.Failed refusal(HostCommand command, Throwable error) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof Refused refused) {
      return HostReply.failed(command.id(), refused.code, refused.getMessage());
    }
    if (cause instanceof HostException refused) {
      return HostReply.failed(command.id(), code(refused.code()), refused.getMessage());
    }
    String name = command.type().wireName();
    LOG.log(Level.ERROR, name + " failed unexpectedly", cause);
    return HostReply.failed(command.id(), RpcErrorCode.INTERNAL, name + " failed: " + cause);
  }

  private static RpcErrorCode code(HostErrorCode code) {
    return switch (code) {
      case INVALID_SESSION -> RpcErrorCode.INVALID_SESSION;
      case INVALID_ARGUMENT -> RpcErrorCode.INVALID_ARGUMENT;
      case GATEWAY_CLOSED -> RpcErrorCode.GATEWAY_CLOSED;
      case INTERNAL -> RpcErrorCode.INTERNAL;
    };
  }

  private static byte[] digest(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /** A command the service itself refuses. */
  private static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final RpcErrorCode code;

    Refused(RpcErrorCode code, String message) {
      super(message, null, false, false);
      this.code = code;
    }
  }

  /**
   * Configures a {@link HostService}. Defaults: a re-claim grace of the gateway's reconnect
   * window (30 s), 10 s to authenticate, no idle exit, {@code shutdown} refused, a {@link
   * SecureRandom} for re-claim tokens. The scheduler is required (tests: the manual clock).
   */
  public static final class Builder {
    private final Gateway gateway;
    private Scheduler scheduler;
    private Duration reclaimGrace;
    private Duration authTimeout = Duration.ofSeconds(10);
    private Duration idleExitGrace;
    private Runnable onIdle;
    private Consumer<Duration> onShutdown;
    private RandomGenerator random;

    private Builder(Gateway gateway) {
      this.gateway = requireNonNull(gateway, "gateway");
    }

    /** What times the grace periods (the gateway's own scheduler, or a manual clock). */
    public Builder scheduler(Scheduler scheduler) {
      this.scheduler = requireNonNull(scheduler, "scheduler");
      return this;
    }

    /** How long a dropped host's sessions wait for it to come back. */
    public Builder reclaimGrace(Duration grace) {
      this.reclaimGrace = positive(grace, "reclaimGrace");
      return this;
    }

    /** How long a new connection has to send {@code host.auth}. */
    public Builder authTimeout(Duration timeout) {
      this.authTimeout = positive(timeout, "authTimeout");
      return this;
    }

    /**
     * Runs {@code action} (once) after {@code grace} with no session and no connected host; a
     * session or a host arriving within it restarts the wait (the detached gateway, R-SESS-15).
     */
    public Builder idleExit(Duration grace, Runnable action) {
      this.idleExitGrace = positive(grace, "grace");
      this.onIdle = requireNonNull(action, "action");
      return this;
    }

    /**
     * Lets hosts stop the gateway: {@code shutdown} is replied to, then {@code action} runs with
     * the command's deadline (default 10 s). Without it, {@code shutdown} is refused.
     */
    public Builder onShutdown(Consumer<Duration> action) {
      this.onShutdown = requireNonNull(action, "action");
      return this;
    }

    /** The source of re-claim tokens (tests pin it; production keeps the secure default). */
    public Builder random(RandomGenerator random) {
      this.random = requireNonNull(random, "random");
      return this;
    }

    public HostService build() {
      requireNonNull(scheduler, "scheduler");
      return new HostService(this);
    }

    private static Duration positive(Duration value, String name) {
      requireNonNull(value, name);
      if (value.isNegative() || value.isZero()) {
        throw new IllegalArgumentException(name + " must be positive, was " + value);
      }
      return value;
    }
  }
}
