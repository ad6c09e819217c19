package io.github.providergateway.transport.ws.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;

/**
 * The writes a thread starts while it handles one read, held back until the read is handled, so
 * that each connection written to gets one write for all its messages rather than one each. A
 * read of a provider's socket often carries several results; the gateway answers each at once,
 * and the host behind it sends the next calls at once, on this same thread (docs/performance.md):
 * one system call for the lot instead of one per call, on both ends of the socket.
 *
 * <p>Only the thread that opened a batch defers to it, and only a sender that was idle (nothing
 * queued or in flight) defers its pump: it stays claimed, so the sender's later messages, from
 * this thread or another, queue behind and go out in the same write when the batch closes.
 */
final class WriteBatch {

  private static final System.Logger LOG = System.getLogger(WriteBatch.class.getName());

  /** This thread's batch, open or not: one per I/O thread, used read after read. */
  private static final ThreadLocal<WriteBatch> THREADS = ThreadLocal.withInitial(WriteBatch::new);

  /** Whether a read is being handled: pumps wait for its end. */
  private boolean open;
  /** The pumps to run when the batch closes, in the order they were deferred. */
  private final List<Runnable> pumps = new ArrayList<>();

  private WriteBatch() {}

  /**
   * Runs {@code read} with a batch open on this thread, then runs what it deferred, even if the
   * read failed. Nested: an inner call runs within the outer batch.
   */
  static void around(Runnable read) {
    WriteBatch batch = THREADS.get();
    if (batch.open) {
      read.run();
      return;
    }
    batch.open = true;
    try {
      read.run();
    } finally {
      batch.open = false;
      batch.runPumps();
    }
  }

  /**
   * Defers {@code pump} to the end of this thread's batch.
   *
   * @return false when no batch is open on this thread: the caller runs it now
   */
  static boolean defer(Runnable pump) {
    WriteBatch batch = THREADS.get();
    if (!batch.open) {
      return false;
    }
    batch.pumps.add(pump);
    return true;
  }

  private void runPumps() {
    if (pumps.isEmpty()) {
      return;
    }
    List<Runnable> due = List.copyOf(pumps);
    pumps.clear();
    for (Runnable pump : due) {
      try {
        pump.run();
      } catch (RuntimeException e) {
        // A pump handles its own connection's failures; one that escapes must not keep the
        // other connections of this batch from their writes.
        LOG.log(Level.ERROR, "a deferred write failed", e);
      }
    }
  }
}
