package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.CloseReason;
import io.github.providergateway.gateway.ProviderConnection;
import io.github.providergateway.gateway.ProviderLink;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.protocol.json.Utf8;
import jakarta.websocket.SendResult;
import jakarta.websocket.Session;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One provider's WebSocket connection, as the gateway sees it.
 *
 * <p>Outbound: {@link #send} appends the record to a bounded queue; a pump on the server's send
 * executor encodes records and writes them with the async remote, one write in flight at a time
 * (Jakarta containers may refuse concurrent sends, and Grizzly's own write queue is unbounded).
 * When nothing is queued or in flight, {@link #send} runs the pump itself, on the gateway loop:
 * it encodes the one message (a large one costs the loop its encoding time) and starts a write
 * that does not block, saving the wake-up of a send thread. A peer that lets the queue exceed its message or byte
 * bound is closed with 1008 and reported gone at once, so its calls end {@code DISCONNECTED}
 * (R-WS-06) while the gateway loop and every other connection carry on (R-WS-07).
 *
 * <p>Closing: {@link #close} writes what is queued, then the close frame. Whatever way a
 * connection ends, the gateway hears {@link ProviderLink#closed()} exactly once, and a socket that
 * has not finished closing after the grace period is cut, so a peer that stopped reading cannot
 * pin it.
 *
 * <p>Thread-safe: the gateway loop, Grizzly workers, the send executor and the timer all call in.
 */
final class TyrusProviderConnection implements ProviderConnection, SocketPeer {

  private static final System.Logger LOG =
      System.getLogger(TyrusProviderConnection.class.getName());
  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);
  /** How many writes one send thread makes in a row for one connection before yielding. */
  private static final int MAX_WRITES_PER_TURN = 16;

  /**
   * Bounds and timings shared by every connection of one server: each connection's queue bounds,
   * the close grace, the server-wide outbound budget, and what to do when that budget is passed
   * (close the connection furthest behind).
   */
  record Settings(
      int maxQueuedMessages,
      long maxQueuedBytes,
      Duration closeGrace,
      OutboundBudget outbound,
      Runnable outboundExceeded) {}

  /** One encoded message waiting for the socket, or in it. */
  private record Encoded(String text, long bytes) {}

  private final Session session;
  private final org.glassfish.grizzly.Connection<?> socket;
  private final String description;
  private final Settings settings;
  /** Encodes and starts writes; shared by the server's connections. */
  private final Executor sendExecutor;
  /** Runs close deadlines; shared by the server's connections. */
  private final ScheduledExecutorService timer;
  /** Told once when this connection is gone (the server's bookkeeping: registry, slot). */
  private final Consumer<TyrusProviderConnection> onGone;
  /** Completes when the TCP connection has closed. */
  private final CompletableFuture<Void> socketClosed = new CompletableFuture<>();

  private final Object lock = new Object();
  /** Records accepted by send and not yet encoded, oldest first. Guarded by lock. */
  private final ArrayDeque<GatewayMessage> unencoded = new ArrayDeque<>();
  /** Encoded texts not yet written; while {@code writing}, the head is in flight. Guarded by lock. */
  private final ArrayDeque<Encoded> encoded = new ArrayDeque<>();
  /** The UTF-8 size of {@code encoded}; change it only through {@link #encodedBytesLocked}. */
  private long encodedBytes;
  /** A pump task is queued or running; at most one encodes at a time, so order holds. Guarded. */
  private boolean pumping;
  /** A write is in flight. Guarded by lock. */
  private boolean writing;
  /** The thread inside {@code sendText} for the write in flight, or null. Guarded by lock. */
  private Thread writer;
  /** The write that completed inside {@code sendText}, whose thread writes the next. Guarded. */
  private Encoded completedInline;
  /** The close frame to send once the queue is drained; null while open. Guarded by lock. */
  private jakarta.websocket.CloseReason closing;
  /** The close frame has been handed to Tyrus. Guarded by lock. */
  private boolean closeStarted;
  /** Nothing more is written: the connection is gone or going. Guarded by lock. */
  private boolean gone;
  /** The gateway has been told (or attach will tell it) that the connection is gone. Guarded. */
  private boolean reported;
  /** Where inbound messages go; set once, right after the gateway accepts the connection. */
  private ProviderLink link;
  /** When the peer was last heard from (any message or pong), in {@link System#nanoTime()}. */
  private volatile long lastHeardNanos = System.nanoTime();
  /** Checks the peer's frames before Tyrus reads them; tells it when the peer authenticated. */
  private final FrameGuard guard;
  /** UTF-8 bytes of the message being written now, or 0; read by the filter's "not reading" check. */
  private volatile long inFlightBytes;
  /** Whether reading from the socket is suspended (the gateway's inbound queue is full). */
  private boolean readingSuspended;

  TyrusProviderConnection(
      Session session,
      org.glassfish.grizzly.Connection<?> socket,
      Settings settings,
      Executor sendExecutor,
      ScheduledExecutorService timer,
      FrameGuard guard,
      Consumer<TyrusProviderConnection> onGone) {
    this.session = requireNonNull(session, "session");
    this.guard = requireNonNull(guard, "guard");
    this.socket = requireNonNull(socket, "socket");
    this.settings = requireNonNull(settings, "settings");
    this.sendExecutor = requireNonNull(sendExecutor, "sendExecutor");
    this.timer = requireNonNull(timer, "timer");
    this.onGone = requireNonNull(onGone, "onGone");
    this.description = "ws " + describePeer(socket.getPeerAddress());
    // Grizzly's close future completes however the TCP connection ends.
    socket.closeFuture().addCompletionHandler(new SocketClosed());
  }

  /** Completes {@link #socketClosed} from Grizzly's close future. */
  private final class SocketClosed
      implements org.glassfish.grizzly.CompletionHandler<org.glassfish.grizzly.CloseReason> {
    @Override
    public void completed(org.glassfish.grizzly.CloseReason reason) {
      socketClosed.complete(null);
    }

    @Override
    public void failed(Throwable error) {
      socketClosed.complete(null);
    }

    @Override
    public void cancelled() {
      socketClosed.complete(null);
    }

    @Override
    public void updated(org.glassfish.grizzly.CloseReason reason) {
      // only the end matters
    }
  }

  /** Connects the gateway's side; a connection that closed before this is reported at once. */
  void attach(ProviderLink link) {
    boolean alreadyGone;
    synchronized (lock) {
      this.link = requireNonNull(link, "link");
      alreadyGone = reported;
    }
    if (alreadyGone) {
      link.closed();
    }
  }

  // ---- ProviderConnection: called on the gateway loop ----

  @Override
  public boolean send(GatewayMessage message) {
    requireNonNull(message, "message");
    boolean writeHere = false;
    synchronized (lock) {
      if (gone || closing != null) {
        return false;
      }
      boolean full = unencoded.size() + encoded.size() >= settings.maxQueuedMessages();
      if (!full) {
        unencoded.addLast(message);
        boolean busy = pumping || writing || !encoded.isEmpty() || unencoded.size() > 1;
        if (busy) {
          schedulePumpLocked();
          return true;
        }
        pumping = true;
        writeHere = true;
      }
    }
    if (writeHere) {
      // An idle connection encodes and writes on the calling thread (the gateway loop): a send
      // thread would cost a thread wake-up per message, the largest part of a sequential call's
      // latency (docs/performance.md). The write does not block: Tyrus's async remote hands the
      // bytes to the socket or to Grizzly's queue, and a busy connection leaves it to its pump.
      pump();
      return true;
    }
    tooSlow(settings.maxQueuedMessages() + " messages queued");
    return false;
  }

  @Override
  public void close(CloseReason reason) {
    requireNonNull(reason, "reason");
    closeAfterQueue(WsCloseCodes.of(reason));
  }

  @Override
  public String describe() {
    return description;
  }

  /** The provider authenticated: its frame guard now lets messages of the protocol's size in. */
  @Override
  public void authenticated() {
    guard.authenticated();
  }

  /**
   * Stops reading from the socket until {@link #resumeReading()}: TCP flow control then holds the
   * provider back while the gateway works through what it already sent.
   */
  @Override
  public void suspendReading() {
    synchronized (lock) {
      if (readingSuspended || gone) {
        return;
      }
      readingSuspended = true;
    }
    try {
      socket.disableIOEvent(org.glassfish.grizzly.IOEvent.READ);
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "{0}: cannot suspend reading: {1}", description, e.toString());
    }
  }

  @Override
  public void resumeReading() {
    synchronized (lock) {
      if (!readingSuspended) {
        return;
      }
      readingSuspended = false;
      if (gone) {
        return;
      }
    }
    try {
      socket.enableIOEvent(org.glassfish.grizzly.IOEvent.READ);
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "{0}: cannot resume reading: {1}", description, e.toString());
    }
  }

  // ---- from the socket: Grizzly worker threads ----

  @Override
  public void received(String text) {
    lastHeardNanos = System.nanoTime();
    ProviderLink target;
    synchronized (lock) {
      target = link;
    }
    try {
      // Decoding and the size check run here, on the worker thread; the gateway queues the rest.
      target.receive(text);
    } catch (RejectedExecutionException e) {
      // The gateway has stopped while this server still runs: nobody is left to serve the peer.
      abort(WsCloseCodes.goingAway());
    }
  }

  @Override
  public void heard() {
    lastHeardNanos = System.nanoTime();
  }

  @Override
  public FrameGuard guard() {
    return guard;
  }

  @Override
  public long inFlightBytes() {
    return inFlightBytes;
  }

  @Override
  public void binaryReceived() {
    LOG.log(Level.INFO, "{0}: binary message refused, closing", description);
    abort(WsCloseCodes.binaryRefused());
  }

  @Override
  public void sessionClosed(jakarta.websocket.CloseReason reason) {
    LOG.log(
        Level.DEBUG,
        "{0}: closed {1} {2}",
        description,
        reason.getCloseCode().getCode(),
        reason.getReasonPhrase());
    synchronized (lock) {
      unencoded.clear();
      encoded.clear();
      encodedBytesLocked(-encodedBytes);
      closeStarted = true;
    }
    reportGone();
  }

  // ---- from the server ----

  /** The heartbeat: a peer silent for longer than {@code idleNanos} is dead; others get a ping. */
  void heartbeat(long nowNanos, long idleNanos) {
    if (nowNanos - lastHeardNanos > idleNanos) {
      LOG.log(Level.INFO, "{0}: nothing received within the idle timeout, closing", description);
      abort(WsCloseCodes.idle());
      return;
    }
    synchronized (lock) {
      if (gone || closeStarted) {
        return;
      }
    }
    try {
      // Control frames may go between whole messages; Tyrus writes each frame as one buffer.
      session.getAsyncRemote().sendPing(EMPTY.duplicate());
    } catch (IOException | IllegalStateException e) {
      LOG.log(Level.DEBUG, "{0}: ping failed, closing: {1}", description, e.toString());
      abort(WsCloseCodes.writeFailed());
    }
  }

  /** Sends {@code reason} after the queued messages; cut after the grace period if still open. */
  void closeAfterQueue(jakarta.websocket.CloseReason reason) {
    synchronized (lock) {
      if (gone || closing != null) {
        return;
      }
      closing = reason;
      schedulePumpLocked();
    }
    scheduleQuietly(() -> abort(reason));
  }

  @Override
  public void abort(jakarta.websocket.CloseReason reason) {
    boolean start;
    synchronized (lock) {
      unencoded.clear();
      encoded.clear();
      encodedBytesLocked(-encodedBytes);
      if (closing == null) {
        closing = reason;
      }
      start = !closeStarted;
      closeStarted = true;
    }
    if (start) {
      closeSession(reason);
    }
    reportGone();
  }

  /** Completes when the TCP connection has closed, however it closed. */
  CompletableFuture<Void> socketClosed() {
    return socketClosed;
  }

  /** Whether the TCP connection is still open. */
  boolean isSocketOpen() {
    return socket.isOpen();
  }

  @Override
  public void terminate() {
    socket.terminateSilently();
  }

  // ---- the outbound pump: send executor, and write completions ----

  private void schedulePumpLocked() {
    if (pumping) {
      return;
    }
    pumping = true;
    try {
      sendExecutor.execute(this::pump);
    } catch (RejectedExecutionException e) {
      // Only after the server has stopped, by which time the socket is being cut anyway.
      pumping = false;
      gone = true;
    }
  }

  private void schedulePump() {
    synchronized (lock) {
      schedulePumpLocked();
    }
  }

  /** Encodes every queued record, in order, then starts the next write if none is in flight. */
  private void pump() {
    while (true) {
      GatewayMessage next;
      synchronized (lock) {
        next = gone ? null : unencoded.pollFirst();
        if (next == null) {
          pumping = false;
          break;
        }
      }
      String text;
      try {
        text = CODEC.encode(next);
      } catch (RuntimeException bug) {
        // A record the codec cannot write is a gateway bug. Only this connection pays for it,
        // and it is closed rather than left silently stuck.
        LOG.log(Level.ERROR, description + ": cannot encode " + next.getClass().getSimpleName() + ", closing", bug);
        synchronized (lock) {
          pumping = false;
        }
        abort(WsCloseCodes.internalError());
        return;
      }
      Encoded item = new Encoded(text, Utf8.encodedLength(text));
      boolean over;
      boolean serverOver;
      synchronized (lock) {
        if (gone) {
          pumping = false;
          return;
        }
        encoded.addLast(item);
        serverOver = encodedBytesLocked(item.bytes());
        // One message alone never counts as too slow, whatever its size: the peer gets a chance.
        over = encodedBytes > settings.maxQueuedBytes() && encoded.size() > 1;
        if (over) {
          pumping = false;
        }
      }
      if (over) {
        tooSlow(settings.maxQueuedBytes() + " bytes queued");
        return;
      }
      if (serverOver) {
        settings.outboundExceeded().run(); // may close this connection, or another further behind
      }
    }
    writeNext();
  }

  /**
   * Writes what is encoded, one message at a time, or the close frame once everything queued is
   * written. A write that completes inside {@code sendText} (Grizzly writes directly when the
   * socket takes the bytes) lets this thread go on with the next one in this loop, for up to
   * {@value #MAX_WRITES_PER_TURN} writes, after which the rest waits its turn in the executor
   * behind other connections' pumps; one that completes later starts the next from the executor.
   * Never by recursion, and never more than one write in flight.
   */
  private void writeNext() {
    for (int turn = 1; ; turn++) {
      Encoded head;
      jakarta.websocket.CloseReason closeNow = null;
      synchronized (lock) {
        if (gone || writing || closeStarted) {
          return;
        }
        head = encoded.peekFirst();
        if (head == null) {
          if (closing == null || !unencoded.isEmpty()) {
            return;
          }
          closeStarted = true;
          closeNow = closing;
        } else {
          writing = true;
          writer = Thread.currentThread();
          inFlightBytes = head.bytes();
        }
      }
      if (closeNow != null) {
        closeSession(closeNow);
        return;
      }
      try {
        session.getAsyncRemote().sendText(head.text(), result -> written(head, result));
      } catch (IllegalStateException e) {
        written(head, new SendResult(session, e)); // the session closed under us
      }
      synchronized (lock) {
        if (writer == Thread.currentThread()) {
          writer = null;
        }
        if (completedInline != head) {
          return; // still in flight: its completion schedules the pump
        }
        completedInline = null;
        if (turn >= MAX_WRITES_PER_TURN) {
          // The send threads are shared: a connection with a long queue must not keep one.
          if (!encoded.isEmpty() || closing != null) {
            schedulePumpLocked();
          }
          return;
        }
      }
    }
  }

  /**
   * A write finished. Inside {@code sendText}, on the writing thread, it only says so and {@link
   * #writeNext} goes on. Later, on another thread, it starts a pump, and only when something
   * waits, since a pump task for nothing costs a thread wake-up per message (docs/performance.md).
   * Whatever {@link #send} or {@link #closeAfterQueue} adds later schedules its own pump.
   */
  private void written(Encoded item, SendResult result) {
    boolean more;
    boolean inline;
    synchronized (lock) {
      writing = false;
      inFlightBytes = 0;
      if (encoded.peekFirst() == item) {
        encoded.pollFirst();
        encodedBytesLocked(-item.bytes());
      }
      inline = writer == Thread.currentThread();
      if (inline) {
        completedInline = item;
      }
      more = !encoded.isEmpty() || !unencoded.isEmpty() || closing != null;
    }
    if (!result.isOK()) {
      LOG.log(Level.DEBUG, "{0}: write failed: {1}", description, String.valueOf(result.getException()));
      abort(WsCloseCodes.writeFailed());
      return;
    }
    if (more && !inline) {
      schedulePump();
    }
  }

  /**
   * Changes {@link #encodedBytes} by {@code delta} and the server-wide budget with it; true when
   * the server as a whole now has more waiting than it may.
   */
  private boolean encodedBytesLocked(long delta) {
    encodedBytes += delta;
    if (delta > 0) {
      return settings.outbound().add(delta);
    }
    if (delta < 0) {
      settings.outbound().release(-delta);
    }
    return false;
  }

  /**
   * Bytes waiting to be written, and whether more than the message being written waits: what
   * the server compares when its outbound budget is passed.
   */
  long backlogBytesIfBehind() {
    synchronized (lock) {
      return encoded.size() + unencoded.size() > 1 && !gone ? encodedBytes : -1;
    }
  }

  /** Closed by the server: of all its connections, this one is furthest behind (R-WS-06). */
  void closeAsFurthestBehind(long serverLimit) {
    tooSlow("the server's " + serverLimit + "-byte outbound bound was passed, and this connection is furthest behind");
  }

  private void tooSlow(String detail) {
    synchronized (lock) {
      if (gone) {
        return; // another thread found the overflow first
      }
      gone = true; // refuse further sends at once
    }
    LOG.log(Level.WARNING, "{0}: provider too slow to read ({1}), closing", description, detail);
    abort(WsCloseCodes.tooSlow());
  }

  // ---- ending ----

  /** Hands the close frame to Tyrus and makes sure the socket is cut if the peer never finishes. */
  private void closeSession(jakarta.websocket.CloseReason reason) {
    try {
      session.close(reason);
    } catch (IOException | IllegalStateException e) {
      // Already closed or broken: the socket is cut below either way.
      LOG.log(Level.DEBUG, "{0}: close failed: {1}", description, e.toString());
    }
    scheduleQuietly(
        () -> {
          if (socket.isOpen()) {
            LOG.log(Level.DEBUG, "{0}: close handshake unfinished, cutting the socket", description);
            socket.terminateSilently();
          }
        });
  }

  /** Tells the server's bookkeeping and the gateway, once. */
  private void reportGone() {
    ProviderLink target;
    synchronized (lock) {
      if (reported) {
        return;
      }
      reported = true;
      gone = true;
      target = link;
    }
    guard.release();
    onGone.accept(this);
    if (target != null) {
      target.closed(); // else attach reports it
    }
  }

  private void scheduleQuietly(Runnable task) {
    try {
      timer.schedule(task, settings.closeGrace().toNanos(), TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      // The server is stopping and cuts every socket itself.
      LOG.log(Level.DEBUG, "{0}: timer stopped; the server closes the socket", description);
    }
  }

  /** {@code 127.0.0.1:53211} or {@code [::1]:53211}, as the gateway's logs name connections. */
  private static String describePeer(Object peer) {
    if (peer instanceof java.net.InetSocketAddress inet && inet.getAddress() != null) {
      String host = inet.getAddress().getHostAddress();
      return (host.contains(":") ? "[" + host + "]" : host) + ":" + inet.getPort();
    }
    return String.valueOf(peer);
  }

  @Override
  public String toString() {
    return description;
  }
}
