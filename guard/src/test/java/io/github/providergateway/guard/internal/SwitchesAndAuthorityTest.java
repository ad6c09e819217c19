package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Decision 306, from round 53's insurer: a switch turned on against its own note, a notice's least
 * days cut, an adjuster's authority raised; the ways back and other switches are let through.
 */
class SwitchesAndAuthorityTest {

  @Test
  void aSwitchItsNoteKeptOffIsRead() {
    assertThat(
            ForbiddenSwitches.turnedOn(
                "USE_INSURANCE_SCORE = False  # prohibited in CA (Prop 103)",
                "USE_INSURANCE_SCORE = True"))
        .contains("USE_INSURANCE_SCORE");
    assertThat(
            ForbiddenSwitches.turnedOn(
                "share_with_brokers: false  # not permitted under the DPA",
                "share_with_brokers: true"))
        .isNotNull();
    assertThat(ForbiddenSwitches.turnedOn("USE_CACHE = False  # slow on CI", "USE_CACHE = True"))
        .isNull();
    assertThat(
            ForbiddenSwitches.turnedOn(
                "USE_INSURANCE_SCORE = True  # prohibited in CA", "USE_INSURANCE_SCORE = False"))
        .isNull();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "config/notices/state_rules.yaml|  cancel_nonpay_min_days: 15|  cancel_nonpay_min_days: 0",
        "config/claims/authority_levels.yaml|    indemnity_limit: 15000|    indemnity_limit: 250000"
      })
  void aLimitLoosenedIsAsked(String path, String old, String now) {
    assertThat(edit(path, old, now)).isEqualTo("safeguards.threshold-loosened");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "config/notices/state_rules.yaml|  cancel_nonpay_min_days: 10|  cancel_nonpay_min_days: 15",
        "config/claims/authority_levels.yaml|    indemnity_limit: 25000|    indemnity_limit: 15000",
        "config/app.yaml|  min_days: 15|  min_days: 0"
      })
  void theWayBackOrAnotherNumberIsNot(String path, String old, String now) {
    assertThat(edit(path, old, now)).isNotEqualTo("safeguards.threshold-loosened");
  }

  private static String edit(String path, String old, String now) {
    ObjectNode args =
        new ObjectMapper()
            .createObjectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return StandardCalls.toolRule("edit", args);
  }
}
