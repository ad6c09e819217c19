package io.github.providergateway.provider.client;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.testing.MessageTap;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.MessageHandler;
import jakarta.websocket.Session;
import jakarta.websocket.server.ServerEndpointConfig;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.glassfish.tyrus.spi.ServerContainer;
import org.glassfish.tyrus.spi.ServerContainerFactory;

/**
 * A tiny WebSocket server for testing {@link WebSocketProviderClient}: Tyrus on a free port, each
 * connection handed to {@link io.github.providergateway.gateway.TransportPort#acceptWebSocket}
 * through a minimal {@link ProviderConnection}. Test-only: the real server (loopback binding, frame
 * limits, connection cap, slow-consumer handling) lives in {@code WebSocketServer}.
 *
 * <p>It records what providers send ({@link #fromProviders}) and can speak to or drop a connection
 * behind the gateway's back. Note that Tyrus's stock container listens on every interface whatever
 * host it is given (DEPENDENCY-NOTES); acceptable for a test that lives for seconds.
 */
final class WebSocketProviderClientTestServer implements AutoCloseable {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final Gateway gateway;
  private final ServerContainer container;
  private final int port;
  private final MessageTap fromProviders = new MessageTap();
  private final List<Connection> connections = new CopyOnWriteArrayList<>();

  private WebSocketProviderClientTestServer(Gateway gateway) throws Exception {
    this.gateway = gateway;
    ServerContainer started = null;
    int bound = 0;
    // A port picked free can be taken before the bind (another test's server on the machine):
    // another pick then, a few times, rather than a failed test.
    for (int attempt = 1; started == null; attempt++) {
      bound = FreePorts.pick();
      try {
        started = startOn(bound);
      } catch (Exception e) {
        if (attempt == 3 || !(rootCause(e) instanceof java.net.BindException)) {
          throw e;
        }
      }
    }
    this.port = bound;
    this.container = started;
  }

  private static Throwable rootCause(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause;
  }

  private ServerContainer startOn(int port) throws Exception {
    ServerContainer container = ServerContainerFactory.createServerContainer(Map.of());
    container.addEndpoint(
        ServerEndpointConfig.Builder.create(GatewayEndpoint.class, "/gateway")
            .configurator(
                new ServerEndpointConfig.Configurator() {
                  @Override
                  public <T> T getEndpointInstance(Class<T> endpointClass) {
                    return endpointClass.cast(
                        new GatewayEndpoint(WebSocketProviderClientTestServer.this));
                  }
                })
            .build());
    try {
      container.start("/", port);
    } catch (Exception e) {
      container.stop();
      throw e;
    }
    return container;
  }

  /** Starts a server in front of {@code gateway}. */
  static WebSocketProviderClientTestServer start(Gateway gateway) throws Exception {
    return new WebSocketProviderClientTestServer(gateway);
  }

  URI uri() {
    return URI.create("ws://127.0.0.1:" + port + "/gateway");
  }

  /** What providers sent, decoded, in arrival order. */
  MessageTap fromProviders() {
    return fromProviders;
  }

  /** Every connection so far, oldest first. */
  List<Connection> connections() {
    return List.copyOf(connections);
  }

  /** The newest connection. */
  Connection last() {
    return connections.get(connections.size() - 1);
  }

  @Override
  public void close() {
    container.stop();
  }

  /** One provider connection: the gateway's {@link ProviderConnection} over a Tyrus session. */
  final class Connection implements ProviderConnection {
    private final Session session;

    /** Sends one at a time, in order, off the gateway loop. */
    private final ExecutorService outbound = Executors.newSingleThreadExecutor();

    private volatile ProviderLink link;

    Connection(Session session) {
      this.session = session;
    }

    @Override
    public boolean send(GatewayMessage message) {
      return sendRaw(CODEC.encode(message));
    }

    /** Sends {@code text} as if the gateway had, in order with what the gateway sends. */
    boolean sendRaw(String text) {
      return later(
          () -> {
            try {
              session.getBasicRemote().sendText(text);
            } catch (IOException | IllegalStateException e) {
              // The session is closing; onClose tells the gateway.
            }
          });
    }

    @Override
    public void close(io.github.providergateway.gateway.spi.CloseReason reason) {
      later(() -> closeSession(codeFor(reason), reason.name()));
    }

    /** Drops the connection behind the gateway's back, as a dying provider process would. */
    void drop() {
      later(() -> closeSession(CloseReason.CloseCodes.GOING_AWAY, "dropped by the test"));
    }

    /** Runs {@code task} after what is already queued; false once the session has closed. */
    private boolean later(Runnable task) {
      try {
        outbound.execute(task);
        return true;
      } catch (RejectedExecutionException closed) {
        return false; // the session closed first (e.g. the provider closed right after goodbye)
      }
    }

    @Override
    public String describe() {
      return "test-ws " + session.getId();
    }

    /** Whether the server's side of the socket is still open. */
    boolean isOpen() {
      return session.isOpen();
    }

    private void closeSession(CloseReason.CloseCode code, String reason) {
      try {
        session.close(new CloseReason(code, reason));
      } catch (IOException e) {
        // Already gone: onClose has run or will.
      }
    }

    private CloseReason.CloseCode codeFor(
        io.github.providergateway.gateway.spi.CloseReason reason) {
      return switch (reason) {
        case NORMAL -> CloseReason.CloseCodes.NORMAL_CLOSURE;
        case AUTH_FAILED, UNBOUND_TOO_LONG, TOO_FAST -> CloseReason.CloseCodes.VIOLATED_POLICY;
        case UNSUPPORTED_VERSION, PROTOCOL_ERROR -> CloseReason.CloseCodes.PROTOCOL_ERROR;
        case TOO_SLOW -> CloseReason.CloseCodes.TRY_AGAIN_LATER;
        case GATEWAY_STOPPING -> CloseReason.CloseCodes.GOING_AWAY;
      };
    }
  }

  /**
   * One instance per connection (see the configurator). Public and static because Tyrus calls a
   * class-registered endpoint's methods reflectively, and swallows the failure when it cannot.
   */
  public static final class GatewayEndpoint extends Endpoint {
    private final WebSocketProviderClientTestServer server;
    private Connection connection;

    GatewayEndpoint(WebSocketProviderClientTestServer server) {
      this.server = server;
    }

    @Override
    public void onOpen(Session session, EndpointConfig config) {
      connection = server.new Connection(session);
      server.connections.add(connection);
      connection.link = server.gateway.transports().acceptWebSocket(connection);
      session.addMessageHandler(
          String.class,
          (MessageHandler.Whole<String>)
              text -> {
                connection.link.receive(text);
                // Recorded once the gateway has it queued (or handled: an idle loop runs it on this
                // thread), so a test that saw it can rely on the gateway handling it before
                // anything the test asks next.
                ProviderMessage decoded = CODEC.decodeProviderMessage(text).messageOrNull();
                if (decoded != null) {
                  server.fromProviders.record(decoded);
                }
              });
    }

    @Override
    public void onClose(Session session, CloseReason reason) {
      connection.link.closed();
      connection.outbound.shutdown();
    }
  }
}
