package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.ToolOutcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Tool calls the way an agent host makes them: one at a time, or a fixed number in flight. The
 * calls go wherever a {@link Calls} sends them: through the host API of a gateway ({@link
 * #roundRobin}), or straight to the providers through the bare relay ({@link BareRelay}), so both
 * are driven by the same code. Every outcome is checked: a run with any failure throws rather than
 * report a number.
 */
final class HostLoad {

  /** Calls per second over a measured window, and how many calls that was. */
  record Throughput(double callsPerSecond, long calls) {}

  /** Sequential calls: latency percentiles and throughput. */
  record Sequential(double p50Micros, double p99Micros, double callsPerSecond, int calls) {}

  /** Where a call goes: a tool in a session. */
  record Target(String sessionId, String tool) {}

  /**
   * Makes the {@code n}-th call of a load (from 0). Its future completes where the relay completes
   * it: on the gateway loop, or on the bare relay's thread.
   */
  interface Calls {
    CompletableFuture<CallResult> call(long n);
  }

  private HostLoad() {}

  /** Calls through {@code api}, taking {@code targets} round-robin, each with {@code args}. */
  static Calls roundRobin(HostApi api, List<Target> targets, JsonNode args) {
    Target[] table = targets.toArray(new Target[0]);
    return n -> {
      Target target = table[(int) (n % table.length)];
      return api.callTool(target.sessionId(), target.tool(), args, null);
    };
  }

  /** {@code warmup} calls unmeasured, then {@code measured} calls timed one by one. */
  static Sequential sequential(Calls calls, int warmup, int measured, Meter meter)
      throws Exception {
    for (int i = 0; i < warmup; i++) {
      check(calls.call(i).get(10, TimeUnit.SECONDS));
    }
    long[] samples = new long[measured];
    meter.start();
    long start = System.nanoTime();
    for (int i = 0; i < measured; i++) {
      long t0 = System.nanoTime();
      CallResult result = calls.call(i).get(10, TimeUnit.SECONDS);
      samples[i] = System.nanoTime() - t0;
      check(result);
    }
    long elapsed = System.nanoTime() - start;
    meter.stop();
    Percentiles p = Percentiles.of(samples, measured);
    return new Sequential(
        p.at(50) / 1_000.0, p.at(99) / 1_000.0, measured * 1e9 / elapsed, measured);
  }

  /**
   * Like {@link #sequential}, but the way an asynchronous host awaits each result (Node's {@code
   * await}): the next call is made from the previous one's completion, which runs on the relay's
   * thread (the gateway loop), so no host thread is woken between calls. Still one call at a time.
   */
  static Sequential sequentialAsync(Calls calls, int warmup, int measured, Meter meter)
      throws Exception {
    new Chain(calls, warmup).run();
    Chain chain = new Chain(calls, measured);
    meter.start();
    long start = System.nanoTime();
    chain.run();
    long elapsed = System.nanoTime() - start;
    meter.stop();
    Percentiles p = Percentiles.of(chain.samples, measured);
    return new Sequential(
        p.at(50) / 1_000.0, p.at(99) / 1_000.0, measured * 1e9 / elapsed, measured);
  }

  /** Calls one after another, each from the previous one's completion. */
  private static final class Chain {
    private final Calls calls;
    final long[] samples;
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    /** The next call's number; touched by one callback at a time. */
    private int next;

    private long started;

    Chain(Calls calls, int count) {
      this.calls = calls;
      this.samples = new long[count];
    }

    void run() throws Exception {
      issue();
      done.get(5, TimeUnit.MINUTES);
    }

    private void issue() {
      started = System.nanoTime();
      calls.call(next).whenComplete(this::completed);
    }

    private void completed(CallResult result, Throwable error) {
      samples[next] = System.nanoTime() - started;
      if (error != null) {
        done.completeExceptionally(error);
        return;
      }
      if (!(result.outcome() instanceof ToolOutcome.Success)) {
        done.completeExceptionally(
            new IllegalStateException("a benchmark call failed: " + result.outcome()));
        return;
      }
      if (++next < samples.length) {
        issue();
      } else {
        done.complete(null);
      }
    }
  }

  /**
   * Keeps {@code inFlight} calls outstanding, each completion issuing the next (from the future's
   * callback, on the relay's thread, which only queues or writes it); counts completions for {@code
   * measure} after {@code warmup}.
   *
   * @return calls completed per second in the measured window, and how many
   */
  static Throughput inFlight(
      Calls calls, int inFlight, Duration warmup, Duration measure, Meter meter) throws Exception {
    InFlight load = new InFlight(calls, inFlight);
    load.start();
    Thread.sleep(warmup.toMillis());
    meter.start();
    long c0 = load.completed.get();
    long t0 = System.nanoTime();
    Thread.sleep(measure.toMillis());
    long c1 = load.completed.get();
    long t1 = System.nanoTime();
    meter.stop();
    load.stop();
    return new Throughput((c1 - c0) * 1e9 / (t1 - t0), c1 - c0);
  }

  private static void check(CallResult result) {
    if (!(result.outcome() instanceof ToolOutcome.Success)) {
      throw new IllegalStateException("a benchmark call failed: " + result.outcome());
    }
  }

  /** The in-flight loop's state, shared by the callbacks. */
  private static final class InFlight {
    private final Calls calls;
    private final int width;
    final AtomicLong completed = new AtomicLong();
    private final AtomicLong next = new AtomicLong();
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final CountDownLatch drained = new CountDownLatch(1);
    private volatile boolean stopping;

    InFlight(Calls calls, int width) {
      this.calls = calls;
      this.width = width;
    }

    void start() {
      outstanding.set(width);
      for (int i = 0; i < width; i++) {
        issue();
      }
    }

    private void issue() {
      calls.call(next.getAndIncrement()).whenComplete(this::completed);
    }

    private void completed(CallResult result, Throwable error) {
      if (error != null) {
        failure.compareAndSet(null, error);
      } else if (!(result.outcome() instanceof ToolOutcome.Success)) {
        failure.compareAndSet(
            null, new IllegalStateException("a call failed: " + result.outcome()));
      }
      completed.incrementAndGet();
      if (!stopping && failure.get() == null) {
        issue();
      } else if (outstanding.decrementAndGet() == 0) {
        drained.countDown();
      }
    }

    void stop() throws InterruptedException {
      stopping = true;
      if (!drained.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException(outstanding.get() + " calls still outstanding after 30 s");
      }
      Throwable error = failure.get();
      if (error != null) {
        throw new IllegalStateException("the in-flight run failed", error);
      }
    }
  }
}
