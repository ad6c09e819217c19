package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What Ctrl-C interrupts: the command running now, and never the next one. */
class RunningCommandTest {

  private final RunningCommand running = new RunningCommand();

  @Test
  void betweenCommandsThereIsNothingToInterrupt() {
    assertThat(running.interrupt()).isFalse();
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void theRunningCommandsThreadIsInterruptedAfterWhatMustComeFirst() {
    List<String> order = new ArrayList<>();
    running.started();

    assertThat(running.interrupt(() -> order.add("first"))).isTrue();

    assertThat(Thread.currentThread().isInterrupted()).isTrue();
    order.add("after");
    running.finished();
    assertThat(order).containsExactly("first", "after");
  }

  @Test
  void anInterruptThatCameTooLateIsForgottenWhenTheCommandEnds() {
    running.started();
    running.interrupt();

    running.finished();

    assertThat(Thread.currentThread().isInterrupted()).isFalse();
    assertThat(running.interrupt()).isFalse();
  }
}
