package io.github.providergateway.benchmarks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads a process's memory, CPU and scheduling figures from {@code /proc} (Linux). */
final class ProcStatus {

  /** Clock ticks per second of {@code /proc/<pid>/stat} times (USER_HZ, 100 on Linux). */
  private static final double TICKS_PER_SECOND = 100.0;

  /** CPU time and context switches of a process so far. */
  record Counters(double cpuSeconds, long contextSwitches) {
    Counters minus(Counters earlier) {
      return new Counters(
          cpuSeconds - earlier.cpuSeconds, contextSwitches - earlier.contextSwitches);
    }
  }

  private ProcStatus() {}

  /** The peak resident set size ({@code VmHWM}) of {@code pid}, in KiB. */
  static long peakRssKib(long pid) throws IOException {
    return field(Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")), "VmHWM");
  }

  /**
   * The CPU time (user + system) and context switches (voluntary + involuntary, summed over its
   * threads) of {@code pid}; zeros where {@code /proc} is unreadable.
   */
  static Counters counters(long pid) {
    return counters(pid, false);
  }

  /**
   * As {@link #counters(long)}; with {@code withReapedChildren}, the CPU time includes that of the
   * children the process has waited for (and theirs): short-lived processes it ran, such as a
   * command hook's {@code sh} and {@code curl}.
   */
  static Counters counters(long pid, boolean withReapedChildren) {
    Path proc = Path.of("/proc", Long.toString(pid));
    try {
      String stat = Files.readString(proc.resolve("stat"));
      // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime
      // 15, cutime 16, cstime 17.
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
      if (withReapedChildren) {
        ticks += Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
      }
      double cpu = ticks / TICKS_PER_SECOND;
      long switches = 0;
      try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve("task"))) {
        for (Path task : tasks) {
          try {
            List<String> status = Files.readAllLines(task.resolve("status"));
            switches +=
                field(status, "voluntary_ctxt_switches")
                    + field(status, "nonvoluntary_ctxt_switches");
          } catch (IOException e) {
            // the thread ended while we listed them
          }
        }
      }
      return new Counters(cpu, switches);
    } catch (IOException | RuntimeException e) {
      return new Counters(0, 0);
    }
  }

  /**
   * The CPU time the whole machine has spent busy (user, nice, system, irq, softirq, steal; all
   * CPUs), from {@code /proc/stat}, in seconds; 0 where it is unreadable.
   */
  static double machineBusySeconds() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
        if (line.startsWith("cpu ")) {
          return busySeconds(line);
        }
      }
    } catch (IOException e) {
      return 0;
    }
    return 0;
  }

  /** The busy seconds of a {@code cpu ...} line of {@code /proc/stat}. */
  static double busySeconds(String cpuLine) {
    String[] f = cpuLine.trim().split("\\s+");
    // cpu user nice system idle iowait irq softirq steal ...
    long busy = 0;
    for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
      if (i < f.length) {
        busy += Long.parseLong(f[i]);
      }
    }
    return busy / TICKS_PER_SECOND;
  }

  /** The value of a {@code Name: 123 kB} line of a status file (KiB for sizes). */
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
