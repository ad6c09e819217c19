package io.github.providergateway.gateway.internal;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * Runs provider regexes under a deadline per match attempt (spec: Regex execution safety;
 * architecture, decision 8). {@code java.util.regex} has no timeout, so the text is wrapped in a
 * {@link CharSequence} that fails once the deadline has passed; catastrophic backtracking reads
 * the text over and over, so it is cut off within about the deadline.
 *
 * <p>This guards CPU time, not protocol time, so it reads a monotonic nanosecond counter (injected,
 * so tests can make any match run out of time) rather than the gateway clock. Loop only.
 */
final class RegexGuard {

  /** How a guarded match ended. */
  enum Result {
    MATCHED,
    NOT_MATCHED,
    /** Stopped by the deadline: the caller decides what that means (fail safe). */
    TIMED_OUT
  }

  private static final int CHECK_EVERY = 256;
  private static final int CACHE_SIZE = 512;

  private final long deadlineNanos;
  private final LongSupplier nanoTime;
  /** Compiled patterns by source, least recently used evicted. */
  private final Map<String, Pattern> cache =
      new LinkedHashMap<>(64, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Pattern> eldest) {
          return size() > CACHE_SIZE;
        }
      };

  RegexGuard(Duration deadline, LongSupplier nanoTime) {
    this.deadlineNanos = deadline.toNanos();
    this.nanoTime = nanoTime;
  }

  /** Whether {@code regex} is found anywhere in {@code text}, within the deadline. */
  Result find(String regex, String text) {
    Pattern pattern = cache.computeIfAbsent(regex, Pattern::compile);
    Deadlined input = new Deadlined(text, nanoTime.getAsLong() + deadlineNanos, nanoTime);
    try {
      return pattern.matcher(input).find() ? Result.MATCHED : Result.NOT_MATCHED;
    } catch (Deadlined.TimeUp timeUp) {
      return Result.TIMED_OUT;
    } catch (StackOverflowError deepRecursion) {
      // Some patterns recurse per character; on long text they exhaust the stack before the
      // deadline. Same outcome: the match could not finish.
      return Result.TIMED_OUT;
    }
  }

  /** Text that stops being readable once a deadline passes. */
  private static final class Deadlined implements CharSequence {
    private final String text;
    private final long deadline;
    private final LongSupplier nanoTime;
    private int reads;

    Deadlined(String text, long deadline, LongSupplier nanoTime) {
      this.text = text;
      this.deadline = deadline;
      this.nanoTime = nanoTime;
    }

    @Override
    public char charAt(int index) {
      if (++reads % CHECK_EVERY == 0 && nanoTime.getAsLong() - deadline > 0) {
        throw new TimeUp();
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return text.subSequence(start, end);
    }

    @Override
    public String toString() {
      return text;
    }

    /** The deadline passed. Stackless: it is control flow. */
    static final class TimeUp extends RuntimeException {
      private static final long serialVersionUID = 1L;

      TimeUp() {
        super(null, null, false, false);
      }
    }
  }
}
