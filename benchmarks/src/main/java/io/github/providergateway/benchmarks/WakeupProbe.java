package io.github.providergateway.benchmarks;

import io.github.providergateway.loop.base.DaemonThreads;
import java.util.concurrent.locks.LockSupport;

/**
 * What one thread hand-off costs on this machine: two threads pass a token back and forth with
 * park/unpark, the sender idling (spinning) for a gap before each pass, as the gateway's threads
 * wait on the network between hand-offs. On a VM an idle virtual CPU halts, and waking a thread on
 * it costs far more than the futex call; every hand-off in a tool call's path pays that.
 */
final class WakeupProbe {

  /** Round-trip times (two wake-ups each), in microseconds. */
  record Result(double p50Micros, double p99Micros) {}

  private final Thread sender = Thread.currentThread();
  private volatile int turn;
  private volatile Thread echo;

  private WakeupProbe() {}

  /** {@code rounds} round trips after {@code warmup} unmeasured ones, each after {@code gap}. */
  static Result measure(long gapNanos, int warmup, int rounds) throws InterruptedException {
    return new WakeupProbe().run(gapNanos, warmup, rounds);
  }

  private Result run(long gapNanos, int warmup, int rounds) throws InterruptedException {
    int total = warmup + rounds;
    Thread other =
        DaemonThreads.create(
            "wakeup-probe",
            () -> {
              for (int i = 0; i < total; i++) {
                while (turn != 1) {
                  LockSupport.park(this);
                }
                turn = 0;
                LockSupport.unpark(sender);
              }
            });
    echo = other;
    other.start();
    long[] samples = new long[rounds];
    for (int i = 0; i < total; i++) {
      long until = System.nanoTime() + gapNanos;
      while (System.nanoTime() < until) {
        Thread.onSpinWait();
      }
      long t0 = System.nanoTime();
      turn = 1;
      LockSupport.unpark(echo);
      while (turn != 0) {
        LockSupport.park(this);
      }
      if (i >= warmup) {
        samples[i - warmup] = System.nanoTime() - t0;
      }
    }
    other.join(1000);
    Percentiles p = Percentiles.of(samples, rounds);
    return new Result(p.at(50) / 1e3, p.at(99) / 1e3);
  }
}
