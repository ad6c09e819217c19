package io.github.providergateway.loop.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link DaemonThreads}: every thread it makes is a daemon with the name it was given, started only
 * when asked.
 */
class DaemonThreadsTest {

  /** Long enough for a loaded machine; a run that passes never waits for it. */
  private static final Duration BOUND = Duration.ofSeconds(30);

  /** A task that says which thread it ran on: its name, and whether it was a daemon. */
  private static Runnable report(CompletableFuture<String> into) {
    return () -> {
      Thread self = Thread.currentThread();
      into.complete(self.getName() + (self.isDaemon() ? " daemon" : " user"));
    };
  }

  @Test
  void aStartedThreadRunsTheTaskAsANamedDaemon() throws Exception {
    CompletableFuture<String> ran = new CompletableFuture<>();

    Thread thread = DaemonThreads.start("audit-writer", report(ran));

    assertThat(ran.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("audit-writer daemon");
    thread.join(BOUND.toMillis());
  }

  @Test
  void aCreatedThreadWaitsToBeStarted() {
    Thread thread = DaemonThreads.create("config-watch", () -> {});

    assertThat(thread.getState()).isEqualTo(Thread.State.NEW);
    assertThat(thread.isDaemon()).isTrue();
    assertThat(thread.getName()).isEqualTo("config-watch");
  }

  @Test
  void aFactoryMakesDaemonsOfOneName() {
    ThreadFactory factory = DaemonThreads.factory("gateway-io");

    List<Thread> made = List.of(factory.newThread(() -> {}), factory.newThread(() -> {}));

    assertThat(made)
        .allMatch(Thread::isDaemon)
        .extracting(Thread::getName)
        .containsOnly("gateway-io");
    assertThat(made).allMatch(thread -> thread.getState() == Thread.State.NEW);
  }

  @Test
  void aDeepStackFactoryMakesNamedDaemonsThatRun() throws Exception {
    CompletableFuture<String> ran = new CompletableFuture<>();

    Thread thread = DaemonThreads.factory("regex-deep-stack", 8L << 20).newThread(report(ran));
    thread.start();

    assertThat(ran.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("regex-deep-stack daemon");
  }

  @Test
  void aNumberedFactoryCountsFromOne() {
    ThreadFactory factory = DaemonThreads.numbered("pg-ws-send-");

    List<String> names = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Thread thread = factory.newThread(() -> {});
      assertThat(thread.isDaemon()).isTrue();
      names.add(thread.getName());
    }

    assertThat(names).containsExactly("pg-ws-send-1", "pg-ws-send-2", "pg-ws-send-3");
  }

  @Test
  void aThreadPerTaskExecutorRunsEachTaskOnANewNamedDaemon() throws Exception {
    CompletableFuture<Thread> first = new CompletableFuture<>();
    CompletableFuture<Thread> second = new CompletableFuture<>();
    var executor = DaemonThreads.threadPerTask("stdio-x-exit");

    executor.execute(() -> first.complete(Thread.currentThread()));
    executor.execute(() -> second.complete(Thread.currentThread()));

    Thread one = first.get(BOUND.toSeconds(), TimeUnit.SECONDS);
    Thread two = second.get(BOUND.toSeconds(), TimeUnit.SECONDS);
    assertThat(one).isNotSameAs(two);
    assertThat(List.of(one, two))
        .allMatch(Thread::isDaemon)
        .extracting(Thread::getName)
        .containsOnly("stdio-x-exit");
  }

  /**
   * A thread inherits whether it is a daemon from the thread that makes it: one made from a user
   * thread (a program's main thread) is a daemon all the same, so it never holds the JVM open.
   */
  @Test
  void aThreadMadeFromAUserThreadIsADaemonAllTheSame() throws Exception {
    CompletableFuture<Thread> made = new CompletableFuture<>();
    Thread user = new Thread(() -> made.complete(DaemonThreads.create("made-by-main", () -> {})));
    user.setDaemon(false);
    user.start();

    assertThat(made.get(BOUND.toSeconds(), TimeUnit.SECONDS).isDaemon()).isTrue();
  }
}
