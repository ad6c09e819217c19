package io.github.providergateway.benchmarks;

import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * The agent side of the benchmark session: it only notes when the registered tool list first
 * reaches the size a scenario waits for, and when (by the given nanosecond clock).
 */
final class BenchHost implements SessionHost {

  private final int expectedTools;
  private final LongSupplier nanoTime;

  /** Completes with the {@code nanoTime} of the first registration of {@code expectedTools}. */
  private final CompletableFuture<Long> registered = new CompletableFuture<>();

  /** A host that waits for no particular tool count. */
  BenchHost() {
    this(Integer.MAX_VALUE, System::nanoTime);
  }

  BenchHost(int expectedTools, LongSupplier nanoTime) {
    this.expectedTools = expectedTools;
    this.nanoTime = nanoTime;
  }

  /** When the session first had {@code expectedTools} tools registered. */
  CompletableFuture<Long> registered() {
    return registered;
  }

  @Override
  public void registerTools(String sessionId, List<HostTool> tools) {
    if (tools.size() >= expectedTools) {
      registered.complete(nanoTime.getAsLong());
    }
  }

  @Override
  public void log(String sessionId, String source, String message) {
    // The timeline is not part of any measurement.
  }

  @Override
  public void send(String sessionId, String source, String prompt) {
    // No provider in the benchmarks pushes.
  }
}
