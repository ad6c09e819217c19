package io.github.providergateway.host.client;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.AuditFilter;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.protocol.HeldGate;
import io.github.providergateway.host.protocol.ReloadReport;
import io.github.providergateway.loop.base.UnsafeFileException;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The host API of a gateway running in another process: a JVM host written against {@link HostApi}
 * runs unchanged embedded ({@code Gateway}) or against a shared gateway (this class).
 *
 * <pre>{@code
 * GatewayLaunch launch = GatewayLaunch.of(starter); // how to start one: see GatewayStarter
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
 * it has the launch's {@link GatewayStarter} start one (the reference app's starts {@code gateway
 * --detached}) and waits for it. Two hosts racing to start one end up on the same gateway: the
 * loser fails to take the home's lock or the port, exits, and both clients connect to the winner.
 *
 * <p><b>Sessions.</b> Sessions started here belong to this client; their {@link SessionHost} hears
 * {@code registerTools} (the tools fetched when {@code tools.changed} arrives), {@code log} and
 * {@code send}. {@link #close()} ends them; a client that vanishes leaves them running for the
 * gateway's 30 s re-claim grace.
 *
 * <p><b>Failures.</b> A heartbeat (a WebSocket ping every {@link
 * GatewayClientOptions.Builder#heartbeat interval}) notices a gateway that stopped answering; a
 * closed socket is noticed at once. The client then reconnects, presenting its re-claim token: the
 * same gateway gives its sessions back. A gateway that is gone is restarted (with {@link
 * #connectOrStart}) and the client registers its sessions again: they get new ids there, but
 * callers keep using the ids they were given first, which the client translates, and {@link
 * GatewayClientListener#sessionReplaced} reports the new id. Requests made while disconnected fail
 * at once with {@link HostErrorCode#GATEWAY_CLOSED}; calls in flight when the connection drops fail
 * the same way.
 *
 * <p>Thread-safe. Futures complete, and {@code SessionHost} and {@link GatewayClientListener}
 * callbacks run, on the client's loop: one at a time and in order, on the client's own thread or,
 * when the client is idle, on the JDK WebSocket thread that read what they answer (which saves a
 * thread wake-up per call). They must not block: a callback that blocks holds up the others and the
 * socket's reading. For calls that wait for their answer, wrap the client in {@code
 * SyncHostApi.of(client)}.
 */
public final class GatewayClient implements HostApi, AutoCloseable {

  /** The client's loop, connection, sessions and router: what the calls below run on. */
  private final ClientRuntime runtime;

  /** The HostApi calls as host commands. */
  private final HostCalls calls;

  private GatewayClient(
      GatewayDiscovery discovery, GatewayLaunch launch, Path home, GatewayClientOptions options) {
    this.runtime = new ClientRuntime(discovery, launch, home, options);
    this.calls = runtime.calls();
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
    return connect(hostUrl, token, GatewayClientOptions.defaults());
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
  public static GatewayClient connect(URI hostUrl, String token, GatewayClientOptions options)
      throws IOException {
    requireNonNull(token, "token");
    return connect(hostUrl, () -> token, options);
  }

  /**
   * {@link #connect(URI, String, GatewayClientOptions)} with the token read anew for every
   * connection attempt: for a host that keeps the token somewhere a restarted gateway rewrites it.
   *
   * @param hostUrl the gateway's host endpoint
   * @param token reads the gateway token, once per attempt
   * @param options timeouts, reconnects, listener
   * @return the connected client
   * @throws IOException when it cannot connect or the token is refused; {@link
   *     UnverifiedGatewayException} when what answers there does not prove it holds the token
   */
  public static GatewayClient connect(
      URI hostUrl, Supplier<String> token, GatewayClientOptions options) throws IOException {
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
  public static GatewayClient connect(Path home, int port, GatewayClientOptions options)
      throws IOException {
    return connect(GatewayDiscovery.home(home, port), home, options, "a gateway for " + home);
  }

  /** A client that only connects (no launch), once its first connection is made. */
  private static GatewayClient connect(
      GatewayDiscovery discovery, Path home, GatewayClientOptions options, String what)
      throws IOException {
    GatewayClient client = new GatewayClient(discovery, null, home, options);
    client.runtime.awaitFirstConnection(options.connectTimeout().plus(Duration.ofSeconds(5)), what);
    return client;
  }

  /**
   * Connects to the gateway serving {@code home}, or starts one ({@link GatewayLaunch}) and
   * connects to it; after a drop it reconnects, restarting the gateway if it is gone.
   *
   * @param home the gateway's home: its token file and {@code gateway.port}
   * @param launch how to start a gateway when none answers
   * @return the connected client
   * @throws IOException when no gateway answers within {@link GatewayLaunch#startTimeout()}, or at
   *     once with {@link UnverifiedGatewayException} or {@link UnsafeFileException} as for {@link
   *     #connect(Path, int, GatewayClientOptions)}, or at once when the gateway its starter started
   *     exited before answering (see {@link GatewayStarter#start})
   */
  public static GatewayClient connectOrStart(Path home, GatewayLaunch launch) throws IOException {
    return connectOrStart(home, launch, GatewayClientOptions.defaults());
  }

  /**
   * {@link #connectOrStart(Path, GatewayLaunch)} with {@code options}.
   *
   * @param home the gateway's home: its token file and {@code gateway.port}
   * @param launch how to start a gateway when none answers
   * @param options timeouts, reconnects, listener
   * @return the connected client
   * @throws IOException when no gateway answers within {@link GatewayLaunch#startTimeout()}; see
   *     {@link #connectOrStart(Path, GatewayLaunch)}
   */
  public static GatewayClient connectOrStart(
      Path home, GatewayLaunch launch, GatewayClientOptions options) throws IOException {
    requireNonNull(home, "home");
    requireNonNull(launch, "launch");
    Path absolute = home.toAbsolutePath().normalize();
    GatewayClient client =
        new GatewayClient(
            GatewayDiscovery.home(absolute, launch.port()), launch, absolute, options);
    client.runtime.awaitFirstConnection(
        launch.startTimeout(),
        "a gateway for " + absolute + " (see " + absolute.resolve("logs/gateway.log") + ")");
    return client;
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

  @Override
  public CompletableFuture<JsonNode> mcpFeature(
      String sessionId, McpFeature method, JsonNode params) {
    return calls.mcpFeature(sessionId, method, params);
  }

  // ---- beyond HostApi ----

  /**
   * Adds a listener; it hears events from now on, on the client thread.
   *
   * @param listener the listener
   */
  public void addListener(GatewayClientListener listener) {
    runtime.addListener(requireNonNull(listener, "listener"));
  }

  /**
   * The id the current gateway uses for a session this client started, if it is still live.
   *
   * @param sessionId the session, by this client's id for it
   * @return its id on the gateway; empty when the session is not live
   */
  public CompletableFuture<Optional<String>> gatewaySessionId(String sessionId) {
    return runtime.gatewaySessionId(sessionId);
  }

  /** {@return whether the client is connected and authenticated now} */
  public CompletableFuture<Boolean> isConnected() {
    return runtime.isConnected();
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
    runtime.close();
  }
}
