package io.github.providergateway.host.client;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.AuditFilter;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.protocol.HeldGate;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.ReloadReport;
import io.github.providergateway.loop.Backoff;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.UnsafeFileException;
import io.github.providergateway.protocol.GatewayAddress;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The host API of a gateway running in another process: a JVM host written against {@link HostApi}
 * runs unchanged embedded ({@code Gateway}) or against a shared gateway (this class).
 *
 * <pre>{@code
 * GatewayClient.Launch launch = GatewayClient.Launch.of(starter); // how to start one: see Starter
 * try (GatewayClient gateway = GatewayClient.connectOrStart(home, launch)) {
 *   SessionInfo session = gateway.startSession(SessionSpec.of("demo", cwd), myHost).join();
 *   CallResult result = gateway.callTool(session.id(), "greet", args, null).join();
 * }
 * }</pre>
 *
 * <p><b>Connecting.</b> It speaks the host protocol (spec/host-rpc.md) over the gateway's {@code
 * /host} WebSocket endpoint, authenticating with {@code host.auth} and the gateway token, which it
 * sends only once the peer has proved that it holds the same token and accepted the connection on
 * the address and port the client dialled ({@code host.challenge}, a fresh nonce answered with an
 * HMAC over that address and port): a process that took a dead gateway's port, or one that passes
 * the challenge on to a gateway on another port, gets neither the token nor any command, and the
 * first connection fails with {@link UnverifiedGatewayException}. The URL's host is resolved once
 * and dialled as that address, so the proof is checked for exactly where the socket went. A token
 * read from a home's token file must pass {@link
 * io.github.providergateway.loop.base.SafeFiles#checkSecretFile} ({@link UnsafeFileException}
 * otherwise, at once). {@link #connectOrStart} finds the gateway serving a home ({@code
 * <home>/gateway.port}, or the launch port, and {@code <home>/.provider-token}); when none answers
 * it has the launch's {@link Starter} start one (the reference app's starts {@code gateway
 * --detached}) and waits for it. Two hosts racing to start one end up on the same gateway: the
 * loser fails to take the home's lock or the port, exits, and both clients connect to the winner.
 *
 * <p><b>Sessions.</b> Sessions started here belong to this client; their {@link SessionHost} hears
 * {@code registerTools} (the tools fetched when {@code tools.changed} arrives), {@code log} and
 * {@code send}. {@link #close()} ends them; a client that vanishes leaves them running for the
 * gateway's 30 s re-claim grace.
 *
 * <p><b>Failures.</b> A heartbeat (a WebSocket ping every {@link Options.Builder#heartbeat
 * interval}) notices a gateway that stopped answering; a closed socket is noticed at once. The
 * client then reconnects, presenting its re-claim token: the same gateway gives its sessions back.
 * A gateway that is gone is restarted (with {@link #connectOrStart}) and the client registers its
 * sessions again: they get new ids there, but callers keep using the ids they were given first,
 * which the client translates, and {@link Listener#sessionReplaced} reports the new id. Requests
 * made while disconnected fail at once with {@link HostErrorCode#GATEWAY_CLOSED}; calls in flight
 * when the connection drops fail the same way.
 *
 * <p>Thread-safe. Futures complete, and {@code SessionHost} and {@link Listener} callbacks run, on
 * the client's loop: one at a time and in order, on the client's own thread or, when the client is
 * idle, on the JDK WebSocket thread that read what they answer (which saves a thread wake-up per
 * call). They must not block: a callback that blocks holds up the others and the socket's reading.
 */
public final class GatewayClient implements HostApi, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());

  /**
   * What the client hears besides its own sessions' callbacks. Every method has an empty default.
   */
  public interface Listener {
    /**
     * A provider bound (any session).
     *
     * @param providerId the gateway-assigned id, stable across reconnects
     * @param name the provider's name
     * @param instance its instance id, or {@code null}
     */
    default void providerConnected(String providerId, String name, String instance) {}

    /**
     * A provider unbound.
     *
     * @param providerId the gateway-assigned id
     * @param name the provider's name
     * @param instance its instance id, or {@code null}
     */
    default void providerDisconnected(String providerId, String name, String instance) {}

    /**
     * A timeline line of any session this client owns or, as an observer, sees.
     *
     * @param sessionId the session, by this client's id for it
     * @param source the provider's name, or {@code gateway}
     * @param message the line
     */
    default void sessionLog(String sessionId, String source, String message) {}

    /**
     * A turn request of such a session.
     *
     * @param sessionId the session
     * @param source the provider's name
     * @param prompt the prompt for the agent
     */
    default void sessionSend(String sessionId, String source, String prompt) {}

    /**
     * Such a session's registered tools changed.
     *
     * @param sessionId the session
     * @param tools the names of every tool registered there now
     */
    default void toolsChanged(String sessionId, List<String> tools) {}

    /**
     * Such a session ended.
     *
     * @param sessionId the session
     */
    default void sessionEnded(String sessionId) {}

    /**
     * The connection to the gateway dropped; the client is reconnecting.
     *
     * @param reason what ended the connection, for a person
     */
    default void connectionLost(String reason) {}

    /**
     * The client is connected again.
     *
     * @param freshGateway whether it is a new gateway (the old one crashed or was restarted): its
     *     sessions were registered again, and providers must re-register too
     */
    default void reconnected(boolean freshGateway) {}

    /**
     * A session of this client was registered again on a new gateway. Callers keep using {@code
     * sessionId}; {@code gatewaySessionId} is its id on the gateway (what providers see).
     *
     * @param sessionId the session, by this client's id for it
     * @param gatewaySessionId its id on the new gateway
     */
    default void sessionReplaced(String sessionId, String gatewaySessionId) {}
  }

  /**
   * Starts a gateway for a home, for {@link #connectOrStart}. The library has no starter of its
   * own: which program is the gateway, and how to run it, is the caller's to say. The reference
   * app's is {@code io.github.providergateway.app.DetachedGatewayStarter} (module {@code
   * reference-app}), which runs {@code gateway --detached} from the class path; a host that has the
   * app's jar elsewhere, or runs the gateway some other way, implements this.
   *
   * <p>What it starts must serve {@code home} on {@code port} as the detached gateway does: write
   * the token file ({@link #TOKEN_FILE}) and {@link #PORT_FILE} in the home, hold {@link
   * #LOCK_FILE} while it runs, write what it prints to {@code <home>/logs/gateway.log}, and stay up
   * while hosts use it. The client calls it on its loop, at most once per {@link
   * Launch#startTimeout()} while no gateway answers; an exception is logged and the next connection
   * attempt tries again.
   */
  @FunctionalInterface
  public interface Starter {
    /**
     * Starts a gateway for {@code home} on {@code port}; returns without waiting for it.
     *
     * @param home the gateway's home
     * @param port the port it must listen on
     * @return the process it started, for the client to watch: when it exits with a non-zero code
     *     before any gateway answered (and no other gateway holds the home: the loser of two hosts'
     *     start race exits too), {@link GatewayClient#connectOrStart} fails at once, with the exit
     *     code and the last lines of {@code <home>/logs/gateway.log}, instead of waiting out {@link
     *     Launch#startTimeout()}. {@code null} when there is no such process (the gateway runs in
     *     this JVM, or was handed to a program that returns once it runs)
     * @throws IOException when the gateway cannot be started (the client logs it and tries again)
     */
    Process start(Path home, int port) throws IOException;
  }

  /** The file a detached gateway writes its port to, in its home. */
  public static final String PORT_FILE = "gateway.port";

  /** The file a detached gateway writes its process id to, in its home. */
  public static final String PID_FILE = "gateway.pid";

  /** The gateway token file, in its home. */
  public static final String TOKEN_FILE = GatewayAddress.TOKEN_FILE_NAME;

  /**
   * The port where the gateway of {@code home} should be: what its {@link #PORT_FILE} says (every
   * running gateway writes one), else the home's own port ({@link HomeSettings}), else {@code
   * defaultPort}. Only where to knock: what answers there must still prove it is the gateway
   * ({@code host.challenge}).
   *
   * @param home the gateway's home
   * @param defaultPort the port when neither the port file nor the home's settings say
   * @return the port
   * @throws IOException when the port file is there but does not hold a number, or the home's
   *     settings cannot be read
   */
  public static int port(Path home, int defaultPort) throws IOException {
    Path portFile = home.resolve(PORT_FILE);
    try {
      return Integer.parseInt(Files.readString(portFile, StandardCharsets.UTF_8).strip());
    } catch (NoSuchFileException e) {
      Integer own = HomeSettings.read(home).port();
      return own != null ? own : defaultPort; // no gateway running wrote one
    } catch (NumberFormatException e) {
      throw new IOException("unreadable " + portFile, e);
    }
  }

  /**
   * The file a running gateway holds an exclusive lock on, in its home, so that a home has one
   * gateway at a time. A client looks at it only to tell a lost start race from a failed start.
   */
  public static final String LOCK_FILE = "gateway.lock";

  private final Options options;

  /** The client's own thread, where its loop runs when no socket thread is running it. */
  private final ExecutorService thread;

  /**
   * The client's loop: all client state lives on it, and every callback runs on it, one at a time
   * and in order. It runs on {@link #thread}, or on the JDK's WebSocket thread delivering a message
   * while the loop is idle; a caller's request is sent from the caller's thread when the loop is
   * idle, which runs nothing else there. Handing each request and each reply to the client thread
   * cost two thread wake-ups per call (issue 36).
   */
  private final SerialExecutor loop;

  /** Set by the first {@link #close}. */
  private final AtomicBoolean closeCalled = new AtomicBoolean();

  private final Runnable releaseScheduler;

  /** Who hears the gateway's events: added from any thread, called on the client thread. */
  private final List<Listener> listeners = new CopyOnWriteArrayList<>();

  private final GatewayConnection connection;
  private final SessionTable sessions;
  private final EventRouter router;

  /** The HostApi calls as host commands. */
  private final HostCalls calls;

  private GatewayClient(GatewayDiscovery discovery, Launch launch, Path home, Options options) {
    this.options = options;
    this.thread = Executors.newSingleThreadExecutor(DaemonThreads.factory("gateway-client"));
    this.loop = new SerialExecutor("gateway client", thread);
    Scheduler scheduler;
    if (options.scheduler == null) {
      SystemScheduler own = new SystemScheduler();
      scheduler = own;
      this.releaseScheduler = own::close;
    } else {
      scheduler = options.scheduler;
      this.releaseScheduler = () -> {};
    }
    if (options.listener != null) {
      listeners.add(options.listener);
    }
    GatewayLauncher launcher = new GatewayLauncher(launch, home, options.clock);
    this.connection =
        new GatewayConnection(
            loop, scheduler, options, discovery, launcher, listeners, new Wiring());
    this.sessions = new SessionTable(connection, listeners);
    this.router = new EventRouter(sessions, listeners);
    this.calls = new HostCalls(loop::executeAloneHere, connection, sessions, router);
  }

  /**
   * Hands what the connection hears to the sessions and the router, which are made after it (they
   * send through it). Client thread.
   */
  private final class Wiring implements GatewayConnection.Events {
    @Override
    public boolean authenticated(
        Set<String> reclaimed, boolean firstTime, boolean otherGatewayRun) {
      return sessions.recover(reclaimed, firstTime, otherGatewayRun);
    }

    @Override
    public void output(HostOutput output) {
      router.route(output);
    }
  }

  // ---- construction ----

  /**
   * Connects to the gateway whose host endpoint is {@code hostUrl} ({@code
   * ws://127.0.0.1:<port>/host}) with its token, and reconnects to it after a drop.
   *
   * @param hostUrl the gateway's host endpoint
   * @param token the gateway token
   * @return the connected client
   * @throws IOException when it cannot connect or the token is refused; {@link
   *     UnverifiedGatewayException} when what answers there does not prove it holds the token
   */
  public static GatewayClient connect(URI hostUrl, String token) throws IOException {
    return connect(hostUrl, token, Options.defaults());
  }

  /**
   * {@link #connect(URI, String)} with {@code options}.
   *
   * @param hostUrl the gateway's host endpoint
   * @param token the gateway token
   * @param options timeouts, reconnects, listener
   * @return the connected client
   * @throws IOException when it cannot connect or the token is refused; {@link
   *     UnverifiedGatewayException} when what answers there does not prove it holds the token
   */
  public static GatewayClient connect(URI hostUrl, String token, Options options)
      throws IOException {
    requireNonNull(token, "token");
    return connect(hostUrl, () -> token, options);
  }

  /**
   * {@link #connect(URI, String, Options)} with the token read anew for every connection attempt:
   * for a host that keeps the token somewhere a restarted gateway rewrites it.
   *
   * @param hostUrl the gateway's host endpoint
   * @param token reads the gateway token, once per attempt
   * @param options timeouts, reconnects, listener
   * @return the connected client
   * @throws IOException when it cannot connect or the token is refused; {@link
   *     UnverifiedGatewayException} when what answers there does not prove it holds the token
   */
  public static GatewayClient connect(URI hostUrl, Supplier<String> token, Options options)
      throws IOException {
    requireNonNull(hostUrl, "hostUrl");
    requireNonNull(token, "token");
    return connect(
        GatewayDiscovery.fixed(hostUrl, token), null, options, "the gateway at " + hostUrl);
  }

  /**
   * Connects to the gateway serving {@code home} without starting one; after a drop it reconnects
   * to whichever gateway serves the home then (an attached console follows a restarted gateway).
   *
   * @param home the gateway's home: its token file and {@code gateway.port}
   * @param port the port when {@code <home>/gateway.port} does not say
   * @param options timeouts, reconnects, listener
   * @return the connected client
   * @throws IOException when no gateway serves the home, or it refuses the token; {@link
   *     UnverifiedGatewayException} when what answers on its port does not prove it holds the
   *     home's token; {@link UnsafeFileException} when the token file is one another user could
   *     have written
   */
  public static GatewayClient connect(Path home, int port, Options options) throws IOException {
    return connect(GatewayDiscovery.home(home, port), home, options, "a gateway for " + home);
  }

  /** A client that only connects (no launch), once its first connection is made. */
  private static GatewayClient connect(
      GatewayDiscovery discovery, Path home, Options options, String what) throws IOException {
    GatewayClient client = new GatewayClient(discovery, null, home, options);
    client.awaitFirstConnection(options.connectTimeout.plus(Duration.ofSeconds(5)), what);
    return client;
  }

  /**
   * Connects to the gateway serving {@code home}, or starts one ({@link Launch}) and connects to
   * it; after a drop it reconnects, restarting the gateway if it is gone.
   *
   * @param home the gateway's home: its token file and {@code gateway.port}
   * @param launch how to start a gateway when none answers
   * @return the connected client
   * @throws IOException when no gateway answers within {@link Launch#startTimeout()}, or at once
   *     with {@link UnverifiedGatewayException} or {@link UnsafeFileException} as for {@link
   *     #connect(Path, int, Options)}, or at once when the gateway its starter started exited
   *     before answering (see {@link Starter#start})
   */
  public static GatewayClient connectOrStart(Path home, Launch launch) throws IOException {
    return connectOrStart(home, launch, Options.defaults());
  }

  /**
   * {@link #connectOrStart(Path, Launch)} with {@code options}.
   *
   * @param home the gateway's home: its token file and {@code gateway.port}
   * @param launch how to start a gateway when none answers
   * @param options timeouts, reconnects, listener
   * @return the connected client
   * @throws IOException when no gateway answers within {@link Launch#startTimeout()}; see {@link
   *     #connectOrStart(Path, Launch)}
   */
  public static GatewayClient connectOrStart(Path home, Launch launch, Options options)
      throws IOException {
    requireNonNull(home, "home");
    requireNonNull(launch, "launch");
    Path absolute = home.toAbsolutePath().normalize();
    GatewayClient client =
        new GatewayClient(GatewayDiscovery.home(absolute, launch.port), launch, absolute, options);
    client.awaitFirstConnection(
        launch.startTimeout,
        "a gateway for " + absolute + " (see " + absolute.resolve("logs/gateway.log") + ")");
    return client;
  }

  /** {@code 7 s}, {@code 0.5 s}: how a person reads a duration ({@code PT7S} is ISO's). */
  private static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis / 1000.0 + " s";
  }

  private void awaitFirstConnection(Duration limit, String what) throws IOException {
    loop.execute(connection::attempt);
    try {
      connection.firstConnection().get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new IOException("interrupted while connecting to " + what, e);
    } catch (TimeoutException e) {
      close();
      throw new IOException("no answer from " + what + " within " + seconds(limit), e);
    } catch (ExecutionException e) {
      close();
      if (e.getCause() instanceof UnverifiedGatewayException
          || e.getCause() instanceof UnsafeFileException) {
        throw (IOException) e.getCause(); // typed, and its message says it all
      }
      throw new IOException(
          "cannot connect to " + what + ": " + e.getCause().getMessage(), e.getCause());
    }
  }

  // ---- HostApi ----

  @Override
  public CompletableFuture<SessionInfo> startSession(SessionSpec spec, SessionHost host) {
    return calls.startSession(spec, host);
  }

  @Override
  public CompletableFuture<Void> idle(String sessionId) {
    return calls.idle(sessionId);
  }

  @Override
  public CompletableFuture<Void> endSession(String sessionId, Duration deadline) {
    return calls.endSession(sessionId, deadline);
  }

  @Override
  public CompletableFuture<Void> interrupt(String sessionId) {
    return calls.interrupt(sessionId);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Cancelling the returned future cancels the call on the gateway ({@code tool.cancel}), as
   * with a progress listener.
   */
  @Override
  public CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout) {
    return calls.callTool(sessionId, tool, args, timeout, ProgressListener.NONE);
  }

  /**
   * {@inheritDoc}
   *
   * <p>{@code progress} is called on the client thread. Cancelling the returned future (any thread)
   * sends {@code tool.cancel} for the call; a future cancelled before the call was sent never sends
   * it, and cancelling after the outcome does nothing.
   */
  @Override
  public CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout, ProgressListener progress) {
    return calls.callTool(sessionId, tool, args, timeout, progress);
  }

  @Override
  public CompletableFuture<HookDecision> preToolUse(String sessionId, String tool, JsonNode args) {
    return calls.preToolUse(sessionId, tool, args, false);
  }

  @Override
  public CompletableFuture<HookDecision> preToolUse(
      String sessionId, String tool, JsonNode args, boolean hostAsks) {
    return calls.preToolUse(sessionId, tool, args, hostAsks);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Sent as {@code gate.answer} with {@code answeredBy} as its {@code via} (cut to 64
   * characters): the gateway records the answer as {@code host (<via>)}.
   */
  @Override
  public CompletableFuture<Boolean> answerQuestion(String askId, boolean allow, String answeredBy) {
    return calls.answerQuestion(askId, allow, answeredBy);
  }

  @Override
  public CompletableFuture<PromptResult> onPrompt(String sessionId, Map<String, String> sections) {
    return calls.onPrompt(sessionId, sections);
  }

  @Override
  public CompletableFuture<Void> emit(String sessionId, String event, JsonNode data) {
    return calls.emit(sessionId, event, data);
  }

  @Override
  public CompletableFuture<List<SessionInfo>> sessions() {
    return calls.sessions();
  }

  @Override
  public CompletableFuture<Void> providersSettled(String sessionId) {
    return calls.settled(sessionId);
  }

  @Override
  public CompletableFuture<List<HostTool>> tools(String sessionId) {
    return calls.tools(sessionId);
  }

  @Override
  public CompletableFuture<List<ProviderInfo>> providers() {
    return calls.providers();
  }

  /**
   * The gateway's latest decisions that match {@code filter} ({@code audit.query}, docs/audit.md),
   * oldest first, as the JSON objects the host protocol carries.
   *
   * @param filter which decisions; its {@code sessionId} is one of this client's session ids
   * @return the decisions; fails with {@link io.github.providergateway.host.api.HostException} when
   *     the gateway keeps no audit trail
   */
  public CompletableFuture<List<JsonNode>> auditQuery(AuditFilter filter) {
    return calls.audit(filter);
  }

  /**
   * A new one-time link to the gateway's status page ({@code status.link}, docs/audit.md): it works
   * once, for a few minutes, and carries no token.
   *
   * @return the link; fails with {@link io.github.providergateway.host.api.HostException} when the
   *     gateway serves no status page
   */
  public CompletableFuture<java.net.URI> statusLink() {
    return calls.statusLink();
  }

  /**
   * Has the gateway re-read its project config and restart the config's providers and MCP servers
   * ({@code providers.reload}, docs/reference-app.md): the entry {@code name}, or all of them;
   * entries added start, entries removed stop. Each session the restarted providers serve hears of
   * it once, when they are back ({@code tools.changed}).
   *
   * @param name a config entry's name, or null for every entry
   * @return what was restarted, started and stopped; fails with {@link
   *     io.github.providergateway.host.api.HostException} {@code INVALID_ARGUMENT} for a name the
   *     config does not have, {@code INVALID_CONFIG} when the config file no longer reads (nothing
   *     changed), {@code GATEWAY_CLOSED} when the gateway has no config
   */
  public CompletableFuture<ReloadReport> reloadProviders(String name) {
    return calls.reloadProviders(name);
  }

  /**
   * The gates the gateway keeps in force although the provider that owns them is not bound ({@code
   * gates.held}, docs/reference-app.md): held after a gateway of the home stopped or crashed, until
   * that provider binds again or a person releases them.
   *
   * @return the held gates, in the order they began to be held; fails with {@link
   *     io.github.providergateway.host.api.HostException} {@code GATEWAY_CLOSED} when the gateway
   *     keeps no record of gates
   */
  public CompletableFuture<List<HeldGate>> heldGates() {
    return calls.heldGates();
  }

  /**
   * Releases held gates whose provider is gone for good ({@code gates.release}): the provider's
   * gate {@code gateId}, or every rule it holds, for {@code project}, or for every project.
   *
   * @param provider the provider whose held gates to release
   * @param gateId one gate's id, or null for every rule the provider holds
   * @param project one project (a session's cwd), or null for every project
   * @return what was released; empty when nothing matched; fails with {@link
   *     io.github.providergateway.host.api.HostException} {@code GATEWAY_CLOSED} when the gateway
   *     keeps no record of gates, {@code INVALID_ARGUMENT} for an empty name
   */
  public CompletableFuture<List<HeldGate>> releaseHeldGates(
      String provider, String gateId, String project) {
    return calls.releaseHeldGates(provider, gateId, project);
  }

  @Override
  public CompletableFuture<Map<String, List<StreamEntry>>> queryStreams(
      String sessionId, List<String> streams, int last) {
    return calls.queryStreams(sessionId, streams, last);
  }

  // ---- beyond HostApi ----

  /**
   * Adds a listener; it hears events from now on, on the client thread.
   *
   * @param listener the listener
   */
  public void addListener(Listener listener) {
    listeners.add(requireNonNull(listener, "listener"));
  }

  /**
   * The id the current gateway uses for a session this client started, if it is still live.
   *
   * @param sessionId the session, by this client's id for it
   * @return its id on the gateway; empty when the session is not live
   */
  public CompletableFuture<Optional<String>> gatewaySessionId(String sessionId) {
    return CompletableFuture.supplyAsync(() -> sessions.gatewaySessionId(sessionId), loop);
  }

  /** {@return whether the client is connected and authenticated now} */
  public CompletableFuture<Boolean> isConnected() {
    return CompletableFuture.supplyAsync(connection::isConnected, loop);
  }

  /**
   * Asks the gateway to end every session and stop (a detached gateway allows it), then stops this
   * client: it does not restart the gateway it just stopped.
   *
   * @param deadline how long each session's providers have to answer {@code shutdown.ready}
   * @return completes once the gateway accepted; fails when it refuses (a gateway not started to be
   *     shared)
   */
  public CompletableFuture<Void> shutdownGateway(Duration deadline) {
    return calls.shutdownGateway(deadline);
  }

  /**
   * Ends the sessions this client started (providers get {@code shutdown.pending}; waits up to
   * their deadline plus a little), leaves the gateway running for its other hosts, and frees the
   * client's threads. Idempotent.
   */
  @Override
  public void close() {
    if (!closeCalled.compareAndSet(false, true)) {
      return; // idempotent: the first close did it all (or is doing it)
    }
    CompletableFuture<Void> ended = new CompletableFuture<>();
    try {
      loop.execute(
          () -> {
            List<CompletableFuture<ObjectNode>> ends =
                !connection.isClosed() && connection.isConnected()
                    ? sessions.endAll(options.closeDeadline)
                    : List.of();
            connection.stopForGood();
            CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new))
                .whenComplete((ok, error) -> ended.complete(null));
          });
      ended.get(options.closeDeadline.plusSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      LOG.log(Level.DEBUG, "sessions did not end in time: {0}", e.toString());
    }
    CompletableFuture<Void> shut = new CompletableFuture<>();
    loop.execute(
        () -> {
          connection.shut();
          shut.complete(null);
        });
    try {
      shut.get(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      LOG.log(Level.DEBUG, "close did not finish: {0}", e.toString());
    }
    loop.close();
    thread.shutdown();
    releaseScheduler.run();
  }

  // ---- configuration ----

  /**
   * How {@link #connectOrStart} starts a gateway when none answers: its {@link Starter}, the port
   * (default 9400) and how long to wait for an answer (default 15 s).
   *
   * <p>There is no default starter, so no {@code Launch.defaults()}: the library cannot know which
   * gateway to run (it used to run the reference app from the class path, which only the app can
   * do). Pass the reference app's {@code DetachedGatewayStarter.fromClassPath()} for what that
   * default did, or a starter of your own.
   */
  public static final class Launch {
    private final int port;
    private final Duration startTimeout;
    private final Starter starter;

    private Launch(Builder b) {
      this.port = b.port;
      this.startTimeout = b.startTimeout;
      this.starter = b.starter;
    }

    /**
     * Starts gateways with {@code starter}, on the default port and timeout.
     *
     * @param starter what starts a gateway
     * @return the launch
     */
    public static Launch of(Starter starter) {
      return builder().starter(starter).build();
    }

    /** {@return a builder; {@link Builder#starter} must be given} */
    public static Builder builder() {
      return new Builder();
    }

    /**
     * {@return the port a started gateway listens on, and the one tried when the home names none}
     */
    public int port() {
      return port;
    }

    /** {@return how long to wait for a started gateway to answer} */
    public Duration startTimeout() {
      return startTimeout;
    }

    Starter starter() {
      return starter;
    }

    /** Builds a {@link Launch}. */
    public static final class Builder {
      private int port = GatewayAddress.DEFAULT_PORT;
      private Duration startTimeout = Duration.ofSeconds(15);
      private Starter starter;

      /**
       * A builder with the default port and timeout and no starter, as {@link Launch#builder()}.
       */
      public Builder() {}

      /**
       * The port a started gateway listens on, and the one tried when the home names none.
       *
       * @param port 1 to 65535; default 9400
       * @return this builder
       * @throws IllegalArgumentException when {@code port} is out of range
       */
      public Builder port(int port) {
        if (port < 1 || port > 65535) {
          throw new IllegalArgumentException("port must be 1..65535, was " + port);
        }
        this.port = port;
        return this;
      }

      /**
       * How long to wait for a started gateway to answer.
       *
       * @param timeout the wait; default 15 s
       * @return this builder
       */
      public Builder startTimeout(Duration timeout) {
        this.startTimeout = requireNonNull(timeout, "timeout");
        return this;
      }

      /**
       * What starts a gateway (required): the reference app's starter, or one of your own.
       *
       * @param starter the starter
       * @return this builder
       */
      public Builder starter(Starter starter) {
        this.starter = requireNonNull(starter, "starter");
        return this;
      }

      /**
       * The launch.
       *
       * @return the launch, for {@link GatewayClient#connectOrStart}
       * @throws IllegalStateException when no {@link #starter} was given
       */
      public Launch build() {
        if (starter == null) {
          throw new IllegalStateException(
              "a Launch needs a starter: the library does not know which gateway to run (the"
                  + " reference app's is DetachedGatewayStarter.fromClassPath())");
        }
        return new Launch(this);
      }
    }
  }

  /**
   * How a {@link GatewayClient} connects and notices failures. Defaults: 2 s to connect, a ping
   * every 5 s and 15 s of silence before the gateway counts as gone, reconnect attempts from 100 ms
   * doubling to 1 s, a 10 s deadline for the sessions ended by {@link #close()}, not an observer,
   * the system clock, a timer thread of its own.
   */
  public static final class Options {
    private final Duration connectTimeout;
    private final Duration heartbeatInterval;
    private final Duration heartbeatTimeout;
    private final Backoff backoff;
    private final Duration closeDeadline;
    private final boolean observer;
    private final Clock clock;
    private final Scheduler scheduler;
    private final Listener listener;

    private Options(Builder b) {
      this.connectTimeout = b.connectTimeout;
      this.heartbeatInterval = b.heartbeatInterval;
      this.heartbeatTimeout = b.heartbeatTimeout;
      this.backoff = b.backoff;
      this.closeDeadline = b.closeDeadline;
      this.observer = b.observer;
      this.clock = b.clock;
      this.scheduler = b.scheduler;
      this.listener = b.listener;
    }

    /** {@return the default options: every setting of {@link Builder} at its default} */
    public static Options defaults() {
      return builder().build();
    }

    /** {@return a new builder, every setting at its default} */
    public static Builder builder() {
      return new Builder();
    }

    Duration connectTimeout() {
      return connectTimeout;
    }

    Duration heartbeatInterval() {
      return heartbeatInterval;
    }

    Duration heartbeatTimeout() {
      return heartbeatTimeout;
    }

    boolean observer() {
      return observer;
    }

    Clock clock() {
      return clock;
    }

    /** The waits before reconnect attempts. */
    Backoff backoff() {
      return backoff;
    }

    /** Builds {@link Options}. */
    public static final class Builder {
      // Loopback handshakes take milliseconds; a gateway that is going away may accept and never
      // answer, and that must not hold the reconnect long.
      private Duration connectTimeout = Duration.ofSeconds(2);
      private Duration heartbeatInterval = Duration.ofSeconds(5);
      private Duration heartbeatTimeout = Duration.ofSeconds(15);
      private Backoff backoff = Backoff.exponential(Duration.ofMillis(100), Duration.ofSeconds(1));
      private Duration closeDeadline = Duration.ofSeconds(10);
      private boolean observer;
      private Clock clock = Clock.systemUTC();
      private Scheduler scheduler;
      private Listener listener;

      /** A builder with every setting at its default, as {@link Options#builder()}. */
      public Builder() {}

      /**
       * How long one connection attempt may take (default 2 s): a gateway that is going away may
       * accept and never answer.
       *
       * @param timeout the limit
       * @return this builder
       */
      public Builder connectTimeout(Duration timeout) {
        this.connectTimeout = requireNonNull(timeout, "timeout");
        return this;
      }

      /**
       * A ping every {@code interval}; silence longer than {@code timeout} means the gateway is
       * gone.
       *
       * @param interval between pings; default 5 s
       * @param timeout the longest silence; default 15 s
       * @return this builder
       */
      public Builder heartbeat(Duration interval, Duration timeout) {
        this.heartbeatInterval = requireNonNull(interval, "interval");
        this.heartbeatTimeout = requireNonNull(timeout, "timeout");
        return this;
      }

      /**
       * Reconnect attempts wait {@code initial}, doubled after each failure up to {@code max}
       * ({@link Backoff#exponential}; {@code initial} positive and not above {@code max}).
       *
       * @param initial the first wait; default 100 ms
       * @param max the longest wait; default 1 s
       * @return this builder
       */
      public Builder backoff(Duration initial, Duration max) {
        this.backoff = Backoff.exponential(initial, max);
        return this;
      }

      /**
       * The deadline of the sessions {@link GatewayClient#close()} ends.
       *
       * @param deadline how long their providers have to answer; default 10 s
       * @return this builder
       */
      public Builder closeDeadline(Duration deadline) {
        this.closeDeadline = requireNonNull(deadline, "deadline");
        return this;
      }

      /**
       * Receive every session's timeline, not only this client's (an attached console).
       *
       * @param observer whether to; default false
       * @return this builder
       */
      public Builder observer(boolean observer) {
        this.observer = observer;
        return this;
      }

      /**
       * The clock the heartbeat reads (tests: a manual clock, with it as the scheduler).
       *
       * @param clock the clock; default the system's
       * @return this builder
       */
      public Builder clock(Clock clock) {
        this.clock = requireNonNull(clock, "clock");
        return this;
      }

      /**
       * What times heartbeats and reconnect waits (tests: the manual clock). Default: a timer of
       * the client's own.
       *
       * @param scheduler the scheduler
       * @return this builder
       */
      public Builder scheduler(Scheduler scheduler) {
        this.scheduler = requireNonNull(scheduler, "scheduler");
        return this;
      }

      /**
       * A listener registered before the first connection (so it hears everything).
       *
       * @param listener the listener
       * @return this builder
       */
      public Builder listener(Listener listener) {
        this.listener = requireNonNull(listener, "listener");
        return this;
      }

      /** {@return the options} */
      public Options build() {
        return new Options(this);
      }
    }
  }
}
