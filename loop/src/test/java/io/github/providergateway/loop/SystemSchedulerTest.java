package io.github.providergateway.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The production scheduler on its real thread: each test waits tens of milliseconds at most, on
 * latches, never by sleeping.
 */
class SystemSchedulerTest {

  private final SystemScheduler scheduler = new SystemScheduler();

  @AfterEach
  void close() {
    scheduler.close();
  }

  @Test
  void runsATaskOnceItsDelayHasPassed() throws InterruptedException {
    CountDownLatch ran = new CountDownLatch(1);
    long start = System.nanoTime();
    scheduler.schedule(Duration.ofMillis(20), ran::countDown);
    assertThat(ran.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(20).toNanos());
  }

  @Test
  void runsTasksInDueOrderWhateverTheOrderTheyWereScheduledIn() throws InterruptedException {
    List<String> order = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(3);
    // 100 ms apart: a pause of the test thread between two calls must not reorder them.
    scheduler.schedule(
        Duration.ofMillis(300),
        () -> {
          order.add("300");
          done.countDown();
        });
    scheduler.schedule(
        Duration.ofMillis(100),
        () -> {
          order.add("100");
          done.countDown();
        });
    scheduler.schedule(
        Duration.ofMillis(200),
        () -> {
          order.add("200");
          done.countDown();
        });
    assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(order).containsExactly("100", "200", "300");
  }

  @Test
  void anEarlierTaskScheduledWhileTheTimerWaitsForALaterOneRunsOnTime()
      throws InterruptedException {
    CountDownLatch late = new CountDownLatch(1);
    CountDownLatch early = new CountDownLatch(1);
    scheduler.schedule(Duration.ofMinutes(10), late::countDown);
    scheduler.schedule(Duration.ofMillis(10), early::countDown);
    assertThat(early.await(5, TimeUnit.SECONDS))
        .as("the timer was woken for the earlier task")
        .isTrue();
    assertThat(late.getCount()).isEqualTo(1);
  }

  @Test
  void aCancelledTaskNeverRunsAndALaterOneStillDoes() throws InterruptedException {
    CountDownLatch cancelled = new CountDownLatch(1);
    CountDownLatch later = new CountDownLatch(1);
    scheduler.schedule(Duration.ofMillis(200), cancelled::countDown).cancel();
    // The timer may still be sleeping towards the cancelled task; it must not lose this one.
    scheduler.schedule(Duration.ofMillis(300), later::countDown);
    assertThat(later.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(cancelled.getCount()).as("cancelled task ran").isEqualTo(1);
  }

  @Test
  void aFailingTaskDoesNotStopTheTimer() throws InterruptedException {
    CountDownLatch after = new CountDownLatch(1);
    scheduler.schedule(
        Duration.ZERO,
        () -> {
          throw new IllegalStateException("boom");
        });
    scheduler.schedule(Duration.ofMillis(5), after::countDown);
    assertThat(after.await(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void negativeAndHugeDelaysAreAccepted() throws InterruptedException {
    CountDownLatch now = new CountDownLatch(1);
    scheduler.schedule(Duration.ofSeconds(Long.MAX_VALUE), () -> {}).cancel();
    scheduler.schedule(Duration.ofMillis(-5), now::countDown);
    assertThat(now.await(5, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void afterCloseNothingPendingRunsAndNothingNewIsAccepted() throws InterruptedException {
    CountDownLatch pending = new CountDownLatch(1);
    scheduler.schedule(Duration.ofMillis(200), pending::countDown);
    scheduler.close();
    assertThat(pending.await(400, TimeUnit.MILLISECONDS)).isFalse();
    assertThatThrownBy(() -> scheduler.schedule(Duration.ZERO, () -> {}))
        .isInstanceOf(RejectedExecutionException.class);
  }
}
