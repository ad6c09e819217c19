package io.github.providergateway.benchmarks;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.transport.local.LocalProviderTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Many providers with many tools registering at once, in-process: how long after the 200 ms
 * debounce window the host has the whole list.
 */
final class RegistrationScenario {

  /**
   * @param settleMillis wall time from the first provider connecting to the host's {@code
   *     registerTools} with every tool, minus the debounce window: registration work, the flush,
   *     and the timer's lateness (the real clock and threads)
   * @param cpuMillis the same work on a manual clock and one thread: every {@code hello} handled
   *     and the list built, with no waiting at all
   */
  record Result(double settleMillis, double cpuMillis) {}

  private RegistrationScenario() {}

  static Result run(int providers, int toolsEach) throws Exception {
    return new Result(wallClock(providers, toolsEach), manualClock(providers, toolsEach));
  }

  private static double wallClock(int providers, int toolsEach) throws Exception {
    BenchHost host = new BenchHost(providers * toolsEach, System::nanoTime);
    Gateway gateway = Gateway.builder().build();
    ExecutorService pool =
        Executors.newFixedThreadPool(2, DaemonThreads.factory("registration-providers"));
    List<ProviderSession> sessions = new ArrayList<>();
    try {
      String sessionId = gateway.startSession(spec(), host).get(10, TimeUnit.SECONDS).id();
      List<JavaProvider> all = providers(providers, toolsEach, sessionId);
      Duration debounce = gateway.limits().registration().registrationDebounce();
      long t0 = System.nanoTime();
      for (JavaProvider provider : all) {
        sessions.add(LocalProviderTransport.connect(gateway, provider, sessionId, pool));
      }
      long registered = host.registered().get(10, TimeUnit.SECONDS);
      return (registered - t0) / 1e6 - debounce.toMillis();
    } finally {
      sessions.forEach(ProviderSession::close);
      gateway.close();
      pool.shutdown();
    }
  }

  private static double manualClock(int providers, int toolsEach) throws Exception {
    ManualTime time = new ManualTime();
    BenchHost host = new BenchHost(providers * toolsEach, System::nanoTime);
    Gateway gateway = Gateway.builder().backend(OneThreadBackend.on(time)).build();
    try {
      String sessionId = gateway.startSession(spec(), host).get(10, TimeUnit.SECONDS).id();
      List<JavaProvider> all = providers(providers, toolsEach, sessionId);
      long t0 = System.nanoTime();
      for (JavaProvider provider : all) {
        LocalProviderTransport.connect(gateway, provider, sessionId, Runnable::run);
      }
      time.advance(gateway.limits().registration().registrationDebounce());
      Long registered = host.registered().getNow(null);
      if (registered == null) {
        throw new IllegalStateException("the tools were not registered after the debounce");
      }
      return (registered - t0) / 1e6;
    } finally {
      gateway.close();
    }
  }

  private static SessionSpec spec() {
    return SessionSpec.of("registration", "/tmp/registration");
  }

  private static List<JavaProvider> providers(int count, int toolsEach, String sessionId) {
    List<JavaProvider> list = new ArrayList<>();
    for (int p = 0; p < count; p++) {
      JavaProvider.Builder builder = JavaProvider.builder("provider-" + p).session(sessionId);
      for (int t = 0; t < toolsEach; t++) {
        builder.tool(
            ToolDefinition.of(
                "p" + p + "_tool_" + t, "Tool " + t + " of provider " + p, LocalScenario.schema()),
            (args, call) -> CompletableFuture.completedFuture(args));
      }
      list.add(builder.build());
    }
    return list;
  }
}
