package io.github.providergateway.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.TaskBatch;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The outbound side of one server connection, provider or host, whichever server carries it: a
 * bounded queue, one write in flight, the heartbeat, and the connection's end. Each container
 * supplies a small {@link Wire} that writes frames and closes ({@code transport-ws}: Grizzly's
 * socket; {@code transport-jakarta}: a session's async remote); how a slow reader is cut is decided
 * here, once.
 *
 * <p><b>Lifecycle.</b> {@link State#OPEN} accepts messages and writes them in order. {@link #close}
 * moves to {@link State#DRAINING}: nothing more is accepted, what is queued is written, then the
 * close frame, and the queue is {@link State#CLOSING} until the socket reports the session ended
 * ({@link #ended}); where the container keeps the close handshake ({@link
 * Context#containerCloses}), the queue is gone as soon as the close frame is handed over. {@link
 * #abort} (a broken rule, a peer too slow or silent, a failed write, a close that outlived the
 * grace period) drops what is queued and sends its close frame unless one went already. Every path
 * ends in {@link State#GONE}, the only terminal state, and the call that reaches it tells the
 * {@link #whenGone} listeners, once. Nothing leaves {@code GONE}: sends are refused and every other
 * call does nothing.
 *
 * <p><b>Bounds.</b> A message is refused, and the connection closed as too slow (1008), when {@link
 * Bounds#maxMessages} wait (the one being written included), or when more than {@link
 * Bounds#maxBytes} of encoded text waits in more than one message while the write in flight has
 * been unfinished for longer than {@link Bounds#stallGrace} (zero: at once). One message alone is
 * never too slow, whatever its size. The bytes also count in a budget {@link Bounds#shared} by the
 * server's connections, which runs {@link Bounds#sharedExceeded} when it is passed.
 *
 * <p><b>Writes.</b> One write is in flight at a time, and it carries every encoded message that
 * waits, up to {@value #MAX_BATCH_BYTES} bytes: messages queued while the previous write was under
 * way, or sent while the thread's {@link TaskBatch} was open (the messages a read of the peer's
 * caused), go out in one system call rather than one each.
 *
 * <p><b>Threads.</b> At most one thread runs the pump, which encodes ({@link Encoding#IN_PUMP}) and
 * starts writes; it runs on the send executor, or on the caller of {@link #send} when the
 * connection is idle (at the end of the thread's {@link TaskBatch} when one is open): waking a send
 * thread was the largest part of a sequential call's latency (docs/performance.md). A write that
 * completes inside the wire's {@code write} lets the pump go on with the next one, up to {@value
 * #MAX_WRITES_PER_TURN} in a row; one that completes later starts the pump again if anything waits.
 * Thread-safe: the gateway loop sends, Grizzly threads complete writes and report the session's
 * end, timers run the heartbeat and the close grace.
 *
 * @param <M> what the owner sends: a record to encode
 */
public final class OutboundQueue<M> {

  private static final System.Logger LOG = System.getLogger(OutboundQueue.class.getName());

  /** How many writes one pump run starts before it yields its send thread to other connections. */
  public static final int MAX_WRITES_PER_TURN = 16;

  /**
   * The most bytes of messages one write carries (a single larger message goes alone): enough for a
   * burst of calls, small enough that a copy into one frame buffer costs little.
   */
  public static final int MAX_BATCH_BYTES = 64 * 1024;

  /** Where a connection is in its life; see the class comment. */
  public enum State {
    /** Accepts messages and writes them in order. */
    OPEN,
    /** Closing was asked: refuses messages, writes what is queued, then the close frame. */
    DRAINING,
    /** The close frame is written: nothing more is; waiting for the connection to end. */
    CLOSING,
    /** Terminal: nothing is queued or written, and the owner has been told. */
    GONE;

    /** The state after {@code event}: the sender's only transitions. Nothing leaves GONE. */
    public State after(Event event) {
      return switch (event) {
        case CLOSE_ASKED -> this == OPEN ? DRAINING : this;
        case DRAINED -> this == DRAINING ? CLOSING : this;
        case ENDED -> GONE;
      };
    }

    /** Whether a message may be queued. */
    public boolean accepts() {
      return this == OPEN;
    }

    /** Whether anything may still be written: messages, pings, the close frame. */
    public boolean writes() {
      return this == OPEN || this == DRAINING;
    }
  }

  /** What moves a sender from one {@link State} to the next. */
  public enum Event {
    /** {@link #close} was called. */
    CLOSE_ASKED,
    /** Closing, the queue is written: the close frame goes now. */
    DRAINED,
    /** Aborted, or the session ended. */
    ENDED
  }

  /** Where messages are encoded. */
  public enum Encoding {
    /**
     * On the thread that calls {@link #send}, so that a message's bytes count before it is queued
     * and the byte bound can refuse it; the pump only writes. Host connections: their traffic is
     * small, and a file result may be far larger than the bound.
     */
    ON_SEND,
    /**
     * By the pump, on the send executor, keeping encoding off the gateway loop while messages queue
     * up; a connection with nothing queued or in flight encodes on the caller's thread. Provider
     * connections.
     */
    IN_PUMP
  }

  /**
   * One connection's bounds (see the class comment).
   *
   * @param stallGrace how long the write in flight may stay unfinished, with the byte bound passed,
   *     before the peer counts as too slow; zero: the byte bound alone decides
   * @param shared the budget this connection's bytes also count in
   * @param sharedExceeded run, outside any lock, whenever a message takes {@code shared} past its
   *     limit (the server closes whichever connection is furthest behind)
   */
  public record Bounds(
      int maxMessages,
      long maxBytes,
      Duration stallGrace,
      OutboundBudget shared,
      Runnable sharedExceeded) {
    public Bounds {
      if (maxMessages < 1) {
        throw new IllegalArgumentException("maxMessages must be at least 1, was " + maxMessages);
      }
      if (maxBytes < 1) {
        throw new IllegalArgumentException("maxBytes must be at least 1, was " + maxBytes);
      }
      requireNonNull(stallGrace, "stallGrace");
      if (stallGrace.isNegative()) {
        throw new IllegalArgumentException("stallGrace must not be negative, was " + stallGrace);
      }
      requireNonNull(shared, "shared");
      requireNonNull(sharedExceeded, "sharedExceeded");
    }

    /** Bounds of a connection that shares no budget with others. */
    public static Bounds alone(int maxMessages, long maxBytes, Duration stallGrace) {
      return new Bounds(
          maxMessages, maxBytes, stallGrace, new OutboundBudget(Long.MAX_VALUE), () -> {});
    }
  }

  /**
   * What the connections of one server share.
   *
   * @param sendExecutor runs pumps
   * @param timer runs the close grace (a socket deadline, so real time in production)
   * @param clock reads when a peer was last heard and how old the write in flight is: the gateway's
   *     clock
   * @param closeGrace how long a close may take before the connection is aborted
   */
  public record Context(Executor sendExecutor, Scheduler timer, Clock clock, Duration closeGrace) {
    /** Checks every part. */
    public Context {
      requireNonNull(sendExecutor, "sendExecutor");
      requireNonNull(clock, "clock");
      if ((timer == null) != (closeGrace == null)) {
        throw new IllegalArgumentException("a close grace needs a timer, and a timer a grace");
      }
    }

    /**
     * Connections whose container keeps the close handshake and its deadline (a Jakarta container):
     * no grace timer, and a connection is gone once its close frame is handed over.
     *
     * @param sendExecutor runs pumps
     * @param clock the gateway's clock
     * @return the context
     */
    public static Context containerCloses(Executor sendExecutor, Clock clock) {
      return new Context(sendExecutor, null, clock, null);
    }

    /** Whether the container keeps the close handshake (see {@link #containerCloses}). */
    boolean containerKeepsClose() {
      return closeGrace == null;
    }
  }

  /** The socket, as the sender writes to it. Its methods must not block. */
  public interface Wire {

    /**
     * Starts writing {@code messages}, each one text message in UTF-8, in order and as one write.
     * {@code done} runs once, perhaps inside this call, with null when all were written or with why
     * they were not.
     */
    void write(List<byte[]> messages, Consumer<Throwable> done);

    /**
     * Sends a ping.
     *
     * @throws IOException or {@link IllegalStateException} when the connection cannot write
     */
    void ping() throws IOException;

    /** Hands over the close frame, and cuts the socket if the peer never finishes closing. */
    void close(CloseStatus reason);
  }

  /** One encoded message, as the UTF-8 the wire writes. */
  private record Encoded(byte[] utf8) {
    long bytes() {
      return utf8.length;
    }
  }

  /** The messages of one write, oldest first, and their bytes. */
  private record Batch(List<byte[]> messages, long bytes) {}

  private final String description;
  private final Wire wire;
  private final Bounds bounds;
  private final Encoding encoding;
  private final Function<? super M, byte[]> encoder;
  private final Context context;

  private final Object lock = new Object();

  /** Where the connection is in its life. Guarded by lock. */
  private State state = State.OPEN;

  /** The close frame to send once drained; set with {@link State#DRAINING}. Guarded by lock. */
  private CloseStatus closeWhenDrained;

  /** Records accepted and not yet encoded ({@link Encoding#IN_PUMP}), oldest first. Guarded. */
  private final ArrayDeque<M> unencoded = new ArrayDeque<>();

  /** Encoded messages waiting for their write, oldest first. Guarded by lock. */
  private final ArrayDeque<Encoded> encoded = new ArrayDeque<>();

  /** The messages being written, or null. Guarded by lock. */
  private Batch inFlight;

  /** When (clock millis) the write of {@link #inFlight} started. Guarded by lock. */
  private long inFlightSinceMillis;

  /** UTF-8 bytes of {@link #encoded} and {@link #inFlight}; change it through countLocked. */
  private long queuedBytes;

  /** The pump is scheduled or running: at most one thread encodes and starts writes. Guarded. */
  private boolean pumping;

  /** Told when the state becomes {@link State#GONE}, then dropped. Guarded by lock. */
  private final List<Runnable> goneListeners = new ArrayList<>();

  /** {@link #inFlight}'s bytes, or 0: read without the lock by the filter's "not reading" check. */
  private volatile long inFlightBytes;

  /** When (clock millis) the peer was last heard from: any message or pong. */
  private volatile long lastHeardMillis;

  /**
   * @param description names the connection in logs
   * @param encoder turns a record into its JSON text as UTF-8 (what the queue counts and the wire
   *     frames); a failure is a bug, and closes only this connection (1011)
   */
  public OutboundQueue(
      String description,
      Wire wire,
      Bounds bounds,
      Encoding encoding,
      Function<? super M, byte[]> encoder,
      Context context) {
    this.description = requireNonNull(description, "description");
    this.wire = requireNonNull(wire, "wire");
    this.bounds = requireNonNull(bounds, "bounds");
    this.encoding = requireNonNull(encoding, "encoding");
    this.encoder = requireNonNull(encoder, "encoder");
    this.context = requireNonNull(context, "context");
    this.lastHeardMillis = context.clock().millis();
  }

  // ---- sending ----

  /**
   * Queues {@code message}.
   *
   * @return false when the sender no longer accepts messages, or when this one would pass a bound
   *     (the connection is then closed as too slow) or cannot be encoded (closed, 1011)
   */
  public boolean send(M message) {
    requireNonNull(message, "message");
    Encoded item = null;
    if (encoding == Encoding.ON_SEND) {
      if (!state().accepts()) {
        return false; // not worth encoding
      }
      item = encodeOrAbort(message);
      if (item == null) {
        return false;
      }
    }
    String overflow;
    boolean runHere = false;
    boolean startPump = false;
    boolean sharedOver = false;
    synchronized (lock) {
      if (!state.accepts()) {
        return false;
      }
      overflow = tooManyMessagesLocked();
      if (overflow == null && item != null) {
        overflow = tooManyBytesLocked(queuedBytes + item.bytes(), encodedCountLocked() + 1);
      }
      if (overflow == null) {
        boolean idle = inFlight == null && encoded.isEmpty() && unencoded.isEmpty();
        if (item != null) {
          encoded.addLast(item);
          sharedOver = countLocked(item.bytes());
        } else {
          unencoded.addLast(message);
        }
        if (claimPumpLocked()) {
          runHere = idle; // nothing queued or in flight: the pump may run on this thread
          startPump = !idle;
        }
      }
    }
    if (overflow != null) {
      tooSlow(overflow);
      return false;
    }
    if (sharedOver) {
      bounds.sharedExceeded().run(); // may close this connection, or another further behind
    }
    if (runHere) {
      // Idle: encode and start the write here, or once this thread's task batch closes (with
      // whatever else the batch sends). The write does not block (the wire hands the bytes to
      // the socket or to Grizzly's queue); a busy connection leaves it to its pump.
      if (!TaskBatch.defer(this::pump)) {
        pump();
      }
    } else if (startPump) {
      schedulePump();
    }
    return true;
  }

  /**
   * Closes after what is queued: nothing more is accepted, the queue is written, then {@code
   * reason}'s close frame. If the connection has not ended after the grace period it is aborted
   * with {@code reason}, so a peer that stopped reading cannot hold it open. Only from {@link
   * State#OPEN}; otherwise nothing happens.
   */
  public void close(CloseStatus reason) {
    requireNonNull(reason, "reason");
    boolean startPump;
    synchronized (lock) {
      if (!state.accepts()) {
        return;
      }
      state = state.after(Event.CLOSE_ASKED);
      closeWhenDrained = reason;
      startPump = claimPumpLocked();
    }
    if (startPump) {
      schedulePump();
    }
    if (context.containerKeepsClose()) {
      return;
    }
    try {
      context.timer().schedule(context.closeGrace(), () -> abort(reason));
    } catch (RejectedExecutionException e) {
      // The server is stopping and aborts every connection itself.
      LOG.log(Level.DEBUG, "{0}: timer stopped; the server closes the connection", description);
    }
  }

  // ---- ending ----

  /**
   * Ends the connection now: drops what is queued, sends {@code reason}'s close frame unless one
   * went already, and tells the listeners.
   *
   * @return false when the connection had already ended
   */
  public boolean abort(CloseStatus reason) {
    return abort(reason, null);
  }

  /** As {@link #abort(CloseStatus)}, logging {@code why} at INFO when this call ends it. */
  public boolean abort(CloseStatus reason, String why) {
    return end(reason, Level.INFO, why);
  }

  /** Closes as too slow to read (1008), logging {@code detail}, unless already ended. */
  public void tooSlow(String detail) {
    end(CloseStatuses.tooSlow(), Level.WARNING, "too slow to read (" + detail + ")");
  }

  /** The WebSocket closed, whoever started it: nothing more can be written. */
  public void ended(CloseStatus reason) {
    LOG.log(Level.DEBUG, "{0}: closed {1} {2}", description, reason.code(), reason.reason());
    tell(goneUnlessGone());
  }

  /** Enters the terminal state unless there already; returns the listeners to tell. */
  private List<Runnable> goneUnlessGone() {
    synchronized (lock) {
      return state == State.GONE ? List.of() : goneLocked();
    }
  }

  /**
   * Runs {@code listener} once when the connection is gone: later, on the thread that ends it, or
   * now if it already is. Listeners run in the order they were added.
   */
  public void whenGone(Runnable listener) {
    requireNonNull(listener, "listener");
    synchronized (lock) {
      if (state != State.GONE) {
        goneListeners.add(listener);
        return;
      }
    }
    listener.run();
  }

  private boolean end(CloseStatus reason, Level level, String why) {
    boolean sendClose;
    List<Runnable> listeners;
    synchronized (lock) {
      if (state == State.GONE) {
        return false;
      }
      sendClose = state.writes();
      listeners = goneLocked();
    }
    if (why != null) {
      LOG.log(level, "{0}: {1}, closing", description, why);
    }
    if (sendClose) {
      wire.close(reason);
    }
    tell(listeners);
    return true;
  }

  /**
   * Enters the terminal state: drops what waits; returns the listeners to tell, outside the lock.
   */
  private List<Runnable> goneLocked() {
    state = state.after(Event.ENDED);
    unencoded.clear();
    encoded.clear();
    inFlight = null;
    inFlightBytes = 0;
    countLocked(-queuedBytes);
    List<Runnable> listeners = List.copyOf(goneListeners);
    goneListeners.clear();
    return listeners;
  }

  private static void tell(List<Runnable> listeners) {
    for (Runnable listener : listeners) {
      listener.run();
    }
  }

  // ---- liveness ----

  /** The peer proved alive (a message or a pong arrived). */
  public void heard() {
    lastHeardMillis = context.clock().millis();
  }

  /**
   * One beat of the server's heartbeat: a peer from which nothing arrived for {@code idleTimeout}
   * is closed (1001); one that can still be written to gets a ping.
   */
  public void heartbeat(Instant now, Duration idleTimeout) {
    if (now.toEpochMilli() - lastHeardMillis >= idleTimeout.toMillis()) {
      abort(CloseStatuses.idle(), "nothing received within the idle timeout");
      return;
    }
    synchronized (lock) {
      if (!state.writes()) {
        return; // nothing is written after the close frame
      }
    }
    try {
      wire.ping();
    } catch (IOException | IllegalStateException e) {
      LOG.log(Level.DEBUG, "{0}: ping failed, closing: {1}", description, e.toString());
      abort(CloseStatuses.writeFailed());
    }
  }

  // ---- what the server and the filter read ----

  public State state() {
    synchronized (lock) {
      return state;
    }
  }

  /** Bytes of the messages being written now, framed, or 0. */
  public long inFlightBytes() {
    return inFlightBytes;
  }

  /**
   * Bytes waiting to be written when more than one message waits (the one in flight included), else
   * -1: what the server compares when its shared budget is passed.
   */
  public long backlogBytesIfBehind() {
    synchronized (lock) {
      return state != State.GONE && waitingLocked() > 1 ? queuedBytes : -1;
    }
  }

  // ---- the pump ----

  /** Encodes what waits, then writes, one message in flight; the caller has claimed the pump. */
  private void pump() {
    int writes = 0;
    while (true) {
      M toEncode;
      Batch toWrite = null;
      CloseStatus closeFrame = null;
      synchronized (lock) {
        if (!state.writes()) {
          pumping = false;
          return;
        }
        toEncode = unencoded.pollFirst();
        if (toEncode == null) {
          if (inFlight != null || (encoded.isEmpty() && state == State.OPEN)) {
            pumping = false; // a write in flight restarts the pump when it completes
            return;
          }
          if (encoded.isEmpty()) {
            state = state.after(Event.DRAINED);
            closeFrame = closeWhenDrained;
            pumping = false;
          } else if (writes < MAX_WRITES_PER_TURN) {
            toWrite = takeBatchLocked();
            inFlight = toWrite;
            inFlightSinceMillis = context.clock().millis();
            // As the socket's queue holds them: frame headers, at most 10 bytes each, included.
            inFlightBytes = toWrite.bytes() + 10L * toWrite.messages().size();
            writes++;
          }
        }
      }
      if (toEncode != null) {
        if (!encodeInPump(toEncode)) {
          return;
        }
      } else if (closeFrame != null) {
        wire.close(closeFrame);
        if (context.containerKeepsClose()) {
          tell(goneUnlessGone()); // the container ends the session: nothing here waits for it
        }
        return;
      } else if (toWrite == null) {
        // The send threads are shared: a connection with a long queue must not keep one. The
        // pump stays claimed and goes on in a new task, behind other connections' pumps.
        schedulePump();
        return;
      } else if (!write(toWrite)) {
        return;
      }
    }
  }

  /** Encodes and queues one message; false when the pump stops (the connection is ending). */
  private boolean encodeInPump(M message) {
    Encoded item = encodeOrAbort(message);
    String overflow;
    boolean sharedOver;
    synchronized (lock) {
      if (item == null || state == State.GONE) {
        pumping = false;
        return false;
      }
      encoded.addLast(item);
      sharedOver = countLocked(item.bytes());
      overflow = tooManyBytesLocked(queuedBytes, encodedCountLocked());
      if (overflow != null) {
        pumping = false;
      }
    }
    if (overflow != null) {
      tooSlow(overflow);
      return false;
    }
    if (sharedOver) {
      bounds.sharedExceeded().run(); // may close this connection, or another further behind
    }
    return true;
  }

  /** The encoded messages that wait, oldest first, up to {@link #MAX_BATCH_BYTES}; at least one. */
  private Batch takeBatchLocked() {
    Encoded first = encoded.pollFirst();
    long bytes = first.bytes();
    if (encoded.isEmpty()) {
      return new Batch(List.of(first.utf8()), bytes);
    }
    List<byte[]> messages = new ArrayList<>();
    messages.add(first.utf8());
    while (!encoded.isEmpty() && bytes + encoded.peekFirst().bytes() <= MAX_BATCH_BYTES) {
      Encoded next = encoded.pollFirst();
      messages.add(next.utf8());
      bytes += next.bytes();
    }
    return new Batch(messages, bytes);
  }

  /** Starts writing {@code item}; true when it completed at once, so the pump goes on. */
  private boolean write(Batch item) {
    wire.write(item.messages(), failure -> written(item, failure));
    synchronized (lock) {
      if (inFlight == item) {
        pumping = false; // still in flight: its completion restarts the pump if anything waits
        return false;
      }
      return true;
    }
  }

  /** A write completed, inside {@link Wire#write} or later on another thread. */
  private void written(Batch item, Throwable failure) {
    boolean startPump = false;
    synchronized (lock) {
      if (inFlight == item) {
        inFlight = null;
        inFlightBytes = 0;
        countLocked(-item.bytes());
      }
      if (failure == null && state.writes()) {
        // Only when something waits: a pump task for nothing costs a thread wake-up per message.
        boolean waiting = !unencoded.isEmpty() || !encoded.isEmpty() || state == State.DRAINING;
        startPump = waiting && claimPumpLocked();
      }
    }
    if (failure != null) {
      LOG.log(Level.DEBUG, "{0}: write failed: {1}", description, String.valueOf(failure));
      abort(CloseStatuses.writeFailed());
    } else if (startPump) {
      schedulePump();
    }
  }

  private Encoded encodeOrAbort(M message) {
    byte[] utf8;
    try {
      utf8 = encoder.apply(message);
    } catch (RuntimeException bug) {
      // A record the codec cannot write is a gateway bug. Only this connection pays for it, and
      // it is closed rather than left silently stuck.
      LOG.log(
          Level.ERROR,
          description + ": cannot encode " + message.getClass().getSimpleName() + ", closing",
          bug);
      abort(CloseStatuses.internalError());
      return null;
    }
    return new Encoded(utf8);
  }

  private boolean claimPumpLocked() {
    if (pumping) {
      return false;
    }
    pumping = true;
    return true;
  }

  /** Runs the claimed pump on the send executor. */
  private void schedulePump() {
    try {
      context.sendExecutor().execute(this::pump);
    } catch (RejectedExecutionException e) {
      // Only once the server has stopped: nobody is left to write to the peer.
      synchronized (lock) {
        pumping = false;
      }
      abort(CloseStatuses.goingAway());
    }
  }

  // ---- bounds ----

  /** Messages waiting, the one in flight included. */
  private int waitingLocked() {
    return unencoded.size() + encodedCountLocked();
  }

  /** Encoded messages waiting, those in flight included. */
  private int encodedCountLocked() {
    return encoded.size() + (inFlight == null ? 0 : inFlight.messages().size());
  }

  private String tooManyMessagesLocked() {
    return waitingLocked() >= bounds.maxMessages()
        ? bounds.maxMessages() + " messages queued"
        : null;
  }

  /** Why {@code bytes} in {@code messages} encoded messages are too many now, or null. */
  private String tooManyBytesLocked(long bytes, int messages) {
    // One message alone never counts as too slow, whatever its size: the peer gets a chance.
    if (bytes <= bounds.maxBytes() || messages < 2) {
      return null;
    }
    Duration grace = bounds.stallGrace();
    if (grace.isZero()) {
      return bytes + " bytes queued";
    }
    boolean stalled =
        inFlight != null && context.clock().millis() - inFlightSinceMillis > grace.toMillis();
    return stalled ? bytes + " bytes queued, no write finished for " + grace : null;
  }

  /**
   * Changes {@link #queuedBytes} by {@code delta} and the shared budget with it; true when the
   * budget is now passed.
   */
  private boolean countLocked(long delta) {
    queuedBytes += delta;
    if (delta > 0) {
      return bounds.shared().add(delta);
    }
    if (delta < 0) {
      bounds.shared().release(-delta);
    }
    return false;
  }

  @Override
  public String toString() {
    return description;
  }
}
