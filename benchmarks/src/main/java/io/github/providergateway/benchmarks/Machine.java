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
    machine.put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    return machine;
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
