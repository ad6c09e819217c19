package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import jakarta.websocket.CloseReason;
import jakarta.websocket.SendHandler;
import jakarta.websocket.SendResult;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * The outbound side of one connection, provider or host: a queue bounded in messages and bytes, one
 * asynchronous send in flight (Jakarta containers may throw on concurrent sends, and most queue
 * unboundedly behind the async remote), and the connection's end.
 *
 * <p><b>Lifecycle.</b> {@link State#OPEN} takes texts and sends them in order. {@link #close} moves
 * to {@link State#DRAINING}: nothing more is taken, what waits is sent, then the close frame.
 * {@link #abort} (a bound passed, a send failed or timed out) drops what waits and sends its close
 * frame at once. Either way the queue is then {@link State#GONE}, the only terminal state, and the
 * listeners of {@link #whenGone} hear it exactly once; {@link #ended} (the container reports the
 * session closed) gets there without a close frame.
 *
 * <p>A peer that stops reading is noticed three ways: its queue passes {@link Bounds#maxMessages}
 * or {@link Bounds#maxBytes} (then closed with 1008, R-WS-06), or the send in flight fails after
 * the async remote's send timeout, which the endpoint sets (then 1011). Close frames are written on
 * the {@code closer} executor, never on the caller's thread: {@code Session.close} blocks in some
 * containers (Tomcat writes the frame with a blocking send), and the caller may be the gateway
 * loop.
 *
 * <p>Thread-safe: the gateway loop sends, container threads complete sends and report the end.
 */
final class OutboundQueue {

  private static final System.Logger LOG = System.getLogger(OutboundQueue.class.getName());

  /** Where the queue's texts and close frame go: the session's async remote, in production. */
  interface Wire {
    /**
     * Starts sending {@code text}; {@code done} is told when it is written, on any thread, maybe
     * within this call.
     */
    void sendText(String text, SendHandler done);

    /** Writes the close frame; may block. */
    void close(CloseReason reason) throws IOException;
  }

  /**
   * What one connection may have waiting, the text in flight included.
   *
   * @param maxMessages texts; one more closes the connection
   * @param maxBytes bytes of UTF-8; past it, with more than one text waiting, the connection is
   *     closed (a single text larger than this is still sent)
   * @param stallGrace zero to close as soon as {@code maxBytes} is passed; else only once the send
   *     in flight has not finished for this long (a host is sent file results larger than the
   *     bound)
   */
  record Bounds(int maxMessages, long maxBytes, Duration stallGrace) {
    Bounds {
      requireNonNull(stallGrace, "stallGrace");
    }
  }

  /** Where the queue is in its life. */
  enum State {
    OPEN,
    DRAINING,
    GONE
  }

  /** One text waiting, with its size. */
  private record Item(String text, long bytes) {}

  /** What to do once a send finished: send the next text, write the close frame, or nothing. */
  private record Next(Item send, CloseReason close) {
    static final Next NOTHING = new Next(null, null);
  }

  private final String description;
  private final Wire wire;
  private final Bounds bounds;
  private final Clock clock;
  private final Executor closer;

  private final Object lock = new Object();

  /** Texts waiting behind the one in flight. Guarded by lock. */
  private final ArrayDeque<Item> waiting = new ArrayDeque<>();

  /** The text being sent, or null. Guarded by lock. */
  private Item inFlight;

  /** When the send in flight started, on the clock. Guarded by lock. */
  private long inFlightSinceMillis;

  /** Bytes waiting, the text in flight included. Guarded by lock. */
  private long queuedBytes;

  /**
   * The thread inside {@link Wire#sendText} now, so a completion within that call is told apart.
   * Guarded by lock.
   */
  private Thread sendingThread;

  /**
   * Whether the send started by {@link #sendingThread} completed within its call. Guarded by lock.
   */
  private boolean completedInline;

  /** Guarded by lock. */
  private State state = State.OPEN;

  /** The close frame to write once drained. Guarded by lock. */
  private CloseReason closeWhenDrained;

  /** Told once, when the queue is gone. Guarded by lock. */
  private final List<Runnable> goneListeners = new ArrayList<>();

  /**
   * @param description names the connection in logs
   * @param clock what the stall grace is measured on (the gateway's)
   * @param closer where close frames are written
   */
  OutboundQueue(String description, Wire wire, Bounds bounds, Clock clock, Executor closer) {
    this.description = requireNonNull(description, "description");
    this.wire = requireNonNull(wire, "wire");
    this.bounds = requireNonNull(bounds, "bounds");
    this.clock = requireNonNull(clock, "clock");
    this.closer = requireNonNull(closer, "closer");
  }

  /**
   * Queues {@code text}, and starts sending it when nothing is in flight.
   *
   * @return false when the queue no longer takes texts, or when this one passes a bound (the
   *     connection is then closed as too slow)
   */
  boolean send(String text) {
    Item item = new Item(text, utf8Length(text));
    String overflow;
    boolean start = false;
    synchronized (lock) {
      if (state != State.OPEN) {
        return false;
      }
      overflow = overflowLocked(item.bytes());
      if (overflow == null) {
        queuedBytes += item.bytes();
        if (inFlight == null) {
          startLocked(item);
          start = true;
        } else {
          waiting.addLast(item);
        }
      }
    }
    if (overflow != null) {
      abort(Closes.tooSlow(overflow), "too slow to read (" + overflow + ")");
      return false;
    }
    if (start) {
      write(item);
    }
    return true;
  }

  /**
   * Closes after what waits: nothing more is taken, the queue is sent, then {@code reason}'s close
   * frame. Only from {@link State#OPEN}; otherwise nothing happens.
   */
  void close(CloseReason reason) {
    requireNonNull(reason, "reason");
    synchronized (lock) {
      if (state != State.OPEN) {
        return;
      }
      state = State.DRAINING;
      closeWhenDrained = reason;
      if (inFlight != null) {
        return; // the last send's completion writes the close frame
      }
    }
    end(reason, null);
  }

  /**
   * Ends now: drops what waits, writes {@code reason}'s close frame, logs {@code why} at INFO
   * unless null.
   */
  void abort(CloseReason reason, String why) {
    end(requireNonNull(reason, "reason"), why);
  }

  /** The container reports the session closed, whoever closed it: nothing more can be sent. */
  void ended() {
    end(null, null);
  }

  /**
   * Runs {@code listener} once when the queue is gone: later, on the thread that ends it, or now.
   */
  void whenGone(Runnable listener) {
    requireNonNull(listener, "listener");
    synchronized (lock) {
      if (state != State.GONE) {
        goneListeners.add(listener);
        return;
      }
    }
    listener.run();
  }

  State state() {
    synchronized (lock) {
      return state;
    }
  }

  // ---- sending ----

  /**
   * Sends {@code first}, and what follows it while sends complete within their call (no recursion).
   */
  private void write(Item first) {
    Item item = first;
    while (item != null) {
      synchronized (lock) {
        sendingThread = Thread.currentThread();
        completedInline = false;
      }
      try {
        wire.sendText(item.text(), this::sent);
      } catch (RuntimeException closedUnderUs) {
        // IllegalStateException: the session closed between the check and the send.
        synchronized (lock) {
          sendingThread = null;
        }
        abort(Closes.writeFailed(), null);
        return;
      }
      Next next;
      synchronized (lock) {
        sendingThread = null;
        if (!completedInline) {
          return; // sent() carries on, on the thread that completes it
        }
        next = nextLocked();
      }
      if (next.close() != null) {
        end(next.close(), null);
        return;
      }
      item = next.send();
    }
  }

  /** The send in flight completed: within {@link Wire#sendText}, or later on a container thread. */
  private void sent(SendResult result) {
    if (!result.isOK()) {
      LOG.log(
          Level.DEBUG, "{0}: send failed: {1}", description, String.valueOf(result.getException()));
      abort(Closes.writeFailed(), null);
      return;
    }
    Next next;
    synchronized (lock) {
      if (sendingThread == Thread.currentThread()) {
        completedInline = true; // write() goes on from here, without growing the stack
        return;
      }
      next = nextLocked();
    }
    if (next.close() != null) {
      end(next.close(), null);
    } else if (next.send() != null) {
      write(next.send());
    }
  }

  /** The text in flight is written: what comes next. */
  private Next nextLocked() {
    if (inFlight != null) {
      queuedBytes -= inFlight.bytes();
      inFlight = null;
    }
    if (state == State.GONE) {
      return Next.NOTHING;
    }
    Item item = waiting.pollFirst();
    if (item != null) {
      startLocked(item);
      return new Next(item, null);
    }
    return state == State.DRAINING ? new Next(null, closeWhenDrained) : Next.NOTHING;
  }

  private void startLocked(Item item) {
    inFlight = item;
    inFlightSinceMillis = clock.millis();
  }

  /** Why one more text of {@code bytes} passes a bound now, or null. */
  private String overflowLocked(long bytes) {
    int count = waiting.size() + (inFlight == null ? 0 : 1);
    if (count >= bounds.maxMessages()) {
      return bounds.maxMessages() + " messages queued";
    }
    long total = queuedBytes + bytes;
    // One text alone never counts as too slow, whatever its size: the peer gets a chance.
    if (total <= bounds.maxBytes() || count == 0) {
      return null;
    }
    Duration grace = bounds.stallGrace();
    if (grace.isZero()) {
      return total + " bytes queued";
    }
    boolean stalled = inFlight != null && clock.millis() - inFlightSinceMillis > grace.toMillis();
    return stalled ? total + " bytes queued, no send finished for " + grace : null;
  }

  // ---- ending ----

  /**
   * Enters GONE once: drops what waits, writes {@code closeFrame} unless null, tells the listeners.
   */
  private void end(CloseReason closeFrame, String why) {
    List<Runnable> listeners;
    synchronized (lock) {
      if (state == State.GONE) {
        return;
      }
      state = State.GONE;
      waiting.clear();
      listeners = List.copyOf(goneListeners);
      goneListeners.clear();
    }
    if (why != null) {
      LOG.log(Level.INFO, "{0}: {1}, closing", description, why);
    }
    if (closeFrame != null) {
      writeClose(closeFrame);
    }
    for (Runnable listener : listeners) {
      listener.run();
    }
  }

  private void writeClose(CloseReason reason) {
    Runnable close =
        () -> {
          try {
            wire.close(reason);
          } catch (IOException | IllegalStateException alreadyClosed) {
            // The session is closed or closing: what this close was for has happened.
            LOG.log(Level.DEBUG, "{0}: close: {1}", description, alreadyClosed.toString());
          }
        };
    try {
      closer.execute(close);
    } catch (RejectedExecutionException stopped) {
      close.run(); // the endpoints are stopping, on a thread of the host's: it may wait
    }
  }

  /** Bytes of {@code text} in UTF-8, without encoding it. */
  static long utf8Length(String text) {
    long bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  @Override
  public String toString() {
    return description;
  }
}
