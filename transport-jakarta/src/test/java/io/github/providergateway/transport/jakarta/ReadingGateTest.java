package io.github.providergateway.transport.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The delivering thread waits while the gateway has suspended reading, and only then. */
class ReadingGateTest {

  private final ReadingGate gate = new ReadingGate();

  @Test
  void anOpenGateLetsTheThreadGoOnAtOnce() {
    gate.awaitOpen();

    assertThat(gate.isSuspended()).isFalse();
  }

  @Test
  void aSuspendedGateHoldsTheThreadUntilResumed() throws Exception {
    gate.suspend();
    Thread delivering = deliverInThread();

    awaitWaiting(delivering);
    assertThat(delivering.isAlive()).isTrue();
    gate.resume();

    delivering.join(10_000);
    assertThat(delivering.isAlive()).isFalse();
  }

  @Test
  void theConnectionEndingReleasesTheThreadAndNoneWaitsAfter() throws Exception {
    gate.suspend();
    Thread delivering = deliverInThread();
    awaitWaiting(delivering);

    gate.shut();
    delivering.join(10_000);
    gate.suspend();

    assertThat(delivering.isAlive()).isFalse();
    assertThat(gate.isSuspended()).isFalse();
  }

  private Thread deliverInThread() {
    Thread thread = new Thread(gate::awaitOpen, "delivering");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /** Waits (10 s at most) until {@code thread} is parked in the gate's wait. */
  private static void awaitWaiting(Thread thread) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (thread.getState() != Thread.State.WAITING) {
      assertThat(System.nanoTime()).as("the thread waits at the gate").isLessThan(deadline);
      Thread.onSpinWait();
    }
  }
}
