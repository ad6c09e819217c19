package io.github.providergateway.app.run;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The parts of something being started, closed in the reverse order of their start: a part is added
 * once it runs, and a close (after a failed start, or at the stop) closes the last one first, so
 * each part outlives every part that was started on it.
 *
 * <p>Each part is closed even when one before it failed (a bug, or a class that no longer loads
 * because the jar was rewritten under the JVM); the first failure is thrown once all are closed,
 * the others suppressed in it. Each part is closed once: a second close finds nothing left.
 */
final class ReverseCloser {

  private final Deque<Runnable> closes = new ArrayDeque<>();

  /**
   * Adds a part that now runs: {@code close} closes it, before every part added earlier.
   *
   * @param close what closes the part
   */
  synchronized void add(Runnable close) {
    closes.push(close);
  }

  /**
   * Adds {@code part}, which now runs, closed by {@code close}; for a part made in an expression.
   *
   * @param part the part
   * @param close what closes it
   * @return {@code part}
   */
  <T> T add(T part, Runnable close) {
    add(close);
    return part;
  }

  /**
   * Closes every part added, the last first.
   *
   * @throws RuntimeException the first failure of a part's close
   * @throws LinkageError the first failure of a part's close
   */
  void close() {
    Throwable first = null;
    for (Runnable close = next(); close != null; close = next()) {
      try {
        close.run();
      } catch (RuntimeException | LinkageError e) {
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first instanceof RuntimeException runtime) {
      throw runtime;
    } else if (first instanceof LinkageError linkage) {
      throw linkage;
    }
  }

  /**
   * Closes every part added after a start failed with {@code failure}, which keeps what went wrong
   * in closing as suppressed.
   *
   * @param failure why the start failed
   */
  void closeAfter(Throwable failure) {
    try {
      close();
    } catch (RuntimeException | LinkageError e) {
      failure.addSuppressed(e);
    }
  }

  private synchronized Runnable next() {
    return closes.poll();
  }
}
