package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One WebSocket load run in this JVM: a gateway and its server, {@code providers.cjs} with K
 * providers, then the workload through the host API. The driver runs it embedded, and {@link
 * GatewayProcess} runs it in a process of its own so its memory can be read.
 */
final class WsScenario {

  enum Kind {
    /** One call at a time, the host thread blocking on each result. */
    SEQUENTIAL,
    /** One call at a time, each made from the previous one's completion (an async host). */
    SEQUENTIAL_ASYNC,
    IN_FLIGHT
  }

  /**
   * @param warmupCalls sequential: calls before measuring
   * @param measuredCalls sequential: calls measured
   * @param inFlight in flight: calls kept outstanding
   * @param warmup in flight: time before measuring
   * @param measure in flight: time measured
   */
  record Config(
      Kind kind,
      int k,
      Path nodeDir,
      int warmupCalls,
      int measuredCalls,
      int inFlight,
      Duration warmup,
      Duration measure) {}

  /** The arguments of every call: with the ids, a {@code tool.call} of about 125 bytes. */
  static JsonNode callArgs() {
    ObjectNode args = JsonNodeFactory.instance.objectNode();
    args.put("text", "hello from the load driver");
    args.put("n", 42);
    return args;
  }

  private WsScenario() {}

  /** Runs {@code config}; the result holds the figures of its kind. */
  static ObjectNode run(Config config) throws Exception {
    List<String> tools = new ArrayList<>();
    for (int i = 0; i < config.k(); i++) {
      tools.add("echo_" + i);
    }
    WsHarness harness = WsHarness.start();
    NodeProviders providers = null;
    try {
      providers =
          NodeProviders.start(
              config.nodeDir(), config.k(), harness.url(), harness.gateway.providerToken());
      providers.awaitReady(60);
      ObjectNode result = JsonNodeFactory.instance.objectNode();
      result.put("k", config.k());
      Meter meter =
          new Meter().watch("gateway", ProcessHandle.current().pid()).watch("providers", providers.pid());
      long calls =
          switch (config.kind()) {
        case SEQUENTIAL, SEQUENTIAL_ASYNC -> {
          HostLoad.Sequential s =
              config.kind() == Kind.SEQUENTIAL
                  ? HostLoad.sequential(
                      harness.gateway,
                      harness.sessionId,
                      tools,
                      callArgs(),
                      config.warmupCalls(),
                      config.measuredCalls(),
                      meter)
                  : HostLoad.sequentialAsync(
                      harness.gateway,
                      harness.sessionId,
                      tools,
                      callArgs(),
                      config.warmupCalls(),
                      config.measuredCalls(),
                      meter);
          result.put("p50Micros", s.p50Micros());
          result.put("p99Micros", s.p99Micros());
          result.put("callsPerSecond", s.callsPerSecond());
          yield s.calls();
        }
        case IN_FLIGHT -> {
          HostLoad.Throughput t =
              HostLoad.inFlight(
                  harness.gateway,
                  harness.sessionId,
                  tools,
                  callArgs(),
                  config.inFlight(),
                  config.warmup(),
                  config.measure(),
                  meter);
          result.put("callsPerSecond", t.callsPerSecond());
          yield t.calls();
        }
      };
      result.put("othersCpuPercent", meter.othersPercent());
      // What each process spent per call: the explanation behind the figures.
      for (String side : meter.names()) {
        ProcStatus.Counters spent = meter.spent(side);
        result.put(side + "CpuMicrosPerCall", spent.cpuSeconds() * 1e6 / calls);
        result.put(side + "SwitchesPerCall", (double) spent.contextSwitches() / calls);
      }
      return result;
    } finally {
      harness.close(); // closing the sockets makes providers.cjs exit
      if (providers != null) {
        providers.close();
      }
    }
  }
}
