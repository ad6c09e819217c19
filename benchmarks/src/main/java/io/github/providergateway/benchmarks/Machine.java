package io.github.providergateway.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the results were measured on. */
final class Machine {

  private Machine() {}

  static Map<String, String> describe() {
    Map<String, String> machine = new LinkedHashMap<>();
    machine.put("started", Instant.now().toString());
    machine.put("nproc", Integer.toString(Runtime.getRuntime().availableProcessors()));
    machine.put("cpu", firstValue(Path.of("/proc/cpuinfo"), "model name"));
    machine.put("memTotal", firstValue(Path.of("/proc/meminfo"), "MemTotal"));
    machine.put("loadAverageAtStart", read(Path.of("/proc/loadavg")));
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    machine.put(
        "jdk",
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    return machine;
  }

  /**
   * Waits until the rest of the machine is quiet (under {@code maxBusyPercent} of all cores for two
   * consecutive seconds), at most {@code maxWait}: on a shared machine, another build running
   * beside a measurement takes its CPU and its wake-ups.
   *
   * @return whether it became quiet in time
   */
  static boolean awaitQuiet(double maxBusyPercent, java.time.Duration maxWait)
      throws InterruptedException {
    long deadline = System.nanoTime() + maxWait.toNanos();
    int cpus = Runtime.getRuntime().availableProcessors();
    int quietSeconds = 0;
    while (System.nanoTime() < deadline) {
      double before = ProcStatus.machineBusySeconds();
      Thread.sleep(1000);
      double busyPercent = (ProcStatus.machineBusySeconds() - before) / cpus * 100;
      quietSeconds = busyPercent < maxBusyPercent ? quietSeconds + 1 : 0;
      if (quietSeconds >= 2) {
        return true;
      }
    }
    return false;
  }

  private static String firstValue(Path file, String key) {
    try {
      List<String> lines = Files.readAllLines(file);
      for (String line : lines) {
        if (line.startsWith(key)) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
    return "unknown";
  }

  private static String read(Path file) {
    try {
      return Files.readString(file).trim();
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }
}
