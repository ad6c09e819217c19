package io.github.providergateway.transport.stdio;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * A child's stdin: lines queued by any thread, written in order by one thread of its own, which
 * alone touches the stream (a pipe the child does not read blocks its writer, never the caller).
 * The queue is bounded: past {@code maxLines} lines, or past {@code maxBytes} in more than one
 * line, a line is refused {@link ChildProcess.Write#QUEUE_FULL}. One line alone is never refused
 * for its size.
 *
 * <p>Lifecycle: open; {@link #closeAfterQueued} writes what waits, then closes the stream (the
 * child's end of input); {@link #abort} drops what waits. A write that fails (the child closed its
 * stdin or died) drops what waits and tells {@code broken}. After any of these, lines are refused
 * {@link ChildProcess.Write#INPUT_CLOSED}.
 */
final class LineWriter {

  private final OutputStream out;
  private final int maxLines;
  private final long maxBytes;
  private final Consumer<IOException> broken;

  /** Lines waiting to be written, encoded. Guarded by this. */
  private final ArrayDeque<byte[]> queue = new ArrayDeque<>();

  /** The bytes in {@link #queue}. Guarded by this. */
  private long queuedBytes;

  /**
   * No line is accepted any more; the writer closes the stream once the queue is written. Guarded
   * by this.
   */
  private boolean closeAsked;

  /** The writer is done: nothing more is written. Guarded by this. */
  private boolean done;

  LineWriter(
      String threadName,
      OutputStream out,
      int maxLines,
      long maxBytes,
      Consumer<IOException> broken) {
    this.out = out;
    this.maxLines = maxLines;
    this.maxBytes = maxBytes;
    this.broken = broken;
    DaemonThreads.start(threadName, this::run);
  }

  synchronized ChildProcess.Write offer(String line) {
    if (closeAsked || done) {
      return ChildProcess.Write.INPUT_CLOSED;
    }
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    if (queue.size() >= maxLines || (!queue.isEmpty() && queuedBytes + bytes.length > maxBytes)) {
      return ChildProcess.Write.QUEUE_FULL;
    }
    queue.addLast(bytes);
    queuedBytes += bytes.length;
    notifyAll();
    return ChildProcess.Write.QUEUED;
  }

  /** {@return how many lines wait, and their bytes, for a log line} */
  synchronized String backlog() {
    return queue.size() + " lines, " + queuedBytes + " bytes";
  }

  synchronized void closeAfterQueued() {
    closeAsked = true;
    notifyAll();
  }

  synchronized void abort() {
    closeAsked = true;
    done = true;
    queue.clear();
    queuedBytes = 0;
    notifyAll();
  }

  private void run() {
    try {
      byte[] line;
      while ((line = take()) != null) {
        out.write(line);
        out.write('\n');
        if (isIdle()) {
          out.flush();
        }
      }
      if (finish()) {
        out.close(); // the child's end of input
      }
    } catch (IOException e) {
      abort();
      broken.accept(e);
    } catch (InterruptedException e) {
      abort();
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The next line, waiting for one; null once closing was asked and the queue is written, or
   * aborted.
   */
  private synchronized byte[] take() throws InterruptedException {
    while (queue.isEmpty() && !closeAsked && !done) {
      wait();
    }
    if (done || queue.isEmpty()) {
      return null;
    }
    byte[] line = queue.pollFirst();
    queuedBytes -= line.length;
    return line;
  }

  private synchronized boolean isIdle() {
    return queue.isEmpty();
  }

  /** Marks the writer done; {@return whether it ended by closing (not by an abort)} */
  private synchronized boolean finish() {
    boolean closing = !done;
    done = true;
    return closing;
  }
}
