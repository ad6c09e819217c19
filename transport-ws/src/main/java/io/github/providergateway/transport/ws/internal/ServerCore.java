package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.host.HostService;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.GatewayAddress;
import io.github.providergateway.websocket.internal.CloseStatuses;
import io.github.providergateway.websocket.internal.FrameDecoder;
import io.github.providergateway.websocket.internal.FrameWriter;
import io.github.providergateway.websocket.internal.HandshakePolicy;
import io.github.providergateway.websocket.internal.InboundBudget;
import io.github.providergateway.websocket.internal.OutboundBudget;
import io.github.providergateway.websocket.internal.OutboundQueue;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The engine behind {@code WebSocketServer}: the loopback listeners, the per-connection
 * bookkeeping, the heartbeat, and stopping. Public only for the façade in the parent package.
 */
public final class ServerCore {

  private static final System.Logger LOG = System.getLogger(ServerCore.class.getName());

  /**
   * Grizzly announces each listener's start and stop, and its server's, at INFO: in an embedding
   * host's console that is noise about our insides (issue 34). Held here, since JUL keeps loggers
   * weakly and a level set on a collected one is lost; left alone where the host set a level.
   */
  private static final List<java.util.logging.Logger> GRIZZLY_ANNOUNCERS =
      quietGrizzly(
          "org.glassfish.grizzly.http.server.NetworkListener",
          "org.glassfish.grizzly.http.server.HttpServer");

  private static List<java.util.logging.Logger> quietGrizzly(String... names) {
    List<java.util.logging.Logger> loggers = new ArrayList<>();
    for (String name : names) {
      java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
      if (logger.getLevel() == null) {
        logger.setLevel(java.util.logging.Level.WARNING);
      }
      loggers.add(logger);
    }
    return List.copyOf(loggers);
  }

  /** How long a close may take before the socket is cut. */
  private static final Duration CLOSE_GRACE = Duration.ofSeconds(2);

  /**
   * What the façade's builder collected; see its setters for what each means. A null {@code
   * backend} means the heartbeat runs on the server's own timer.
   */
  public record Config(
      Gateway gateway,
      int port,
      Set<String> allowedOrigins,
      int maxQueuedMessages,
      long maxQueuedBytes,
      Duration idleTimeout,
      HostService hosts,
      Duration handshakeTimeout,
      int maxPendingHandshakes,
      long maxUnfinishedInboundBytes,
      Duration messageTimeout,
      int maxPingsPerSecond,
      long maxQueuedBytesTotal,
      Backend backend,
      List<HttpRoutes.Route> routes,
      int maxEventStreams,
      long maxUnfinishedHttpBodyBytes) {
    public Config {
      routes = List.copyOf(routes);
      requireNonNull(gateway, "gateway");
      allowedOrigins = Set.copyOf(allowedOrigins);
      requireNonNull(idleTimeout, "idleTimeout");
      requireNonNull(handshakeTimeout, "handshakeTimeout");
      requireNonNull(messageTimeout, "messageTimeout");
    }
  }

  /** How often deadlines (handshakes, unfinished messages) are checked against the clock. */
  private static final Duration SWEEP_INTERVAL = Duration.ofMillis(250);

  private final Gateway gateway;
  private final int requestedPort;
  private final Duration idleTimeout;

  /** Where the heartbeat's scheduler comes from; null: the server's own timer. */
  private final Backend backend;

  /**
   * The scheduler the backend made for the heartbeat, released by close; null without a backend.
   * Guarded by lifecycle.
   */
  private Scheduler heartbeatScheduler;

  /** Each provider connection's outbound bounds, and the budget they share. */
  private final OutboundQueue.Bounds providerBounds;

  /** Each host connection's byte bound (hosts have their own count bound and no shared budget). */
  private final long hostMaxQueuedBytes;

  private final LoopbackListeners listeners;

  /** Decides handshakes; refuses every one once the server stops. */
  private final WsHandshake handshake;

  /** What one event-stream client may leave unread before its stream is closed. */
  static final long MAX_UNREAD_EVENT_BYTES = 1L << 20;

  /** The open event streams of the HTTP routes. */
  private final EventStreams eventStreams;

  /** The server-wide defences against what peers send (see {@link WebSocketFilter}). */
  private final TrafficGuards guards;

  /**
   * What HTTP request bodies being received may hold, all requests together: a budget of their own,
   * so that no HTTP client reduces what WebSocket peers may send (issue 32).
   */
  private final InboundBudget httpBodies;

  /** What all provider connections may have waiting to be written. */
  private final OutboundBudget outbound;

  /** Open connections, for the heartbeat and for close. */
  private final Set<WsProviderConnection> connections = ConcurrentHashMap.newKeySet();

  /** The agent hosts' side, served at {@code /host}; null for a providers-only server. */
  private final HostService hosts;

  /** Open host connections, for the heartbeat and for close. */
  private final Set<WsHostConnection> hostConnections = ConcurrentHashMap.newKeySet();

  private final Object lifecycle = new Object();

  /** Encodes and writes outbound messages; created by start. Guarded by lifecycle. */
  private ExecutorService sendExecutor;

  /**
   * Close deadlines, the sweep, and by default the heartbeat; created by start. Guarded by
   * lifecycle.
   */
  private ScheduledExecutorService timer;

  /** What every connection's sender shares; created by start. Guarded by lifecycle. */
  private OutboundQueue.Context senders;

  /** Pings connections and closes silent ones; created by start. Guarded by lifecycle. */
  private ServerHeartbeat heartbeat;

  /** Whether start ran. Guarded by lifecycle. */
  private boolean started;

  /** Whether close ran. Guarded by lifecycle. */
  private boolean closed;

  public ServerCore(Config config) {
    this.gateway = config.gateway();
    this.requestedPort = config.port();
    this.idleTimeout = config.idleTimeout();
    this.hosts = config.hosts();
    this.backend = config.backend();
    this.outbound = new OutboundBudget(config.maxQueuedBytesTotal());
    this.providerBounds =
        new OutboundQueue.Bounds(
            config.maxQueuedMessages(),
            config.maxQueuedBytes(),
            Duration.ZERO,
            outbound,
            this::closeFurthestBehind);
    this.hostMaxQueuedBytes = config.maxQueuedBytes();
    this.guards =
        new TrafficGuards(
            gateway.transports().clock(),
            new PendingHandshakes(
                config.maxPendingHandshakes(),
                config.handshakeTimeout(),
                gateway.transports().clock()),
            new InboundBudget(config.maxUnfinishedInboundBytes()),
            gateway.limits().messages().maxUnauthenticatedMessageBytes(),
            transportLimit(gateway),
            config.messageTimeout(),
            config.maxPingsPerSecond());
    this.httpBodies = new InboundBudget(config.maxUnfinishedHttpBodyBytes());
    this.eventStreams =
        new EventStreams(
            config.maxEventStreams(),
            config.routes().stream()
                .filter(route -> route.reservedEventStreams() > 0)
                .collect(
                    java.util.stream.Collectors.toMap(
                        HttpRoutes.Route::path, HttpRoutes.Route::reservedEventStreams)),
            MAX_UNREAD_EVENT_BYTES,
            gateway.transports().clock());
    HandshakePolicy policy = new HandshakePolicy(config.allowedOrigins());
    Endpoints endpoints = new Endpoints();
    this.handshake =
        new WsHandshake(
            policy, gateway.limits().connections().maxConnections(), this::port, endpoints::serves);
    this.listeners =
        new LoopbackListeners(
            new WebSocketFilter(
                guards, new GrizzlyHandshake(handshake, guards.pendingHandshakes(), endpoints)),
            new HttpRoutes(
                config.routes(),
                policy,
                this::port,
                guards.pendingHandshakes(),
                eventStreams,
                httpBodies),
            guards.pendingHandshakes());
  }

  /** Binds and starts accepting; see {@code WebSocketServer#start()}. */
  public void start() throws IOException {
    synchronized (lifecycle) {
      if (started || closed) {
        throw new IllegalStateException("a WebSocketServer starts once; build a new one");
      }
      started = true;
      sendExecutor =
          Executors.newFixedThreadPool(sendThreads(), DaemonThreads.numbered("pg-ws-send-"));
      timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.numbered("pg-ws-timer-"));
      senders =
          new OutboundQueue.Context(
              sendExecutor, scheduler(timer), gateway.transports().clock(), CLOSE_GRACE);
      try {
        listeners.start(requestedPort);
      } catch (IOException | RuntimeException e) {
        stopExecutors();
        closed = true;
        if (e instanceof IOException io) {
          throw io;
        }
        throw new IOException("cannot start the WebSocket server: " + e.getMessage(), e);
      }
      heartbeatScheduler = backend != null ? backend.scheduler() : null;
      heartbeat =
          new ServerHeartbeat(
              heartbeatScheduler != null ? heartbeatScheduler : scheduler(timer),
              gateway.transports().clock(),
              idleTimeout,
              this::openPeers);
      heartbeat.start();
      long sweepNanos = SWEEP_INTERVAL.toNanos();
      timer.scheduleWithFixedDelay(this::sweep, sweepNanos, sweepNanos, TimeUnit.NANOSECONDS);
    }
  }

  /** The bound port, or -1 when not listening. */
  public int port() {
    return listeners.port();
  }

  /**
   * Accepted TCP connections that have neither become WebSockets nor been answered yet: those
   * waiting for their request, and requests admitted by a route (tests, logs).
   */
  public int pendingHandshakes() {
    return guards.pendingHandshakes().size() + guards.pendingHandshakes().admittedSize();
  }

  /**
   * Of {@link #pendingHandshakes()}, the requests a route admitted, which newcomers cannot push out
   * (tests).
   */
  public int admittedRequests() {
    return guards.pendingHandshakes().admittedSize();
  }

  /** Event streams open now (tests). */
  public int openEventStreams() {
    return eventStreams.size();
  }

  /**
   * Bytes of unfinished inbound WebSocket messages the server holds now, all connections together.
   */
  public long unfinishedInboundBytes() {
    return guards.unfinished().held();
  }

  /** Bytes charged for HTTP request bodies being received now, all requests together. */
  public long unfinishedHttpBodyBytes() {
    return httpBodies.held();
  }

  /** Stops; see {@code WebSocketServer#close()}. */
  public void close() {
    synchronized (lifecycle) {
      if (closed) {
        return;
      }
      closed = true;
      if (!started) {
        return;
      }
    }
    handshake.stop();
    eventStreams.closeAll();
    synchronized (lifecycle) {
      if (heartbeat != null) {
        heartbeat.stop();
      }
    }
    for (WsHostConnection host : new ArrayList<>(hostConnections)) {
      host.abort(CloseStatuses.goingAway());
    }
    List<WsProviderConnection> open = new ArrayList<>(connections);
    for (WsProviderConnection connection : open) {
      connection.closeAfterQueue(CloseStatuses.goingAway());
    }
    awaitSocketsClosed(open);
    for (WsProviderConnection connection : open) {
      if (connection.isSocketOpen()) {
        connection.terminate();
      }
      connection.abort(CloseStatuses.goingAway()); // reports any not reported yet
    }
    listeners.stop();
    synchronized (lifecycle) {
      stopExecutors();
    }
  }

  // ---- for the handshake ----

  /**
   * The server's endpoints: providers at {@code /}, hosts at {@code /host} when there is a host
   * service.
   */
  private final class Endpoints implements GrizzlyHandshake.Opener {
    /** Whether {@code path} names an endpoint. */
    boolean serves(String path) {
      return "/".equals(path) || (hosts != null && HOST_PATH.equals(path));
    }

    @Override
    public boolean open(
        String path, org.glassfish.grizzly.Connection<?> socket, WsHandshake.Admission admission) {
      return HOST_PATH.equals(path)
          ? openedHost(socket, admission) != null
          : opened(socket, admission) != null;
    }
  }

  /**
   * A provider's handshake completed: registers the connection with the gateway, or refuses it
   * (returning null) when it came from a non-loopback address.
   */
  WsProviderConnection opened(
      org.glassfish.grizzly.Connection<?> socket, WsHandshake.Admission admission) {
    WsSocket wire = admit(socket, "ws ");
    if (wire == null) {
      return null;
    }
    WsProviderConnection connection =
        new WsProviderConnection(
            wire,
            providerBounds,
            senderContext(),
            gone -> {
              connections.remove(gone);
              admission.release();
            });
    connections.add(connection);
    wire.attach(connection);
    WebSocketFilter.attach(socket, wire);
    ProviderLink link = gateway.transports().acceptWebSocket(connection);
    connection.attach(link);
    LOG.log(Level.DEBUG, "{0}: opened", connection.describe());
    return connection;
  }

  /**
   * What every upgraded socket goes through, provider or host: it must come from a loopback peer,
   * else it is closed (and null returned); then it gets its WebSocket.
   */
  private WsSocket admit(org.glassfish.grizzly.Connection<?> socket, String kind) {
    Object peer = socket.getPeerAddress();
    if (!(peer instanceof InetSocketAddress inet)
        || inet.getAddress() == null
        || !inet.getAddress().isLoopbackAddress()) {
      // Defence in depth: the listeners are loopback-only and the handshake checked the peer.
      LOG.log(Level.WARNING, "WebSocket from non-loopback peer {0} refused", peer);
      socket.write(
          org.glassfish.grizzly.memory.Buffers.wrap(
              socket.getMemoryManager(), FrameWriter.close(CloseStatuses.notLoopback())));
      socket.closeSilently();
      return null;
    }
    String description = kind + WsSocket.describePeer(peer);
    return new WsSocket(
        socket, guards.newDecoder(), senderContext().timer(), CLOSE_GRACE, description);
  }

  /** The path agent hosts connect to (when the server has a host service). */
  public static final String HOST_PATH = GatewayAddress.HOST_PATH;

  /**
   * A handshake at {@code /host} completed: registers the host connection with the host service (it
   * must send {@code host.auth} first), or refuses it as {@link #opened} refuses providers.
   */
  WsHostConnection openedHost(
      org.glassfish.grizzly.Connection<?> socket, WsHandshake.Admission admission) {
    WsSocket wire = admit(socket, "host ws ");
    if (wire == null) {
      return null;
    }
    WsHostConnection connection =
        new WsHostConnection(
            wire,
            hostMaxQueuedBytes,
            senderContext(),
            gone -> {
              hostConnections.remove(gone);
              admission.release();
            });
    hostConnections.add(connection);
    wire.attach(connection);
    WebSocketFilter.attach(socket, wire);
    connection.attach(hosts.open(connection));
    return connection;
  }

  // ---- internals ----

  private OutboundQueue.Context senderContext() {
    synchronized (lifecycle) {
      return senders;
    }
  }

  /** Every open connection, provider or host: what the heartbeat beats for. */
  private List<SocketPeer> openPeers() {
    List<SocketPeer> open = new ArrayList<>(connections);
    open.addAll(hostConnections);
    return open;
  }

  /**
   * The provider connections together have more waiting to be written than the server allows: the
   * one with the most waiting, among those behind (more than the message being written), is closed
   * as too slow. A connection that reads keeps at most one message in flight, so it is never the
   * one chosen while a peer that stopped reading holds more.
   */
  private void closeFurthestBehind() {
    WsProviderConnection furthest = null;
    long most = -1;
    for (WsProviderConnection connection : connections) {
      long behind = connection.backlogBytesIfBehind();
      if (behind > most) {
        most = behind;
        furthest = connection;
      }
    }
    if (furthest != null && most >= 0 && outbound.queued() > outbound.limit()) {
      furthest.closeAsFurthestBehind(outbound.limit());
    }
  }

  /** Bytes of encoded messages waiting for all provider connections now (tests). */
  public long queuedOutboundBytes() {
    return outbound.queued();
  }

  /**
   * Enforces the deadlines no message arrives to trigger: sockets that never complete a handshake,
   * and peers that began a message and do not finish it (a partial frame parked to hold memory).
   */
  /** Checks the deadlines now (the periodic sweep does the same every 250 ms). */
  public void sweepDeadlines() {
    sweep();
  }

  private void sweep() {
    try {
      guards.pendingHandshakes().closeExpired();
      eventStreams.keepAlive();
      for (WsProviderConnection connection : connections) {
        closeIfMessageOverdue(connection);
      }
      for (WsHostConnection host : hostConnections) {
        closeIfMessageOverdue(host);
      }
    } catch (RuntimeException bug) {
      // A periodic task that throws is never run again: keep the deadlines alive.
      LOG.log(Level.ERROR, "sweeping connection deadlines failed", bug);
    }
  }

  private void closeIfMessageOverdue(SocketPeer peer) {
    if (guards.messageOverdue(peer.decoder().unfinishedSinceMillis())) {
      peer.refuse(
          new FrameDecoder.Refusal(
              CloseStatuses.unfinishedMessage(),
              "began a message and did not finish it within "
                  + guards.messageTimeout().toMillis()
                  + " ms"));
    }
  }

  private static void awaitSocketsClosed(List<WsProviderConnection> open) {
    long deadline = System.nanoTime() + CLOSE_GRACE.toNanos();
    for (WsProviderConnection connection : open) {
      CompletableFuture<Void> socketClosed = connection.socketClosed();
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      try {
        socketClosed.get(left, TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        return; // whatever is still open is cut by close()
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (ExecutionException e) {
        throw new IllegalStateException("socketClosed never fails", e);
      }
    }
  }

  private void stopExecutors() {
    if (heartbeatScheduler != null) {
      Backend.release(heartbeatScheduler); // the backend made it for this server
    }
    if (timer != null) {
      timer.shutdownNow();
    }
    if (sendExecutor != null) {
      sendExecutor.shutdown();
    }
  }

  /** The timer as a {@link Scheduler}: close deadlines, and the heartbeat unless given one. */
  private static Scheduler scheduler(ScheduledExecutorService timer) {
    return (delay, task) -> {
      ScheduledFuture<?> scheduled = timer.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
      return () -> scheduled.cancel(false);
    };
  }

  private static int sendThreads() {
    return Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }

  /**
   * The most a message may be before the transport refuses it unseen: the gateway's largest limit
   * plus 1 MiB of slack. Within the slack the gateway itself judges an oversized message and
   * answers PAYLOAD_TOO_LARGE (failing a lone pending call INTERNAL) however it was framed; only a
   * message far beyond any limit costs the provider its connection.
   */
  static int transportLimit(Gateway gateway) {
    return gateway.limits().messages().maxAnyMessageBytes() + SLACK_BYTES;
  }

  /** See {@link #transportLimit}. */
  static final int SLACK_BYTES = 1 << 20;
}
