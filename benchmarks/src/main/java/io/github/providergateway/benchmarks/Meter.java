package io.github.providergateway.benchmarks;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * CPU time and context switches of some processes over a measured window, to tell per call what
 * each side spent: the figures that explain a throughput or latency figure.
 */
final class Meter {

  private final Map<String, Long> pids = new LinkedHashMap<>();

  /** The names whose reaped children's CPU counts as theirs. */
  private final Set<String> withChildren = new HashSet<>();

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

  /**
   * Meters {@code pid} with the children it waited for during the window (processes it ran to their
   * end), reported as {@code name}.
   */
  Meter watchWithChildren(String name, long pid) {
    withChildren.add(name);
    return watch(name, pid);
  }

  private ProcStatus.Counters counters(String name, long pid) {
    return ProcStatus.counters(pid, withChildren.contains(name));
  }

  void start() {
    pids.forEach((name, pid) -> atStart.put(name, counters(name, pid)));
    machineAtStart = ProcStatus.machineBusySeconds();
    startNanos = System.nanoTime();
  }

  void stop() {
    double machine = ProcStatus.machineBusySeconds() - machineAtStart;
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    pids.forEach((name, pid) -> spent.put(name, counters(name, pid).minus(atStart.get(name))));
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
