package io.github.providergateway.transport.ws;

import static io.github.providergateway.loop.base.Durations.requirePositive;
import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.HostService;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.protocol.GatewayAddress;
import io.github.providergateway.transport.ws.internal.HttpRoutes;
import io.github.providergateway.transport.ws.internal.ServerCore;
import io.github.providergateway.websocket.internal.EndpointSettings;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The gateway's WebSocket endpoint for providers, on Grizzly with RFC 6455 framing of its own (no
 * WebSocket library: the handshake, frames and close handshake are this module's), and plain HTTP
 * routes beside it on the same port.
 *
 * <pre>{@code
 * try (WebSocketServer server = WebSocketServer.builder(gateway).port(0).build().start()) {
 *   URI url = server.url(); // ws://127.0.0.1:<port>
 * }
 * }</pre>
 *
 * <p><b>Where it listens.</b> On 127.0.0.1 and on ::1 with the same port (::1 is skipped, and
 * logged, on a machine without IPv6 loopback), never on another interface; a peer whose address is
 * not loopback is refused anyway. Providers connect to {@code /} (what {@code ws://localhost:9400}
 * requests). With {@link Builder#hosts}, agent hosts connect to {@code /host} and speak the host
 * protocol (spec/host-rpc.md's commands, replies and events, one JSON text message each),
 * authenticating first with {@code host.auth} and the gateway token; the same handshake checks,
 * connection cap and heartbeat apply.
 *
 * <p><b>Handshakes.</b> Refused with HTTP 403 when the {@code Origin} header is present and not
 * allow-listed, or when {@code Host} is not {@code 127.0.0.1:<port>}, {@code [::1]:<port>} or
 * {@code localhost:<port>}; refused with 503 when {@link
 * io.github.providergateway.protocol.ConnectionLimits#maxConnections()} connections are open. A
 * handshake without {@code Origin} is accepted: the provider still has to authenticate.
 *
 * <p><b>Messages.</b> Text only, in frames masked as RFC 6455 requires of clients (an unmasked
 * frame closes the connection with 1002). A message of up to the gateway's largest size (5 MiB by
 * default) plus 1 MiB of slack is received whole, in one frame or fragmented, and the gateway
 * applies its per-type byte limits to it: one byte over gets {@code PAYLOAD_TOO_LARGE} however it
 * was framed. A message larger than that, or, before the peer has authenticated, larger than {@link
 * io.github.providergateway.protocol.MessageLimits#maxUnauthenticatedMessageBytes()} (64 KiB),
 * closes the connection with 1009 as soon as a frame header announces it, before any of it is
 * buffered. A binary frame closes it with 1003: every message of this protocol is JSON text, so a
 * binary frame is a client bug, not data to deliver. More than 50 pings a second close it with
 * 1008, as does a peer that lets the pongs it is sent pile up unread.
 *
 * <p><b>What peers can make the server hold.</b> TCP connections that have not completed a
 * WebSocket handshake: at most {@link Builder#maxPendingHandshakes} (64), each for at most {@link
 * Builder#handshakeTimeout} (5 s). Unfinished inbound messages: at most {@link
 * Builder#maxUnfinishedInboundBytes} (16 MiB) over all connections (past it, 1013), each finished
 * within {@link Builder#messageTimeout} (30 s; past it, 1008). Bodies of requests to the {@link
 * HttpRoute}s: at most {@link Builder#maxUnfinishedHttpBodyBytes} (8 MiB) being received at once, a
 * budget of their own (past it, 503), and none before the route has admitted the request from its
 * headers ({@link HttpRoute#admit}); so nothing sent over HTTP, with a route's credentials or
 * without, reduces what WebSocket peers may send.
 *
 * <p><b>Outbound.</b> Each connection has a queue bounded by {@link Builder#maxQueuedMessages} and
 * {@link Builder#maxQueuedBytes}, written one message at a time; a provider that lets it overflow
 * is closed with 1008 and its calls end {@code DISCONNECTED}. The gateway loop never waits on a
 * socket.
 *
 * <p><b>Liveness.</b> Every connection is pinged several times per {@link Builder#idleTimeout}; one
 * from which nothing (not even a pong) arrives for that long is closed with 1001. Silence is
 * measured on the gateway's {@link io.github.providergateway.gateway.TransportPort#clock()}, and
 * the pings are timed by the scheduler of {@link Builder#backend}.
 *
 * <p><b>Close codes.</b> 1000 after {@code goodbye}; 1008 for failed authentication or a too slow
 * reader; 1002 for an unsupported version or a protocol error; 1001 when the gateway or this server
 * stops.
 *
 * <p>Thread-safe. The server does not own the gateway: close each on its own.
 */
public final class WebSocketServer implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(WebSocketServer.class.getName());

  /** The port a gateway listens on unless told otherwise. */
  public static final int DEFAULT_PORT = GatewayAddress.DEFAULT_PORT;

  private final ServerCore core;
  private final Gateway gateway;

  private WebSocketServer(ServerCore core, Gateway gateway) {
    this.core = core;
    this.gateway = gateway;
  }

  /**
   * Starts configuring a server for {@code gateway}; every setting has a default.
   *
   * @param gateway the gateway the server's providers (and hosts, with {@link Builder#hosts}) reach
   * @return a new builder
   */
  public static Builder builder(Gateway gateway) {
    return new Builder(gateway);
  }

  /**
   * Binds the port, starts accepting providers, and then has the gateway write its token file
   * ({@link io.github.providergateway.gateway.GatewayCredentials#publishTokenFile()}), so the file
   * never names a gateway that is not listening.
   *
   * @return this server
   * @throws IOException when the port cannot be bound, for example because it is in use
   * @throws IllegalStateException when the server was already started or closed
   */
  public WebSocketServer start() throws IOException {
    core.start();
    try {
      // Only now that it listens: providers that read the token file can reach this gateway.
      gateway.credentials().publishTokenFile();
    } catch (RuntimeException e) {
      // Not writable, or another gateway of this home writing it at the same moment: a server
      // nobody can find the token of is no use, and the caller has no handle to close it.
      core.close();
      throw new IOException("cannot publish the token file: " + e.getMessage(), e);
    }
    LOG.log(Level.INFO, "provider gateway listening on {0}", url());
    return this;
  }

  /**
   * The port providers connect to.
   *
   * @return the bound port, the free one chosen when the builder asked for 0
   * @throws IllegalStateException when the server is not listening
   */
  public int port() {
    int port = core.port();
    if (port <= 0) {
      throw new IllegalStateException("the server is not listening; call start() first");
    }
    return port;
  }

  /** {@return the URL providers connect to: {@code ws://127.0.0.1:<port>}} */
  public URI url() {
    return URI.create("ws://127.0.0.1:" + port());
  }

  /**
   * {@return where the server's HTTP routes are: {@code http://127.0.0.1:<port>}, to which a
   * route's path is appended}
   */
  public URI httpUrl() {
    return URI.create("http://127.0.0.1:" + port());
  }

  /** {@return the URL agent hosts connect to: {@code ws://127.0.0.1:<port>/host}} */
  public URI hostUrl() {
    return URI.create("ws://127.0.0.1:" + port() + ServerCore.HOST_PATH);
  }

  /**
   * Bytes of WebSocket messages begun and not yet finished that the server holds now (for tests).
   */
  long unfinishedInboundBytes() {
    return core.unfinishedInboundBytes();
  }

  /** Bytes charged for HTTP request bodies being received now (for tests). */
  long unfinishedHttpBodyBytes() {
    return core.unfinishedHttpBodyBytes();
  }

  /** Bytes of encoded messages waiting for all provider connections (for tests). */
  long queuedOutboundBytes() {
    return core.queuedOutboundBytes();
  }

  /** Event streams of the HTTP routes open now (for tests). */
  int openEventStreams() {
    return core.openEventStreams();
  }

  /** TCP connections accepted and neither upgraded to WebSocket nor answered yet (for tests). */
  int pendingHandshakes() {
    return core.pendingHandshakes();
  }

  /** Of those, the requests a route admitted (for tests). */
  int admittedRequests() {
    return core.admittedRequests();
  }

  /**
   * Checks the deadlines now rather than at the next periodic sweep (every 250 ms), so a test that
   * moves a manual clock sees their effect at once.
   */
  void sweepDeadlines() {
    core.sweepDeadlines();
  }

  /**
   * Stops accepting, closes every connection with 1001 (each provider's calls end {@code
   * DISCONNECTED}), waits briefly for the close handshakes, then stops listening. Idempotent.
   */
  @Override
  public void close() {
    core.close();
    LOG.log(Level.DEBUG, "provider gateway WebSocket server stopped");
  }

  /**
   * Configures a {@link WebSocketServer}. Defaults: port {@value WebSocketServer#DEFAULT_PORT}, no
   * allowed origins, 1024 messages and 8 MiB queued per connection, a 5 minute idle timeout, 5 s
   * and at most 64 sockets waiting for a handshake, 16 MiB of unfinished messages, 30 s to finish a
   * message, 8 MiB of HTTP bodies being received, no backend (the heartbeat on a timer of the
   * server's own).
   */
  public static final class Builder {
    private final Gateway gateway;
    private int port = DEFAULT_PORT;

    /** Origins, per-connection bounds, idle timeout: what transport-jakarta's builder takes too. */
    private final EndpointSettings settings = new EndpointSettings();

    private HostService hosts;
    private Duration handshakeTimeout = Duration.ofSeconds(5);
    private int maxPendingHandshakes = 64;
    private long maxUnfinishedInboundBytes = 16L << 20;
    private Duration messageTimeout = Duration.ofSeconds(30);
    private int maxPingsPerSecond = 50;
    private long maxQueuedBytesTotal = 32L << 20;
    private final List<HttpRoutes.Route> routes = new ArrayList<>();
    private int maxEventStreams = 16;
    private long maxUnfinishedHttpBodyBytes = 8L << 20;

    /** Gives the heartbeat its scheduler; null: the server's own timer. */
    private Backend backend;

    private Builder(Gateway gateway) {
      this.gateway = requireNonNull(gateway, "gateway");
    }

    /**
     * The port to listen on, 0 for a free one (read it with {@link WebSocketServer#port()});
     * default 9400.
     *
     * @param port 0 to 65535
     * @return this builder
     * @throws IllegalArgumentException when {@code port} is out of range
     */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be 0..65535, was " + port);
      }
      this.port = port;
      return this;
    }

    /**
     * The {@code Origin} values (such as {@code http://localhost:3000}) whose handshakes are
     * accepted, compared exactly. Handshakes without {@code Origin} are always accepted; any other
     * {@code Origin} gets 403. Default: none.
     *
     * @param origins the accepted values, copied
     * @return this builder
     */
    public Builder allowedOrigins(Set<String> origins) {
      settings.allowedOrigins(origins);
      return this;
    }

    /**
     * How many outbound messages one connection may have waiting, in flight included; one more
     * closes the connection.
     *
     * @param count at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code count} is less than 1
     */
    public Builder maxQueuedMessages(int count) {
      settings.maxQueuedMessages(count);
      return this;
    }

    /**
     * How many bytes of encoded outbound messages one connection may have waiting, in flight
     * included. A single message larger than this is still sent when nothing else waits.
     *
     * @param bytes at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code bytes} is less than 1
     */
    public Builder maxQueuedBytes(long bytes) {
      settings.maxQueuedBytes(bytes);
      return this;
    }

    /**
     * How long a connection may stay silent before it is presumed dead and closed. The server pings
     * every third of it (at most every 30 s), and any live peer answers, so a quiet but healthy
     * provider is never closed.
     *
     * @param timeout a positive duration
     * @return this builder
     * @throws IllegalArgumentException when {@code timeout} is zero or negative
     */
    public Builder idleTimeout(Duration timeout) {
      settings.idleTimeout(timeout);
      return this;
    }

    /**
     * How long a TCP connection may take from being accepted to completing its WebSocket handshake;
     * past it the socket is closed. Idle sockets, half-sent requests and plain HTTP clients would
     * otherwise each keep a descriptor for as long as they like. Default 5 s.
     *
     * @param timeout a positive duration
     * @return this builder
     * @throws IllegalArgumentException when {@code timeout} is zero or negative
     */
    public Builder handshakeTimeout(Duration timeout) {
      this.handshakeTimeout = requirePositive(timeout, "handshakeTimeout");
      return this;
    }

    /**
     * How many TCP connections may wait for their WebSocket handshake (or a route's admission) at
     * once; one more closes the one that has waited longest among those that sent nothing or whose
     * bytes the server has read (a real client's handshake takes milliseconds). One whose bytes are
     * unread, or being read, is never closed for a newcomer (it may be a request with credentials):
     * while every waiting one is such, the server stops accepting and newcomers wait in the
     * kernel's backlog. Default 64.
     *
     * @param count at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code count} is less than 1
     */
    public Builder maxPendingHandshakes(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("maxPendingHandshakes must be at least 1, was " + count);
      }
      this.maxPendingHandshakes = count;
      return this;
    }

    /**
     * How many bytes of WebSocket messages begun and not yet finished all connections together may
     * make the server hold; a connection whose message would pass it is closed with 1013 (try again
     * later). Default 16 MiB, enough for three of the largest messages in progress at once. HTTP
     * request bodies do not count here: they have {@link #maxUnfinishedHttpBodyBytes}.
     *
     * @param bytes at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code bytes} is less than 1
     */
    public Builder maxUnfinishedInboundBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException(
            "maxUnfinishedInboundBytes must be at least 1, was " + bytes);
      }
      this.maxUnfinishedInboundBytes = bytes;
      return this;
    }

    /**
     * How long a peer may take to finish a message it has begun (all of its frames); past it the
     * connection is closed with 1008, so nobody parks a partial frame to hold memory. Default 30 s;
     * a 5 MiB message over loopback takes milliseconds.
     *
     * @param timeout a positive duration
     * @return this builder
     * @throws IllegalArgumentException when {@code timeout} is zero or negative
     */
    public Builder messageTimeout(Duration timeout) {
      this.messageTimeout = requirePositive(timeout, "messageTimeout");
      return this;
    }

    /**
     * How many bytes of encoded outbound messages all provider connections together may have
     * waiting, in flight included; past it the connection furthest behind (most bytes waiting, more
     * than one message) is closed with 1008 and its calls end {@code DISCONNECTED}. Each connection
     * is still bounded by {@link #maxQueuedBytes} on its own. Default 32 MiB.
     *
     * @param bytes at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code bytes} is less than 1
     */
    public Builder maxQueuedBytesTotal(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxQueuedBytesTotal must be at least 1, was " + bytes);
      }
      this.maxQueuedBytesTotal = bytes;
      return this;
    }

    /**
     * How many pings a peer may send in any one second; one more closes it with 1008. Each ping
     * costs a pong queued for writing; a heartbeat needs one every few seconds. Default 50.
     *
     * @param count at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code count} is less than 1
     */
    public Builder maxPingsPerSecond(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("maxPingsPerSecond must be at least 1, was " + count);
      }
      this.maxPingsPerSecond = count;
      return this;
    }

    /**
     * Where the server's heartbeat takes its scheduler ({@link Backend#scheduler()}, the server's
     * own: {@link WebSocketServer#close()} releases it). Silence is measured on the gateway's clock
     * either way: give the backend the gateway was built with, so that with a manual clock ({@code
     * ManualClock.backend()}) advancing it pings peers and closes silent ones. Default: none, and
     * the heartbeat runs on the server's own timer.
     *
     * <p>Not from the backend: Grizzly's selector threads (Grizzly's transport makes and runs them,
     * and the frame decoder and routes run on them), the pool that encodes and writes outbound
     * messages (a direct executor would write on the gateway's loop), and the server's timer for
     * the 2 s close grace (a peer that never answers a close frame is cut in real time: its socket
     * lives in the kernel's time, not the test's) and the 250 ms deadline sweep.
     *
     * @param backend the source of the heartbeat's scheduler
     * @return this builder
     */
    public Builder backend(Backend backend) {
      this.backend = requireNonNull(backend, "backend");
      return this;
    }

    /**
     * Serves agent hosts at {@code /host} through {@code hosts} (built for the same gateway), so
     * several host processes share this gateway. Default: no {@code /host} endpoint.
     *
     * @param hosts the host service of this server's gateway
     * @return this builder
     */
    public Builder hosts(HostService hosts) {
      this.hosts = requireNonNull(hosts, "hosts");
      return this;
    }

    /**
     * Serves plain HTTP requests for {@code path} and every path under it through {@code route}
     * (see {@link HttpRoute}: the same loopback, {@code Host} and {@code Origin} checks as
     * handshakes, then the route's own {@link HttpRoute#admit}); requests with a body get 413.
     * Default: no routes, and every plain request gets 404.
     *
     * @param path where, such as {@code /status}: starts with {@code /}, is not {@code /} or {@code
     *     /host}, does not end with {@code /}
     * @param route what answers
     * @return this builder
     * @throws IllegalArgumentException for such a path, or one already routed
     */
    public Builder route(String path, HttpRoute route) {
      return route(path, 0, route);
    }

    /**
     * As {@link #route(String, HttpRoute)}, taking request bodies of up to {@code maxBodyBytes}
     * (read whole before the route is called; a larger one gets 413).
     *
     * @param path where, as for {@link #route(String, HttpRoute)}
     * @param maxBodyBytes the largest body, 0 for none
     * @param route what answers
     * @return this builder
     * @throws IllegalArgumentException for a bad path, one already routed, or a negative size
     */
    public Builder route(String path, long maxBodyBytes, HttpRoute route) {
      requireNonNull(path, "path");
      requireNonNull(route, "route");
      if (!path.startsWith("/")
          || path.equals("/")
          || path.endsWith("/")
          || path.equals(ServerCore.HOST_PATH)) {
        throw new IllegalArgumentException(
            "a route's path starts with '/', is not '/' or '"
                + ServerCore.HOST_PATH
                + "' and does not end with '/'; was "
                + path);
      }
      if (maxBodyBytes < 0) {
        throw new IllegalArgumentException(
            "maxBodyBytes must not be negative, was " + maxBodyBytes);
      }
      for (HttpRoutes.Route existing : routes) {
        if (existing.path().equals(path)) {
          throw new IllegalArgumentException("path " + path + " is routed already");
        }
      }
      routes.add(new HttpRoutes.Route(path, maxBodyBytes, route, 0));
      return this;
    }

    /**
     * How many bytes of HTTP request bodies being received all requests together may make the
     * server hold, counted from before the first byte is read: the length a request announces, or
     * its route's limit for a chunked body. A request whose body would pass it gets 503 and loses
     * its connection; a body larger than this always does. Only requests a route has admitted
     * ({@link HttpRoute#admit}) are charged, and this budget is theirs alone: however HTTP clients
     * use it, WebSocket peers keep all of {@link #maxUnfinishedInboundBytes}. Default 8 MiB, two
     * bodies of 4 MiB (the MCP front door's largest) at once.
     *
     * @param bytes at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code bytes} is less than 1
     */
    public Builder maxUnfinishedHttpBodyBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException(
            "maxUnfinishedHttpBodyBytes must be at least 1, was " + bytes);
      }
      this.maxUnfinishedHttpBodyBytes = bytes;
      return this;
    }

    /**
     * How many event streams ({@link io.github.providergateway.http.HttpReply#openEvents}) may be
     * open at once over all routes; one more gets 503. Default 16.
     *
     * @param count at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code count} is less than 1
     */
    public Builder maxEventStreams(int count) {
      if (count < 1) {
        throw new IllegalArgumentException("maxEventStreams must be at least 1, was " + count);
      }
      this.maxEventStreams = count;
      return this;
    }

    /**
     * Keeps {@code count} of the {@link #maxEventStreams} for the streams of the route at {@code
     * path}: no other route's streams take them, so a client of one route cannot crowd out the
     * clients of another (the status page keeps its viewers while an MCP client holds every other
     * stream). The route's streams beyond these share what no route reserved. Default: none.
     *
     * @param path a path given to {@link #route(String, long, HttpRoute)} before
     * @param count how many; together with the other routes' at most {@link #maxEventStreams}
     * @return this builder
     * @throws IllegalArgumentException when no route has that path, or {@code count} is negative
     */
    public Builder reserveEventStreams(String path, int count) {
      requireNonNull(path, "path");
      if (count < 0) {
        throw new IllegalArgumentException("count must not be negative, was " + count);
      }
      for (int i = 0; i < routes.size(); i++) {
        if (routes.get(i).path().equals(path)) {
          routes.set(i, routes.get(i).reserving(count));
          return this;
        }
      }
      throw new IllegalArgumentException("no route at " + path + " to reserve event streams for");
    }

    /**
     * {@return a server with these settings, not yet listening: call {@link
     * WebSocketServer#start()}}
     *
     * @throws IllegalArgumentException when the routes reserve more event streams than {@link
     *     #maxEventStreams}
     */
    public WebSocketServer build() {
      int reserved = routes.stream().mapToInt(HttpRoutes.Route::reservedEventStreams).sum();
      if (reserved > maxEventStreams) {
        throw new IllegalArgumentException(
            "routes reserve "
                + reserved
                + " event streams, more than the "
                + maxEventStreams
                + " there are");
      }
      return new WebSocketServer(
          new ServerCore(
              new ServerCore.Config(
                  gateway,
                  port,
                  settings.allowedOrigins(),
                  settings.maxQueuedMessages(),
                  settings.maxQueuedBytes(),
                  settings.idleTimeout(),
                  hosts,
                  handshakeTimeout,
                  maxPendingHandshakes,
                  maxUnfinishedInboundBytes,
                  messageTimeout,
                  maxPingsPerSecond,
                  maxQueuedBytesTotal,
                  backend,
                  routes,
                  maxEventStreams,
                  maxUnfinishedHttpBodyBytes)),
          gateway);
    }
  }
}
