package io.github.providergateway.app.cli;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Text written to a stream by a thread of its own, so that whoever produces it (the gateway loop
 * above all) never waits for the reader at the other end of a pipe. A host that stops reading its
 * stdout used to block the loop's next write, and with it every provider and host.
 *
 * <p>What may be dropped and what not: {@link #offer} text (timeline lines, log lines) is dropped
 * and counted once more than {@code maxQueuedChars} wait; once the writer has caught up, a notice
 * per drop key says how many were lost. {@link #put} text (replies to commands) is always queued;
 * it is bounded by its producer, which calls {@link #awaitRoom} before it takes more work (the
 * stdin reader reads no new command while the host is not reading its replies).
 *
 * <p>Thread-safe.
 */
public final class LineQueue {

  /** Where the lines go: called on the writer thread only. */
  public interface Sink {
    void write(String text) throws IOException;

    void flush() throws IOException;
  }

  private final Sink sink;
  private final long maxQueuedChars;

  /** The notice for {@code count} lines of one drop key lost, or null for none. */
  private final BiFunction<String, Long, String> droppedNotice;

  private final Thread writer;

  /** Guarded by this. */
  private final ArrayDeque<String> queued = new ArrayDeque<>();

  /** Guarded by this. */
  private final Map<String, Long> dropped = new LinkedHashMap<>();

  /** Guarded by this. */
  private long queuedChars;

  /** Whether a line is being written now. Guarded by this. */
  private boolean writing;

  /** No more lines are taken (the last was queued). Guarded by this. */
  private boolean finished;

  /** The sink failed: nobody reads any more. Guarded by this. */
  private boolean broken;

  public LineQueue(
      String threadName,
      long maxQueuedChars,
      Sink sink,
      BiFunction<String, Long, String> droppedNotice) {
    this.sink = sink;
    this.maxQueuedChars = maxQueuedChars;
    this.droppedNotice = droppedNotice;
    this.writer = DaemonThreads.start(threadName, this::writeLoop);
  }

  /**
   * Queues {@code text} unless more than the bound waits already; then it is dropped and counted
   * under {@code dropKey}. Never blocks.
   *
   * @return whether it was queued
   */
  public synchronized boolean offer(String text, String dropKey) {
    if (finished || broken) {
      return false;
    }
    if (queuedChars > maxQueuedChars) {
      dropped.merge(dropKey, 1L, Long::sum);
      return false;
    }
    enqueue(text);
    return true;
  }

  /** Queues {@code text} whatever waits already. Never blocks. */
  public synchronized boolean put(String text) {
    if (finished || broken) {
      return false;
    }
    enqueue(text);
    return true;
  }

  /** Queues {@code text} as the last; later text is refused. */
  public synchronized boolean putLast(String text) {
    boolean queuedIt = put(text);
    finished = true;
    notifyAll();
    return queuedIt;
  }

  /** Blocks while more than the bound waits to be written (and the sink still works). */
  public synchronized void awaitRoom() throws InterruptedException {
    while (queuedChars > maxQueuedChars && !broken) {
      wait();
    }
  }

  /** Waits up to {@code timeout} for everything queued to be written; whether it was. */
  public synchronized boolean drain(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while ((!queued.isEmpty() || writing) && !broken) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  /** Characters waiting to be written, for tests. */
  synchronized long queuedChars() {
    return queuedChars;
  }

  private void enqueue(String text) {
    queued.addLast(text);
    queuedChars += text.length();
    notifyAll();
  }

  private void writeLoop() {
    while (true) {
      String text;
      boolean last;
      synchronized (this) {
        writing = false;
        notifyAll();
        while (queued.isEmpty() && !finished) {
          addDroppedNotices();
          if (queued.isEmpty()) {
            try {
              wait();
            } catch (InterruptedException e) {
              return;
            }
          }
        }
        if (queued.isEmpty() || broken) {
          return; // finished and everything written
        }
        text = queued.pollFirst();
        queuedChars -= text.length();
        last = queued.isEmpty();
        writing = true;
        notifyAll(); // room may have freed
      }
      if (!writeOut(text, last)) {
        return;
      }
    }
  }

  /** Once the writer has caught up, one notice per key that lost lines. Holds this. */
  private void addDroppedNotices() {
    if (dropped.isEmpty() || finished) {
      return;
    }
    for (Map.Entry<String, Long> lost : dropped.entrySet()) {
      String notice = droppedNotice.apply(lost.getKey(), lost.getValue());
      if (notice != null) {
        enqueue(notice);
      }
    }
    dropped.clear();
  }

  private boolean writeOut(String text, boolean flush) {
    try {
      sink.write(text);
      if (flush) {
        sink.flush();
      }
      return true;
    } catch (IOException e) {
      synchronized (this) {
        broken = true; // nobody reads our output any more
        queued.clear();
        queuedChars = 0;
        writing = false;
        notifyAll();
      }
      return false;
    }
  }
}
