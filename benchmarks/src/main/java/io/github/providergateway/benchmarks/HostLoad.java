package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.ToolOutcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Tool calls through the host API ({@link Gateway#callTool}), the way an agent host makes them:
 * one at a time, or a fixed number in flight. Every outcome is checked: a run with any failure
 * throws rather than report a number.
 */
final class HostLoad {

  /** Calls per second over a measured window, and how many calls that was. */
  record Throughput(double callsPerSecond, long calls) {}

  /** Sequential calls: latency percentiles and throughput. */
  record Sequential(double p50Micros, double p99Micros, double callsPerSecond, int calls) {}

  private HostLoad() {}

  /**
   * {@code warmup} calls unmeasured, then {@code measured} calls timed one by one; tools are taken
   * round-robin.
   */
  static Sequential sequential(
      Gateway gateway,
      String sessionId,
      List<String> tools,
      JsonNode args,
      int warmup,
      int measured,
      Meter meter)
      throws Exception {
    for (int i = 0; i < warmup; i++) {
      check(gateway.callTool(sessionId, tools.get(i % tools.size()), args, null).get(10, TimeUnit.SECONDS));
    }
    long[] samples = new long[measured];
    meter.start();
    long start = System.nanoTime();
    for (int i = 0; i < measured; i++) {
      long t0 = System.nanoTime();
      CallResult result =
          gateway.callTool(sessionId, tools.get(i % tools.size()), args, null).get(10, TimeUnit.SECONDS);
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
   * await}): the next call is made from the previous one's completion, which runs on the gateway
   * loop, so no host thread is woken between calls. Still one call at a time.
   */
  static Sequential sequentialAsync(
      Gateway gateway,
      String sessionId,
      List<String> tools,
      JsonNode args,
      int warmup,
      int measured,
      Meter meter)
      throws Exception {
    new Chain(gateway, sessionId, tools, args, warmup).run();
    Chain chain = new Chain(gateway, sessionId, tools, args, measured);
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
    private final Gateway gateway;
    private final String sessionId;
    private final List<String> tools;
    private final JsonNode args;
    final long[] samples;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    /** The next call's number; touched by one callback at a time. */
    private int next;
    private long started;

    Chain(Gateway gateway, String sessionId, List<String> tools, JsonNode args, int calls) {
      this.gateway = gateway;
      this.sessionId = sessionId;
      this.tools = tools;
      this.args = args;
      this.samples = new long[calls];
    }

    void run() throws Exception {
      issue();
      done.get(5, TimeUnit.MINUTES);
    }

    private void issue() {
      started = System.nanoTime();
      gateway
          .callTool(sessionId, tools.get(next % tools.size()), args, null)
          .whenComplete(this::completed);
    }

    private void completed(CallResult result, Throwable error) {
      samples[next] = System.nanoTime() - started;
      if (error != null) {
        done.completeExceptionally(error);
        return;
      }
      if (!(result.outcome() instanceof ToolOutcome.Success)) {
        done.completeExceptionally(new IllegalStateException("a benchmark call failed: " + result.outcome()));
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
   * callback, on the gateway loop, which only queues it); counts completions for {@code measure}
   * after {@code warmup}.
   *
   * @return calls completed per second in the measured window, and how many
   */
  static Throughput inFlight(
      Gateway gateway,
      String sessionId,
      List<String> tools,
      JsonNode args,
      int inFlight,
      Duration warmup,
      Duration measure,
      Meter meter)
      throws Exception {
    InFlight load = new InFlight(gateway, sessionId, tools, args, inFlight);
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
    private final Gateway gateway;
    private final String sessionId;
    private final List<String> tools;
    private final JsonNode args;
    private final int width;
    final AtomicLong completed = new AtomicLong();
    private final AtomicLong nextTool = new AtomicLong();
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final CountDownLatch drained = new CountDownLatch(1);
    private volatile boolean stopping;

    InFlight(Gateway gateway, String sessionId, List<String> tools, JsonNode args, int width) {
      this.gateway = gateway;
      this.sessionId = sessionId;
      this.tools = tools;
      this.args = args;
      this.width = width;
    }

    void start() {
      outstanding.set(width);
      for (int i = 0; i < width; i++) {
        issue();
      }
    }

    private void issue() {
      String tool = tools.get((int) (nextTool.getAndIncrement() % tools.size()));
      gateway.callTool(sessionId, tool, args, null).whenComplete(this::completed);
    }

    private void completed(CallResult result, Throwable error) {
      if (error != null) {
        failure.compareAndSet(null, error);
      } else if (!(result.outcome() instanceof ToolOutcome.Success)) {
        failure.compareAndSet(null, new IllegalStateException("a call failed: " + result.outcome()));
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
