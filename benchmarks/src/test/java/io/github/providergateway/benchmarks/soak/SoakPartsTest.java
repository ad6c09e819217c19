package io.github.providergateway.benchmarks.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The soak's pieces that need no gateway: it runs the gateway as the launcher does. */
class SoakPartsTest {

  @Test
  void theGatewayRunsWithTheLaunchersOwnJvmOptions() throws Exception {
    List<String> options = SoakGateway.launcherOptions(Path.of("../gateway"));

    assertThat(options).startsWith("-XX:+UseSerialGC", "-Xms16m", "-Xmx512m", "-Xss512k");
  }

  @Test
  void eachDistinctAnswerIsReportedOnceWithItsCount() {
    assertThat(SoakDriver.distinct(List.of("a", "b", "a", "a"))).isEqualTo("a (×3) / b");
  }

  @Test
  void optionsAreNameValuePairs() {
    assertThat(SoakDriver.options(new String[] {"--minutes", "2", "--out", "x.md"}))
        .containsEntry("minutes", "2").containsEntry("out", "x.md");
  }
}
