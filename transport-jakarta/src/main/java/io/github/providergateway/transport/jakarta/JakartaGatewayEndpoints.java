package io.github.providergateway.transport.jakarta;

import static io.github.providergateway.loop.base.Durations.requirePositive;
import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.host.HostService;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.GatewayAddress;
import io.github.providergateway.transport.jakarta.internal.ContainerEndpoint;
import io.github.providergateway.websocket.internal.CloseStatuses;
import io.github.providergateway.websocket.internal.EndpointSettings;
import io.github.providergateway.websocket.internal.OutboundQueue;
import jakarta.websocket.Session;
import jakarta.websocket.server.ServerEndpointConfig;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The gateway's provider endpoint and, with {@link Builder#hosts}, its agent-host endpoint, as
 * standard Jakarta WebSocket endpoints: for a JVM host that already runs a Jakarta container
 * (Jetty, Tomcat, Undertow, Tyrus; Spring Boot, Quarkus, Helidon) and mounts the gateway in it,
 * rather than starting {@code transport-ws}'s own server beside it.
 *
 * <pre>{@code
 * Gateway gateway = Gateway.builder().home(home).build();
 * HostService hosts = HostService.builder(gateway).build();
 * JakartaGatewayEndpoints endpoints = JakartaGatewayEndpoints.builder(gateway).hosts(hosts).build();
 *
 * // Jetty 12 (ee10), in the set-up of the host's ServletContextHandler:
 * JakartaWebSocketServletContainerInitializer.configure(context, (servletContext, container) -> {
 *   container.addEndpoint(endpoints.provider()); // ws://127.0.0.1:<port>/
 *   container.addEndpoint(endpoints.host());     // ws://127.0.0.1:<port>/host
 * });
 * server.start();
 * gateway.publishTokenFile(); // only now that it listens: providers read the token from it
 * }</pre>
 *
 * <p><b>What a connection gets.</b> The same protocol as from {@code transport-ws}'s server:
 * providers authenticate with {@code auth} as their first message ({@link
 * io.github.providergateway.gateway.TransportPort#acceptWebSocket}), hosts with {@code host.auth}
 * ({@link HostService#open}); the same close codes (1000 after {@code goodbye}, 1008 for failed
 * authentication or a too slow reader, 1002 for a protocol error, 1001 when the gateway stops). A
 * handshake with an {@code Origin} that is present and not allow-listed gets 403. More than {@code
 * io.github.providergateway.protocol.ConnectionLimits#maxConnections()} connections are closed on
 * open with 1013.
 *
 * <p><b>What bounds memory.</b> Standard Jakarta WebSocket cannot pause reading a socket, and its
 * container, not this adapter, reads frames. So: the session buffers at most {@code
 * Limits#maxUnauthenticatedMessageBytes} (64 KiB) of one message until the peer has authenticated,
 * then the gateway's largest message plus 1 MiB ({@code setMaxTextMessageBufferSize}; the container
 * closes a larger one with 1009); binary messages are refused (1003). When the gateway has more of
 * a provider's messages waiting than it allows, the container thread that delivered the last one
 * waits until the gateway catches up, which stops the container reading that peer: one container
 * thread per such provider. Outbound, each connection holds at most {@link
 * Builder#maxQueuedMessages} and {@link Builder#maxQueuedBytes} waiting, one send in flight through
 * the async remote; past them the connection is closed with 1008 and its calls end {@code
 * DISCONNECTED}. A send that does not finish within {@link Builder#sendTimeout} closes it too.
 *
 * <p><b>What it cannot do</b> (docs/embedding.md has the whole list). It does not choose where the
 * container listens: bind the connector to 127.0.0.1 yourself. A peer off loopback is refused, and
 * {@code Host} must carry the listening port, only where the container reports the addresses (Jetty
 * and Tomcat do, Tyrus does not); {@code Host} must name a loopback host everywhere. There are no
 * server pings: a dead peer is noticed by the session's idle timeout ({@link Builder#idleTimeout}).
 * No plain-HTTP routes: the status page and the agents' front doors need {@code transport-ws}'s
 * server.
 *
 * <p>Thread-safe. It does not own the gateway or the host service: close each on its own.
 */
public final class JakartaGatewayEndpoints implements AutoCloseable {

  private static final System.Logger LOG =
      System.getLogger(JakartaGatewayEndpoints.class.getName());

  /**
   * What the session buffers of a message beyond the gateway's largest, for the gateway to judge
   * it.
   */
  static final int SLACK_BYTES = 1 << 20;

  private final Gateway gateway;
  private final HostService hosts;
  private final String providerPath;
  private final String hostPath;
  private final OutboundQueue.Bounds providerBounds;
  private final OutboundQueue.Bounds hostBounds;
  private final SessionSettings settings;
  private final OpenConnections connections;

  /**
   * Writes close frames off the gateway loop; its threads end when idle, so it needs no stopping.
   */
  private final ExecutorService closer;

  /** Hands the gateway each new provider connection; a seam for the tests' tap. */
  private final Function<JakartaProviderConnection, ProviderLink> acceptProvider;

  private JakartaGatewayEndpoints(
      Builder builder, Function<JakartaProviderConnection, ProviderLink> acceptProvider) {
    this.gateway = builder.gateway;
    this.hosts = builder.hosts;
    this.providerPath = builder.providerPath;
    this.hostPath = builder.hostPath;
    this.providerBounds =
        OutboundQueue.Bounds.alone(
            builder.settings.maxQueuedMessages(), builder.settings.maxQueuedBytes(), Duration.ZERO);
    this.hostBounds =
        OutboundQueue.Bounds.alone(
            builder.settings.maxQueuedMessages(), builder.settings.maxQueuedBytes(), HOST_STALL);
    this.settings =
        new SessionSettings(
            builder.settings.handshakePolicy(),
            gateway.limits().messages().maxUnauthenticatedMessageBytes(),
            gateway.limits().messages().maxAnyMessageBytes() + SLACK_BYTES,
            builder.settings.idleTimeout(),
            builder.sendTimeout);
    this.connections = new OpenConnections(gateway.limits().connections().maxConnections());
    this.closer = closerThreads();
    this.acceptProvider = acceptProvider;
  }

  /**
   * How long a host's send may stall, with its byte bound passed, before the host counts as stuck.
   */
  static final Duration HOST_STALL = Duration.ofSeconds(2);

  /**
   * Starts configuring the endpoints of {@code gateway}; every setting has a default.
   *
   * @param gateway the gateway the providers (and hosts) reach
   * @return a new builder
   */
  public static Builder builder(Gateway gateway) {
    return new Builder(gateway);
  }

  /**
   * {@return the provider endpoint, at {@link Builder#providerPath} ({@code /} by default), for
   * {@code ServerContainer.addEndpoint}}
   */
  public ServerEndpointConfig provider() {
    return config(providerPath, this::openProvider);
  }

  /**
   * {@return the agent-host endpoint, at {@link Builder#hostPath} ({@code /host} by default), for
   * {@code ServerContainer.addEndpoint}}
   *
   * @throws IllegalStateException when the builder was given no {@link Builder#hosts}
   */
  public ServerEndpointConfig host() {
    if (hosts == null) {
      throw new IllegalStateException(
          "no host service: call Builder.hosts(...) to serve agent hosts");
    }
    return config(hostPath, this::openHost);
  }

  /**
   * {@return the endpoints to add: the provider endpoint, and the host endpoint when there is a
   * host service}
   */
  public List<ServerEndpointConfig> all() {
    return hosts == null ? List.of(provider()) : List.of(provider(), host());
  }

  /**
   * Closes every open connection with 1001 (each provider's calls end {@code DISCONNECTED}) and
   * refuses new ones (1013). The container keeps its endpoints: stop it, or leave them refusing.
   * Idempotent.
   */
  @Override
  public void close() {
    for (Peer peer : connections.closeAll()) {
      peer.abort(CloseStatuses.goingAway(), null);
    }
    closer.shutdown();
    LOG.log(Level.DEBUG, "provider gateway Jakarta endpoints closed");
  }

  /** Connections open now, providers and hosts (tests). */
  int openConnections() {
    return connections.size();
  }

  // ---- opening ----

  private ServerEndpointConfig config(String path, Function<Session, Peer> opener) {
    return ServerEndpointConfig.Builder.create(ContainerEndpoint.class, path)
        .configurator(
            new GatewayConfigurator(
                settings.policy(),
                () -> new ContainerEndpoint(new ConnectionEndpoint(settings, opener))))
        .build();
  }

  /**
   * A provider's session passed the checks: its connection, registered with the gateway; null over
   * the cap.
   */
  private Peer openProvider(Session session) {
    String description = "jakarta ws " + peerOf(session);
    JakartaProviderConnection connection =
        new JakartaProviderConnection(
            session,
            description,
            outbound(session, description, providerBounds),
            settings.authenticatedMessageLimit());
    if (!connections.add(connection)) {
      return null;
    }
    connection.attach(acceptProvider.apply(connection));
    return connection;
  }

  /**
   * A host's session passed the checks: its connection, opened with the host service; null over the
   * cap.
   */
  private Peer openHost(Session session) {
    String description = "host jakarta ws " + peerOf(session);
    JakartaHostConnection connection =
        new JakartaHostConnection(
            session,
            description,
            outbound(session, description, hostBounds),
            settings.authenticatedMessageLimit(),
            GatewayConfigurator.reported(session, GatewayConfigurator.LOCAL_ADDRESS),
            GatewayConfigurator.reported(session, GatewayConfigurator.REMOTE_ADDRESS));
    if (!connections.add(connection)) {
      return null;
    }
    connection.attach(hosts.open(connection));
    return connection;
  }

  /**
   * A session's outbound queue: texts counted in UTF-8 as they are taken, sent through the async
   * remote, the close frame written on {@link #closer}. The container keeps the close handshake,
   * and a write that completes later goes on on the container's thread that completed it.
   */
  private OutboundQueue<String> outbound(
      Session session, String description, OutboundQueue.Bounds bounds) {
    return new OutboundQueue<>(
        description,
        new SessionWire(description, SessionWire.Remote.of(session), closer),
        bounds,
        OutboundQueue.Encoding.ON_SEND,
        text -> text.getBytes(StandardCharsets.UTF_8),
        OutboundQueue.Context.containerCloses(Runnable::run, gateway.transports().clock()));
  }

  /** The peer's address for logs where the container reports it, else the session's id. */
  private static String peerOf(Session session) {
    InetSocketAddress remote =
        GatewayConfigurator.reported(session, GatewayConfigurator.REMOTE_ADDRESS);
    return remote != null
        ? remote.getHostString() + ":" + remote.getPort()
        : "session " + session.getId();
  }

  private static ExecutorService closerThreads() {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            0,
            Integer
                .MAX_VALUE, // at most one close per open connection waits at once: the cap bounds
            // it
            30,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            DaemonThreads.numbered("pg-jakarta-close-"));
    return pool;
  }

  /**
   * Configures {@link JakartaGatewayEndpoints}. Defaults: providers at {@code /}, hosts at {@code
   * /host} (with {@link #hosts}), no allowed origins, 1024 messages and 8 MiB queued per
   * connection, a 5 minute idle timeout, a 30 s send timeout.
   */
  public static final class Builder {
    private final Gateway gateway;
    private HostService hosts;
    private String providerPath = "/";
    private String hostPath = GatewayAddress.HOST_PATH;

    /** Origins, per-connection bounds, idle timeout: what transport-ws's builder takes too. */
    private final EndpointSettings settings = new EndpointSettings();

    private Duration sendTimeout = Duration.ofSeconds(30);

    private Builder(Gateway gateway) {
      this.gateway = requireNonNull(gateway, "gateway");
    }

    /**
     * Serves agent hosts at {@link #hostPath} through {@code hosts} (built for the same gateway).
     * Default: no host endpoint.
     *
     * @param hosts the host service of this gateway
     * @return this builder
     */
    public Builder hosts(HostService hosts) {
      this.hosts = requireNonNull(hosts, "hosts");
      return this;
    }

    /**
     * Where providers connect, relative to the container's context path. Default {@code /}, what
     * {@code ws://127.0.0.1:<port>} requests.
     *
     * @param path starts with {@code /}
     * @return this builder
     * @throws IllegalArgumentException when {@code path} does not start with {@code /}
     */
    public Builder providerPath(String path) {
      this.providerPath = path(path);
      return this;
    }

    /**
     * Where agent hosts connect, relative to the container's context path. Default {@code /host}.
     *
     * @param path starts with {@code /}
     * @return this builder
     * @throws IllegalArgumentException when {@code path} does not start with {@code /}
     */
    public Builder hostPath(String path) {
      this.hostPath = path(path);
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
     * closes the connection (1008).
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
     * included. A single message larger than this is still sent when nothing else waits. With the
     * gateway's connection cap, this bounds what all connections together hold.
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
     * How long a session may go without traffic before the container closes it ({@code
     * Session.setMaxIdleTimeout}): with no server pings, how a dead peer is noticed.
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
     * How long one outbound message may take to send ({@code RemoteEndpoint.Async.setSendTimeout}):
     * a peer that stops reading is closed after it, even while its queue stays within bounds.
     *
     * @param timeout a positive duration
     * @return this builder
     * @throws IllegalArgumentException when {@code timeout} is zero or negative
     */
    public Builder sendTimeout(Duration timeout) {
      this.sendTimeout = requirePositive(timeout, "sendTimeout");
      return this;
    }

    /** {@return the endpoints, to add to a container} */
    public JakartaGatewayEndpoints build() {
      return new JakartaGatewayEndpoints(this, gateway.transports()::acceptWebSocket);
    }

    /** As {@link #build()}, with each new provider connection handed to {@code accept} (tests). */
    JakartaGatewayEndpoints build(Function<JakartaProviderConnection, ProviderLink> accept) {
      return new JakartaGatewayEndpoints(this, requireNonNull(accept, "accept"));
    }

    private static String path(String path) {
      requireNonNull(path, "path");
      if (!path.startsWith("/")) {
        throw new IllegalArgumentException("a path starts with '/', was " + path);
      }
      return path;
    }
  }
}
