package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import jakarta.websocket.DeploymentException;
import jakarta.websocket.server.ServerEndpointConfig;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.function.IntSupplier;
import org.glassfish.tyrus.core.RequestContext;
import org.glassfish.tyrus.spi.Connection;
import org.glassfish.tyrus.spi.UpgradeRequest;
import org.glassfish.tyrus.spi.UpgradeResponse;
import org.glassfish.tyrus.spi.WebSocketEngine;
import org.glassfish.tyrus.spi.Writer;

/**
 * Stands in front of Tyrus's engine and decides each WebSocket handshake before Tyrus sees it:
 * the {@link HandshakePolicy} (403) and the connection cap (503, R-WS-05). Tyrus's Grizzly filter
 * writes whatever status is set here when the upgrade is reported failed, so refusals are plain
 * HTTP answers and a refused client never gets a WebSocket.
 *
 * <p>An accepted handshake holds one connection slot. Tyrus opens the endpoint synchronously
 * inside {@link UpgradeInfo#createConnection}, on the same thread, so the slot and the Grizzly
 * connection are handed to {@code onOpen} through a thread-local {@link Admission}; a slot the
 * endpoint did not claim is released when that call returns.
 */
final class HandshakeGuard implements WebSocketEngine {

  private static final System.Logger LOG = System.getLogger(HandshakeGuard.class.getName());
  private static final int SERVICE_UNAVAILABLE = 503;

  /** The handshake being turned into a connection on this thread, during createConnection. */
  private static final ThreadLocal<Admission> ADMITTING = new ThreadLocal<>();

  private final WebSocketEngine delegate;
  private final HandshakePolicy policy;
  /** Open connections plus handshakes being admitted; never more than the gateway's cap. */
  private final Semaphore slots;
  private final IntSupplier port;
  /** Accepted TCP connections still to upgrade; one that upgrades leaves it. */
  private final PendingHandshakes pending;
  /** Set when the server stops: every later handshake is refused. */
  private volatile boolean stopping;

  HandshakeGuard(
      WebSocketEngine delegate,
      HandshakePolicy policy,
      int maxConnections,
      IntSupplier port,
      PendingHandshakes pending) {
    this.delegate = requireNonNull(delegate, "delegate");
    this.pending = requireNonNull(pending, "pending");
    this.policy = requireNonNull(policy, "policy");
    this.slots = new Semaphore(maxConnections);
    this.port = requireNonNull(port, "port");
  }

  /** What the endpoint's {@code onOpen} receives from the handshake that created it. */
  static final class Admission {
    private final org.glassfish.grizzly.Connection<?> socket;
    private final Semaphore slots;
    /** Whether onOpen took the slot; only the handshake thread touches it. */
    private boolean claimed;
    /** Whether the slot has gone back; set once, from any thread. */
    private final java.util.concurrent.atomic.AtomicBoolean released =
        new java.util.concurrent.atomic.AtomicBoolean();

    private Admission(org.glassfish.grizzly.Connection<?> socket, Semaphore slots) {
      this.socket = socket;
      this.slots = slots;
    }

    /** The TCP connection, to read the peer address and to cut it if a close never finishes. */
    org.glassfish.grizzly.Connection<?> socket() {
      return socket;
    }

    /** Gives the connection slot back; only the first call counts. */
    void release() {
      if (released.compareAndSet(false, true)) {
        slots.release();
      }
    }
  }

  /**
   * The admission of the handshake opening an endpoint on this thread, now owned by the caller
   * (who must {@link Admission#release()} it when the connection ends); null outside a handshake.
   */
  static Admission claim() {
    Admission admission = ADMITTING.get();
    if (admission != null) {
      admission.claimed = true;
    }
    return admission;
  }

  /** From now on every handshake is refused (503). */
  void stop() {
    stopping = true;
  }

  @Override
  public UpgradeInfo upgrade(UpgradeRequest request, UpgradeResponse response) {
    if (!"websocket".equalsIgnoreCase(request.getHeader("Upgrade"))) {
      return delegate.upgrade(request, response); // plain HTTP: Tyrus declines, Grizzly answers 404
    }
    org.glassfish.grizzly.Connection<?> socket = LoopbackFilter.currentConnection();
    String peer = peerAddress(socket, request);
    Optional<String> refusal =
        policy.refusal(peer, request.getHeader("Host"), request.getHeader("Origin"), port.getAsInt());
    if (refusal.isPresent()) {
      LOG.log(Level.WARNING, "WebSocket handshake from {0} refused: {1}", peer, refusal.get());
      return refuse(response, HandshakePolicy.FORBIDDEN, "Forbidden");
    }
    if (socket == null) {
      // LoopbackFilter runs every handshake; without it the connection could not be cut later.
      LOG.log(Level.ERROR, "WebSocket handshake outside LoopbackFilter refused");
      return refuse(response, SERVICE_UNAVAILABLE, "Service Unavailable");
    }
    if (stopping) {
      return refuse(response, SERVICE_UNAVAILABLE, "Service Unavailable");
    }
    if (!slots.tryAcquire()) {
      LOG.log(Level.WARNING, "WebSocket handshake from {0} refused: connection limit reached", peer);
      return refuse(response, SERVICE_UNAVAILABLE, "Too Many Connections");
    }
    Admission admission = new Admission(socket, slots);
    UpgradeInfo upgraded;
    try {
      upgraded = delegate.upgrade(request, response);
    } catch (RuntimeException e) {
      admission.release();
      throw e;
    }
    if (upgraded.getStatus() != UpgradeStatus.SUCCESS) {
      admission.release(); // e.g. 404 for another path: Tyrus has written its own answer
      return upgraded;
    }
    // A WebSocket now: the connection cap and the heartbeat bound it from here on.
    pending.forget(socket);
    return new AdmittedUpgrade(upgraded, admission);
  }

  @Override
  public void register(Class<?> endpointClass, String contextPath) throws DeploymentException {
    delegate.register(endpointClass, contextPath);
  }

  @Override
  public void register(ServerEndpointConfig serverConfig, String contextPath)
      throws DeploymentException {
    delegate.register(serverConfig, contextPath);
  }

  private static String peerAddress(org.glassfish.grizzly.Connection<?> socket, UpgradeRequest request) {
    if (socket != null) {
      Object address = socket.getPeerAddress();
      if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
        return inet.getAddress().getHostAddress();
      }
      if (address instanceof SocketAddress other) {
        return other.toString();
      }
    }
    return request instanceof RequestContext context ? context.getRemoteAddr() : null;
  }

  private static UpgradeInfo refuse(UpgradeResponse response, int status, String phrase) {
    response.setStatus(status);
    response.setReasonPhrase(phrase);
    return Refused.INSTANCE;
  }

  /** A handshake this guard refused; Tyrus's filter writes the response status and stops. */
  private enum Refused implements UpgradeInfo {
    INSTANCE;

    @Override
    public UpgradeStatus getStatus() {
      return UpgradeStatus.HANDSHAKE_FAILED;
    }

    @Override
    public Connection createConnection(Writer writer, Connection.CloseListener closeListener) {
      return null;
    }
  }

  /** A successful upgrade whose connection inherits the reserved slot. */
  private static final class AdmittedUpgrade implements UpgradeInfo {
    private final UpgradeInfo delegate;
    private final Admission admission;

    AdmittedUpgrade(UpgradeInfo delegate, Admission admission) {
      this.delegate = delegate;
      this.admission = admission;
    }

    @Override
    public UpgradeStatus getStatus() {
      return delegate.getStatus();
    }

    @Override
    public Connection createConnection(Writer writer, Connection.CloseListener closeListener) {
      ADMITTING.set(admission);
      try {
        return delegate.createConnection(writer, closeListener);
      } finally {
        ADMITTING.remove();
        if (!admission.claimed) {
          admission.release();
        }
      }
    }
  }
}
