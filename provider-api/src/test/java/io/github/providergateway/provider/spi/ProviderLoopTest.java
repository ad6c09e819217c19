package io.github.providergateway.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** What the provider's loop adds to the shared serial executor (tested in gateway-runtime). */
class ProviderLoopTest {

  @Test
  void onceTheExecutorRefusesEverySubmitIsRefused() {
    AtomicBoolean refusing = new AtomicBoolean(true);
    ProviderLoop loop =
        new ProviderLoop(
            command -> {
              if (refusing.get()) {
                throw new RejectedExecutionException("stopped");
              }
              command.run();
            });
    List<String> ran = new ArrayList<>();

    assertThat(loop.submit(() -> ran.add("first"))).isFalse();
    refusing.set(false); // a stopped provider does not come back, even if its executor would
    assertThat(loop.submit(() -> ran.add("later"))).isFalse();

    assertThat(ran).isEmpty();
  }

  @Test
  void executeOnAStoppedLoopDropsTheTaskWithoutThrowing() {
    ProviderLoop loop =
        new ProviderLoop(
            command -> {
              throw new RejectedExecutionException("stopped");
            });
    List<String> ran = new ArrayList<>();

    loop.execute(() -> ran.add("refused")); // a socket thread delivering after the provider ended
    loop.execute(() -> ran.add("refused too"));

    assertThat(ran).isEmpty();
  }

  @Test
  void tasksQueuedFromATaskRunAfterItOnTheLoop() {
    ProviderLoop loop = new ProviderLoop(Runnable::run);
    List<String> ran = new ArrayList<>();

    loop.execute(
        () -> {
          loop.assertInLoop();
          loop.execute(() -> ran.add("second"));
          ran.add("first");
        });

    assertThat(ran).containsExactly("first", "second");
    assertThat(loop.inLoop()).isFalse();
  }
}
