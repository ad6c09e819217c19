package io.github.providergateway.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads a process's memory figures from {@code /proc/<pid>/status} (Linux). */
final class ProcStatus {

  private ProcStatus() {}

  /** The peak resident set size ({@code VmHWM}) of {@code pid}, in KiB. */
  static long peakRssKib(long pid) throws IOException {
    return field(Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")), "VmHWM");
  }

  /** The value of a {@code Name:   123 kB} line of a status file, in KiB. */
  static long field(List<String> status, String name) {
    for (String line : status) {
      if (line.startsWith(name + ":")) {
        String value = line.substring(name.length() + 1).trim();
        int space = value.indexOf(' ');
        return Long.parseLong(space < 0 ? value : value.substring(0, space));
      }
    }
    throw new IllegalArgumentException("no " + name + " in the status file");
  }
}
