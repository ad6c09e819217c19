package io.github.providergateway.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The production {@link Backend} makes a component's threads when asked, named after it, and {@link
 * Backend#release} stops exactly what a backend made: real threads, waited for on futures.
 */
class BackendTest {

  private final Backend system = Backend.system();

  @Test
  void theSystemBackendReadsTheUtcClockAndGivesASecureGeneratorPerCaller() {
    assertThat(system.clock().getZone()).isEqualTo(ZoneOffset.UTC);
    assertThat(system.random()).isInstanceOf(SecureRandom.class).isNotSameAs(system.random());
  }

  @Test
  void aLoopExecutorIsOneDaemonThreadNamedAfterTheComponent() throws Exception {
    Executor loop = system.loopExecutor("billing-loop");
    try {
      Thread first = runOn(loop);
      assertThat(first.getName()).isEqualTo("billing-loop");
      assertThat(first.isDaemon()).isTrue();
      assertThat(runOn(loop)).as("one thread for the loop").isSameAs(first);
    } finally {
      Backend.release(loop);
    }
  }

  @Test
  void eachComponentGetsThreadsOfItsOwn() throws Exception {
    Executor a = system.ioExecutor("a-io");
    Executor b = system.ioExecutor("b-io");
    try {
      assertThat(runOn(a).getName()).isEqualTo("a-io");
      assertThat(runOn(b).getName()).isEqualTo("b-io");
      assertThat(a).isNotSameAs(b);
      assertThat(system.scheduler()).isNotSameAs(system.scheduler());
    } finally {
      Backend.release(a);
      Backend.release(b);
    }
  }

  @Test
  void releaseStopsTheThreadsAndTheSchedulerItWasGiven() {
    Executor io = system.ioExecutor("released-io");
    Scheduler timer = system.scheduler();

    Backend.release(io);
    Backend.release(timer);

    assertThat(((ExecutorService) io).isShutdown()).isTrue();
    assertThatThrownBy(() -> io.execute(() -> {})).isInstanceOf(RejectedExecutionException.class);
    assertThatThrownBy(() -> timer.schedule(Duration.ofSeconds(1), () -> {}))
        .isInstanceOf(RejectedExecutionException.class);
  }

  @Test
  void releaseLeavesAloneWhatIsNeitherAnExecutorServiceNorCloseable() {
    AtomicInteger ran = new AtomicInteger();
    Executor direct = Runnable::run;
    Backend.release(direct);
    Backend.release(Clock.systemUTC());
    direct.execute(ran::incrementAndGet);
    assertThat(ran).hasValue(1);
  }

  @Test
  void aCloseThatFailsIsReported() {
    AutoCloseable broken =
        () -> {
          throw new java.io.IOException("stuck");
        };
    assertThatThrownBy(() -> Backend.release(broken))
        .isInstanceOf(IllegalStateException.class)
        .hasRootCauseMessage("stuck");
  }

  private static Thread runOn(Executor executor) throws Exception {
    CompletableFuture<Thread> ran = new CompletableFuture<>();
    executor.execute(() -> ran.complete(Thread.currentThread()));
    return ran.get(5, TimeUnit.SECONDS);
  }
}
