package io.github.providergateway.app.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.loop.testing.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard loaded before its first call (decision 151): on the executor it decides on, never on
 * the caller's thread, its time told on the gateway's clock; an executor that refuses is told,
 * never a failed start.
 */
class HomeGuardWarmUpTest {

  @TempDir Path temp;

  private final ManualClock clock = new ManualClock();
  private final List<String> told = new ArrayList<>();

  private HomeGuard guard() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    return new HomeGuard(
        GuardSettings.defaults(), HomeGuard.environment(home, Map.of()), problem -> {});
  }

  @Test
  void theWarmUpRunsOnTheDecisionsExecutorAndTellsItsTimeOnTheGatewaysClock() throws Exception {
    Queue<Runnable> queued = new ArrayDeque<>();
    Executor decisions = queued::add;

    guard().warmUpOn(decisions, clock, told::add);

    assertThat(queued).as("nothing on the caller's thread").hasSize(1);
    assertThat(told).isEmpty();
    clock.advance(Duration.ofMillis(1_250));
    queued.remove().run();
    assertThat(told).containsExactly("guard: ready, its rules loaded in 1250 ms");
  }

  @Test
  void anExecutorThatRefusesIsToldNotThrown() throws Exception {
    Executor down =
        task -> {
          throw new RejectedExecutionException("shut down");
        };

    guard().warmUpOn(down, clock, told::add);

    assertThat(told).containsExactly("guard: not loaded before its first call (shut down)");
  }
}
