package io.github.providergateway.transport.ws.internal;

import jakarta.websocket.DeploymentException;
import jakarta.websocket.server.ServerEndpointConfig;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.tyrus.core.TyrusWebSocketEngine;
import org.glassfish.tyrus.server.TyrusServerContainer;
import org.glassfish.tyrus.spi.WebSocketEngine;

/**
 * A Tyrus server container on Grizzly that listens on loopback only: one Grizzly {@link
 * HttpServer} on 127.0.0.1 and, when the machine has IPv6 loopback, one on ::1 with the same port
 * (R-WS-01). Tyrus's own {@code GrizzlyServerContainer} binds 0.0.0.0 whatever host it is given
 * (eclipse-ee4j/tyrus#593), so this replaces it, keeping Tyrus's engine and Grizzly filter. What is
 * not a WebSocket handshake goes to the {@link HttpRoutes}.
 */
final class LoopbackServerContainer extends TyrusServerContainer {

  private static final System.Logger LOG =
      System.getLogger(LoopbackServerContainer.class.getName());

  /** The most a frame header adds to its payload: 2 + 8 (64-bit length) + 4 (mask). */
  static final int MAX_FRAME_HEADER_BYTES = 14;

  private static final String LISTENER = "provider-gateway";
  private static final String IPV4_LOOPBACK = "127.0.0.1";
  private static final String IPV6_LOOPBACK = "::1";
  /** Tries at a free port when another process takes it on ::1 between the two binds. */
  private static final int FREE_PORT_ATTEMPTS = 5;

  private final HandshakeGuard guard;
  private final WebSocketEngine engine;
  /** The defences the listeners' filter applies to every connection. */
  private final TrafficGuards traffic;
  /** Plain HTTP requests: the routes, else 404 (never Grizzly's default pages). */
  private final HttpRoutes routes;
  /** The running Grizzly servers, one per address family. */
  private final List<HttpServer> servers = new CopyOnWriteArrayList<>();
  /** The bound port once listening; -1 before. */
  private volatile int boundPort = -1;
  /** Set by start, before the endpoints are registered. */
  private volatile String contextPath = "";

  /**
   * @param maxMessageBytes the largest message; frames may carry it whole plus their header
   * @param policy which handshakes are allowed
   * @param maxConnections how many connections may be open at once
   * @param traffic the defences every connection's bytes pass through first
   */
  LoopbackServerContainer(
      int maxMessageBytes,
      HandshakePolicy policy,
      int maxConnections,
      TrafficGuards traffic,
      java.util.function.Function<java.util.function.IntSupplier, HttpRoutes> routes) {
    super((Set<Class<?>>) null);
    this.traffic = traffic;
    this.routes = routes.apply(() -> boundPort);
    this.engine =
        TyrusWebSocketEngine.builder(this)
            .incomingBufferSize(maxMessageBytes + MAX_FRAME_HEADER_BYTES)
            .build();
    this.guard =
        new HandshakeGuard(engine, policy, maxConnections, () -> boundPort, traffic.pendingHandshakes());
    // Fragments bypass the frame limit; this bounds the assembled message (in chars).
    setDefaultMaxTextMessageBufferSize(maxMessageBytes);
    // Sessions start without Tyrus's idle timer (see ServerCore.NO_IDLE_TIMEOUT): from the very
    // first message, not only once the endpoint's onOpen has run.
    setDefaultMaxSessionIdleTimeout(ServerCore.NO_IDLE_TIMEOUT);
  }

  @Override
  public void register(Class<?> endpointClass) throws DeploymentException {
    engine.register(endpointClass, contextPath);
  }

  @Override
  public void register(ServerEndpointConfig serverConfig) throws DeploymentException {
    engine.register(serverConfig, contextPath);
  }

  /** No container properties: every setting is made in code, none read from a map. */
  @Override
  public Map<String, Object> getProperties() {
    return Map.of();
  }

  @Override
  public WebSocketEngine getWebSocketEngine() {
    return guard;
  }

  /**
   * Registers the endpoints and listens.
   *
   * @param port the port, or 0 for a free one (read it back with {@link #getPort()})
   * @throws IOException when the port is taken or loopback cannot be bound
   */
  @Override
  public void start(String contextPath, int port) throws IOException, DeploymentException {
    this.contextPath = contextPath;
    super.start(contextPath, port);
    try {
      listen(port);
    } catch (IOException | RuntimeException e) {
      stop();
      throw e;
    }
  }

  /** Refuses every handshake from now on; open connections are unaffected. */
  void refuseNewConnections() {
    guard.stop();
  }

  @Override
  public void stop() {
    guard.stop();
    super.stop();
    for (HttpServer server : servers) {
      server.shutdownNow();
    }
    servers.clear();
  }

  @Override
  public int getPort() {
    return boundPort;
  }

  private void listen(int port) throws IOException {
    boolean ipv6 = ipv6LoopbackAvailable();
    if (!ipv6) {
      LOG.log(Level.INFO, "IPv6 loopback (::1) is unavailable; listening on 127.0.0.1 only");
    }
    int attempts = port == 0 ? FREE_PORT_ATTEMPTS : 1;
    for (int attempt = 1; ; attempt++) {
      HttpServer ipv4 = open(IPV4_LOOPBACK, port);
      int bound = ipv4.getListener(LISTENER).getPort();
      if (!ipv6) {
        servers.add(ipv4);
        boundPort = bound;
        return;
      }
      try {
        HttpServer ipv6Server = open(IPV6_LOOPBACK, bound);
        servers.add(ipv4);
        servers.add(ipv6Server);
        boundPort = bound;
        return;
      } catch (IOException e) {
        ipv4.shutdownNow();
        if (attempt >= attempts) {
          throw e;
        }
        LOG.log(Level.DEBUG, "port {0} free on 127.0.0.1 but not on ::1; trying another", bound);
      }
    }
  }

  private HttpServer open(String host, int port) throws IOException {
    HttpServer server = new HttpServer();
    NetworkListener listener = new NetworkListener(LISTENER, host, port);
    // Upgraded connections live as long as the WebSocket does; HTTP keep-alive must not reap them.
    listener.getKeepAlive().setIdleTimeoutInSeconds(-1);
    // Read and unframe on the selector thread that saw the data: our handler never blocks (it
    // hands the text to the gateway loop), and a hand-off to a worker thread per message cost
    // more than it saved (docs/performance.md). The transport also pauses accepting when the
    // process is out of descriptors, where Grizzly's own would spin.
    listener.getTransport().setIOStrategy(AcceptPacingStrategy.INSTANCE);
    listener.registerAddOn(LoopbackFilter.addOn(this, contextPath, traffic));
    server.addListener(listener);
    server.getServerConfiguration().addHttpHandler(routes);
    try {
      server.start();
    } catch (IOException e) {
      server.shutdownNow();
      String where = (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
      if (e instanceof BindException) {
        throw new IOException(
            "cannot listen on " + where + ": the port is in use (is another gateway running?)", e);
      }
      throw new IOException("cannot listen on " + where + ": " + e.getMessage(), e);
    }
    return server;
  }

  /** Whether ::1 can be bound here (containers and some hosts run without IPv6). */
  private static boolean ipv6LoopbackAvailable() {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(InetAddress.getByName(IPV6_LOOPBACK), 0));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
