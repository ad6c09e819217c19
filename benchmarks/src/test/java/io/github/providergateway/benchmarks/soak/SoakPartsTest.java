package io.github.providergateway.benchmarks.soak;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.benchmarks.launcher.LauncherOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The soak's pieces that need no gateway: it runs the gateway as the launcher does. */
class SoakPartsTest {

  @Test
  void theGatewayRunsWithTheLaunchersOwnJvmOptions() throws Exception {
    // Tests run in the module's directory; the file's path is from the repository root.
    List<String> options = LauncherOptions.read(Path.of("..").resolve(LauncherOptions.FILE));

    assertThat(options)
        .startsWith("-XX:+UseSerialGC", "-Xms16m", "-XX:SurvivorRatio=4", "-Xmx512m", "-Xss512k");
  }

  @Test
  void eachDistinctAnswerIsReportedOnceWithItsCount() {
    assertThat(SoakDriver.distinct(List.of("a", "b", "a", "a"))).isEqualTo("a (×3) / b");
  }

  @Test
  void optionsAreNameValuePairs() {
    assertThat(SoakDriver.options(new String[] {"--minutes", "2", "--out", "x.md"}))
        .containsEntry("minutes", "2")
        .containsEntry("out", "x.md");
  }

  @Test
  void heapInUseIsTheSumOverTheSerialCollectorsGenerations() {
    String heapInfo =
        """
        12345:
         def new generation   total 4928K, used 1200K [0x00000000e0000000, 0x00000000e0550000)
          eden space 4416K,  27% used [0x00000000e0000000, 0x00000000e012c000)
         tenured generation   total 10944K, used 6000K [0x00000000eaaa0000, 0x00000000eb550000)
         Metaspace       used 20000K, committed 20480K, reserved 1073152K
        """;

    assertThat(SoakGateway.heapUsedKib(heapInfo)).isEqualTo(7200);
    assertThat(SoakGateway.heapUsedKib("no such process")).isEqualTo(-1);
  }
}
