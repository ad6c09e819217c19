package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardSettings;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CPU time and the garbage of one guard decision, measured on the deciding thread ({@code
 * ThreadMXBean}), for a machine too busy for wall-clock percentiles: other processes take the
 * cores, not the thread's own CPU time. It decides {@link GuardBenchmark}'s everyday command of the
 * given size and prints, for each build, the CPU time percentiles and the mean bytes allocated a
 * decision, with the load average at the end.
 *
 * <p>Given guard jars, each is loaded in a class loader of its own in this one JVM, warmed up, then
 * the builds are alternated batch by batch, so that the load of the machine falls on each alike;
 * given none, the guard on the class path is measured. Run it with the gateway's collector options
 * ({@link GuardBenchmark#GATEWAY_OPTIONS}):
 *
 * <pre>{@code java -XX:+UseSerialGC -Xms16m -XX:SurvivorRatio=4 -Xmx512m -Xss512k \
 *     -cp benchmarks/target/benchmarks.jar io.github.providergateway.benchmarks.GuardDecisionCost \
 *     4096 3000 3000 base/guard.jar head/guard.jar}</pre>
 *
 * Arguments: the command's size in bytes, the decisions of warm-up, the decisions measured (each
 * build), then the guard jars. A figure to report, not a test: nothing is asserted. A collection's
 * pause is the collector's thread's, not counted in the deciding thread's CPU time; the garbage
 * says how often a decision meets one.
 */
public final class GuardDecisionCost {

  /** The decisions of one build measured in a row before the next build's. */
  private static final int BATCH = 100;

  private GuardDecisionCost() {}

  public static void main(String[] args) throws Exception {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
    int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 3_000;
    int measured = args.length > 2 ? Integer.parseInt(args[2]) : 3_000;
    List<String> names = new ArrayList<>();
    List<Runnable> builds = new ArrayList<>();
    if (args.length <= 3) {
      names.add("class path");
      builds.add(decider(size));
    }
    URL own = GuardDecisionCost.class.getProtectionDomain().getCodeSource().getLocation();
    for (int i = 3; i < args.length; i++) {
      // The jar's guard first, the rest (Jackson, this class) from the benchmarks' jar.
      URLClassLoader loader =
          new URLClassLoader(
              new URL[] {Path.of(args[i]).toUri().toURL(), own},
              ClassLoader.getPlatformClassLoader());
      names.add(args[i]);
      builds.add(
          (Runnable)
              loader
                  .loadClass(GuardDecisionCost.class.getName())
                  .getMethod("decider", int.class)
                  .invoke(null, size));
    }
    for (Runnable build : builds) {
      for (int i = 0; i < warmUp; i++) {
        build.run();
      }
    }
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long threadId = Thread.currentThread().getId();
    long[][] cpuNanos = new long[builds.size()][measured];
    long[] allocated = new long[builds.size()];
    for (int from = 0; from < measured; from += BATCH) {
      for (int b = 0; b < builds.size(); b++) {
        Runnable build = builds.get(b);
        for (int i = from; i < Math.min(from + BATCH, measured); i++) {
          long bytes = threads.getThreadAllocatedBytes(threadId);
          long cpu = threads.getCurrentThreadCpuTime();
          build.run();
          cpuNanos[b][i] = threads.getCurrentThreadCpuTime() - cpu;
          allocated[b] += threads.getThreadAllocatedBytes(threadId) - bytes;
        }
      }
    }
    for (int b = 0; b < builds.size(); b++) {
      Percentiles cpu = Percentiles.of(cpuNanos[b], measured);
      System.out.printf(
          Locale.ROOT,
          "%s, size %d: CPU a decision p50 %.0f µs, p90 %.0f µs, p99 %.0f µs; garbage %.0f KB%n",
          names.get(b),
          size,
          cpu.at(50) / 1e3,
          cpu.at(90) / 1e3,
          cpu.at(99) / 1e3,
          allocated[b] / (double) measured / 1e3);
    }
    System.out.printf(
        Locale.ROOT,
        "load average %.2f%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  /**
   * One decision of the everyday command, by the guard this class was loaded with.
   *
   * @param size the command's size in bytes
   * @return a decision each run
   */
  public static Runnable decider(int size) {
    Guard guard =
        Guard.create(
            GuardSettings.defaults(),
            new GuardEnvironment(
                Path.of("/home/dev"),
                List.of(Path.of("/tmp")),
                Path.of("/home/dev/.copilot/extensions/tap")));
    Path project = Path.of("/home/dev/project");
    GuardCall call =
        new GuardCall(
            "shell",
            JsonNodeFactory.instance.objectNode().put("command", GuardBenchmark.command(size, "")),
            project,
            project,
            null);
    return () -> guard.decide(call);
  }
}
