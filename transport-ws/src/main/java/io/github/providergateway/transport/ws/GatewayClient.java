package io.github.providergateway.transport.ws;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.HookDecision;
import io.github.providergateway.gateway.HostApi;
import io.github.providergateway.gateway.HostErrorCode;
import io.github.providergateway.gateway.HostException;
import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.gateway.HostWire;
import io.github.providergateway.gateway.PromptResult;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.gateway.Scheduler;
import io.github.providergateway.gateway.SessionHost;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.gateway.SystemScheduler;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
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
import io.github.providergateway.protocol.host.ListProviders;
import io.github.providergateway.protocol.host.ListSessions;
import io.github.providergateway.protocol.host.ListTools;
import io.github.providergateway.protocol.host.PreToolUse;
import io.github.providergateway.protocol.host.ProviderPresence;
import io.github.providergateway.protocol.host.QueryStreams;
import io.github.providergateway.protocol.host.RunPrompt;
import io.github.providergateway.protocol.host.SessionEnded;
import io.github.providergateway.protocol.host.SessionLog;
import io.github.providergateway.protocol.host.SessionSend;
import io.github.providergateway.protocol.host.Shutdown;
import io.github.providergateway.protocol.host.StartSession;
import io.github.providergateway.protocol.host.ToolsChanged;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The host API of a gateway running in another process: a JVM host written against {@link
 * HostApi} runs unchanged embedded ({@code Gateway}) or against a shared gateway (this class).
 *
 * <pre>{@code
 * try (GatewayClient gateway = GatewayClient.connectOrStart(home, GatewayClient.Launch.defaults())) {
 *   SessionInfo session = gateway.startSession(SessionSpec.of("demo", cwd), myHost).join();
 *   CallResult result = gateway.callTool(session.id(), "greet", args, null).join();
 * }
 * }</pre>
 *
 * <p><b>Connecting.</b> It speaks the host protocol (spec/host-rpc.md) over the gateway's {@code
 * /host} WebSocket endpoint, authenticating with {@code host.auth} and the gateway token. {@link
 * #connectOrStart} finds the gateway serving a home ({@code <home>/gateway.port}, or the launch
 * port, and {@code <home>/.provider-token}); when none answers it starts the reference gateway as
 * a detached process ({@code --detached}) and waits for it. Two hosts racing to start one end up
 * on the same gateway: the loser fails to take the home's lock or the port, exits, and both
 * clients connect to the winner.
 *
 * <p><b>Sessions.</b> Sessions started here belong to this client; their {@link SessionHost}
 * hears {@code registerTools} (the tools fetched when {@code tools.changed} arrives), {@code log}
 * and {@code send}. {@link #close()} ends them; a client that vanishes leaves them running for the
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
 * the client's own thread, in order: they must not block it.
 */
public final class GatewayClient implements HostApi, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());
  private static final HostCodec CODEC = HostCodec.create();
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  /** What the client hears besides its own sessions' callbacks. Every method has an empty default. */
  public interface Listener {
    /** A provider bound (any session). */
    default void providerConnected(String providerId, String name, String instance) {}

    /** A provider unbound. */
    default void providerDisconnected(String providerId, String name, String instance) {}

    /** A timeline line of any session this client owns or, as an observer, sees. */
    default void sessionLog(String sessionId, String source, String message) {}

    /** A turn request of such a session. */
    default void sessionSend(String sessionId, String source, String prompt) {}

    /** Such a session's registered tools changed. */
    default void toolsChanged(String sessionId, List<String> tools) {}

    /** Such a session ended. */
    default void sessionEnded(String sessionId) {}

    /** The connection to the gateway dropped; the client is reconnecting. */
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
     */
    default void sessionReplaced(String sessionId, String gatewaySessionId) {}
  }

  /** Starts a gateway for a home; the default starts the reference app as a detached process. */
  @FunctionalInterface
  public interface Starter {
    /** Starts a gateway for {@code home} on {@code port}; returns without waiting for it. */
    void start(Path home, int port) throws IOException;
  }

  /** Where a gateway is and its token: read each time the client (re)connects. */
  private interface Discovery {
    URI url() throws IOException;

    String token() throws IOException;
  }

  private final Discovery discovery;
  private final Launch launch;
  private final Path home;
  private final Options options;
  private final HttpClient http;
  private final ExecutorService thread;
  private final Scheduler scheduler;
  private final Runnable releaseScheduler;
  private final List<Listener> listeners = new CopyOnWriteArrayList<>();

  // ---- state: client thread only ----

  /** The authenticated connection, or null while reconnecting. */
  private Socket current;
  /** The connection sending {@code host.auth}, or null. */
  private Socket joining;
  /** This client's re-claim token from the last host.auth. */
  private String reclaimToken;
  /** The gateway run last connected to ({@code gatewayId} of host.auth's reply). */
  private String gatewayId;
  /** Requests awaiting a reply, by id. */
  private final Map<String, CompletableFuture<ObjectNode>> pending = new HashMap<>();
  /** Sessions this client started and that have not ended, by the id callers use. */
  private final Map<String, Handle> sessions = new LinkedHashMap<>();
  /** The same sessions by their id on the current gateway. */
  private final Map<String, Handle> byGatewayId = new HashMap<>();
  private long nextRequest;
  private Scheduler.Cancellable heartbeat;
  private Scheduler.Cancellable retry;
  private int failures;
  /** When the client last started a gateway (clock millis), or a very old time. */
  private long lastStartMillis = Long.MIN_VALUE / 2;
  /** When the current socket last heard anything (clock millis). */
  private long lastHeardMillis;
  /** Whether the client stopped for good (close, or the gateway accepted shutdownGateway). */
  private volatile boolean closed;
  /** A shutdown was sent: the gateway going away now is expected, not a crash. */
  private boolean gatewayStopping;
  /** Completes on the first successful connection (or fails if the client gives up first). */
  private final CompletableFuture<Void> firstConnection = new CompletableFuture<>();

  /** One session of this client. Client thread only. */
  private static final class Handle {
    final String id;
    final SessionSpec spec;
    final SessionHost host;
    String gatewayId;

    Handle(String id, SessionSpec spec, SessionHost host) {
      this.id = id;
      this.spec = spec;
      this.host = host;
      this.gatewayId = id;
    }
  }

  private GatewayClient(Discovery discovery, Launch launch, Path home, Options options) {
    this.discovery = discovery;
    this.launch = launch;
    this.home = home;
    this.options = options;
    this.http = HttpClient.newBuilder().connectTimeout(options.connectTimeout).build();
    this.thread =
        Executors.newSingleThreadExecutor(
            task -> {
              Thread t = new Thread(task, "gateway-client");
              t.setDaemon(true);
              return t;
            });
    if (options.scheduler == null) {
      SystemScheduler own = new SystemScheduler();
      this.scheduler = own;
      this.releaseScheduler = own::close;
    } else {
      this.scheduler = options.scheduler;
      this.releaseScheduler = () -> {};
    }
    if (options.listener != null) {
      listeners.add(options.listener);
    }
  }

  // ---- construction ----

  /**
   * Connects to the gateway whose host endpoint is {@code hostUrl} ({@code ws://127.0.0.1:<port>/host})
   * with its token, and reconnects to it after a drop.
   *
   * @throws IOException when it cannot connect or the token is refused
   */
  public static GatewayClient connect(URI hostUrl, String token) throws IOException {
    return connect(hostUrl, token, Options.defaults());
  }

  /** {@link #connect(URI, String)} with {@code options}. */
  public static GatewayClient connect(URI hostUrl, String token, Options options) throws IOException {
    requireNonNull(hostUrl, "hostUrl");
    requireNonNull(token, "token");
    Discovery fixed =
        new Discovery() {
          @Override
          public URI url() {
            return hostUrl;
          }

          @Override
          public String token() {
            return token;
          }
        };
    GatewayClient client = new GatewayClient(fixed, null, null, options);
    client.awaitFirstConnection(options.connectTimeout.plus(Duration.ofSeconds(5)), "the gateway at " + hostUrl);
    return client;
  }

  /**
   * Connects to the gateway serving {@code home} without starting one; after a drop it reconnects
   * to whichever gateway serves the home then (an attached console follows a restarted gateway).
   *
   * @param port the port when {@code <home>/gateway.port} does not say
   */
  public static GatewayClient connect(Path home, int port, Options options) throws IOException {
    GatewayClient client = new GatewayClient(new HomeDiscovery(home, port), null, home, options);
    client.awaitFirstConnection(options.connectTimeout.plus(Duration.ofSeconds(5)), "a gateway for " + home);
    return client;
  }

  /**
   * Connects to the gateway serving {@code home}, or starts one ({@link Launch}) and connects to it;
   * after a drop it reconnects, restarting the gateway if it is gone.
   *
   * @throws IOException when no gateway answers within {@link Launch#startTimeout()}
   */
  public static GatewayClient connectOrStart(Path home, Launch launch) throws IOException {
    return connectOrStart(home, launch, Options.defaults());
  }

  /** {@link #connectOrStart(Path, Launch)} with {@code options}. */
  public static GatewayClient connectOrStart(Path home, Launch launch, Options options) throws IOException {
    requireNonNull(home, "home");
    requireNonNull(launch, "launch");
    Path absolute = home.toAbsolutePath().normalize();
    GatewayClient client =
        new GatewayClient(new HomeDiscovery(absolute, launch.port), launch, absolute, options);
    client.awaitFirstConnection(
        launch.startTimeout, "a gateway for " + absolute + " (see " + absolute.resolve("logs/gateway.log") + ")");
    return client;
  }

  private void awaitFirstConnection(Duration limit, String what) throws IOException {
    thread.execute(this::attempt);
    try {
      firstConnection.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new IOException("interrupted while connecting to " + what, e);
    } catch (TimeoutException e) {
      close();
      throw new IOException("no answer from " + what + " within " + limit, e);
    } catch (ExecutionException e) {
      close();
      throw new IOException("cannot connect to " + what + ": " + e.getCause().getMessage(), e.getCause());
    }
  }

  // ---- connecting (client thread) ----

  private void attempt() {
    retry = null;
    if (closed) {
      return;
    }
    URI url;
    String token;
    try {
      url = discovery.url();
      token = discovery.token();
    } catch (IOException e) {
      unreachable(e);
      return;
    }
    Socket socket = new Socket();
    http.newWebSocketBuilder()
        .connectTimeout(options.connectTimeout)
        .buildAsync(url, socket)
        .whenComplete(
            (ws, error) ->
                thread.execute(
                    () -> {
                      if (error != null) {
                        unreachable(error);
                      } else {
                        authenticate(socket, token);
                      }
                    }));
  }

  private void authenticate(Socket socket, String token) {
    if (closed) {
      socket.ws.abort();
      return;
    }
    String id = "auth-" + (++nextRequest);
    CompletableFuture<ObjectNode> reply = new CompletableFuture<>();
    pending.put(id, reply);
    joining = socket;
    socket.send(CODEC.encode(new HostAuth(TextNode.valueOf(id), token, reclaimToken, options.observer)));
    reply.whenComplete(
        (fields, error) -> {
          joining = null;
          if (error != null) {
            socket.ws.abort();
            if (error instanceof AuthRefused refused && !firstConnection.isDone()) {
              // A wrong token will not get better by retrying at once: report it.
              giveUp(new IOException("the gateway refused this host: " + refused.getMessage()));
              return;
            }
            unreachable(error);
            return;
          }
          connected(socket, fields);
        });
  }

  private void connected(Socket socket, ObjectNode fields) {
    boolean firstTime = !firstConnection.isDone();
    current = socket;
    failures = 0;
    lastStartMillis = Long.MIN_VALUE / 2; // a gateway answered: the next loss may start one at once
    reclaimToken = fields.path("reclaimToken").asText(null);
    String previousGateway = gatewayId;
    gatewayId = fields.path("gatewayId").asText(null);
    lastHeardMillis = options.clock.millis();
    heartbeat = scheduler.schedule(options.heartbeatInterval, () -> thread.execute(this::beat));
    Set<String> reclaimed = Set.copyOf(HostWire.readStrings(fields, "reclaimed"));
    List<Handle> lost = new ArrayList<>();
    for (Handle handle : sessions.values()) {
      if (!reclaimed.contains(handle.gatewayId)) {
        lost.add(handle);
      }
    }
    boolean fresh =
        !firstTime
            && (!lost.isEmpty() || (previousGateway != null && !previousGateway.equals(gatewayId)));
    LOG.log(
        Level.INFO,
        "connected to the gateway{0}",
        firstTime ? "" : fresh ? "; a new gateway: registering " + lost.size() + " session(s) again" : " again");
    for (Handle handle : lost) {
      reRegister(handle);
    }
    if (firstTime) {
      firstConnection.complete(null);
    } else {
      for (Listener listener : listeners) {
        listener.reconnected(fresh);
      }
    }
  }

  /** Registers a session again on a new gateway (spec: Gateway crash recovery, point 5). */
  private void reRegister(Handle handle) {
    byGatewayId.remove(handle.gatewayId);
    send(startCommand(handle.spec))
        .whenComplete(
            (fields, error) -> {
              if (error != null) {
                LOG.log(Level.WARNING, "could not register session {0} again: {1}", handle.id, error.toString());
                return;
              }
              handle.gatewayId = fields.get("sessionId").asText();
              byGatewayId.put(handle.gatewayId, handle);
              for (Listener listener : listeners) {
                listener.sessionReplaced(handle.id, handle.gatewayId);
              }
              fetchTools(handle);
            });
  }

  private void unreachable(Throwable cause) {
    if (closed) {
      return;
    }
    if (launch != null && isUnreachable(cause)) {
      long now = options.clock.millis();
      if (now - lastStartMillis >= launch.startTimeout.toMillis()) {
        lastStartMillis = now;
        try {
          LOG.log(Level.INFO, "no gateway for {0}; starting one", home);
          launch.starter.start(home, launch.port);
        } catch (IOException | RuntimeException e) {
          LOG.log(Level.WARNING, "could not start a gateway: {0}", e.toString());
        }
      }
    }
    Duration delay = options.backoff(failures++);
    LOG.log(Level.DEBUG, "gateway unreachable ({0}); trying again in {1} ms", cause, delay.toMillis());
    retry = scheduler.schedule(delay, () -> thread.execute(this::attempt));
  }

  /** Whether {@code cause} means nobody listens (rather than a refusal from a live gateway). */
  private static boolean isUnreachable(Throwable cause) {
    return !(cause instanceof AuthRefused);
  }

  /** {@code host.auth} was answered {@code AUTH_FAILED}: a gateway is there, with another token. */
  private static final class AuthRefused extends IOException {
    private static final long serialVersionUID = 1L;

    AuthRefused(String message) {
      super(message);
    }
  }

  private void giveUp(IOException cause) {
    firstConnection.completeExceptionally(cause);
    LOG.log(Level.WARNING, "{0}", cause.getMessage());
  }

  private void lost(Socket socket, String reason) {
    if (socket != current) {
      return;
    }
    current = null;
    if (heartbeat != null) {
      heartbeat.cancel();
      heartbeat = null;
    }
    socket.ws.abort();
    failPending("connection to the gateway lost: " + reason);
    if (closed || gatewayStopping) {
      closed = true;
      return;
    }
    LOG.log(Level.INFO, "connection to the gateway lost ({0}); reconnecting", reason);
    for (Listener listener : listeners) {
      listener.connectionLost(reason);
    }
    failures = 0;
    attempt();
  }

  private void beat() {
    Socket socket = current;
    if (socket == null || closed) {
      return;
    }
    if (options.clock.millis() - lastHeardMillis > options.heartbeatTimeout.toMillis()) {
      lost(socket, "no answer to the heartbeat within " + options.heartbeatTimeout);
      return;
    }
    socket.ws.sendPing(EMPTY.duplicate());
    heartbeat = scheduler.schedule(options.heartbeatInterval, () -> thread.execute(this::beat));
  }

  private void failPending(String why) {
    List<CompletableFuture<ObjectNode>> failed = new ArrayList<>(pending.values());
    pending.clear();
    HostException error = new HostException(HostErrorCode.GATEWAY_CLOSED, why);
    failed.forEach(future -> future.completeExceptionally(error));
  }

  // ---- what arrives (client thread) ----

  private void received(Socket socket, String text) {
    if (socket != current && socket != joining) {
      return;
    }
    lastHeardMillis = options.clock.millis();
    HostDecodeResult<HostOutput> decoded = CODEC.decodeOutput(text);
    if (!decoded.isDecoded()) {
      LOG.log(Level.DEBUG, "unreadable output from the gateway dropped: {0}", decoded.errorOrNull().detail());
      return;
    }
    HostOutput output = decoded.valueOrNull();
    if (output instanceof HostReply reply) {
      replied(reply);
    } else if (output instanceof SessionLog log) {
      Handle handle = byGatewayId.get(log.sessionId());
      String id = handle == null ? log.sessionId() : handle.id;
      if (handle != null) {
        handle.host.log(id, log.source(), log.message());
      }
      listeners.forEach(l -> l.sessionLog(id, log.source(), log.message()));
    } else if (output instanceof SessionSend send) {
      Handle handle = byGatewayId.get(send.sessionId());
      String id = handle == null ? send.sessionId() : handle.id;
      if (handle != null) {
        handle.host.send(id, send.source(), send.prompt());
      }
      listeners.forEach(l -> l.sessionSend(id, send.source(), send.prompt()));
    } else if (output instanceof ToolsChanged changed) {
      Handle handle = byGatewayId.get(changed.sessionId());
      String id = handle == null ? changed.sessionId() : handle.id;
      if (handle != null) {
        fetchTools(handle);
      }
      listeners.forEach(l -> l.toolsChanged(id, changed.tools()));
    } else if (output instanceof SessionEnded ended) {
      Handle handle = byGatewayId.remove(ended.sessionId());
      String id = ended.sessionId();
      if (handle != null) {
        sessions.remove(handle.id);
        id = handle.id;
      }
      String endedId = id;
      listeners.forEach(l -> l.sessionEnded(endedId));
    } else if (output instanceof ProviderPresence presence) {
      for (Listener listener : listeners) {
        if (presence.connected()) {
          listener.providerConnected(presence.providerId(), presence.name(), presence.instance());
        } else {
          listener.providerDisconnected(presence.providerId(), presence.name(), presence.instance());
        }
      }
    }
    // gateway.started / gateway.stopped / unknown events: nothing to do on this carrier.
  }

  /** {@code tools.changed} names the tools; the host registers them whole, so fetch them. */
  private void fetchTools(Handle handle) {
    String gatewayId = handle.gatewayId;
    send(new ListTools(nextId(), gatewayId))
        .whenComplete(
            (fields, error) -> {
              if (error == null && handle.gatewayId.equals(gatewayId) && sessions.containsKey(handle.id)) {
                handle.host.registerTools(handle.id, read(fields, f -> list(f, "tools", HostWire::readTool)));
              }
            });
  }

  private void replied(HostReply reply) {
    if (reply.id() == null) {
      return;
    }
    CompletableFuture<ObjectNode> future = pending.remove(reply.id().asText());
    if (future == null) {
      return;
    }
    if (reply instanceof HostReply.Ok ok) {
      future.complete(ok.fields());
    } else if (reply.id().asText().startsWith("auth-")) {
      HostReply.Failed failed = (HostReply.Failed) reply;
      future.completeExceptionally(
          failed.code() == io.github.providergateway.protocol.host.RpcErrorCode.AUTH_FAILED
              ? new AuthRefused(failed.message())
              : new IOException(failed.codeText() + ": " + failed.message()));
    } else {
      HostReply.Failed failed = (HostReply.Failed) reply;
      future.completeExceptionally(new HostException(code(failed), failed.message()));
    }
  }

  private static HostErrorCode code(HostReply.Failed failed) {
    return switch (failed.code()) {
      case INVALID_SESSION -> HostErrorCode.INVALID_SESSION;
      case INVALID_ARGUMENT, INVALID_JSON, UNKNOWN_COMMAND -> HostErrorCode.INVALID_ARGUMENT;
      case GATEWAY_CLOSED, AUTH_FAILED, UNAUTHORIZED -> HostErrorCode.GATEWAY_CLOSED;
      case INTERNAL, UNKNOWN -> HostErrorCode.INTERNAL;
    };
  }

  // ---- sending (client thread) ----

  private JsonNode nextId() {
    return TextNode.valueOf("c" + (++nextRequest));
  }

  private CompletableFuture<ObjectNode> send(HostCommand command) {
    Socket socket = current;
    if (socket == null) {
      return CompletableFuture.failedFuture(
          new HostException(
              HostErrorCode.GATEWAY_CLOSED,
              closed ? "the client is closed" : "not connected to the gateway (reconnecting)"));
    }
    CompletableFuture<ObjectNode> reply = new CompletableFuture<>();
    pending.put(command.id().asText(), reply);
    socket.send(CODEC.encode(command));
    return reply;
  }

  /** Runs {@code request} on the client thread and gives its reply's fields. */
  private CompletableFuture<ObjectNode> request(Function<JsonNode, HostCommand> command) {
    CompletableFuture<ObjectNode> result = new CompletableFuture<>();
    try {
      thread.execute(
          () -> {
            try {
              send(command.apply(nextId()))
                  .whenComplete(
                      (fields, error) -> {
                        if (error != null) {
                          result.completeExceptionally(error);
                        } else {
                          result.complete(fields);
                        }
                      });
            } catch (RuntimeException e) {
              result.completeExceptionally(e);
            }
          });
    } catch (java.util.concurrent.RejectedExecutionException e) {
      result.completeExceptionally(new HostException(HostErrorCode.GATEWAY_CLOSED, "the client is closed"));
    }
    return result;
  }

  /** The id on the gateway of a session callers name {@code sessionId}. Client thread only. */
  private String toGateway(String sessionId) {
    Handle handle = sessions.get(sessionId);
    return handle == null ? sessionId : handle.gatewayId;
  }

  /** The id callers use for the gateway's {@code gatewayId}. Client thread only. */
  private String fromGateway(String gatewayId) {
    Handle handle = byGatewayId.get(gatewayId);
    return handle == null ? gatewayId : handle.id;
  }

  private static StartSession startCommand(SessionSpec spec, JsonNode id) {
    return new StartSession(
        id,
        spec.label(),
        spec.cwd(),
        spec.foreground(),
        spec.hostToolNames().isEmpty() ? null : List.copyOf(spec.hostToolNames()));
  }

  private StartSession startCommand(SessionSpec spec) {
    return startCommand(spec, nextId());
  }

  private static <T> T read(ObjectNode fields, Function<ObjectNode, T> reader) {
    try {
      return reader.apply(fields);
    } catch (RuntimeException e) {
      throw new HostException(HostErrorCode.INTERNAL, "unreadable reply from the gateway: " + e.getMessage());
    }
  }

  private static <T> List<T> list(ObjectNode fields, String field, Function<JsonNode, T> reader) {
    JsonNode array = fields.get(field);
    if (array == null || !array.isArray()) {
      throw new IllegalArgumentException("\"" + field + "\" must be an array");
    }
    List<T> items = new ArrayList<>(array.size());
    array.forEach(item -> items.add(reader.apply(item)));
    return items;
  }

  // ---- HostApi ----

  @Override
  public CompletableFuture<SessionInfo> startSession(SessionSpec spec, SessionHost host) {
    requireNonNull(spec, "spec");
    requireNonNull(host, "host");
    CompletableFuture<SessionInfo> result = new CompletableFuture<>();
    thread.execute(
        () ->
            send(startCommand(spec))
                .whenComplete(
                    (fields, error) -> {
                      if (error != null) {
                        result.completeExceptionally(error);
                        return;
                      }
                      String id = fields.get("sessionId").asText();
                      Handle handle = new Handle(id, spec, host);
                      sessions.put(id, handle);
                      byGatewayId.put(id, handle);
                      result.complete(new SessionInfo(id, spec.label(), spec.cwd(), spec.foreground()));
                    }));
    return result;
  }

  @Override
  public CompletableFuture<Void> idle(String sessionId) {
    return request(id -> new IdleSession(id, toGateway(sessionId))).thenApply(f -> null);
  }

  @Override
  public CompletableFuture<Void> endSession(String sessionId, Duration deadline) {
    return request(id -> new EndSession(id, toGateway(sessionId), deadline)).thenApply(f -> null);
  }

  @Override
  public CompletableFuture<Void> interrupt(String sessionId) {
    return request(id -> new InterruptSession(id, toGateway(sessionId))).thenApply(f -> null);
  }

  @Override
  public CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout) {
    requireNonNull(tool, "tool");
    ObjectNode object = args instanceof ObjectNode o ? o : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    return request(id -> new CallTool(id, toGateway(sessionId), tool, object, timeout))
        .thenApply(fields -> read(fields, HostWire::readCallResult));
  }

  @Override
  public CompletableFuture<HookDecision> preToolUse(String sessionId, String tool, JsonNode args) {
    requireNonNull(tool, "tool");
    ObjectNode object = args instanceof ObjectNode o ? o : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    return request(id -> new PreToolUse(id, toGateway(sessionId), tool, object))
        .thenApply(fields -> read(fields, f -> HostWire.readDecision(f.get("decision"))));
  }

  @Override
  public CompletableFuture<PromptResult> onPrompt(
      String sessionId, String text, Map<String, String> sections) {
    return request(id -> new RunPrompt(id, toGateway(sessionId), text, sections))
        .thenApply(fields -> read(fields, HostWire::readPrompt));
  }

  @Override
  public CompletableFuture<Void> emit(String sessionId, String event, JsonNode data) {
    requireNonNull(event, "event");
    ObjectNode object = data instanceof ObjectNode o ? o : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    return request(id -> new EmitEvent(id, toGateway(sessionId), event, object)).thenApply(f -> null);
  }

  @Override
  public CompletableFuture<List<SessionInfo>> sessions() {
    return onThread(
        request(ListSessions::new),
        fields ->
            read(fields, f -> list(f, "sessions", HostWire::readSession)).stream()
                .map(s -> new SessionInfo(fromGateway(s.id()), s.label(), s.cwd(), s.foreground()))
                .toList());
  }

  @Override
  public CompletableFuture<List<HostTool>> tools(String sessionId) {
    return request(id -> new ListTools(id, toGateway(sessionId)))
        .thenApply(fields -> read(fields, f -> list(f, "tools", HostWire::readTool)));
  }

  @Override
  public CompletableFuture<List<ProviderInfo>> providers() {
    return onThread(
        request(ListProviders::new),
        fields ->
            read(fields, f -> list(f, "providers", HostWire::readProvider)).stream()
                .map(
                    p ->
                        new ProviderInfo(
                            p.providerId(),
                            p.name(),
                            p.instance(),
                            p.trust(),
                            p.sessions().stream().map(this::fromGateway).toList(),
                            p.tools()))
                .toList());
  }

  @Override
  public CompletableFuture<Map<String, List<StreamEntry>>> queryStreams(
      String sessionId, List<String> streams, int last) {
    return request(id -> new QueryStreams(id, toGateway(sessionId), streams, last))
        .thenApply(fields -> read(fields, f -> HostWire.readStreams(f.get("streams"))));
  }

  /** Maps a reply on the client thread (where the id tables live). */
  private <T> CompletableFuture<T> onThread(CompletableFuture<ObjectNode> reply, Function<ObjectNode, T> map) {
    return reply.thenApplyAsync(map, thread);
  }

  // ---- beyond HostApi ----

  /** Adds a listener; it hears events from now on, on the client thread. */
  public void addListener(Listener listener) {
    listeners.add(requireNonNull(listener, "listener"));
  }

  /** The id the current gateway uses for a session this client started, if it is still live. */
  public CompletableFuture<Optional<String>> gatewaySessionId(String sessionId) {
    return CompletableFuture.supplyAsync(
        () -> Optional.ofNullable(sessions.get(sessionId)).map(h -> h.gatewayId), thread);
  }

  /** Whether the client is connected and authenticated now. */
  public CompletableFuture<Boolean> isConnected() {
    return CompletableFuture.supplyAsync(() -> current != null, thread);
  }

  /**
   * Asks the gateway to end every session and stop (a detached gateway allows it), then stops
   * this client: it does not restart the gateway it just stopped.
   */
  public CompletableFuture<Void> shutdownGateway(Duration deadline) {
    CompletableFuture<Void> result = new CompletableFuture<>();
    request(
            id -> {
              gatewayStopping = true; // the gateway is about to go away: do not bring it back
              return new Shutdown(id, deadline);
            })
        .whenCompleteAsync(
            (fields, error) -> {
              if (error != null) {
                gatewayStopping = false; // refused: this gateway stays, and so does the client
                result.completeExceptionally(error);
              } else {
                result.complete(null);
              }
            },
            thread);
    return result;
  }

  /**
   * Ends the sessions this client started (providers get {@code shutdown.pending}; waits up to
   * their deadline plus a little), leaves the gateway running for its other hosts, and frees the
   * client's threads. Idempotent.
   */
  @Override
  public void close() {
    CompletableFuture<Void> ended = new CompletableFuture<>();
    try {
      thread.execute(
          () -> {
            List<CompletableFuture<ObjectNode>> ends = new ArrayList<>();
            if (!closed && current != null) {
              for (Handle handle : new ArrayList<>(sessions.values())) {
                ends.add(send(new EndSession(nextId(), handle.gatewayId, options.closeDeadline)).exceptionally(e -> null));
              }
            }
            closed = true;
            CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new))
                .whenComplete((ok, error) -> ended.complete(null));
          });
      ended.get(options.closeDeadline.plusSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      return; // closed already
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      LOG.log(Level.DEBUG, "sessions did not end in time: {0}", e.toString());
    }
    CompletableFuture<Void> shut = new CompletableFuture<>();
    thread.execute(
        () -> {
          if (retry != null) {
            retry.cancel();
          }
          if (heartbeat != null) {
            heartbeat.cancel();
          }
          Socket socket = current;
          current = null;
          failPending("the client is closed");
          if (socket != null) {
            socket.ws.sendClose(WebSocket.NORMAL_CLOSURE, "host leaving").exceptionally(e -> null);
          }
          if (!firstConnection.isDone()) {
            firstConnection.completeExceptionally(new IOException("closed"));
          }
          shut.complete(null);
        });
    try {
      shut.get(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      LOG.log(Level.DEBUG, "close did not finish: {0}", e.toString());
    }
    thread.shutdown();
    releaseScheduler.run();
  }

  // ---- one WebSocket ----

  /** The JDK's listener for one connection; sends one text at a time (the JDK allows one). */
  private final class Socket implements WebSocket.Listener {
    volatile WebSocket ws;
    private StringBuilder incoming = new StringBuilder();
    /** The chain of sends; each starts when the one before completed. Client thread only. */
    private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);

    void send(String text) {
      sending =
          sending
              .handle((ok, error) -> null)
              .thenCompose(ignored -> ws.sendText(text, true))
              .whenComplete(
                  (ok, error) -> {
                    if (error != null) {
                      thread.execute(() -> lost(this, "send failed: " + error));
                    }
                  });
    }

    @Override
    public void onOpen(WebSocket webSocket) {
      ws = webSocket;
      webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      incoming.append(data);
      if (last) {
        String text = incoming.toString();
        incoming = new StringBuilder();
        thread.execute(() -> received(this, text));
      }
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onPong(WebSocket webSocket, ByteBuffer message) {
      thread.execute(() -> lastHeardMillis = options.clock.millis());
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      thread.execute(() -> closedBeforeOrAfterAuth(this, "closed " + statusCode + " " + reason));
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      thread.execute(() -> closedBeforeOrAfterAuth(this, String.valueOf(error)));
    }
  }

  /** A socket ended: a live one is lost; one still authenticating fails its auth. */
  private void closedBeforeOrAfterAuth(Socket socket, String reason) {
    if (socket == current) {
      lost(socket, reason);
      return;
    }
    if (socket != joining) {
      return;
    }
    // Still authenticating: its auth request fails, which reconnects or gives up.
    List<String> auths = pending.keySet().stream().filter(id -> id.startsWith("auth-")).toList();
    for (String id : auths) {
      CompletableFuture<ObjectNode> auth = pending.remove(id);
      auth.completeExceptionally(new IOException("connection closed during host.auth: " + reason));
    }
  }

  // ---- discovery ----

  /** The gateway serving a home: {@code <home>/gateway.port} (or a default) and the token file. */
  private static final class HomeDiscovery implements Discovery {
    private final Path home;
    private final int defaultPort;

    HomeDiscovery(Path home, int defaultPort) {
      this.home = home;
      this.defaultPort = defaultPort;
    }

    @Override
    public URI url() throws IOException {
      int port = defaultPort;
      try {
        String text = Files.readString(home.resolve(PORT_FILE), StandardCharsets.UTF_8).strip();
        port = Integer.parseInt(text);
      } catch (NoSuchFileException e) {
        // No detached gateway wrote one: try the default port.
      } catch (NumberFormatException e) {
        throw new IOException("unreadable " + home.resolve(PORT_FILE), e);
      }
      return URI.create("ws://127.0.0.1:" + port + "/host");
    }

    @Override
    public String token() throws IOException {
      try {
        return Files.readString(home.resolve(TOKEN_FILE), StandardCharsets.UTF_8).strip();
      } catch (NoSuchFileException e) {
        throw new IOException("no gateway token in " + home, e);
      }
    }
  }

  /** The file a detached gateway writes its port to, in its home. */
  public static final String PORT_FILE = "gateway.port";
  /** The file a detached gateway writes its process id to, in its home. */
  public static final String PID_FILE = "gateway.pid";
  /** The gateway token file, in its home. */
  public static final String TOKEN_FILE = ".provider-token";

  // ---- configuration ----

  /**
   * How {@link #connectOrStart} starts a gateway when none answers. Default: the reference app
   * ({@code io.github.providergateway.app.Main}, on this JVM's class path) as a detached process:
   * {@code java ... Main --detached --home <home> --port 9400}, with a new session id ({@code
   * setsid}) where there is one, standard input from {@code /dev/null} and its output appended to
   * {@code <home>/logs/gateway.log}; 15 s for it to answer.
   */
  public static final class Launch {
    private final int port;
    private final Duration startTimeout;
    private final Starter starter;

    private Launch(Builder b) {
      this.port = b.port;
      this.startTimeout = b.startTimeout;
      this.starter = b.starter != null ? b.starter : new ProcessStarter(b.command, b.extraArgs);
    }

    public static Launch defaults() {
      return builder().build();
    }

    public static Builder builder() {
      return new Builder();
    }

    public int port() {
      return port;
    }

    public Duration startTimeout() {
      return startTimeout;
    }

    /** Builds a {@link Launch}. */
    public static final class Builder {
      private int port = WebSocketServer.DEFAULT_PORT;
      private Duration startTimeout = Duration.ofSeconds(15);
      private List<String> command;
      private List<String> extraArgs = List.of();
      private Starter starter;

      /** The port a started gateway listens on, and the one tried when the home names none. */
      public Builder port(int port) {
        if (port < 1 || port > 65535) {
          throw new IllegalArgumentException("port must be 1..65535, was " + port);
        }
        this.port = port;
        return this;
      }

      /** How long to wait for a started gateway to answer. */
      public Builder startTimeout(Duration timeout) {
        this.startTimeout = requireNonNull(timeout, "timeout");
        return this;
      }

      /**
       * The command that runs the reference app, before its arguments: e.g. {@code [java, -jar,
       * provider-gateway.jar]}. Default: this JVM's {@code java} with its class path and the app's
       * main class.
       */
      public Builder command(List<String> command) {
        this.command = List.copyOf(command);
        return this;
      }

      /** More arguments for the started gateway, e.g. {@code --idle-exit-grace 5s}. */
      public Builder extraArgs(List<String> args) {
        this.extraArgs = List.copyOf(args);
        return this;
      }

      /** Starts gateways some other way (tests start one in-process). */
      public Builder starter(Starter starter) {
        this.starter = requireNonNull(starter, "starter");
        return this;
      }

      public Launch build() {
        return new Launch(this);
      }
    }
  }

  /** Starts the reference app as a detached process. */
  private static final class ProcessStarter implements Starter {
    private static final String MAIN = "io.github.providergateway.app.Main";
    private final List<String> command;
    private final List<String> extraArgs;

    ProcessStarter(List<String> command, List<String> extraArgs) {
      this.command = command;
      this.extraArgs = extraArgs;
    }

    @Override
    public void start(Path home, int port) throws IOException {
      List<String> line = new ArrayList<>();
      Path setsid = Path.of("/usr/bin/setsid");
      if (Files.isExecutable(setsid)) {
        line.add(setsid.toString()); // its own session: closing the terminal does not stop it
      }
      if (command != null) {
        line.addAll(command);
      } else {
        line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        line.addAll(List.of("-XX:+UseSerialGC", "-Xss512k", "-XX:TieredStopAtLevel=1"));
        line.add("-cp");
        line.add(System.getProperty("java.class.path"));
        line.add(MAIN);
      }
      line.addAll(List.of("--detached", "--home", home.toString(), "--port", Integer.toString(port)));
      line.addAll(extraArgs);
      Path logs = home.resolve("logs");
      ownerOnlyDirectories(logs);
      Path log = logs.resolve("gateway.log");
      if (!Files.exists(log) && log.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        try {
          Files.createFile(
              log,
              java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                  java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        } catch (java.nio.file.FileAlreadyExistsException raced) {
          // Another host's start made it first.
        }
      }
      new ProcessBuilder(line)
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .start();
    }
  }

  /** Creates {@code dir} and its missing parents readable by the owner only (rwx------). */
  private static void ownerOnlyDirectories(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      Files.createDirectories(
          dir,
          java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
              java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
    } else {
      Files.createDirectories(dir);
    }
  }

  /**
   * How a {@link GatewayClient} connects and notices failures. Defaults: 2 s to connect, a ping
   * every 5 s and 15 s of silence before the gateway counts as gone, reconnect attempts from 100
   * ms doubling to 1 s, a 10 s deadline for the sessions ended by {@link #close()}, not an
   * observer, the system clock, a timer thread of its own.
   */
  public static final class Options {
    private final Duration connectTimeout;
    private final Duration heartbeatInterval;
    private final Duration heartbeatTimeout;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final Duration closeDeadline;
    private final boolean observer;
    private final Clock clock;
    private final Scheduler scheduler;
    private final Listener listener;

    private Options(Builder b) {
      this.connectTimeout = b.connectTimeout;
      this.heartbeatInterval = b.heartbeatInterval;
      this.heartbeatTimeout = b.heartbeatTimeout;
      this.initialBackoff = b.initialBackoff;
      this.maxBackoff = b.maxBackoff;
      this.closeDeadline = b.closeDeadline;
      this.observer = b.observer;
      this.clock = b.clock;
      this.scheduler = b.scheduler;
      this.listener = b.listener;
    }

    public static Options defaults() {
      return builder().build();
    }

    public static Builder builder() {
      return new Builder();
    }

    /** The wait before reconnect attempt number {@code failures} (0 first). */
    Duration backoff(int failures) {
      if (failures >= 20) {
        return maxBackoff;
      }
      Duration doubled = initialBackoff.multipliedBy(1L << failures);
      return doubled.compareTo(maxBackoff) < 0 ? doubled : maxBackoff;
    }

    /** Builds {@link Options}. */
    public static final class Builder {
      // Loopback handshakes take milliseconds; a gateway that is going away may accept and never
      // answer, and that must not hold the reconnect long.
      private Duration connectTimeout = Duration.ofSeconds(2);
      private Duration heartbeatInterval = Duration.ofSeconds(5);
      private Duration heartbeatTimeout = Duration.ofSeconds(15);
      private Duration initialBackoff = Duration.ofMillis(100);
      private Duration maxBackoff = Duration.ofSeconds(1);
      private Duration closeDeadline = Duration.ofSeconds(10);
      private boolean observer;
      private Clock clock = Clock.systemUTC();
      private Scheduler scheduler;
      private Listener listener;

      public Builder connectTimeout(Duration timeout) {
        this.connectTimeout = requireNonNull(timeout, "timeout");
        return this;
      }

      /** A ping every {@code interval}; silence longer than {@code timeout} means the gateway is gone. */
      public Builder heartbeat(Duration interval, Duration timeout) {
        this.heartbeatInterval = requireNonNull(interval, "interval");
        this.heartbeatTimeout = requireNonNull(timeout, "timeout");
        return this;
      }

      public Builder backoff(Duration initial, Duration max) {
        this.initialBackoff = requireNonNull(initial, "initial");
        this.maxBackoff = requireNonNull(max, "max");
        return this;
      }

      /** The deadline of the sessions {@link GatewayClient#close()} ends. */
      public Builder closeDeadline(Duration deadline) {
        this.closeDeadline = requireNonNull(deadline, "deadline");
        return this;
      }

      /** Receive every session's timeline, not only this client's (an attached console). */
      public Builder observer(boolean observer) {
        this.observer = observer;
        return this;
      }

      /** The clock the heartbeat reads (tests: a manual clock, with it as the scheduler). */
      public Builder clock(Clock clock) {
        this.clock = requireNonNull(clock, "clock");
        return this;
      }

      public Builder scheduler(Scheduler scheduler) {
        this.scheduler = requireNonNull(scheduler, "scheduler");
        return this;
      }

      /** A listener registered before the first connection (so it hears everything). */
      public Builder listener(Listener listener) {
        this.listener = requireNonNull(listener, "listener");
        return this;
      }

      public Options build() {
        return new Options(this);
      }
    }
  }
}
