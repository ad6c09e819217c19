package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Limits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * The regex guard's arithmetic on a scripted nanosecond counter (X-ENG-01): the deadline of one
 * match, the time one message may spend and a provider's allowance per second (1 ms, 5 ms and
 * 10 ms by default).
 */
class RegexGuardTest {

  private static final long MS = 1_000_000;

  /** A counter that gives the readings it was told, in order, then the last one for ever. */
  private static final class ScriptedNanos implements LongSupplier {
    private final ArrayDeque<Long> readings = new ArrayDeque<>();
    private long last;
    private int reads;

    ScriptedNanos then(long... nanos) {
      for (long n : nanos) {
        readings.add(n);
      }
      return this;
    }

    @Override
    public long getAsLong() {
      reads++;
      if (!readings.isEmpty()) {
        last = readings.poll();
      }
      return last;
    }
  }

  private final ScriptedNanos nanos = new ScriptedNanos();
  private final RegexGuard guard = new RegexGuard(Limits.defaults(), nanos);

  @Test
  void aMatchIsCutOffOnlyOnceItsDeadlineHasPassed() {
    String text = "a".repeat(300); // "z" is not there: all 300 characters are read, the clock once among them
    RegexGuard.Allowance allowance = guard.allowance(); // reads 0

    nanos.then(0, MS, MS); // start, at the 256th character, after
    RegexGuard.Result atTheDeadline = guard.find("z", text, guard.spend(), allowance);
    nanos.then(2 * MS, 3 * MS + 1, 3 * MS + 1);
    RegexGuard.Result pastIt = guard.find("z", text, guard.spend(), allowance);

    assertThat(atTheDeadline).isEqualTo(RegexGuard.Result.NOT_MATCHED);
    assertThat(pastIt).isEqualTo(RegexGuard.Result.TIMED_OUT);
  }

  @Test
  void theClockIsReadOnceEvery256CharactersOfText() {
    RegexGuard.Allowance allowance = guard.allowance();
    int before = nanos.reads;

    guard.find("z", "a".repeat(1_000), guard.spend(), allowance);

    assertThat(nanos.reads - before).as("start, 3 checks, end").isEqualTo(5);
  }

  @Test
  void aMessageThatSpentItsTimeRunsNoMoreRulesAndReadsNoClockForThem() {
    RegexGuard.Allowance allowance = guard.allowance();
    RegexGuard.Spend spend = guard.spend();
    nanos.then(0, 5 * MS); // one rule took the message's 5 ms
    assertThat(guard.find("a", "a", spend, allowance)).isEqualTo(RegexGuard.Result.MATCHED);
    int before = nanos.reads;

    List<RegexGuard.Result> rest = List.of(guard.find("a", "a", spend, allowance), guard.find("a", "a", spend, allowance));

    assertThat(rest).containsOnly(RegexGuard.Result.TIMED_OUT);
    assertThat(nanos.reads).isEqualTo(before);
  }

  @Test
  void aProviderOverItsAllowanceRunsNothingUntilItRefills() {
    RegexGuard.Allowance allowance = guard.allowance();
    nanos.then(0, 20 * MS); // one slow match: twice the provider's 10 ms a second
    guard.find("a", "a", guard.spend(), allowance);

    nanos.then(20 * MS);
    assertThat(guard.find("a", "a", guard.spend(), allowance)).isEqualTo(RegexGuard.Result.TIMED_OUT);
  }

  @Test
  void theAllowanceRefillsInProportionToTheTimePassedUpToOneSecondsWorth() {
    RegexGuard.Allowance allowance = guard.allowance(); // at 0, full
    long perSecond = Limits.defaults().regexBudgetPerSecond().toNanos();

    allowance.charge(perSecond);

    assertThat(allowance.available(0)).isZero();
    assertThat(allowance.available(500 * MS)).as("half a second later").isEqualTo(perSecond / 2);
    assertThat(allowance.available(500 * MS)).as("no time has passed since").isEqualTo(perSecond / 2);
    assertThat(allowance.available(Duration.ofSeconds(5).toNanos())).as("never more than a second's worth").isEqualTo(perSecond);
  }
}
