package io.github.providergateway.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SerialExecutorTest {

  /** An executor that only collects what it is given, so a test decides when it runs. */
  private static final class HeldExecutor implements java.util.concurrent.Executor {
    final List<Runnable> held = new ArrayList<>();

    @Override
    public void execute(Runnable command) {
      held.add(command);
    }

    void runAll() {
      while (!held.isEmpty()) {
        held.remove(0).run();
      }
    }
  }

  @Test
  void executeHereRunsOnTheCallingThreadWhenTheLoopIsIdle() {
    HeldExecutor executor = new HeldExecutor();
    SerialExecutor loop = new SerialExecutor("gateway", executor);
    List<String> ran = new ArrayList<>();

    loop.executeHere(
        () -> {
          loop.assertInLoop();
          ran.add("first");
          loop.execute(() -> ran.add("queued by the first")); // runs after it, not inside it
          assertThat(ran).containsExactly("first");
        });

    assertThat(ran).containsExactly("first", "queued by the first");
    assertThat(executor.held).isEmpty();
    assertThat(loop.inLoop()).isFalse();
  }

  @Test
  void executeHereQueuesBehindARunningLoop() {
    HeldExecutor executor = new HeldExecutor();
    SerialExecutor loop = new SerialExecutor("gateway", executor);
    List<String> ran = new ArrayList<>();
    loop.execute(() -> ran.add("on the loop thread"));

    loop.executeHere(() -> ran.add("delivered"));

    assertThat(ran).isEmpty(); // the loop is taken: nothing runs on this thread
    executor.runAll();
    assertThat(ran).containsExactly("on the loop thread", "delivered");
  }

  @Test
  void executeAloneHereRunsOnlyItsOwnTaskOnTheCallingThread() {
    HeldExecutor executor = new HeldExecutor();
    SerialExecutor loop = new SerialExecutor("client", executor);
    List<String> ran = new ArrayList<>();

    loop.executeAloneHere(
        () -> {
          loop.assertInLoop();
          ran.add("request");
          loop.execute(() -> ran.add("a callback it caused"));
        });

    assertThat(ran).containsExactly("request"); // the callback is not run on the caller's thread
    assertThat(loop.inLoop()).isFalse();
    assertThat(executor.held).hasSize(1);
    executor.runAll();
    assertThat(ran).containsExactly("request", "a callback it caused");
  }

  @Test
  void executeAloneHereQueuesBehindARunningLoopAndRefusesOnceClosed() {
    HeldExecutor executor = new HeldExecutor();
    SerialExecutor loop = new SerialExecutor("client", executor);
    List<String> ran = new ArrayList<>();
    loop.execute(() -> ran.add("on the loop thread"));

    loop.executeAloneHere(() -> ran.add("request"));

    assertThat(ran).isEmpty();
    executor.runAll();
    assertThat(ran).containsExactly("on the loop thread", "request");
    loop.close();
    assertThatThrownBy(() -> loop.executeAloneHere(() -> ran.add("late")))
        .isInstanceOf(RejectedExecutionException.class);
  }

  @Test
  void aThreadRunsAtMostTheBudgetThenHandsTheLoopToItsExecutor() {
    HeldExecutor executor = new HeldExecutor();
    SerialExecutor loop = new SerialExecutor("gateway", executor);
    AtomicInteger ran = new AtomicInteger();
    int tasks = SerialExecutor.INLINE_BUDGET + 10;

    loop.executeHere(
        () -> {
          for (int i = 1; i < tasks; i++) {
            loop.execute(ran::incrementAndGet);
          }
          ran.incrementAndGet();
        });

    assertThat(ran).hasValue(SerialExecutor.INLINE_BUDGET);
    assertThat(executor.held).hasSize(1);
    executor.runAll();
    assertThat(ran).hasValue(tasks);
    assertThat(loop.inLoop()).isFalse();
  }

  @Test
  void aTaskThatFailsEvenWithAnErrorIsLoggedAndTheLoopGoesOn() {
    SerialExecutor loop = new SerialExecutor("gateway", Runnable::run);
    List<String> ran = new ArrayList<>();

    loop.executeHere(
        () -> {
          throw new StackOverflowError("deep");
        });
    loop.execute(
        () -> {
          throw new NoClassDefFoundError("missing");
        });
    loop.execute(
        () -> {
          throw new IllegalStateException("bug");
        });
    loop.executeHere(() -> ran.add("after"));

    assertThat(ran).containsExactly("after");
  }

  @Test
  void aFailingJvmLeavesTheLoopHandedOnNotHeld() {
    HeldExecutor executor = new HeldExecutor();
    SerialExecutor loop = new SerialExecutor("gateway", executor);
    List<String> ran = new ArrayList<>();

    assertThatThrownBy(
            () ->
                loop.executeHere(
                    () -> {
                      loop.execute(() -> ran.add("queued behind it"));
                      throw new OutOfMemoryError("test");
                    }))
        .isInstanceOf(OutOfMemoryError.class);

    assertThat(loop.inLoop()).isFalse();
    executor.runAll(); // the loop was handed to its executor, which runs what was left
    assertThat(ran).containsExactly("queued behind it");
    loop.executeHere(() -> ran.add("later"));
    assertThat(ran).containsExactly("queued behind it", "later");
  }

  @Test
  void aStoppedExecutorRefusesAndLeavesTheLoopFree() {
    AtomicBoolean stopped = new AtomicBoolean();
    List<String> ran = new ArrayList<>();
    SerialExecutor loop =
        new SerialExecutor(
            "gateway",
            command -> {
              if (stopped.get()) {
                throw new RejectedExecutionException("stopped");
              }
              command.run();
            });
    stopped.set(true);

    assertThatThrownBy(() -> loop.execute(() -> ran.add("refused")))
        .isInstanceOf(RejectedExecutionException.class);
    assertThatThrownBy(() -> loop.execute(() -> ran.add("refused too")))
        .as("refused every time, not queued silently behind a loop nobody holds")
        .isInstanceOf(RejectedExecutionException.class);
    stopped.set(false);
    loop.execute(() -> ran.add("runs"));

    assertThat(ran).containsExactly("runs");
  }

  @Test
  void aClosedLoopRefusesToRunOnTheCallersThread() {
    SerialExecutor loop = new SerialExecutor("gateway", Runnable::run);
    List<String> ran = new ArrayList<>();
    loop.close();

    assertThatThrownBy(() -> loop.executeHere(() -> ran.add("late message")))
        .isInstanceOf(RejectedExecutionException.class);
    assertThat(ran).isEmpty();
  }

  /**
   * Many threads delivering at once, as I/O threads and the loop thread do: never two tasks at
   * once.
   */
  @Test
  void tasksNeverOverlapWhateverThreadsSubmitThem() throws Exception {
    ExecutorService loopThread = Executors.newSingleThreadExecutor();
    ExecutorService deliverers = Executors.newFixedThreadPool(4);
    SerialExecutor loop = new SerialExecutor("gateway", loopThread);
    AtomicBoolean running = new AtomicBoolean();
    AtomicInteger overlaps = new AtomicInteger();
    AtomicInteger offLoop = new AtomicInteger();
    int perThread = 20_000;
    CountDownLatch done = new CountDownLatch(4 * perThread);
    int[] counter = {0}; // plain state: only the loop touches it
    try {
      for (int t = 0; t < 4; t++) {
        boolean here = t % 2 == 0;
        deliverers.execute(
            () -> {
              for (int i = 0; i < perThread; i++) {
                Runnable task =
                    () -> {
                      if (!running.compareAndSet(false, true)) {
                        overlaps.incrementAndGet();
                      }
                      if (!loop.inLoop()) {
                        offLoop.incrementAndGet();
                      }
                      counter[0]++;
                      running.set(false);
                      done.countDown();
                    };
                if (here) {
                  loop.executeHere(task);
                } else {
                  loop.execute(task);
                }
              }
            });
      }
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
      CountDownLatch read = new CountDownLatch(1);
      int[] seen = new int[1];
      loop.execute(
          () -> {
            seen[0] = counter[0];
            read.countDown();
          });
      assertThat(read.await(10, TimeUnit.SECONDS)).isTrue();

      assertThat(overlaps).hasValue(0);
      assertThat(offLoop).hasValue(0);
      assertThat(seen[0]).isEqualTo(4 * perThread);
    } finally {
      deliverers.shutdownNow();
      loopThread.shutdownNow();
    }
  }

  @Test
  void theLoopsThreadRunsWhatItsTasksDeferAfterEachBatchOfTheBudget() {
    HeldExecutor executor = new HeldExecutor();
    SerialExecutor loop = new SerialExecutor("gateway", executor);
    List<String> ran = new ArrayList<>();
    int tasks = SerialExecutor.INLINE_BUDGET + 2;
    for (int i = 0; i < tasks; i++) {
      int n = i;
      loop.execute(
          () -> {
            ran.add("task " + n);
            TaskBatch.defer(() -> ran.add("write of task " + n));
          });
    }

    executor.runAll(); // the loop's own thread: every task, in batches of the budget

    int budget = SerialExecutor.INLINE_BUDGET;
    assertThat(ran).hasSize(2 * tasks);
    assertThat(ran.get(budget - 1)).isEqualTo("task " + (budget - 1));
    assertThat(ran.subList(budget, 2 * budget))
        .as("the first batch's writes go out before the next batch runs")
        .first()
        .isEqualTo("write of task 0");
    assertThat(ran.get(2 * budget)).isEqualTo("task " + budget);
    assertThat(ran).endsWith("write of task " + budget, "write of task " + (budget + 1));
  }

  @Test
  void aFailingJvmOnADirectExecutorLetsGoOfTheLoop() {
    SerialExecutor loop = new SerialExecutor("provider", Runnable::run);
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

  /** On a pool, drains run on different threads: never two at once, each knowing it is the loop. */
  @Test
  void onAPoolTasksNeverOverlapAndEachRunsOnTheLoop() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    ExecutorService submitters = Executors.newFixedThreadPool(3);
    SerialExecutor loop = new SerialExecutor("provider", pool);
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
