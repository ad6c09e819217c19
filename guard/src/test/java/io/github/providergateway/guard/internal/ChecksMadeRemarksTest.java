package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A check that stopped the work made a remark, and a clinical check switched off, are a protection
 * turned off (decision 288): {@code action: hard_stop} to {@code info}, {@code
 * drug_drug_interaction: enabled: false}; a kind of bounce, or a check made stricter, is not.
 */
class ChecksMadeRemarksTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "config/dur_rules.yaml|opioid_benzodiazepine_concurrent:\\n  action: hard_stop"
            + "|opioid_benzodiazepine_concurrent:\\n  action: info",
        "config/dur_rules.yaml|duplicate_therapy:\\n  severity: hardstop"
            + "|duplicate_therapy:\\n  severity: soft_stop",
        "config/checks.yaml|gauge:\\n  on_fail: halt|gauge:\\n  on_fail: advisory",
        "config/dur/rules.yaml|drug_drug_interaction:\\n  enabled: true"
            + "|drug_drug_interaction:\\n  enabled: false",
        "src/erx/settings.py|ALLERGY_CHECK_ENABLED = True|ALLERGY_CHECK_ENABLED = False"
      })
  void aStopMadeARemarkOrAClinicalCheckOffIsRead(String file, String old, String now) {
    assertThat(WeakSettings.of(lines(old), lines(now), file)).isNotNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "config/app.yaml|bounce:\\n  type: hard|bounce:\\n  type: soft",
        "config/dur_rules.yaml|opioid_benzodiazepine_concurrent:\\n  action: info"
            + "|opioid_benzodiazepine_concurrent:\\n  action: hard_stop",
        "config/ui.yaml|banner:\\n  enabled: true|banner:\\n  enabled: false"
      })
  void anotherMoveIsNot(String file, String old, String now) {
    assertThat(WeakSettings.of(lines(old), lines(now), file)).isNull();
  }

  private static String lines(String text) {
    return text.replace("\\n", "\n");
  }
}
