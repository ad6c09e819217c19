package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One WebSocket load run in this JVM: a relay (the gateway and its server, or the {@link
 * BareRelay}), {@code providers.cjs} with K providers, then the workload ({@link HostLoad}). The
 * driver runs the gateway's embedded, and {@link GatewayProcess} runs either in a process of its
 * own so its memory can be read.
 */
final class WsScenario {

  /** What stands between the host load and the providers. */
  enum Relay {
    /** The gateway and its WebSocket server; calls through the host API. */
    GATEWAY,
    /** The {@link BareRelay}: one thread, no gateway. */
    BARE
  }

  enum Kind {
    /** One call at a time, the host thread blocking on each result. */
    SEQUENTIAL,
    /** One call at a time, each made from the previous one's completion (an async host). */
    SEQUENTIAL_ASYNC,
    IN_FLIGHT
  }

  /**
   * @param sessions gateway sessions; with more than one, provider {@code i} binds to session
   *     {@code i} modulo their number ({@code providers.cjs --spread}) and the calls go round-robin
   *     over the providers, each to its own session
   * @param warmupCalls sequential: calls before measuring
   * @param measuredCalls sequential: calls measured
   * @param inFlight in flight: calls kept outstanding
   * @param warmup in flight: time before measuring
   * @param measure in flight: time measured
   */
  record Config(
      Relay relay,
      Kind kind,
      int k,
      int sessions,
      Path nodeDir,
      int warmupCalls,
      int measuredCalls,
      int inFlight,
      Duration warmup,
      Duration measure) {

    Config {
      if (sessions < 1 || (relay == Relay.BARE && sessions != 1)) {
        throw new IllegalArgumentException(
            "sessions must be 1.. (1 for the bare relay), was " + sessions);
      }
    }
  }

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
    return config.relay() == Relay.BARE ? bare(config) : gateway(config);
  }

  private static ObjectNode gateway(Config config) throws Exception {
    WsHarness harness = WsHarness.start(config.sessions(), config.k());
    NodeProviders providers = null;
    try {
      providers =
          NodeProviders.start(
              config.nodeDir(),
              config.k(),
              harness.url(),
              harness.gateway.credentials().providerToken(),
              config.sessions() > 1);
      providers.awaitReady(120);
      List<HostLoad.Target> targets = new ArrayList<>();
      for (int i = 0; i < config.k(); i++) {
        targets.add(
            new HostLoad.Target(harness.sessionIds.get(i % config.sessions()), "echo_" + i));
      }
      return measure(config, HostLoad.roundRobin(harness.gateway, targets, callArgs()), providers);
    } finally {
      harness.close(); // closing the sockets makes providers.cjs exit
      if (providers != null) {
        providers.close();
      }
    }
  }

  private static ObjectNode bare(Config config) throws Exception {
    BareRelay relay = BareRelay.start();
    NodeProviders providers = null;
    try {
      providers = NodeProviders.start(config.nodeDir(), config.k(), relay.url(), relay.token());
      providers.awaitReady(120);
      String[] tools = new String[config.k()];
      for (int i = 0; i < tools.length; i++) {
        tools[i] = "echo_" + i;
      }
      JsonNode args = callArgs();
      return measure(config, n -> relay.call(tools[(int) (n % tools.length)], args), providers);
    } finally {
      relay.close(); // closing the sockets makes providers.cjs exit
      if (providers != null) {
        providers.close();
      }
    }
  }

  /**
   * The load of {@code config.kind()} through {@code calls}, metering this process (reported as
   * {@code gateway}: the gateway, or the bare relay in its place) and the providers.
   */
  private static ObjectNode measure(Config config, HostLoad.Calls calls, NodeProviders providers)
      throws Exception {
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    result.put("k", config.k());
    result.put("sessions", config.sessions());
    Meter meter =
        new Meter()
            .watch("gateway", ProcessHandle.current().pid())
            .watch("providers", providers.pid());
    long count =
        switch (config.kind()) {
          case SEQUENTIAL, SEQUENTIAL_ASYNC -> {
            HostLoad.Sequential s =
                config.kind() == Kind.SEQUENTIAL
                    ? HostLoad.sequential(
                        calls, config.warmupCalls(), config.measuredCalls(), meter)
                    : HostLoad.sequentialAsync(
                        calls, config.warmupCalls(), config.measuredCalls(), meter);
            result.put("p50Micros", s.p50Micros());
            result.put("p99Micros", s.p99Micros());
            result.put("callsPerSecond", s.callsPerSecond());
            yield s.calls();
          }
          case IN_FLIGHT -> {
            HostLoad.Throughput t =
                HostLoad.inFlight(
                    calls, config.inFlight(), config.warmup(), config.measure(), meter);
            result.put("callsPerSecond", t.callsPerSecond());
            yield t.calls();
          }
        };
    result.put("othersCpuPercent", meter.othersPercent());
    // What each process spent per call: the explanation behind the figures.
    for (String side : meter.names()) {
      ProcStatus.Counters spent = meter.spent(side);
      result.put(side + "CpuMicrosPerCall", spent.cpuSeconds() * 1e6 / count);
      result.put(side + "SwitchesPerCall", (double) spent.contextSwitches() / count);
    }
    return result;
  }
}
