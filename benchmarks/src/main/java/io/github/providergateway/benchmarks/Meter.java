package io.github.providergateway.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time and context switches of some processes over a measured window, to tell per call what
 * each side spent: the figures that explain a throughput or latency figure.
 */
final class Meter {

  private final Map<String, Long> pids = new LinkedHashMap<>();
  private final Map<String, ProcStatus.Counters> atStart = new LinkedHashMap<>();
  private final Map<String, ProcStatus.Counters> spent = new LinkedHashMap<>();

  /** Meters the process {@code pid}, reported as {@code name}. */
  Meter watch(String name, long pid) {
    pids.put(name, pid);
    return this;
  }

  void start() {
    pids.forEach((name, pid) -> atStart.put(name, ProcStatus.counters(pid)));
  }

  void stop() {
    pids.forEach((name, pid) -> spent.put(name, ProcStatus.counters(pid).minus(atStart.get(name))));
  }

  /** What {@code name} spent in the window. */
  ProcStatus.Counters spent(String name) {
    return spent.get(name);
  }

  Iterable<String> names() {
    return pids.keySet();
  }
}
