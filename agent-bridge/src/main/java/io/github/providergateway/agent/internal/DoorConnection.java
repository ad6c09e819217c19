package io.github.providergateway.agent.internal;

import io.github.providergateway.loop.Scheduler;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connection a {@link UnixSocketDoor} accepted, as both home sockets hold it: its deadline (the
 * connection is closed when it passes), its share of the socket's budget of body bytes, and its one
 * end, which closes it, gives back what it held and its place at the door.
 *
 * <p>Thread-safe: its state is guarded by the object itself, which subclasses may use for theirs.
 */
public abstract class DoorConnection {

  private final SocketChannel channel;
  private final Runnable release;
  private final Scheduler scheduler;
  private final Duration deadlineSpan;
  private final AtomicLong budget;
  private final long mostHeld;

  /** Guarded by this. */
  private boolean done;

  private boolean finished;
  private long chargedBytes;
  private Scheduler.Cancellable deadline;

  /**
   * A connection.
   *
   * @param channel the connection
   * @param release gives its place at the door back ({@link UnixSocketDoor.Connection#serve})
   * @param scheduler times its deadline
   * @param deadlineSpan how long each {@link #startDeadline} gives it
   * @param budget the body bytes the socket's connections hold now, shared
   * @param mostHeld the most body bytes they may hold
   */
  protected DoorConnection(
      SocketChannel channel,
      Runnable release,
      Scheduler scheduler,
      Duration deadlineSpan,
      AtomicLong budget,
      long mostHeld) {
    this.channel = channel;
    this.release = release;
    this.scheduler = scheduler;
    this.deadlineSpan = deadlineSpan;
    this.budget = budget;
    this.mostHeld = mostHeld;
  }

  /** {@return the connection} */
  public final SocketChannel channel() {
    return channel;
  }

  /** Closes the connection when it has not stopped the deadline within its span from now. */
  public final synchronized void startDeadline() {
    if (!done) {
      deadline = scheduler.schedule(deadlineSpan, this::finish);
    }
  }

  /** Stops the deadline {@link #startDeadline} started, if any. */
  public final synchronized void stopDeadline() {
    if (deadline != null) {
      deadline.cancel();
      deadline = null;
    }
  }

  /**
   * Charges {@code bytes} of body to the socket's budget.
   *
   * @param bytes the body's length
   * @return false, charging nothing, when they do not fit or the connection is done
   */
  public final synchronized boolean charge(long bytes) {
    if (done) {
      return false;
    }
    if (budget.addAndGet(bytes) > mostHeld) {
      budget.addAndGet(-bytes);
      return false;
    }
    chargedBytes += bytes;
    return true;
  }

  /** Gives back to the budget what this connection charged. */
  public final synchronized void giveBack() {
    budget.addAndGet(-chargedBytes);
    chargedBytes = 0;
  }

  /** {@return whether the connection is done, or being finished} */
  public final synchronized boolean isDone() {
    return done;
  }

  /** Marks the connection done, so that it takes nothing more; {@link #finish} ends it. */
  protected final synchronized void markDone() {
    done = true;
  }

  /**
   * Closes the connection, gives back what it held and its place at the door, then runs {@link
   * #finished}; once, from any thread.
   */
  public final void finish() {
    synchronized (this) {
      if (finished) {
        return;
      }
      finished = true;
      done = true;
      stopDeadline();
      giveBack();
    }
    UnixSocketDoor.closeQuietly(channel);
    release.run();
    finished();
  }

  /** What the socket does once the connection is finished (forgets it, runs close actions). */
  protected abstract void finished();
}
