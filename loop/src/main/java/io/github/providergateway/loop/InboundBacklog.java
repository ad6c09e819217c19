package io.github.providergateway.loop;

import static java.util.Objects.requireNonNull;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Received text that waits for a loop, bounded per connection and over all connections by
 * suspending reads (architecture, "Bounded inbound"; decision 54). A peer can send faster than the
 * loop handles its messages — a flood, or a loop kept busy by others — and without a bound the
 * waiting messages would grow until the heap is gone. The gateway keeps one for its providers and
 * one for its hosts.
 *
 * <p>Two things are counted, since both cost memory: the chars waiting, and the messages waiting
 * (each is a task in the loop's queue, so a flood of tiny messages costs far more than its chars).
 * Past a connection's own limit of either, or when all connections together pass the total of
 * either, that connection's carrier is told to stop reading ({@code suspendReading}); TCP (or a
 * pipe) then holds the peer back. Reading resumes once the loop has brought the connection and the
 * whole below half of every limit. A message alone never counts as past a chars limit, whatever its
 * size: an idle loop takes it at once.
 *
 * <p>The hard bound: a carrier told to stop may still deliver what it had already read (the rest of
 * one read buffer, the line being read). One that delivers more than a connection's own limit again
 * (in chars, beyond a single message, or in messages) while suspended is not holding its peer back:
 * {@link Share#added} refuses that message and every later one, and its caller closes the
 * connection. So one connection never has more than twice its own limits waiting, plus two messages
 * (the one that passed the limit, and one alone larger than it).
 *
 * <p>This is the boundary between carrier threads and the loop, like the loop ({@link
 * SerialExecutor}) itself, so it is thread-safe rather than loop-confined: carriers add from their
 * threads, the loop takes away.
 */
public final class InboundBacklog {

  /**
   * The messages all connections of one kind may have waiting, by default: 16,384. Each waiting
   * message costs its text and a queued task (under 128 bytes beside the text), so this holds the
   * tasks to about 2 MiB however small the messages are.
   */
  public static final long DEFAULT_TOTAL_MESSAGES = 16_384;

  /**
   * The messages one connection may have waiting, by default: 4,096, forty times an agent's burst
   * of a hundred parallel calls.
   */
  public static final long DEFAULT_PER_CONNECTION_MESSAGES = 4_096;

  private final long totalChars;
  private final long perConnectionChars;
  private final long totalMessages;
  private final long perConnectionMessages;

  /** Chars waiting over all connections. */
  private final AtomicLong chars = new AtomicLong();

  /** Messages waiting over all connections. */
  private final AtomicLong messages = new AtomicLong();

  /** The most chars that ever waited at once over all connections. */
  private final AtomicLong highWaterMark = new AtomicLong();

  /** Connections whose reading is suspended now. */
  private final Set<Share> suspended = ConcurrentHashMap.newKeySet();

  /**
   * A backlog with these limits; each must be positive.
   *
   * @param totalChars the chars all connections together may have waiting
   * @param perConnectionChars the chars one connection may have waiting
   * @param totalMessages the messages all connections together may have waiting
   * @param perConnectionMessages the messages one connection may have waiting
   */
  public InboundBacklog(
      long totalChars, long perConnectionChars, long totalMessages, long perConnectionMessages) {
    this.totalChars = positive(totalChars, "totalChars");
    this.perConnectionChars = positive(perConnectionChars, "perConnectionChars");
    this.totalMessages = positive(totalMessages, "totalMessages");
    this.perConnectionMessages = positive(perConnectionMessages, "perConnectionMessages");
  }

  private static long positive(long limit, String name) {
    if (limit <= 0) {
      throw new IllegalArgumentException(name + " must be positive, was " + limit);
    }
    return limit;
  }

  /**
   * One connection's part of the backlog.
   *
   * @param suspendReading tells the carrier to stop reading from the peer; must not block
   * @param resumeReading tells it to read again; must not block
   * @return the connection's share, empty
   */
  public Share share(Runnable suspendReading, Runnable resumeReading) {
    return new Share(
        requireNonNull(suspendReading, "suspendReading"),
        requireNonNull(resumeReading, "resumeReading"));
  }

  /** {@return the chars waiting now over all connections} */
  public long total() {
    return chars.get();
  }

  /** {@return the messages waiting now over all connections} */
  public long totalMessages() {
    return messages.get();
  }

  /** {@return the most chars that ever waited at once over all connections} */
  public long highWaterMark() {
    return highWaterMark.get();
  }

  /** One connection's waiting text, and whether its reading is suspended. Thread-safe. */
  public final class Share {
    private final Runnable suspendReading;
    private final Runnable resumeReading;
    private final AtomicLong waitingChars = new AtomicLong();
    private final AtomicLong waitingMessages = new AtomicLong();

    /** Whether reading is suspended; changed, with the carrier call, under this object's lock. */
    private boolean readingSuspended;

    /** Chars delivered since reading was last suspended. Guarded by this. */
    private long charsWhileSuspended;

    /** Messages delivered since reading was last suspended. Guarded by this. */
    private long messagesWhileSuspended;

    /** Whether it passed the hard bound; then nothing more is taken. Guarded by this. */
    private boolean overflowed;

    private Share(Runnable suspendReading, Runnable resumeReading) {
      this.suspendReading = suspendReading;
      this.resumeReading = resumeReading;
    }

    /**
     * One message of {@code chars} more waits for the loop: suspends reading when a limit is
     * passed. Any thread.
     *
     * @param chars the message's length
     * @return {@code false} when the connection passed the hard bound (see {@link InboundBacklog}):
     *     the message was not counted, must not be queued, and the connection must be closed; every
     *     later call returns {@code false} too
     */
    public boolean added(long chars) {
      synchronized (this) {
        if (overflowed) {
          return false;
        }
        if (readingSuspended) {
          charsWhileSuspended += chars;
          messagesWhileSuspended++;
          if ((charsWhileSuspended > perConnectionChars && charsWhileSuspended > chars)
              || messagesWhileSuspended > perConnectionMessages) {
            overflowed = true;
            suspended.remove(this);
            return false;
          }
        }
      }
      long mine = waitingChars.addAndGet(chars);
      long all = InboundBacklog.this.chars.addAndGet(chars);
      highWaterMark.accumulateAndGet(all, Math::max);
      long myMessages = waitingMessages.incrementAndGet();
      long allMessages = messages.incrementAndGet();
      if ((mine > perConnectionChars && mine > chars)
          || (all > totalChars && all > chars)
          || myMessages > perConnectionMessages
          || allMessages > totalMessages) {
        synchronized (this) {
          if (!readingSuspended && !overflowed) {
            readingSuspended = true;
            charsWhileSuspended = 0;
            messagesWhileSuspended = 0;
            suspended.add(this);
            suspendReading.run();
          }
          // The loop may have drained everything while this thread was on its way here, and then
          // no later removal would look at this connection again: check once more.
          resumeIfDrained();
        }
      }
      return true;
    }

    /**
     * One message of {@code chars} no longer waits (the loop took it, or it was never queued):
     * resumes reading where both this connection and the whole are below half their limits again.
     * Any thread; the loop, normally.
     *
     * @param chars the message's length, as it was added
     */
    public void removed(long chars) {
      waitingChars.addAndGet(-chars);
      waitingMessages.decrementAndGet();
      InboundBacklog.this.chars.addAndGet(-chars);
      messages.decrementAndGet();
      if (suspended.isEmpty()) {
        return;
      }
      for (Share share : suspended) {
        share.resumeIfDrained();
      }
    }

    private void resumeIfDrained() {
      synchronized (this) {
        if (readingSuspended
            && !overflowed
            && waitingChars.get() <= perConnectionChars / 2
            && waitingMessages.get() <= perConnectionMessages / 2
            && InboundBacklog.this.chars.get() <= totalChars / 2
            && messages.get() <= totalMessages / 2) {
          readingSuspended = false;
          suspended.remove(this);
          resumeReading.run();
        }
      }
    }

    /** {@return whether reading from this connection is suspended now} */
    public synchronized boolean readingSuspended() {
      return readingSuspended;
    }

    /** {@return the chars of this connection waiting now} */
    public long waiting() {
      return waitingChars.get();
    }

    /** {@return the messages of this connection waiting now} */
    public long waitingMessages() {
      return waitingMessages.get();
    }
  }
}
