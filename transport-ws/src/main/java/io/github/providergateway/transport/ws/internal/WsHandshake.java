package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.HttpRequestPacket;
import org.glassfish.grizzly.http.HttpResponsePacket;
import org.glassfish.grizzly.http.Protocol;

/**
 * Decides each WebSocket handshake (RFC 6455 §4.2) and answers it: 101 and a {@link WsSocket}
 * for the endpoint its path names, or a plain HTTP refusal, so a refused client never gets a
 * WebSocket:
 *
 * <ul>
 *   <li>400: not a GET, a target that is not a URI, no {@code Connection: Upgrade}, a {@code
 *       Sec-WebSocket-Key} that is not 16 bytes in base64;
 *   <li>426 with {@code Sec-WebSocket-Version: 13}: another protocol version;
 *   <li>404: a path with no endpoint;
 *   <li>403: the {@link HandshakePolicy} (a peer off loopback, a {@code Host} not naming this
 *       server, a foreign {@code Origin});
 *   <li>503: the server is stopping, or {@link #slots} are all taken (the connection cap,
 *       R-WS-05).
 * </ul>
 *
 * <p>No subprotocol and no extension is offered (a client asking for {@code permessage-deflate}
 * goes on without it). An accepted handshake holds one connection slot until its connection is
 * gone ({@link Admission#release()}).
 */
final class WsHandshake {

  private static final System.Logger LOG = System.getLogger(WsHandshake.class.getName());
  /** RFC 6455 §1.3: appended to the client's key before hashing. */
  private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

  /** Opens the connection behind an accepted handshake: a provider's at {@code /}, a host's at {@code /host}. */
  interface Opener {
    /**
     * @param path the endpoint's path
     * @param socket the connection's socket, not yet attached to anything
     * @param admission its slot, which the connection releases when it is gone
     * @return false when the server refused it after all (it has closed the socket)
     */
    boolean open(String path, Connection<?> socket, Admission admission);

    /** Whether {@code path} names an endpoint. */
    boolean serves(String path);
  }

  /** One accepted handshake's slot under the connection cap. */
  static final class Admission {
    private final Semaphore slots;
    private final AtomicBoolean released = new AtomicBoolean();

    private Admission(Semaphore slots) {
      this.slots = slots;
    }

    /** Gives the slot back; only the first call counts. */
    void release() {
      if (released.compareAndSet(false, true)) {
        slots.release();
      }
    }
  }

  private final HandshakePolicy policy;
  /** Open connections plus handshakes being admitted; never more than the gateway's cap. */
  private final Semaphore slots;
  private final IntSupplier port;
  /** Accepted TCP connections still to upgrade; one that upgrades leaves it. */
  private final PendingHandshakes pending;
  private final Opener opener;
  /** Set when the server stops: every later handshake is refused. */
  private volatile boolean stopping;

  WsHandshake(HandshakePolicy policy, int maxConnections, IntSupplier port, PendingHandshakes pending, Opener opener) {
    this.policy = requireNonNull(policy, "policy");
    this.slots = new Semaphore(maxConnections);
    this.port = requireNonNull(port, "port");
    this.pending = requireNonNull(pending, "pending");
    this.opener = requireNonNull(opener, "opener");
  }

  /** Whether {@code request} asks to become a WebSocket. */
  static boolean isUpgrade(HttpRequestPacket request) {
    return "websocket".equalsIgnoreCase(request.getUpgrade());
  }

  /** From now on every handshake is refused (503). */
  void stop() {
    stopping = true;
  }

  /** Answers the handshake {@code request} read on {@code ctx}'s connection. */
  void answer(FilterChainContext ctx, HttpRequestPacket request) {
    Connection<?> socket = ctx.getConnection();
    String peer = peerAddress(socket);
    String target = request.getRequestURI();
    String path;
    try {
      path = new URI(target).getPath();
    } catch (URISyntaxException e) {
      LOG.log(Level.DEBUG, "{0}: handshake for {1} refused: not a URI", peer, HandshakePolicy.shown(target));
      refuse(ctx, request, 400, "Bad Request", null);
      return;
    }
    String key = request.getHeader("Sec-WebSocket-Key");
    if (!"GET".equals(request.getMethod().getMethodString())
        || !hasToken(request.getHeader("Connection"), "upgrade")
        || !isKey(key)) {
      refuse(ctx, request, 400, "Bad Request", null);
      return;
    }
    if (!"13".equals(trimmed(request.getHeader("Sec-WebSocket-Version")))) {
      refuse(ctx, request, 426, "Upgrade Required", "13");
      return;
    }
    if (!opener.serves(path)) {
      refuse(ctx, request, 404, "Not Found", null);
      return;
    }
    Optional<String> refusal =
        policy.refusal(peer, request.getHeader("Host"), request.getHeader("Origin"), port.getAsInt());
    if (refusal.isPresent()) {
      LOG.log(Level.WARNING, "WebSocket handshake from {0} refused: {1}", peer, refusal.get());
      refuse(ctx, request, HandshakePolicy.FORBIDDEN, "Forbidden", null);
      return;
    }
    if (stopping) {
      refuse(ctx, request, 503, "Service Unavailable", null);
      return;
    }
    if (!slots.tryAcquire()) {
      LOG.log(Level.WARNING, "WebSocket handshake from {0} refused: connection limit reached", peer);
      refuse(ctx, request, 503, "Too Many Connections", null);
      return;
    }
    Admission admission = new Admission(slots);
    HttpResponsePacket response = request.getResponse();
    response.setProtocol(Protocol.HTTP_1_1);
    response.setStatus(101);
    response.setReasonPhrase("Switching Protocols");
    response.setHeader("Upgrade", "websocket");
    response.setHeader("Connection", "Upgrade");
    response.setHeader("Sec-WebSocket-Accept", accept(key));
    ctx.write(HttpContent.builder(response).build());
    // A WebSocket now: the connection cap and the heartbeat bound it from here on.
    pending.forget(socket);
    if (!opener.open(path, socket, admission)) {
      admission.release();
    }
  }

  /** {@code Sec-WebSocket-Accept}: base64 of the SHA-1 of the key and the GUID (§4.2.2). */
  static String accept(String key) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      byte[] digest = sha1.digest((key.trim() + ACCEPT_GUID).getBytes(StandardCharsets.US_ASCII));
      return Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-1", e);
    }
  }

  /** A key is 16 random bytes in base64 (§4.1). */
  private static boolean isKey(String key) {
    if (key == null) {
      return false;
    }
    try {
      return Base64.getDecoder().decode(key.trim()).length == 16;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean hasToken(String header, String token) {
    if (header == null) {
      return false;
    }
    for (String part : header.split(",")) {
      if (part.trim().toLowerCase(Locale.ROOT).equals(token)) {
        return true;
      }
    }
    return false;
  }

  private static String trimmed(String value) {
    return value == null ? null : value.trim();
  }

  /** Answers {@code status} with no body and closes the connection once it is written. */
  private static void refuse(FilterChainContext ctx, HttpRequestPacket request, int status, String phrase, String version) {
    HttpResponsePacket response = request.getResponse();
    response.setProtocol(Protocol.HTTP_1_1);
    response.setStatus(status);
    response.setReasonPhrase(phrase);
    response.setContentLength(0);
    response.setHeader("Connection", "close");
    if (version != null) {
      response.setHeader("Sec-WebSocket-Version", version);
    }
    ctx.write(HttpContent.builder(response).last(true).build(), new CloseAfterWrite(ctx.getConnection()));
  }

  private static String peerAddress(Connection<?> socket) {
    Object address = socket.getPeerAddress();
    if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
      return inet.getAddress().getHostAddress();
    }
    return String.valueOf(address);
  }
}
