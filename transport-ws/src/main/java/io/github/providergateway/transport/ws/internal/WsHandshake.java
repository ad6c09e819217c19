package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.websocket.internal.HandshakePolicy;
import java.lang.System.Logger.Level;
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
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Decides each WebSocket handshake (RFC 6455 §4.2) from plain values, whatever container read it:
 * an {@link Accepted} with the {@code Sec-WebSocket-Accept} value and a connection slot for the
 * endpoint its path names, or a {@link Refused} HTTP status, so a refused client never gets a
 * WebSocket:
 *
 * <ul>
 *   <li>400: not a GET, a target that is not a URI, no {@code Connection: Upgrade}, a {@code
 *       Sec-WebSocket-Key} that is not 16 bytes in base64;
 *   <li>426 with {@code Sec-WebSocket-Version: 13}: another protocol version;
 *   <li>404: a path with no endpoint;
 *   <li>403: the {@link HandshakePolicy} (a peer off loopback, a {@code Host} not naming this
 *       server, a foreign {@code Origin});
 *   <li>503: the server is stopping, or {@link #slots} are all taken (the connection cap, R-WS-05).
 * </ul>
 *
 * <p>No subprotocol and no extension is offered (a client asking for {@code permessage-deflate}
 * goes on without it). An accepted handshake holds one connection slot until its connection is gone
 * ({@link Admission#release()}). The container's adapter ({@link GrizzlyHandshake}) writes the
 * answer and opens the connection.
 */
final class WsHandshake {

  private static final System.Logger LOG = System.getLogger(WsHandshake.class.getName());

  /** RFC 6455 §1.3: appended to the client's key before hashing. */
  private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

  /**
   * A handshake request as the container read it.
   *
   * @param method the HTTP method
   * @param target the request target, as sent
   * @param headers a header's value by name (any case), or null when it is absent
   * @param peer the client's IP address, as text
   */
  record Request(String method, String target, UnaryOperator<String> headers, String peer) {
    Request {
      requireNonNull(method, "method");
      requireNonNull(target, "target");
      requireNonNull(headers, "headers");
      requireNonNull(peer, "peer");
    }

    String header(String name) {
      return headers.apply(name);
    }
  }

  /** What to answer: {@link Accepted} (101) or {@link Refused}. */
  sealed interface Answer permits Accepted, Refused {}

  /**
   * 101 Switching Protocols, with {@code Upgrade: websocket}, {@code Connection: Upgrade} and
   * {@code Sec-WebSocket-Accept: <acceptKey>}; the connection to open is the endpoint at {@code
   * path}, holding {@code admission}.
   */
  record Accepted(String path, String acceptKey, Admission admission) implements Answer {}

  /**
   * A plain HTTP refusal with no body, after which the connection closes; {@code version}, when not
   * null, goes in {@code Sec-WebSocket-Version}.
   */
  record Refused(int status, String phrase, String version) implements Answer {}

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

  /** Whether a path names an endpoint. */
  private final Predicate<String> endpoints;

  /** Set when the server stops: every later handshake is refused. */
  private volatile boolean stopping;

  WsHandshake(
      HandshakePolicy policy, int maxConnections, IntSupplier port, Predicate<String> endpoints) {
    this.policy = requireNonNull(policy, "policy");
    this.slots = new Semaphore(maxConnections);
    this.port = requireNonNull(port, "port");
    this.endpoints = requireNonNull(endpoints, "endpoints");
  }

  /** Whether a request with this {@code Upgrade} header (null: none) asks to become a WebSocket. */
  static boolean isUpgrade(String upgradeHeader) {
    return "websocket".equalsIgnoreCase(upgradeHeader);
  }

  /** From now on every handshake is refused (503). */
  void stop() {
    stopping = true;
  }

  /**
   * Decides {@code request}; an {@link Accepted} answer holds a slot the caller must hand on or
   * release.
   */
  Answer decide(Request request) {
    String path;
    try {
      path = new URI(request.target()).getPath();
    } catch (URISyntaxException e) {
      LOG.log(
          Level.DEBUG,
          "{0}: handshake for {1} refused: not a URI",
          request.peer(),
          HandshakePolicy.shown(request.target()));
      return new Refused(400, "Bad Request", null);
    }
    String key = request.header("Sec-WebSocket-Key");
    if (!"GET".equals(request.method())
        || !hasToken(request.header("Connection"), "upgrade")
        || !isKey(key)) {
      return new Refused(400, "Bad Request", null);
    }
    if (!"13".equals(trimmed(request.header("Sec-WebSocket-Version")))) {
      return new Refused(426, "Upgrade Required", "13");
    }
    if (!endpoints.test(path)) {
      return new Refused(404, "Not Found", null);
    }
    Optional<String> refusal =
        policy.refusal(
            request.peer(), request.header("Host"), request.header("Origin"), port.getAsInt());
    if (refusal.isPresent()) {
      LOG.log(
          Level.WARNING,
          "WebSocket handshake from {0} refused: {1}",
          request.peer(),
          refusal.get());
      return new Refused(HandshakePolicy.FORBIDDEN, "Forbidden", null);
    }
    if (stopping) {
      return new Refused(503, "Service Unavailable", null);
    }
    if (!slots.tryAcquire()) {
      LOG.log(
          Level.WARNING,
          "WebSocket handshake from {0} refused: connection limit reached",
          request.peer());
      return new Refused(503, "Too Many Connections", null);
    }
    return new Accepted(path, accept(key), new Admission(slots));
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
}
