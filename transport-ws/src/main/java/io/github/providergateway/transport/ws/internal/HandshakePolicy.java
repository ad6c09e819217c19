package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which WebSocket handshakes the server accepts: loopback peers only, a {@code Host} naming this
 * server by a loopback name, and an {@code Origin} that is absent or allow-listed (R-WS-02,
 * R-WS-08..10). Pure: {@link WsHandshake} asks it for an upgrade, {@link HttpRoutes} for a plain
 * HTTP request, and each writes the refusal.
 */
final class HandshakePolicy {

  /** The HTTP status of a refused handshake. */
  static final int FORBIDDEN = 403;

  private final Set<String> allowedOrigins;

  HandshakePolicy(Set<String> allowedOrigins) {
    this.allowedOrigins = Set.copyOf(requireNonNull(allowedOrigins, "allowedOrigins"));
  }

  /**
   * Why a handshake must be refused, or empty when it may proceed.
   *
   * @param remoteAddress the peer's IP address as text, or null if unknown
   * @param host the {@code Host} header, or null when absent
   * @param origin the {@code Origin} header, or null when absent
   * @param port the port this server listens on
   */
  Optional<String> refusal(String remoteAddress, String host, String origin, int port) {
    if (!isLoopback(remoteAddress)) {
      return Optional.of("peer " + remoteAddress + " is not a loopback address");
    }
    if (!isLoopbackHost(host, port)) {
      // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends its own Host.
      return Optional.of("Host '" + shown(host) + "' does not name this loopback server");
    }
    // Browsers always send Origin; command-line clients send none and still have to authenticate.
    if (origin != null && !allowedOrigins.contains(origin)) {
      return Optional.of("Origin '" + shown(origin) + "' is not allowed");
    }
    return Optional.empty();
  }

  /**
   * Why a plain HTTP request (an {@code HttpRoute}'s) must be refused, or empty when it may
   * proceed: as {@link #refusal}, except that this server's own origin ({@code
   * http://127.0.0.1:<port>}, {@code http://localhost:<port>}, {@code http://[::1]:<port>}) is
   * allowed too, since a page the server itself serves sends it with its own requests (a {@code
   * POST}, or a browser that sends {@code Origin} on every request).
   */
  Optional<String> httpRefusal(String remoteAddress, String host, String origin, int port) {
    boolean ownOrigin = origin != null && isOwnOrigin(origin, port);
    return refusal(remoteAddress, host, ownOrigin ? null : origin, port);
  }

  /**
   * Whether {@code origin} is this loopback server's own, {@code http://<loopback name>:<port>}.
   */
  static boolean isOwnOrigin(String origin, int port) {
    String lower = origin.trim().toLowerCase(Locale.ROOT);
    return lower.startsWith("http://") && isLoopbackHost(lower.substring("http://".length()), port);
  }

  /** The longest header value a refusal repeats; see {@link #shown}. */
  static final int SHOWN_CHARS = 100;

  /**
   * A header value as a refusal (and so the log) repeats it: control characters escaped and cut to
   * {@value #SHOWN_CHARS} characters, so that a peer refused over and over with 8 KB headers cannot
   * make the log grow by 8 KB a time or write lines of its own into it.
   */
  static String shown(String value) {
    if (value == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < value.length() && out.length() < SHOWN_CHARS; i++) {
      char c = value.charAt(i);
      out.append(Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c));
    }
    return out.length() < value.length() ? out + "…(" + value.length() + " chars)" : out.toString();
  }

  /**
   * Whether {@code host} is {@code 127.0.0.1:<port>}, {@code [::1]:<port>} or {@code
   * localhost:<port>}.
   */
  static boolean isLoopbackHost(String host, int port) {
    if (host == null) {
      return false;
    }
    String suffix = ":" + port;
    String lower = host.trim().toLowerCase(Locale.ROOT);
    return lower.equals("127.0.0.1" + suffix)
        || lower.equals("[::1]" + suffix)
        || lower.equals("localhost" + suffix);
  }

  /** Whether {@code address}, an IP literal, is a loopback address; false for anything else. */
  static boolean isLoopback(String address) {
    if (address == null || address.isEmpty()) {
      return false;
    }
    String literal =
        address.startsWith("[") && address.endsWith("]")
            ? address.substring(1, address.length() - 1)
            : address;
    // Only IP literals are accepted, so getByName never resolves a name here.
    if (!literal.contains(":")
        && !literal.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
      return false;
    }
    try {
      return InetAddress.getByName(literal).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false; // not a well-formed literal: certainly not a loopback peer
    }
  }
}
