package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.glassfish.grizzly.Connection;

/**
 * TCP connections accepted but not yet upgraded to WebSocket. Nothing else bounds them: the
 * connection cap counts WebSockets, and HTTP keep-alive is switched off because an upgraded
 * connection lives as long as its peer wants. So an idle socket, a half-sent request, or a plain
 * HTTP client that stays connected after its 404 would each keep a descriptor for good. Here each
 * gets {@link #timeout} from its accept to complete a WebSocket handshake, and at most {@link #max}
 * wait at once: a new one pushes out the oldest (a real client's handshake takes milliseconds, so
 * only a peer that holds sockets open is pushed out).
 *
 * <p>A plain HTTP request its route has admitted from its headers (it holds the route's
 * credentials) is being served, no longer waiting ({@link #admitted}): newcomers cannot push it
 * out, however many a stranger opens (issue 35: a 0.8 s MCP call failed under 100 half-sent
 * requests a second). It keeps its deadline until the route answers it, opens an event stream or
 * holds it ({@link #forget}), and at most {@link #max} are served so at once; past that a newly
 * admitted request is refused. Thread-safe.
 */
final class PendingHandshakes {

  private static final System.Logger LOG = System.getLogger(PendingHandshakes.class.getName());

  private final int max;
  private final Duration timeout;
  private final Clock clock;

  /** Accepted, not yet upgraded, oldest first, with when (clock millis) each was accepted. */
  private final LinkedHashMap<Connection<?>, Long> pending = new LinkedHashMap<>();

  /** Requests admitted by their route and not yet answered, oldest first, as above. */
  private final LinkedHashMap<Connection<?>, Long> admitted = new LinkedHashMap<>();

  /** How many were closed for taking too long or being pushed out, for logs and tests. */
  private long closed;

  PendingHandshakes(int max, Duration timeout, Clock clock) {
    if (max <= 0) {
      throw new IllegalArgumentException("max must be positive, was " + max);
    }
    this.max = max;
    this.timeout = requireNonNull(timeout, "timeout");
    this.clock = requireNonNull(clock, "clock");
  }

  /** A TCP connection was accepted: it has {@link #timeout} to upgrade. */
  void accepted(Connection<?> connection) {
    Connection<?> pushedOut = null;
    synchronized (this) {
      if (pending.size() >= max) {
        Iterator<Connection<?>> oldest = pending.keySet().iterator();
        pushedOut = oldest.next();
        oldest.remove();
        closed++;
      }
      pending.put(connection, clock.millis());
    }
    connection.addCloseListener((closeable, type) -> forget(connection));
    if (pushedOut != null) {
      LOG.log(
          Level.DEBUG,
          "{0} connections waiting for a WebSocket handshake; closing the oldest, {1}",
          max,
          pushedOut.getPeerAddress());
      pushedOut.terminateSilently();
    }
  }

  /**
   * The request on {@code connection} was admitted by its route: from now on it is served, and
   * newcomers no longer push it out; its deadline stays.
   *
   * @return false when {@link #max} admitted requests are being served already: the caller refuses
   *     this one
   */
  synchronized boolean admitted(Connection<?> connection) {
    Long since = pending.get(connection);
    if (since == null) {
      return true; // pushed out or closed meanwhile: nothing is held for it
    }
    if (admitted.size() >= max) {
      return false;
    }
    pending.remove(connection);
    admitted.put(connection, since);
    return true;
  }

  /** The connection became a WebSocket, was answered, or closed: it no longer counts. */
  void forget(Connection<?> connection) {
    synchronized (this) {
      pending.remove(connection);
      admitted.remove(connection);
    }
  }

  /** Closes every connection, waiting or admitted, that has had {@link #timeout} or longer. */
  void closeExpired() {
    long now = clock.millis();
    List<Connection<?>> expired = new ArrayList<>();
    synchronized (this) {
      takeExpired(pending, now, expired);
      takeExpired(admitted, now, expired);
    }
    for (Connection<?> connection : expired) {
      LOG.log(
          Level.DEBUG,
          "{0}: no WebSocket handshake within {1} ms of connecting; closing",
          connection.getPeerAddress(),
          timeout.toMillis());
      connection.terminateSilently();
    }
  }

  /**
   * Moves the entries of {@code from} accepted {@link #timeout} or longer before {@code now} to
   * {@code expired}.
   */
  private void takeExpired(
      LinkedHashMap<Connection<?>, Long> from, long now, List<Connection<?>> expired) {
    for (Iterator<Map.Entry<Connection<?>, Long>> it = from.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<Connection<?>, Long> entry = it.next();
      if (now - entry.getValue() < timeout.toMillis()) {
        break; // oldest first: the rest are younger
      }
      expired.add(entry.getKey());
      it.remove();
      closed++;
    }
  }

  /** How many wait now. */
  synchronized int size() {
    return pending.size();
  }

  /** How many admitted requests are being served now. */
  synchronized int admittedSize() {
    return admitted.size();
  }

  /** How many were closed so far for waiting too long or being pushed out. */
  synchronized long closedCount() {
    return closed;
  }
}
