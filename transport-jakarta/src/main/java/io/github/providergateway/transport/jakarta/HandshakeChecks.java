package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which handshakes the endpoints serve (R-WS-02, R-WS-08..10), as {@code transport-ws}'s server
 * decides them, within what standard Jakarta WebSocket shows an endpoint: an {@code Origin} that is
 * absent or allow-listed (else the container answers 403), a {@code Host} that names the server by
 * a loopback name, and a peer on loopback. Pure.
 *
 * <p>The container decides where it listens; the standard API tells an endpoint neither the peer's
 * address nor its own. Where the container reports them (Jetty and Tomcat put them in the session's
 * user properties as {@code jakarta.websocket.endpoint.remoteAddress} and {@code ...localAddress})
 * a peer off loopback is refused and {@code Host} must carry the listening port; where it does not
 * (Tyrus), only the name in {@code Host} is checked, and the host must bind its listener to
 * loopback itself.
 */
final class HandshakeChecks {

  /** Where Jetty and Tomcat report the peer's address. */
  static final String REMOTE_ADDRESS = "jakarta.websocket.endpoint.remoteAddress";

  /** Where Jetty and Tomcat report the address the peer reached. */
  static final String LOCAL_ADDRESS = "jakarta.websocket.endpoint.localAddress";

  private final Set<String> allowedOrigins;

  HandshakeChecks(Set<String> allowedOrigins) {
    this.allowedOrigins = Set.copyOf(requireNonNull(allowedOrigins, "allowedOrigins"));
  }

  /**
   * Whether a handshake with this {@code Origin} may proceed: browsers always send one,
   * command-line clients none (they still have to authenticate).
   */
  boolean originAllowed(String origin) {
    return origin == null || allowedOrigins.contains(origin);
  }

  /**
   * Why an opened connection must be closed, or empty when it may be served.
   *
   * @param host the {@code Host} header, or null when absent
   * @param remote the peer's address as the container reports it, or null when it does not
   * @param local the address the peer reached, or null when not reported
   */
  Optional<String> refusal(String host, Object remote, Object local) {
    if (remote instanceof InetSocketAddress peer
        && (peer.getAddress() == null || !peer.getAddress().isLoopbackAddress())) {
      return Optional.of("peer " + peer + " is not on loopback");
    }
    if (!namesLoopback(host, local instanceof InetSocketAddress reached ? reached.getPort() : -1)) {
      // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends its own Host.
      return Optional.of("Host '" + shown(host) + "' does not name this loopback server");
    }
    return Optional.empty();
  }

  /**
   * Whether {@code host} is {@code 127.0.0.1}, {@code [::1]} or {@code localhost} with {@code
   * port}, or with any port when {@code port} is -1 (not reported).
   */
  static boolean namesLoopback(String host, int port) {
    if (host == null) {
      return false;
    }
    String lower = host.trim().toLowerCase(Locale.ROOT);
    int colon = lower.lastIndexOf(':');
    if (colon < 0 || lower.endsWith("]")) {
      return false; // no port: the client dialled port 80, which is not where a gateway listens
    }
    String name = lower.substring(0, colon);
    String portText = lower.substring(colon + 1);
    boolean loopbackName =
        name.equals("127.0.0.1") || name.equals("[::1]") || name.equals("localhost");
    boolean digits =
        !portText.isEmpty()
            && portText.length() <= 5
            && portText.chars().allMatch(Character::isDigit);
    return loopbackName && digits && (port < 0 || Integer.parseInt(portText) == port);
  }

  /** A header value as a log line repeats it: control characters escaped, at most 100 chars. */
  static String shown(String value) {
    if (value == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < value.length() && out.length() < 100; i++) {
      char c = value.charAt(i);
      out.append(Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c));
    }
    return out.toString();
  }
}
