package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.host.HostChannel;
import io.github.providergateway.host.HostConnection;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.protocol.json.Utf8;
import jakarta.websocket.SendResult;
import jakarta.websocket.Session;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One agent host's WebSocket connection to {@code /host}: the WebSocket carrier of the host
 * protocol. Like a provider connection it never blocks its callers: {@link #send} encodes the
 * reply or event on the caller's thread and queues it, and a pump on the server's send executor
 * writes them one at a time with the async remote. Encoding at once is what lets the queue count
 * bytes.
 *
 * <p>A host that stops reading is closed (1008) when it has {@link #MAX_QUEUED} outputs waiting,
 * or when more than the server's {@code maxQueuedBytes} wait (the one being written included)
 * while that write has not completed for {@link #STALL}: a single file result may be larger
 * than the byte bound (64 MiB files travel base64-encoded), so bytes alone would close a host
 * that reads normally but was sent two large results at once. The age is read from the gateway's
 * clock.
 * Whatever way it ends, the host service hears {@link HostChannel#closed()} exactly once.
 */
final class TyrusHostConnection implements HostConnection, SocketPeer {

  private static final System.Logger LOG = System.getLogger(TyrusHostConnection.class.getName());
  private static final HostCodec CODEC = HostCodec.create();
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);
  /** Replies and events one host may have waiting. */
  static final int MAX_QUEUED = 4096;
  /** How long a write may stay unfinished, with the byte bound exceeded, before the host counts as stuck. */
  static final Duration STALL = Duration.ofSeconds(2);

  private final Session session;
  private final org.glassfish.grizzly.Connection<?> socket;
  private final String description;
  private final Executor sendExecutor;
  private final ScheduledExecutorService timer;
  private final Duration closeGrace;
  private final Consumer<TyrusHostConnection> onGone;

  private final Object lock = new Object();
  /** Waiting outputs, oldest first. Guarded by lock. */
  private final ArrayDeque<Queued> queue = new ArrayDeque<>();
  /** The output being written, or null. Guarded by lock. */
  private Queued inFlight;
  /** When (gateway clock millis) the write of {@link #inFlight} started. Guarded by lock. */
  private long inFlightSinceMillis;
  /** UTF-8 bytes of the queued outputs and the one being written. Guarded by lock. */
  private long queuedBytes;
  private final long maxQueuedBytes;
  private final Clock clock;

  /** An encoded reply or event and its size on the wire. */
  private record Queued(String text, long bytes) {}
  /** A pump is queued, running, or has a write in flight. Guarded by lock. */
  private boolean pumping;
  /** close() was asked: close once the queue is written. Guarded by lock. */
  private boolean closing;
  /** Nothing more is written. Guarded by lock. */
  private boolean gone;
  /** The service was told. Guarded by lock. */
  private boolean reported;
  /** Where commands go; set right after opening. */
  private volatile HostChannel channel;
  private volatile long lastHeardNanos = System.nanoTime();
  /** Checks the host's frames before Tyrus reads them; told when the host authenticated. */
  private final FrameGuard guard;
  /** UTF-8 bytes of the output being written now, or 0; read by the filter's "not reading" check. */
  private volatile long inFlightBytes;

  TyrusHostConnection(
      Session session,
      org.glassfish.grizzly.Connection<?> socket,
      Executor sendExecutor,
      ScheduledExecutorService timer,
      Duration closeGrace,
      long maxQueuedBytes,
      Clock clock,
      FrameGuard guard,
      Consumer<TyrusHostConnection> onGone) {
    this.session = requireNonNull(session, "session");
    this.guard = requireNonNull(guard, "guard");
    this.socket = requireNonNull(socket, "socket");
    this.sendExecutor = requireNonNull(sendExecutor, "sendExecutor");
    this.timer = requireNonNull(timer, "timer");
    this.closeGrace = requireNonNull(closeGrace, "closeGrace");
    this.maxQueuedBytes = maxQueuedBytes;
    this.clock = requireNonNull(clock, "clock");
    this.onGone = requireNonNull(onGone, "onGone");
    this.description = "host ws " + socket.getPeerAddress();
  }

  void attach(HostChannel channel) {
    boolean alreadyGone;
    synchronized (lock) {
      this.channel = channel;
      alreadyGone = reported;
    }
    if (alreadyGone) {
      channel.closed();
    }
  }

  // ---- HostConnection ----

  @Override
  public boolean send(HostOutput output) {
    requireNonNull(output, "output");
    synchronized (lock) {
      if (gone || closing) {
        return false; // not worth encoding
      }
    }
    String text;
    try {
      text = CODEC.encode(output);
    } catch (RuntimeException bug) {
      // A gateway bug: only this host pays for it, and it is told by the close, not left waiting.
      LOG.log(Level.ERROR, description + ": cannot encode " + output.getClass().getSimpleName() + ", closing", bug);
      abort(WsCloseCodes.internalError());
      return false;
    }
    long bytes = Utf8.encodedLength(text);
    String overflow;
    synchronized (lock) {
      if (gone || closing) {
        return false;
      }
      if (queue.size() >= MAX_QUEUED) {
        overflow = MAX_QUEUED + " messages";
      } else if (queuedBytes + bytes > maxQueuedBytes && stalledLocked()) {
        overflow = (queuedBytes + bytes) + " bytes, no write finished for " + STALL;
      } else {
        queue.addLast(new Queued(text, bytes));
        queuedBytes += bytes;
        startPumpLocked();
        return true;
      }
    }
    LOG.log(Level.WARNING, "{0}: host too slow to read ({1} queued), closing", description, overflow);
    abort(WsCloseCodes.tooSlow());
    return false;
  }

  /** Whether a write is in flight and has been for longer than {@link #STALL}. */
  private boolean stalledLocked() {
    return inFlight != null && clock.millis() - inFlightSinceMillis > STALL.toMillis();
  }

  @Override
  public void close() {
    synchronized (lock) {
      if (gone || closing) {
        return;
      }
      closing = true;
      startPumpLocked();
    }
    schedule(() -> abort(WsCloseCodes.goingAway()));
  }

  @Override
  public String describe() {
    return description;
  }

  /** The host passed {@code host.auth}: its frame guard now lets messages of full size in. */
  @Override
  public void authenticated() {
    guard.authenticated();
  }

  // ---- from the socket ----

  @Override
  public void received(String text) {
    lastHeardNanos = System.nanoTime();
    HostChannel target = channel;
    if (target != null) {
      target.receive(text);
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
    abort(WsCloseCodes.binaryRefused());
  }

  @Override
  public void sessionClosed(jakarta.websocket.CloseReason reason) {
    synchronized (lock) {
      queue.clear();
      inFlight = null;
      queuedBytes = 0;
      gone = true;
    }
    reportGone();
  }

  /** The heartbeat: a silent host is dead; others get a ping. */
  void heartbeat(long nowNanos, long idleNanos) {
    if (nowNanos - lastHeardNanos > idleNanos) {
      abort(WsCloseCodes.idle());
      return;
    }
    try {
      session.getAsyncRemote().sendPing(EMPTY.duplicate());
    } catch (IOException | IllegalStateException e) {
      abort(WsCloseCodes.writeFailed());
    }
  }

  @Override
  public void terminate() {
    socket.terminateSilently();
  }

  @Override
  public void abort(jakarta.websocket.CloseReason reason) {
    synchronized (lock) {
      queue.clear();
      inFlight = null;
      queuedBytes = 0;
      gone = true;
    }
    try {
      session.close(reason);
    } catch (IOException | IllegalStateException e) {
      LOG.log(Level.DEBUG, "{0}: close failed: {1}", description, e.toString());
    }
    schedule(
        () -> {
          if (socket.isOpen()) {
            socket.terminateSilently();
          }
        });
    reportGone();
  }

  // ---- the pump ----

  private void startPumpLocked() {
    if (pumping) {
      return;
    }
    pumping = true;
    try {
      sendExecutor.execute(this::writeNext);
    } catch (RejectedExecutionException e) {
      pumping = false;
      gone = true;
    }
  }

  private void writeNext() {
    Queued next;
    boolean closeNow = false;
    synchronized (lock) {
      next = gone ? null : queue.pollFirst();
      if (next != null) {
        inFlight = next;
        inFlightBytes = next.bytes();
        inFlightSinceMillis = clock.millis();
      } else {
        pumping = false;
        closeNow = closing && !gone;
      }
    }
    if (next == null) {
      if (closeNow) {
        abort(WsCloseCodes.of(io.github.providergateway.gateway.CloseReason.NORMAL));
      }
      return;
    }
    try {
      session.getAsyncRemote().sendText(next.text(), this::written);
    } catch (IllegalStateException e) {
      written(new SendResult(session, e));
    }
  }

  private void written(SendResult result) {
    synchronized (lock) {
      if (inFlight != null) {
        queuedBytes -= inFlight.bytes();
        inFlight = null;
      }
      inFlightBytes = 0;
    }
    if (!result.isOK()) {
      abort(WsCloseCodes.writeFailed());
      return;
    }
    try {
      sendExecutor.execute(this::writeNext);
    } catch (RejectedExecutionException e) {
      synchronized (lock) {
        pumping = false;
        gone = true;
      }
    }
  }

  private void reportGone() {
    HostChannel target;
    synchronized (lock) {
      if (reported) {
        return;
      }
      reported = true;
      target = channel;
    }
    guard.release();
    onGone.accept(this);
    if (target != null) {
      target.closed();
    }
  }

  private void schedule(Runnable task) {
    try {
      timer.schedule(task, closeGrace.toNanos(), TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      // The server is stopping and cuts every socket itself.
    }
  }

  @Override
  public String toString() {
    return description;
  }
}
