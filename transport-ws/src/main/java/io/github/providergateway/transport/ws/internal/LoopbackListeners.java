package io.github.providergateway.transport.ws.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;

/**
 * The server's listening sockets: one Grizzly {@link HttpServer} on 127.0.0.1 and, when the machine
 * has IPv6 loopback, one on ::1 with the same port (R-WS-01), never another interface. Each
 * listener's chain runs the {@link WebSocketFilter} (handshakes and frames) before Grizzly's HTTP
 * server, whose one handler is the {@link HttpRoutes}: what is not a WebSocket is a route's, or
 * 404.
 */
final class LoopbackListeners {

  private static final System.Logger LOG = System.getLogger(LoopbackListeners.class.getName());

  private static final String LISTENER = "provider-gateway";
  private static final String IPV4_LOOPBACK = "127.0.0.1";
  private static final String IPV6_LOOPBACK = "::1";

  /** Tries at a free port when another process takes it on ::1 between the two binds. */
  private static final int FREE_PORT_ATTEMPTS = 5;

  private final WebSocketFilter webSockets;
  private final HttpRoutes routes;

  /** Accepts only when the waiting sockets have room; shared by both listeners. */
  private final AcceptPacingStrategy accepting;

  /** The running Grizzly servers, one per address family. */
  private final List<HttpServer> servers = new CopyOnWriteArrayList<>();

  /** The bound port once listening; -1 before. */
  private volatile int boundPort = -1;

  LoopbackListeners(WebSocketFilter webSockets, HttpRoutes routes, PendingHandshakes pending) {
    this.webSockets = webSockets;
    this.routes = routes;
    this.accepting = new AcceptPacingStrategy(pending);
  }

  /**
   * Listens.
   *
   * @param port the port, or 0 for a free one (read it back with {@link #port()})
   * @throws IOException when the port is taken or loopback cannot be bound
   */
  void start(int port) throws IOException {
    try {
      listen(port);
    } catch (IOException | RuntimeException e) {
      stop();
      throw e;
    }
  }

  void stop() {
    for (HttpServer server : servers) {
      server.shutdownNow();
    }
    servers.clear();
  }

  /** The bound port, or -1 when not listening. */
  int port() {
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
    // process is out of descriptors, where Grizzly's own would spin, and while the sockets waiting
    // for their request have no room that pushing out an unread one would make (issue 47).
    listener.getTransport().setIOStrategy(accepting);
    listener.getTransport().getConnectionMonitoringConfig().addProbes(accepting.probe());
    listener.registerAddOn(WebSocketFilter.addOn(webSockets));
    // Heads RFC 9112 refuses are answered before the HTTP codec reads them (issue 35).
    listener.registerAddOn(RequestHeadGuard.addOn(new RequestHeadGuard()));
    server.addListener(listener);
    server.getServerConfiguration().addHttpHandler(routes);
    // A body answered without being read is read and dropped up to this, not cut under the
    // answer (HttpRoutes); Grizzly's default reads it all, however long.
    server.getServerConfiguration().setMaxPayloadRemainderToSkip(routes.skippedBodyBytes());
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
