package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.loop.testing.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link DeadlineLanes}: deadlines fall due exactly when a timer per deadline would have fired
 * them, in the same order, while the scheduler sees one timer per lane.
 */
class DeadlineLanesTest {

  private final ManualClock clock = new ManualClock();
  private final SerialExecutor loop = new SerialExecutor("test", Runnable::run);
  private final Timers timers = new Timers(clock, clock, loop);
  private final List<String> ran = new ArrayList<>();

  /** Sets a deadline as the engine does, on the loop (a direct one: it runs at once). */
  private Scheduler.Cancellable deadline(Duration delay, Runnable task) {
    List<Scheduler.Cancellable> set = new ArrayList<>();
    loop.execute(() -> set.add(timers.deadline(delay, task)));
    return set.get(0);
  }

  /** Cancels on the loop, as the engine does. */
  private void cancel(Scheduler.Cancellable deadline) {
    loop.execute(deadline::cancel);
  }

  @Test
  void aDeadlineRunsExactlyAtItsTimeNotOneTickBefore() {
    deadline(Duration.ofSeconds(5), () -> ran.add("a"));

    clock.advance(Duration.ofSeconds(5).minusNanos(1));
    assertThat(ran).isEmpty();
    clock.advance(Duration.ofNanos(1));
    assertThat(ran).containsExactly("a");
    assertThat(clock.pendingTasks()).isZero();
  }

  @Test
  void cancellingTheHeadLetsTheNextRunAtItsOwnTime() {
    Scheduler.Cancellable first = deadline(Duration.ofSeconds(5), () -> ran.add("first"));
    clock.advance(Duration.ofSeconds(1));
    deadline(Duration.ofSeconds(5), () -> ran.add("second")); // due at 6 s
    cancel(first);

    clock.advance(
        Duration.ofSeconds(5).minusNanos(1)); // 6 s less a tick: the stale timer fired at 5 s
    assertThat(ran).isEmpty();
    clock.advance(Duration.ofNanos(1));
    assertThat(ran).containsExactly("second");
  }

  @Test
  void aSteadyStreamOfCancelledDeadlinesKeepsOneTimerAndNoneOnceAllAreGone() {
    List<Scheduler.Cancellable> open = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      open.add(deadline(Duration.ofSeconds(60), () -> ran.add("never")));
      clock.advance(Duration.ofMillis(1));
      if (open.size() > 64) {
        cancel(open.remove(0));
      }
      assertThat(clock.pendingTasks()).isEqualTo(1);
    }
    open.forEach(this::cancel);
    assertThat(clock.pendingTasks()).isZero();
    clock.advance(Duration.ofMinutes(2));
    assertThat(ran).isEmpty();
  }

  @Test
  void aLaneIsLetGoOnceItsLastDeadlineRanOrWasCancelled() {
    // A provider picks its tools' timeouts: however many lengths it uses, only those with a
    // deadline waiting hold a lane.
    DeadlineLanes lanes = new DeadlineLanes(timers);
    List<Scheduler.Cancellable> set = new ArrayList<>();
    loop.execute(
        () -> {
          for (int ms = 1; ms <= 1_000; ms++) {
            set.add(lanes.after(Duration.ofMillis(ms), () -> ran.add("ran")));
          }
        });
    assertThat(lanes.lengthsHeld()).isEqualTo(1_000);
    loop.execute(() -> set.subList(0, 500).forEach(Scheduler.Cancellable::cancel));
    assertThat(lanes.lengthsHeld()).isEqualTo(500);
    clock.advance(Duration.ofSeconds(1));
    assertThat(ran).hasSize(500);
    assertThat(lanes.lengthsHeld()).isZero();
    assertThat(clock.pendingTasks()).isZero();
  }

  @Test
  void lanesOfDifferentLengthsInterleaveInDeadlineOrder() {
    deadline(Duration.ofSeconds(5), () -> ran.add("gate 5 s"));
    deadline(Duration.ofSeconds(2), () -> ran.add("transform 2 s"));
    deadline(Duration.ofSeconds(30), () -> ran.add("call 30 s"));
    clock.advance(Duration.ofSeconds(1));
    deadline(Duration.ofSeconds(2), () -> ran.add("transform at 3 s"));

    clock.advance(Duration.ofMinutes(1));

    assertThat(ran).containsExactly("transform 2 s", "transform at 3 s", "gate 5 s", "call 30 s");
  }

  @Test
  void aTaskMaySetAndCancelDeadlinesOfItsOwnLane() {
    List<Scheduler.Cancellable> later = new ArrayList<>();
    deadline(
        Duration.ofSeconds(1),
        () -> {
          ran.add("first");
          later.get(0).cancel();
          deadline(Duration.ofSeconds(1), () -> ran.add("set by first"));
        });
    later.add(deadline(Duration.ofSeconds(1), () -> ran.add("cancelled by first")));

    clock.advance(Duration.ofSeconds(3));

    assertThat(ran).containsExactly("first", "set by first");
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void anyMixOfSettingCancellingAndWaitingRunsWhatAPlainTimerWouldHaveRunWhenItWould(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    ManualClock plainClock = new ManualClock();
    List<String> plainRan = new ArrayList<>();
    List<Scheduler.Cancellable> lanes = new ArrayList<>();
    List<Scheduler.Cancellable> plain = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      int action = random.nextInt(10);
      if (action < 5) {
        Duration delay = Duration.ofMillis(100L * (1 + random.nextInt(4)));
        String name = "d" + i;
        lanes.add(deadline(delay, () -> ran.add(clock.instant() + " " + name)));
        plain.add(
            plainClock.schedule(delay, () -> plainRan.add(plainClock.instant() + " " + name)));
      } else if (action < 8 && !lanes.isEmpty()) {
        int which = random.nextInt(lanes.size());
        cancel(lanes.remove(which));
        plain.remove(which).cancel();
      } else {
        Duration step = Duration.ofMillis(random.nextInt(120));
        clock.advance(step);
        plainClock.advance(step);
        assertSameRuns(plainRan);
      }
    }
    clock.advance(Duration.ofSeconds(1));
    plainClock.advance(Duration.ofSeconds(1));
    assertSameRuns(plainRan);
  }

  /**
   * The same deadlines ran, each at the same instant; deadlines of different lengths due at the
   * very same instant may run in either order (each lane keeps its own order).
   */
  private void assertSameRuns(List<String> plainRan) {
    assertThat(sorted(ran)).isEqualTo(sorted(plainRan));
  }

  private static List<String> sorted(List<String> runs) {
    return runs.stream().sorted().toList();
  }
}
