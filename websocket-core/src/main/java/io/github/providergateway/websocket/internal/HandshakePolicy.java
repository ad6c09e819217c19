package io.github.providergateway.websocket.internal;

import static java.util.Objects.requireNonNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which WebSocket handshakes the gateway's servers accept, whichever container carries them:
 * loopback peers only, a {@code Host} naming the server by a loopback name, and an {@code Origin}
 * that is absent or allow-listed (R-WS-02, R-WS-08..10). Pure: each server asks it and writes the
 * refusal its own way.
 *
 * <ul>
 *   <li>{@code transport-ws} sees the whole request and its socket: {@link #refusal} for an
 *       upgrade, {@link #httpRefusal} for a plain HTTP request;
 *   <li>a Jakarta container decides {@code Origin} at the handshake ({@link #originAllowed}: it
 *       answers 403 itself) and shows the endpoint the rest only once the session is open, as far
 *       as it reports them ({@link #openedRefusal}): Jetty and Tomcat report the peer's address and
 *       the one it reached, Tyrus neither, and then only the name in {@code Host} is checked.
 * </ul>
 */
public final class HandshakePolicy {

  /** The HTTP status of a refused handshake. */
  public static final int FORBIDDEN = 403;

  /** The longest header value a refusal repeats; see {@link #shown}. */
  public static final int SHOWN_CHARS = 100;

  private final Set<String> allowedOrigins;

  /**
   * A policy.
   *
   * @param allowedOrigins the {@code Origin} values accepted besides none, compared exactly
   */
  public HandshakePolicy(Set<String> allowedOrigins) {
    this.allowedOrigins = Set.copyOf(requireNonNull(allowedOrigins, "allowedOrigins"));
  }

  /**
   * Whether a handshake with this {@code Origin} may proceed: browsers always send one,
   * command-line clients none (they still have to authenticate).
   *
   * @param origin the {@code Origin} header, or null when absent
   * @return true when absent or allow-listed
   */
  public boolean originAllowed(String origin) {
    return origin == null || allowedOrigins.contains(origin);
  }

  /**
   * Why a handshake must be refused, or empty when it may proceed.
   *
   * @param remoteAddress the peer's IP address as text, or null if unknown
   * @param host the {@code Host} header, or null when absent
   * @param origin the {@code Origin} header, or null when absent
   * @param port the port this server listens on
   * @return why not, for the log, or empty
   */
  public Optional<String> refusal(String remoteAddress, String host, String origin, int port) {
    if (!isLoopback(remoteAddress)) {
      return Optional.of("peer " + remoteAddress + " is not a loopback address");
    }
    Optional<String> wrongHost = hostRefusal(host, port);
    if (wrongHost.isPresent()) {
      return wrongHost;
    }
    if (!originAllowed(origin)) {
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
   *
   * @param remoteAddress the peer's IP address as text, or null if unknown
   * @param host the {@code Host} header, or null when absent
   * @param origin the {@code Origin} header, or null when absent
   * @param port the port this server listens on
   * @return why not, for the log, or empty
   */
  public Optional<String> httpRefusal(String remoteAddress, String host, String origin, int port) {
    boolean ownOrigin = origin != null && isOwnOrigin(origin, port);
    return refusal(remoteAddress, host, ownOrigin ? null : origin, port);
  }

  /**
   * Why a connection a container opened must be closed, or empty when it may be served: the peer
   * and {@code Host} rules of {@link #refusal}, as far as the container reports what they need
   * ({@code Origin} was decided at the handshake by {@link #originAllowed}).
   *
   * @param remote the peer's address, or null when the container does not report it (then the
   *     listener's binding is the host's to keep on loopback)
   * @param host the {@code Host} header, or null when absent
   * @param port the port the peer reached, or -1 when not reported (then {@code Host} may name any
   *     port)
   * @return why not, for the log, or empty
   */
  public Optional<String> openedRefusal(InetSocketAddress remote, String host, int port) {
    if (remote != null
        && (remote.getAddress() == null || !remote.getAddress().isLoopbackAddress())) {
      return Optional.of("peer " + remote + " is not on loopback");
    }
    return hostRefusal(host, port);
  }

  private static Optional<String> hostRefusal(String host, int port) {
    if (!isLoopbackHost(host, port)) {
      // DNS rebinding: a page on evil.example resolved to 127.0.0.1 still sends its own Host.
      return Optional.of("Host '" + shown(host) + "' does not name this loopback server");
    }
    return Optional.empty();
  }

  /**
   * Whether {@code origin} is this loopback server's own, {@code http://<loopback name>:<port>}.
   *
   * @param origin an {@code Origin} header
   * @param port the port this server listens on
   * @return true when it names this server
   */
  public static boolean isOwnOrigin(String origin, int port) {
    String lower = origin.trim().toLowerCase(Locale.ROOT);
    return lower.startsWith("http://") && isLoopbackHost(lower.substring("http://".length()), port);
  }

  /**
   * A header value as a refusal (and so the log) repeats it: control characters escaped and cut to
   * {@value #SHOWN_CHARS} characters, so that a peer refused over and over with 8 KB headers cannot
   * make the log grow by 8 KB a time or write lines of its own into it.
   *
   * @param value a header's value, or null
   * @return what a log line may repeat
   */
  public static String shown(String value) {
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
   * localhost:<port>} (any case); with {@code port} -1 (not known), with any port of one to five
   * digits. Without a port it is not: the client dialled port 80, where no gateway listens.
   *
   * @param host a {@code Host} header, or null
   * @param port the port the server listens on, or -1 when not known
   * @return true when it names a loopback server on that port
   */
  public static boolean isLoopbackHost(String host, int port) {
    if (host == null) {
      return false;
    }
    String lower = host.trim().toLowerCase(Locale.ROOT);
    int colon = lower.lastIndexOf(':');
    if (colon < 0) {
      return false;
    }
    String name = lower.substring(0, colon);
    String portText = lower.substring(colon + 1);
    boolean loopbackName =
        name.equals("127.0.0.1") || name.equals("[::1]") || name.equals("localhost");
    if (port >= 0) {
      return loopbackName && portText.equals(Integer.toString(port));
    }
    return loopbackName
        && !portText.isEmpty()
        && portText.length() <= 5
        && portText.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  /**
   * Whether {@code address}, an IP literal, is a loopback address; false for anything else.
   *
   * @param address an IP literal (IPv6 with or without brackets), or null
   * @return true for a loopback address
   */
  public static boolean isLoopback(String address) {
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
