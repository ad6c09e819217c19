package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.transport.local.LocalProviderTransport;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A round trip through {@link LocalProviderTransport} to a {@code JavaProvider} echo tool, through
 * the host API. {@code one-thread}: gateway loop and provider on the benchmark thread (direct
 * executors), the CPU cost of a call; {@code threads}: the production set-up (the gateway's loop
 * thread, the provider's own thread), one call at a time, so the latency of two thread hand-offs
 * each way.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LocalTransportBenchmark {

  @Param({"one-thread", "threads"})
  public String executors;

  private LocalScenario local;
  private JsonNode args;

  @Setup
  public void setUp() throws Exception {
    local = LocalScenario.start(executors.equals("one-thread"));
    args = WsScenario.callArgs();
  }

  @TearDown
  public void tearDown() {
    local.close();
  }

  @Benchmark
  public CallResult roundTrip() throws Exception {
    return local.call(args).get(10, TimeUnit.SECONDS);
  }
}
