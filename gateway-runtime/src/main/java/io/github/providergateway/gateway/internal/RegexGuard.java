package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.RegexSteps;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Runs provider regexes under three limits of work, counted in steps (characters of the text read
 * by the regex engine: {@link RegexSteps}; spec: Regex execution safety; design brief, decision 8;
 * docs/decisions, decisions 22 and 38):
 *
 * <ul>
 *   <li>each match attempt {@code Limits.regexStepsPerMatch} (the spec's 1 ms);
 *   <li>all the rules one message runs together a {@link Spend} ({@code
 *       Limits.regexStepsPerMessage}): a push through its stream's filter, one {@code onPreToolUse}
 *       evaluation;
 *   <li>all the rules of one provider an {@link Allowance} per second ({@code
 *       Limits.regexStepsPerProviderSecond}), whoever's message runs them, with a burst of {@link
 *       #BURST_SECONDS} seconds' worth.
 * </ul>
 *
 * A rule that would run with nothing left of either is not run at all and reports {@link
 * Result#OUT_OF_STEPS}, so the caller fails safe exactly as for a match its budget cut off. Without
 * the last two, 20,000 catastrophic filter rules held the loop 20 s per push.
 *
 * <p>Work, not time: the answer for a pattern and a text is the same on any machine, under any
 * load, with the regex code compiled by the JIT or not (issue 32, finding 9: a clock deadline
 * denied 64 KiB file writes whenever a build ran beside the gateway). Only the allowance's refill
 * reads a clock, the gateway's own (injected): it is a rate limit, ten whole matches a second for
 * one provider, which ordinary rules are far below (a scan of a 64 KiB write takes 10,000 to
 * 200,000 steps of the 2,621,440); only a provider whose rules work that hard, in a burst that a
 * stalled loop delivers at once, could see it bind sooner on a busy machine (decision 38). A
 * pattern whose work the count cannot see is refused at registration ({@link RegexSteps#refusal}),
 * and structure the engine passes without reading is charged per read.
 *
 * <p>Some patterns make {@code java.util.regex} recurse once or more per character; how deep a
 * thread's stack lets it go depends on the thread and on whether the JIT has compiled the regex
 * code (the same pattern overflowed at 1,552 characters cold and 4,384 warm on one 1 MiB stack), so
 * a match that overflows the caller's stack runs again on {@link DeepStack}'s thread, where such
 * patterns over the 64 KiB a match may see fit in any JIT state. Loop only.
 */
final class RegexGuard {

  /** How a guarded match ended. */
  enum Result {
    MATCHED,
    NOT_MATCHED,
    /** Stopped by a budget, or not run for want of steps: the caller fails safe. */
    OUT_OF_STEPS
  }

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final long perMatch;
  private final long perMessage;
  private final long perSecond;
  private final Supplier<Instant> now;
  private final CompiledPatterns compiled = new CompiledPatterns();

  /**
   * A guard with the budgets of {@code limits}; {@code now} is the gateway's clock, read only to
   * refill providers' allowances.
   */
  RegexGuard(Limits limits, Supplier<Instant> now) {
    this.perMatch = limits.regex().regexStepsPerMatch();
    this.perMessage = limits.regex().regexStepsPerMessage();
    this.perSecond = limits.regex().regexStepsPerProviderSecond();
    this.now = now;
  }

  /** The steps one message's rules may spend together: a new one per message. */
  Spend spend() {
    return new Spend(perMessage);
  }

  /** A provider's allowance per second, full to begin with. */
  Allowance allowance() {
    return new Allowance(perSecond, now.get());
  }

  /**
   * Whether {@code regex} is found anywhere in {@code text}, within the match's budget and what is
   * left of {@code spend} and {@code owner}'s allowance; the steps it took are charged to both.
   */
  Result find(String regex, String text, Spend spend, Allowance owner) {
    if (spend.left <= 0) {
      return Result.OUT_OF_STEPS; // the rest of a long list costs nothing
    }
    long available = Math.min(perMatch, Math.min(spend.left, owner.available(now.get())));
    if (available <= 0) {
      return Result.OUT_OF_STEPS;
    }
    RegexSteps.Outcome outcome = run(compiled.get(regex), text, available);
    spend.left -= outcome.steps();
    owner.charge(outcome.steps());
    return switch (outcome.result()) {
      case MATCHED -> Result.MATCHED;
      case NOT_MATCHED -> Result.NOT_MATCHED;
      case OUT_OF_STEPS -> Result.OUT_OF_STEPS;
    };
  }

  private static RegexSteps.Outcome run(RegexSteps.Guarded pattern, String text, long maxSteps) {
    try {
      return RegexSteps.find(pattern, text, maxSteps);
    } catch (StackOverflowError tooDeepHere) {
      return onDeepStack(pattern, text, maxSteps);
    }
  }

  /**
   * The match again, on a thread whose stack does not depend on who called or on the JIT. The loop
   * waits for it as it waits for any match. The work done before the overflow is done again and not
   * charged (what it read is unknown, and depends on the JIT): at most twice a match's work, in a
   * case that only deep recursion reaches. Overflowing even that stack fails safe.
   */
  private static RegexSteps.Outcome onDeepStack(
      RegexSteps.Guarded pattern, String text, long maxSteps) {
    RegexSteps.Outcome outOfSteps =
        new RegexSteps.Outcome(RegexSteps.Result.OUT_OF_STEPS, maxSteps);
    return DeepStack.SHARED.run(
        () -> {
          try {
            return RegexSteps.find(pattern, text, maxSteps);
          } catch (StackOverflowError tooDeepEvenHere) {
            return outOfSteps;
          }
        },
        outOfSteps);
  }

  /** What is left of one message's regex steps. */
  static final class Spend {
    private long left;

    private Spend(long left) {
      this.left = left;
    }
  }

  /**
   * How many seconds of allowance a provider's bucket holds: an agent's parallel tool calls (40
   * writes of 16 KiB through two credential rules, about 120,000 steps each, 4.8 million in all:
   * issue 47) arrive at once, and a bucket of one second's 2.6 million denied half of them for want
   * of steps. Four seconds' worth holds 87 such calls; the rate stays a second's worth a second
   * (docs/security.md, "Loop time").
   */
  static final int BURST_SECONDS = 4;

  /**
   * One provider's regex steps: a bucket holding at most {@link #BURST_SECONDS} seconds' allowance,
   * refilled at the allowance per second of the gateway's clock, so a burst can use at most that
   * much and a steady stream of messages at most the allowance per second.
   */
  static final class Allowance {
    private final long perSecond;
    private final long capacity;
    private long steps;
    private Instant refilledAt;

    private Allowance(long perSecond, Instant now) {
      this.perSecond = perSecond;
      this.capacity = perSecond * BURST_SECONDS;
      this.steps = capacity;
      this.refilledAt = now;
    }

    long available(Instant now) {
      Duration elapsed = Duration.between(refilledAt, now);
      if (elapsed.isNegative()) {
        return steps; // the clock went back: no refill, and none lost
      }
      if (elapsed.compareTo(Duration.ofSeconds(BURST_SECONDS)) >= 0) {
        refilledAt = now;
        steps = capacity;
        return steps;
      }
      // Below the burst's seconds, nanoseconds times an int allowance stay far below
      // Long.MAX_VALUE. Only the time the whole steps refilled stands for is used up: the rest
      // carries to the next refill.
      long refill = elapsed.toNanos() * perSecond / NANOS_PER_SECOND;
      refilledAt = refilledAt.plusNanos(refill * NANOS_PER_SECOND / perSecond);
      steps = Math.min(capacity, steps + refill);
      return steps;
    }

    void charge(long used) {
      steps -= used;
    }
  }
}
