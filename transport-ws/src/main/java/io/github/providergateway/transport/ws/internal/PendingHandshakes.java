package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.channels.SocketChannel;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * TCP connections accepted but not yet upgraded to WebSocket. Nothing else bounds them: the
 * connection cap counts WebSockets, and HTTP keep-alive is switched off because an upgraded
 * connection lives as long as its peer wants. So an idle socket, a half-sent request, or a plain
 * HTTP client that stays connected after its 404 would each keep a descriptor for good. Here each
 * gets {@link #timeout} from its accept to complete a WebSocket handshake, and at most {@link #max}
 * wait at once: a new one pushes out the oldest whose bytes the server has read (a real client's
 * handshake takes milliseconds, so only a peer that holds sockets open is pushed out).
 *
 * <p>A plain HTTP request its route has admitted from its headers (it holds the route's
 * credentials) is being served, no longer waiting ({@link #admitted}): newcomers cannot push it
 * out, however many a stranger opens (issue 35: a 0.8 s MCP call failed under 100 half-sent
 * requests a second). It keeps its deadline until the route answers it, opens an event stream or
 * holds it ({@link #forget}), and at most {@link #max} are served so at once; past that a newly
 * admitted request is refused.
 *
 * <p>Nor is a socket pushed out while bytes it sent wait unread in its kernel buffer (issue 47, row
 * 6): it may hold a whole request with a valid token that the server has not had its turn to read.
 * When a burst of clients connects at once, accepting outruns reading; pushing out the oldest then
 * reset requests that were complete and authenticated (35 of 100 parallel hook calls). So the
 * listeners ask {@link #makeRoom} before each accept: room is a free place, or the oldest waiting
 * socket with nothing unread (idle, or what it sent was read and handled and did not make an
 * admitted request: it has shown no credentials; {@link #reading} covers the moment between). When
 * every waiting socket still has unread bytes, accepting pauses ({@link #parkUnlessRoom}):
 * newcomers wait in the kernel's backlog, not here, until a waiting socket is read, admitted,
 * answered or closed. The bound of {@link #max} on sockets that have not shown credentials is never
 * exceeded. Thread-safe.
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

  /**
   * Waiting sockets whose bytes the server took from the kernel and is still handling (a request
   * being parsed and admitted): not yet known to be without credentials.
   */
  private final Set<Connection<?>> reading = new HashSet<>();

  /** What resumes each listener that paused accepting for want of room, once there may be some. */
  private final List<Runnable> parked = new ArrayList<>();

  /** Whether a socket has bytes waiting unread in its kernel buffer; see the class comment. */
  private final Predicate<Connection<?>> unread;

  PendingHandshakes(int max, Duration timeout, Clock clock) {
    this(max, timeout, clock, PendingHandshakes::hasUnreadBytes);
  }

  PendingHandshakes(int max, Duration timeout, Clock clock, Predicate<Connection<?>> unread) {
    this.unread = requireNonNull(unread, "unread");
    if (max <= 0) {
      throw new IllegalArgumentException("max must be positive, was " + max);
    }
    this.max = max;
    this.timeout = requireNonNull(timeout, "timeout");
    this.clock = requireNonNull(clock, "clock");
  }

  /**
   * A TCP connection was accepted: it has {@link #timeout} to upgrade. The listener asked {@link
   * #makeRoom} first, so there is a place for it; should there be none (a connection accepted
   * without asking), the oldest waiting socket is pushed out, one with nothing unread first.
   */
  void accepted(Connection<?> connection) {
    Connection<?> pushedOut = null;
    synchronized (this) {
      if (pending.size() >= max) {
        pushedOut = oldestRead().orElseGet(() -> pending.keySet().iterator().next());
        pending.remove(pushedOut);
        closed++;
      }
      pending.put(connection, clock.millis());
    }
    connection.addCloseListener((closeable, type) -> forget(connection));
    if (pushedOut != null) {
      pushOut(pushedOut);
    }
  }

  /**
   * Makes room for one more connection before a listener accepts it: true when there is a free
   * place, or when the oldest waiting socket with nothing unread was pushed out for it; false when
   * every waiting socket has bytes the server has not read yet, and none may be pushed out (the
   * listener then pauses with {@link #parkUnlessRoom}).
   */
  boolean makeRoom() {
    Connection<?> pushedOut;
    synchronized (this) {
      if (pending.size() < max) {
        return true;
      }
      Optional<Connection<?>> oldest = oldestRead();
      if (oldest.isEmpty()) {
        return false;
      }
      pushedOut = oldest.get();
      pending.remove(pushedOut);
      closed++;
    }
    pushOut(pushedOut);
    return true;
  }

  /**
   * For a listener that paused accepting: true when there is room after all (it resumes at once);
   * else {@code resume} runs, once, when there may be (a waiting socket was read, admitted,
   * answered or closed, or the periodic sweep ran).
   */
  boolean parkUnlessRoom(Runnable resume) {
    requireNonNull(resume, "resume");
    synchronized (this) {
      if (pending.size() < max || oldestRead().isPresent()) {
        return true;
      }
      parked.add(resume);
      return false;
    }
  }

  /**
   * The server is about to take bytes of {@code connection} from the kernel and hand them to its
   * request's parser: until {@link #read} it is not pushed out, as when they were unread.
   */
  synchronized void reading(Connection<?> connection) {
    if (pending.containsKey(connection)) {
      reading.add(connection);
    }
  }

  /**
   * The server has handled what it read of {@code connection}: if it is still waiting, it made no
   * admitted request, and a paused listener may push it out now.
   */
  void read(Connection<?> connection) {
    synchronized (this) {
      reading.remove(connection);
    }
    resumeParked();
  }

  /**
   * Resumes every paused listener; each asks {@link #makeRoom} again before it accepts. Called when
   * the server read bytes from a socket that has not upgraded (it may now be one to push out), and
   * whenever a waiting socket leaves.
   */
  void resumeParked() {
    List<Runnable> resumed;
    synchronized (this) {
      if (parked.isEmpty()) {
        return;
      }
      resumed = List.copyOf(parked);
      parked.clear();
    }
    resumed.forEach(Runnable::run);
  }

  /** The oldest waiting socket with nothing unread, if any; it stays in {@link #pending}. */
  private Optional<Connection<?>> oldestRead() {
    for (Connection<?> waiting : pending.keySet()) {
      if (!reading.contains(waiting) && !unread.test(waiting)) {
        return Optional.of(waiting);
      }
    }
    return Optional.empty();
  }

  private void pushOut(Connection<?> pushedOut) {
    LOG.log(
        Level.DEBUG,
        "{0} connections waiting for a WebSocket handshake; closing the oldest read, {1}",
        max,
        pushedOut.getPeerAddress());
    pushedOut.terminateSilently();
  }

  /**
   * Whether bytes {@code connection} sent wait unread in its kernel buffer ({@code FIONREAD}); a
   * socket that cannot say (closing) has none.
   */
  static boolean hasUnreadBytes(Connection<?> connection) {
    if (!(connection instanceof NIOConnection nio)
        || !(nio.getChannel() instanceof SocketChannel channel)) {
      return false;
    }
    try {
      return channel.socket().getInputStream().available() > 0;
    } catch (IOException | RuntimeException closing) {
      return false;
    }
  }

  /**
   * The request on {@code connection} was admitted by its route: from now on it is served, and
   * newcomers no longer push it out; its deadline stays.
   *
   * @return false when {@link #max} admitted requests are being served already: the caller refuses
   *     this one
   */
  boolean admitted(Connection<?> connection) {
    synchronized (this) {
      Long since = pending.get(connection);
      if (since == null) {
        return true; // pushed out or closed meanwhile: nothing is held for it
      }
      if (admitted.size() >= max) {
        return false;
      }
      pending.remove(connection);
      reading.remove(connection);
      admitted.put(connection, since);
    }
    resumeParked();
    return true;
  }

  /** The connection became a WebSocket, was answered, or closed: it no longer counts. */
  void forget(Connection<?> connection) {
    synchronized (this) {
      pending.remove(connection);
      admitted.remove(connection);
      reading.remove(connection);
    }
    resumeParked();
  }

  /** Closes every connection, waiting or admitted, that has had {@link #timeout} or longer. */
  void closeExpired() {
    long now = clock.millis();
    List<Connection<?>> expired = new ArrayList<>();
    synchronized (this) {
      takeExpired(pending, now, expired);
      takeExpired(admitted, now, expired);
    }
    resumeParked(); // a safety net: whatever was missed, a paused listener asks again
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
