package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Production named by its tier, {@code p1} (decision 205), and where the same two letters are not.
 */
class ProductionTiersTest {
  @Test
  void aTierThatStandsForAPlaceNamesProduction() {
    for (String text :
        List.of(
            "p1",
            "aks-pay-use2-p1",
            "$PAYHUB_P1_URL",
            "process.env.PAYHUB_P1_URL",
            "deploy/p1/hub.yaml",
            "ops/env/p1.env",
            "/tmp/fedline_p1.p12",
            "--env=p1",
            "ENV=p1",
            "core-p1",
            "https://phub-p1.use2.hpb.internal/queues",
            "kafka-pay-p1.use2.hpb.internal:9093",
            "swift-pki-hptbus33-p1",
            "HUB_SAA_P1_LAU.key",
            "--env=P1")) {
      assertThat(Environments.namesProduction(text)).as(text).isTrue();
    }
  }

  @Test
  void theSameLettersAsAnOptionAKeyAFileAPriorityOrProseDoNot() {
    for (String text :
        List.of(
            "-p1",
            "-P1",
            "P1",
            "p1=2024-06-10T00:00:00",
            "?command=DataQuery&p1=2024-06-10",
            "fig/p1.png",
            "p1.csv",
            "https://api.gusto-demo.com/v1/companies/c1/payrolls/p1/submit",
            "out/p1_ada_2024-25.txt",
            "fix the P1 alert",
            "priority=P1",
            "--priority=P1",
            "QMPAYP1",
            "saa-p1a",
            "p12",
            "mqp1.use2.hpb.internal",
            "/api/v1/sensors/WI-2-P1/readings",
            "FC-BRIS WI-1-P1 reporting gaps")) {
      assertThat(Environments.namesProduction(text)).as(text).isFalse();
    }
  }

  @Test
  void aTierAfterAPrioritysOptionIsItsValue() {
    assertThat(ProductionTiers.wordsName(words("--priority", "P1"))).isFalse();
    assertThat(ProductionTiers.wordsName(words("--label", "p1", "--title", "x"))).isFalse();
    assertThat(ProductionTiers.wordsName(words("--env", "p1", "queue", "pause"))).isTrue();
    assertThat(ProductionTiers.wordsName(words("--label", "prod"))).isTrue();
  }

  private static List<Word> words(String... texts) {
    return java.util.Arrays.stream(texts).map(Word::literal).toList();
  }
}
