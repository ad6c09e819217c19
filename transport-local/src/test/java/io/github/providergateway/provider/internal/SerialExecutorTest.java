package io.github.providergateway.provider.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SerialExecutorTest {

  @Test
  void aTaskThatFailsEvenWithAnErrorIsLoggedAndTheNextRuns() {
    SerialExecutor loop = new SerialExecutor(Runnable::run);
    List<String> ran = new ArrayList<>();

    loop.execute(
        () -> {
          throw new StackOverflowError();
        });
    loop.execute(
        () -> {
          throw new NoClassDefFoundError("missing");
        });
    loop.execute(() -> ran.add("next"));

    assertThat(ran).containsExactly("next");
  }

  @Test
  void aFailingJvmLetsGoOfTheLoop() {
    SerialExecutor loop = new SerialExecutor(Runnable::run);
    List<String> ran = new ArrayList<>();

    assertThatThrownBy(
            () ->
                loop.execute(
                    () -> {
                      throw new OutOfMemoryError("test");
                    }))
        .isInstanceOf(OutOfMemoryError.class);
    loop.execute(() -> ran.add("later"));

    assertThat(ran).containsExactly("later");
    assertThat(loop.inLoop()).isFalse();
  }

  @Test
  void onceTheExecutorRefusesEverySubmitIsRefused() {
    AtomicBoolean refusing = new AtomicBoolean(true);
    SerialExecutor loop =
        new SerialExecutor(
            command -> {
              if (refusing.get()) {
                throw new java.util.concurrent.RejectedExecutionException("stopped");
              }
              command.run();
            });
    List<String> ran = new ArrayList<>();

    assertThat(loop.submit(() -> ran.add("first"))).isFalse();
    refusing.set(false); // a stopped provider does not come back, even if its executor would
    assertThat(loop.submit(() -> ran.add("later"))).isFalse();

    assertThat(ran).isEmpty();
  }

  /** On a pool, drains run on different threads: never two at once, each knowing it is the loop. */
  @Test
  void onAPoolTasksNeverOverlapAndEachRunsOnTheLoop() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    ExecutorService submitters = Executors.newFixedThreadPool(3);
    SerialExecutor loop = new SerialExecutor(pool);
    AtomicBoolean running = new AtomicBoolean();
    AtomicInteger overlaps = new AtomicInteger();
    AtomicInteger offLoop = new AtomicInteger();
    int perThread = 20_000;
    CountDownLatch done = new CountDownLatch(3 * perThread);
    try {
      for (int t = 0; t < 3; t++) {
        submitters.execute(
            () -> {
              for (int i = 0; i < perThread; i++) {
                loop.execute(
                    () -> {
                      if (!running.compareAndSet(false, true)) {
                        overlaps.incrementAndGet();
                      }
                      if (!loop.inLoop()) {
                        offLoop.incrementAndGet();
                      }
                      running.set(false);
                      done.countDown();
                    });
              }
            });
      }
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(overlaps).hasValue(0);
      assertThat(offLoop).hasValue(0);
    } finally {
      submitters.shutdownNow();
      pool.shutdownNow();
    }
  }
}
