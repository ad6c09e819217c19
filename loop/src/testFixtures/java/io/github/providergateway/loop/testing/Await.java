package io.github.providergateway.loop.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * A bounded wait for something another thread or process does: a socket's effect, a file a child
 * writes, a pid that goes away. It polls, and fails with an {@link AssertionError} that names what
 * never happened and how long the test waited.
 *
 * <pre>{@code
 * Await.until(Duration.ofSeconds(10), () -> Files.exists(ready), () -> ready + " is written");
 * String line = Await.value(Duration.ofSeconds(10), () -> lastLine(log), () -> "a line in " + log);
 * }</pre>
 *
 * <p>Only for real threads and real processes. Time the gateway keeps (timeouts, windows, grace
 * periods) runs on {@link ManualClock}, which needs no waiting at all.
 *
 * <p>Lives with {@link ManualClock} so that the tests of every module can use it, including those
 * below the {@code testing} artifact.
 */
public final class Await {

  /** The first rest between two looks: what is nearly done is seen at once. */
  private static final long FIRST_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /**
   * The longest rest: short beside any limit, long beside a look's cost (some list processes or ask
   * another process), so that a slow wait leaves the cores to what it waits for.
   */
  private static final long LONGEST_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private Await() {}

  /** A condition that may read a file or a socket to decide. */
  @FunctionalInterface
  public interface Condition {
    /**
     * Whether what the test waits for has happened.
     *
     * @return true once it has
     * @throws Exception when looking fails; the wait fails with it as the cause
     */
    boolean holds() throws Exception;
  }

  /**
   * A look for a value that may not be there yet.
   *
   * @param <T> the value's type
   */
  @FunctionalInterface
  public interface Probe<T> {
    /**
     * The value, once there.
     *
     * @return the value, or null while it is not there yet
     * @throws Exception when looking fails; the wait fails with it as the cause
     */
    T find() throws Exception;
  }

  /**
   * Returns once {@code condition} holds.
   *
   * @param limit the longest to wait
   * @param condition looked at at once, then again after a rest that doubles from 1 ms to 50 ms
   * @param whatWeWaitedFor what should have happened, in words, read only when it did not
   * @throws AssertionError when {@code condition} still did not hold after {@code limit}, or when
   *     looking threw
   */
  public static void until(Duration limit, Condition condition, Supplier<String> whatWeWaitedFor) {
    value(limit, () -> condition.holds() ? Boolean.TRUE : null, whatWeWaitedFor);
  }

  /**
   * Returns the first non-null value {@code probe} finds.
   *
   * @param <T> the value's type
   * @param limit the longest to wait
   * @param probe looked at at once, then again after a rest that doubles from 1 ms to 50 ms
   * @param whatWeWaitedFor what should have turned up, in words, read only when it did not
   * @return what {@code probe} found
   * @throws AssertionError when {@code probe} found nothing within {@code limit}, or when looking
   *     threw
   */
  public static <T> T value(Duration limit, Probe<T> probe, Supplier<String> whatWeWaitedFor) {
    long deadline = System.nanoTime() + limit.toNanos();
    long pause = FIRST_PAUSE_NANOS;
    while (true) {
      T found;
      try {
        found = probe.find();
      } catch (Exception failed) {
        if (failed instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        throw new AssertionError(
            "while waiting for " + whatWeWaitedFor.get() + ": " + failed, failed);
      }
      if (found != null) {
        return found;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("not within " + limit + ": " + whatWeWaitedFor.get());
      }
      LockSupport.parkNanos(pause);
      pause = Math.min(2 * pause, LONGEST_PAUSE_NANOS);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting for " + whatWeWaitedFor.get());
      }
    }
  }
}
