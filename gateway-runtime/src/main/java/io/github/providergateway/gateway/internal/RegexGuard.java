package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.Limits;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * Runs provider regexes under three limits of CPU time (spec: Regex execution safety; design
 * brief, decision 8; docs/architecture.md, decision 22):
 *
 * <ul>
 *   <li>each match attempt its deadline ({@code Limits.regexDeadline}, 1 ms);
 *   <li>all the rules one message runs together a {@link Spend} ({@code Limits.regexBudget},
 *       5 ms): a push through its stream's filter, one {@code onPreToolUse} evaluation;
 *   <li>all the rules of one provider an {@link Allowance} per second ({@code
 *       Limits.regexBudgetPerSecond}, 10 ms), whoever's message runs them.
 * </ul>
 *
 * A rule that would run with nothing left of either is not run at all and reports {@link
 * Result#TIMED_OUT}, so the caller fails safe exactly as for a match cut off by its deadline.
 * Without the last two, 20,000 catastrophic filter rules held the loop 20 s per push.
 *
 * <p>{@code java.util.regex} has no timeout, so the text is wrapped in a {@link CharSequence} that
 * fails once the deadline has passed; catastrophic backtracking reads the text over and over, so
 * it is cut off within about the deadline.
 *
 * <p>This guards CPU time, not protocol time, so it reads a monotonic nanosecond counter (injected,
 * so tests can make any match run out of time) rather than the gateway clock. Loop only.
 */
final class RegexGuard {

  /** How a guarded match ended. */
  enum Result {
    MATCHED,
    NOT_MATCHED,
    /** Stopped by a deadline, or not run for want of time: the caller fails safe. */
    TIMED_OUT
  }

  private static final int CHECK_EVERY = 256;
  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final long deadlineNanos;
  private final long perMessageNanos;
  private final long perSecondNanos;
  private final LongSupplier nanoTime;
  private final CompiledPatterns compiled = new CompiledPatterns();

  RegexGuard(Limits limits, LongSupplier nanoTime) {
    this.deadlineNanos = limits.regexDeadline().toNanos();
    this.perMessageNanos = limits.regexBudget().toNanos();
    this.perSecondNanos = limits.regexBudgetPerSecond().toNanos();
    this.nanoTime = nanoTime;
  }

  /** The time one message's rules may spend together: a new one per message. */
  Spend spend() {
    return new Spend(perMessageNanos);
  }

  /** A provider's allowance per second, full to begin with. */
  Allowance allowance() {
    return new Allowance(perSecondNanos, nanoTime.getAsLong());
  }

  /**
   * Whether {@code regex} is found anywhere in {@code text}, within the deadline and what is left
   * of {@code spend} and {@code owner}'s allowance; the time it took is charged to both.
   */
  Result find(String regex, String text, Spend spend, Allowance owner) {
    if (spend.leftNanos <= 0) {
      return Result.TIMED_OUT; // without reading the clock: the rest of a long list costs nothing
    }
    long start = nanoTime.getAsLong();
    long available = Math.min(deadlineNanos, Math.min(spend.leftNanos, owner.available(start)));
    if (available <= 0) {
      return Result.TIMED_OUT;
    }
    Pattern pattern = compiled.get(regex);
    Deadlined input = new Deadlined(text, start + available, nanoTime);
    try {
      return pattern.matcher(input).find() ? Result.MATCHED : Result.NOT_MATCHED;
    } catch (Deadlined.TimeUp timeUp) {
      return Result.TIMED_OUT;
    } catch (StackOverflowError deepRecursion) {
      // Some patterns recurse per character; on long text they exhaust the stack before the
      // deadline. Same outcome: the match could not finish.
      return Result.TIMED_OUT;
    } finally {
      long spent = Math.max(0, nanoTime.getAsLong() - start);
      spend.leftNanos -= spent;
      owner.charge(spent);
    }
  }

  /** What is left of one message's regex time. */
  static final class Spend {
    private long leftNanos;

    private Spend(long leftNanos) {
      this.leftNanos = leftNanos;
    }
  }

  /**
   * One provider's regex time: a bucket holding at most a second's allowance, refilled at that
   * allowance per second, so a burst can use at most one second's worth and a steady stream of
   * messages at most the allowance per second.
   */
  static final class Allowance {
    private final long perSecondNanos;
    private long tokens;
    private long refilledAt;

    private Allowance(long perSecondNanos, long now) {
      this.perSecondNanos = perSecondNanos;
      this.tokens = perSecondNanos;
      this.refilledAt = now;
    }

    long available(long now) {
      long elapsed = Math.max(0, now - refilledAt);
      refilledAt = now;
      // elapsed * perSecond / 1 s without overflow for any realistic elapsed time.
      long refill = elapsed >= NANOS_PER_SECOND
          ? perSecondNanos
          : Math.multiplyHigh(elapsed, perSecondNanos) == 0
              ? elapsed * perSecondNanos / NANOS_PER_SECOND
              : perSecondNanos;
      tokens = Math.min(perSecondNanos, tokens + refill);
      return tokens;
    }

    void charge(long nanos) {
      tokens -= nanos;
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
