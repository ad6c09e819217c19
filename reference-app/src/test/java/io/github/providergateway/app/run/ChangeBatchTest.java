package io.github.providergateway.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code --watch} reloads once per burst of changes (X-RELOAD-12): after {@link ChangeBatch#QUIET}
 * without a change, or at the latest {@link ChangeBatch#MAX_WAIT} after the first; on the manual
 * clock.
 */
class ChangeBatchTest {

  private record Reported(boolean config, Set<String> entries) {}

  private final ManualClock clock = new ManualClock();
  private final List<Reported> reported = new ArrayList<>();
  private final ChangeBatch batch =
      new ChangeBatch(clock, (config, entries) -> reported.add(new Reported(config, entries)));

  @Test
  void anEditorsSaveIsOneReportOnceItIsQuietNotOneTickBefore() {
    batch.add(false, Set.of("greeter"));
    clock.advance(Duration.ofMillis(50));
    batch.add(false, Set.of("greeter"));
    batch.add(true, Set.of());

    clock.advance(ChangeBatch.QUIET.minusNanos(1000));
    assertThat(reported).isEmpty();
    clock.advance(Duration.ofNanos(1000));

    assertThat(reported).containsExactly(new Reported(true, Set.of("greeter")));
    clock.advance(ChangeBatch.MAX_WAIT);
    assertThat(reported).hasSize(1);
  }

  @Test
  void changesThatNeverStopAreReportedAtTheLatestAfterTheMaximumWait() {
    Duration step = ChangeBatch.QUIET.dividedBy(2);
    Duration waited = Duration.ZERO;
    batch.add(false, Set.of("a"));
    while (waited.plus(step).compareTo(ChangeBatch.MAX_WAIT) < 0) {
      clock.advance(step);
      waited = waited.plus(step);
      batch.add(false, Set.of("b"));
    }
    assertThat(reported).isEmpty();

    clock.advance(ChangeBatch.MAX_WAIT.minus(waited));

    assertThat(reported).containsExactly(new Reported(false, Set.of("a", "b")));
  }

  @Test
  void aChangeOfNothingWatchedOpensNoBatchAndACancelledBatchIsNotReported() {
    batch.add(false, Set.of());
    clock.advance(ChangeBatch.MAX_WAIT);
    assertThat(reported).isEmpty();

    batch.add(false, Set.of("greeter"));
    batch.cancel();
    clock.advance(ChangeBatch.MAX_WAIT);

    assertThat(reported).isEmpty();
  }
}
