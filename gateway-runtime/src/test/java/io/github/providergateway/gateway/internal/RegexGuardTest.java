package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.RegexSteps;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The regex guard's arithmetic in steps (X-ENG-01): a match's budget, the steps one message may
 * spend and a provider's allowance per second (262,144, five and ten times that by default), on a
 * clock the test moves.
 */
class RegexGuardTest {

  private static final Limits LIMITS = Limits.defaults();
  private static final long PER_MATCH = LIMITS.regex().regexStepsPerMatch();
  private static final long PER_SECOND = LIMITS.regex().regexStepsPerProviderSecond();

  private Instant now = Instant.parse("2026-11-25T10:00:00Z");
  private final RegexGuard guard = new RegexGuard(LIMITS, () -> now);

  /** {@code (x+x+)+y} on 5,000 x's backtracks exponentially: it spends whatever it is given. */
  private static final String CATASTROPHIC = "(x+x+)+y";

  private static final String XS = "x".repeat(5_000);

  private static long cost(String regex, String text) {
    return RegexSteps.find(RegexSteps.compile(regex), text, Long.MAX_VALUE).steps();
  }

  @Test
  void aMatchFinishesWithExactlyTheStepsItNeedsAndIsStoppedOneShort() {
    String text = "a".repeat(300);
    long needed = cost("z", text);
    Limits exact = Limits.defaults().toBuilder().regexStepsPerMatch((int) needed).build();
    Limits oneShort = Limits.defaults().toBuilder().regexStepsPerMatch((int) needed - 1).build();

    RegexGuard.Result atTheBudget = find(new RegexGuard(exact, () -> now), "z", text);
    RegexGuard.Result pastIt = find(new RegexGuard(oneShort, () -> now), "z", text);

    assertThat(needed).as("each of the 300 characters read once").isEqualTo(300);
    assertThat(atTheBudget).isEqualTo(RegexGuard.Result.NOT_MATCHED);
    assertThat(pastIt).isEqualTo(RegexGuard.Result.OUT_OF_STEPS);
  }

  private static RegexGuard.Result find(RegexGuard guard, String regex, String text) {
    return guard.find(regex, text, guard.spend(), guard.allowance());
  }

  @Test
  void theSameMatchCostsTheSameStepsEveryTime() {
    String text = XS + "git push";
    List<RegexSteps.Outcome> outcomes =
        List.of(
            RegexSteps.find(RegexSteps.compile("x+x+git push"), text, PER_MATCH),
            RegexSteps.find(RegexSteps.compile("x+x+git push"), text, PER_MATCH),
            RegexSteps.find(RegexSteps.compile(CATASTROPHIC), XS, PER_MATCH),
            RegexSteps.find(RegexSteps.compile(CATASTROPHIC), XS, PER_MATCH));

    assertThat(outcomes.get(0).result()).isEqualTo(RegexSteps.Result.MATCHED);
    assertThat(outcomes.get(1)).isEqualTo(outcomes.get(0));
    assertThat(outcomes.get(2))
        .isEqualTo(new RegexSteps.Outcome(RegexSteps.Result.OUT_OF_STEPS, PER_MATCH));
    assertThat(outcomes.get(3)).isEqualTo(outcomes.get(2));
  }

  @Test
  void aMessageThatSpentItsStepsRunsNoMoreRules() {
    RegexGuard.Allowance allowance = guard.allowance();
    RegexGuard.Spend spend = guard.spend();
    for (int i = 0; i < 5; i++) {
      assertThat(guard.find(CATASTROPHIC, XS, spend, allowance))
          .isEqualTo(RegexGuard.Result.OUT_OF_STEPS);
    }

    RegexGuard.Result cheap = guard.find("x", XS, spend, allowance);

    assertThat(cheap)
        .as("found at the first character, but no step is left to read it")
        .isEqualTo(RegexGuard.Result.OUT_OF_STEPS);
    assertThat(guard.find("x", XS, guard.spend(), allowance))
        .as("a new message")
        .isEqualTo(RegexGuard.Result.MATCHED);
  }

  @Test
  void aProviderOverItsAllowanceRunsNothingUntilTheClockRefillsIt() {
    RegexGuard.Allowance allowance = guard.allowance();
    for (int i = 0; i < 10 * RegexGuard.BURST_SECONDS; i++) {
      guard.find(CATASTROPHIC, XS, guard.spend(), allowance); // ten whole matches a second's worth
    }

    RegexGuard.Result spent = guard.find("x", XS, guard.spend(), allowance);
    now = now.plusMillis(1);
    RegexGuard.Result aMillisecondLater = guard.find("x", XS, guard.spend(), allowance);

    assertThat(spent).isEqualTo(RegexGuard.Result.OUT_OF_STEPS);
    assertThat(aMillisecondLater)
        .as("a thousandth of a second's allowance")
        .isEqualTo(RegexGuard.Result.MATCHED);
  }

  @Test
  void theAllowanceRefillsInProportionToTheTimePassedUpToTheBurstsWorth() {
    RegexGuard.Allowance allowance = guard.allowance(); // full: four seconds' worth
    Instant start = now;

    assertThat(allowance.available(start)).isEqualTo(4 * PER_SECOND);
    allowance.charge(4 * PER_SECOND);

    assertThat(allowance.available(start)).isZero();
    assertThat(allowance.available(start.plusMillis(500)))
        .as("half a second later")
        .isEqualTo(PER_SECOND / 2);
    assertThat(allowance.available(start.plusMillis(500)))
        .as("no time has passed since")
        .isEqualTo(PER_SECOND / 2);
    assertThat(allowance.available(start.minusSeconds(3)))
        .as("the clock went back: nothing changes")
        .isEqualTo(PER_SECOND / 2);
    assertThat(allowance.available(start.plus(Duration.ofSeconds(2))))
        .as("two seconds' worth two seconds after it was spent")
        .isEqualTo(2 * PER_SECOND);
    assertThat(allowance.available(start.plus(Duration.ofSeconds(30))))
        .as("never more than four seconds' worth")
        .isEqualTo(4 * PER_SECOND);
  }

  @Test
  void aMatchThatOverflowsTheCallersStackIsDecidedOnADeepStackWithTheSameSteps()
      throws InterruptedException {
    String text = "\"" + "a".repeat(60_000) + "\"";
    String regex = "\"(?:a|b)*\"";
    RegexGuard.Result[] onASmallStack = new RegexGuard.Result[1];
    // 256 KiB: far too little for 60,000 turns of a repeated alternation, whatever the JIT did.
    Thread small =
        new Thread(
            null, () -> onASmallStack[0] = find(guard, regex, text), "small-stack", 256 << 10);
    small.start();
    small.join();

    assertThat(onASmallStack[0]).isEqualTo(RegexGuard.Result.MATCHED);
  }
}
