package io.github.providergateway.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.benchmarks.launcher.LauncherOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DriverPartsTest {

  @Test
  void optionsArePairsOfNameAndValue() {
    assertThat(LoadDriver.options(new String[] {"ws", "--runs", "1", "--only", "ws,local"}, 1))
        .isEqualTo(Map.of("runs", "1", "only", "ws,local"));
    assertThatThrownBy(() -> LoadDriver.options(new String[] {"--runs"}, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * The load driver measures the gateway with the {@code ./gateway} launcher's JVM options, read
   * from the file the launcher reads, but for the logging ones, which only route JVM warnings.
   */
  @Test
  void theGatewayProcessRunsWithTheLaunchersJvmOptions() throws Exception {
    // Tests run in the module's directory; the file's path is from the repository root.
    java.nio.file.Path file = java.nio.file.Path.of("..").resolve(LauncherOptions.FILE);

    List<String> flags = LoadDriver.launcherFlags(file);

    List<String> launcher = LauncherOptions.read(file);
    assertThat(flags)
        .isNotEmpty()
        .isSubsetOf(launcher)
        .noneMatch(flag -> flag.startsWith("-Xlog:"));
    assertThat(launcher)
        .filteredOn(flag -> !flags.contains(flag))
        .allMatch(flag -> flag.startsWith("-Xlog:"));
  }

  /**
   * The guard's benchmark forks with the gateway's collector and heap (its {@code @Fork} cannot
   * read a file): the launcher's file must still hold every one of them.
   */
  @Test
  void theGuardBenchmarkForksWithTheGatewaysCollectorAndHeap() throws Exception {
    java.nio.file.Path file = java.nio.file.Path.of("..").resolve(LauncherOptions.FILE);
    org.openjdk.jmh.annotations.Fork fork =
        GuardBenchmark.class.getAnnotation(org.openjdk.jmh.annotations.Fork.class);

    assertThat(fork.jvmArgsAppend()).containsExactlyElementsOf(GuardBenchmark.GATEWAY_OPTIONS);
    assertThat(LauncherOptions.read(file)).containsAll(GuardBenchmark.GATEWAY_OPTIONS);
  }

  @Test
  void jvmFlagsSplitOnWhitespace() {
    assertThat(LoadDriver.splitFlags("  -Xmx64m   -XX:+UseSerialGC "))
        .containsExactly("-Xmx64m", "-XX:+UseSerialGC");
    assertThat(LoadDriver.splitFlags("")).isEmpty();
  }

  @Test
  void procStatusFieldsAreReadInKib() {
    List<String> status =
        List.of("Name:\tjava", "VmPeak:\t 3000 kB", "VmHWM:\t   101600 kB", "VmRSS:\t 90000 kB");
    assertThat(ProcStatus.field(status, "VmHWM")).isEqualTo(101600);
    assertThatThrownBy(() -> ProcStatus.field(status, "VmSwap"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void machineBusyTimeCountsEverythingButIdleAndIowait() {
    // user nice system idle iowait irq softirq steal guest guest_nice
    assertThat(ProcStatus.busySeconds("cpu  100 20 30 5000 70 4 6 10 0 0")).isEqualTo(1.7);
  }

  @Test
  void manualTimeRunsDueTasksInOrderAndSkipsCancelledOnes() {
    ManualTime time = new ManualTime();
    List<String> ran = new ArrayList<>();
    time.schedule(Duration.ofMillis(200), () -> ran.add("b"));
    time.schedule(Duration.ofMillis(100), () -> ran.add("a"));
    time.schedule(Duration.ofMillis(150), () -> ran.add("cancelled")).cancel();
    time.schedule(Duration.ofMillis(300), () -> ran.add("later"));
    time.advance(Duration.ofMillis(200));
    assertThat(ran).containsExactly("a", "b");
  }

  @Test
  void everyCodecSampleDecodes() {
    CodecBenchmark benchmark = new CodecBenchmark();
    for (String type : CodecBenchmark.SAMPLES.keySet()) {
      benchmark.type = type;
      benchmark.setUp(); // throws when the sample does not decode
      assertThat(benchmark.encode()).contains("\"type\":\"" + type + "\"");
    }
  }
}
