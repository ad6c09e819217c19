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
  private double machineAtStart;
  private long startNanos;
  /** The share of the machine's CPU (all cores) used by other processes in the window, in %. */
  private double othersPercent;

  /** Meters the process {@code pid}, reported as {@code name}. */
  Meter watch(String name, long pid) {
    pids.put(name, pid);
    return this;
  }

  void start() {
    pids.forEach((name, pid) -> atStart.put(name, ProcStatus.counters(pid)));
    machineAtStart = ProcStatus.machineBusySeconds();
    startNanos = System.nanoTime();
  }

  void stop() {
    double machine = ProcStatus.machineBusySeconds() - machineAtStart;
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    pids.forEach((name, pid) -> spent.put(name, ProcStatus.counters(pid).minus(atStart.get(name))));
    double ours = 0;
    for (ProcStatus.Counters counters : spent.values()) {
      ours += counters.cpuSeconds();
    }
    int cpus = Runtime.getRuntime().availableProcessors();
    othersPercent = Math.max(0, machine - ours) / (seconds * cpus) * 100;
  }

  /**
   * How busy the rest of the machine was during the window (all cores = 100 %): other work on a
   * shared machine takes CPU and wake-ups from the measurement.
   */
  double othersPercent() {
    return othersPercent;
  }

  /** What {@code name} spent in the window. */
  ProcStatus.Counters spent(String name) {
    return spent.get(name);
  }

  Iterable<String> names() {
    return pids.keySet();
  }
}
