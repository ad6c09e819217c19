package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which way a number a protection rests on loosens (decision 203): each reading beside the move the
 * other way, and the test's or UAT's file where the same move is the person's own.
 */
class ProtectiveNumbersTest {
  private static String shown(String old, String now, String file) {
    SafeguardEdits.Found found = SafeguardEdits.of(old, now, List.of(file));
    return found == null || found.kind() != SafeguardEdits.Kind.THRESHOLD_LOOSENED
        ? null
        : found.shown();
  }

  @Test
  void aScreeningsMatchScoreLoosensRaisedWhereAPatientMergesLoosensLowered() {
    String file = "/p/screening/engine-p1.properties";
    assertThat(shown("match.score.threshold=82", "match.score.threshold=97", file))
        .isEqualTo("match.score.threshold: 82 → 97, a screening's match score raised");
    assertThat(shown("match.score.threshold=82", "match.score.threshold=80", file)).isNull();
    assertThat(
            shown(
                "match.score.threshold=82",
                "match.score.threshold=97",
                "/p/screening/engine-uat.properties"))
        .isNull();
    assertThat(
            shown("AUTO_LINK_THRESHOLD = 0.95", "AUTO_LINK_THRESHOLD = 0.6", "/p/empi/settings.py"))
        .isNotNull();
  }

  @Test
  void durationsCompareInTheirUnitsAndAVersionByItsParts() {
    assertThat(
            shown(
                "args: [\"purge\", \"--older-than\", \"7y\"]",
                "args: [\"purge\", \"--older-than\", \"30d\"]",
                "/p/deploy/cronjobs/vna-purge.yaml"))
        .isEqualTo("--older-than 7y → 30d: a purge's window cut");
    assertThat(
            shown(
                "args: [\"purge\", \"--older-than\", \"7y\"]",
                "args: [\"purge\", \"--older-than\", \"2555d\"]",
                "/p/deploy/cronjobs/vna-purge.yaml"))
        .isNull();
    assertThat(
            shown(
                "min_allowed_version: \"4.9.3\"",
                "min_allowed_version: \"4.10.0\"",
                "/p/ota/policy/indoor.yaml"))
        .isNull();
    assertThat(
            shown(
                "min_allowed_version: \"4.9.3\"",
                "min_allowed_version: \"4.9.2\"",
                "/p/ota/policy/indoor.yaml"))
        .contains("an anti-rollback floor lowered");
  }

  @Test
  void aCutOffIsLateOnlyPastItsNetworksCloseInEasternTime() {
    String file = "/p/deploy/p1/cutoffs.yaml";
    String was = "fedwire_customer_cutoff: \"18:00 America/New_York\"";
    assertThat(shown(was, "fedwire_customer_cutoff: \"19:45 America/New_York\"", file))
        .contains("a payment network's cut-off later");
    assertThat(shown(was, "fedwire_customer_cutoff: \"18:45 America/New_York\"", file)).isNull();
    assertThat(shown(was, "fedwire_customer_cutoff: \"23:45 Europe/London\"", file)).isNull();
  }

  @Test
  void aValueWithNoneBeforeItLoosensOnlyWhereItSaysSoByItself() {
    assertThat(shown("", "le_delivery_business_days: 3\ncd_waiting_period_days: 0\n", "t.yaml"))
        .isEqualTo("cd_waiting_period_days = 0: a waiting period");
    assertThat(shown("", "cd_waiting_period_days: 7\n", "t.yaml")).isNull();
    assertThat(shown("", "match.score_threshold = 98", "screening/engine-p1.yaml")).isNotNull();
    assertThat(shown("", "match.score_threshold = 85", "screening/engine-p1.yaml")).isNull();
    assertThat(shown("", "aggregate_cash_threshold_usd: 10000", "aml/structuring.yaml")).isNull();
  }

  @Test
  void aCitedNumberChangedWithItsCitationTakenOutIsAskedWhicheverWay() {
    String file = "/p/lending/mla.py";
    String cited = "MAPR_CAP = Decimal(\"0.36\")  # 10 USC 987(b)";
    assertThat(shown(cited, "MAPR_CAP = Decimal(\"0.45\")", file))
        .isEqualTo("MAPR_CAP: 0.36 → 0.45, its citation of 10 USC 987 taken out");
    assertThat(shown(cited, "MAPR_CAP = Decimal(\"0.45\")  # 10 USC 987(b)", file)).isNull();
    assertThat(shown(cited, "MAPR_CAP = Decimal(\"0.36\")", file)).isNull();
  }
}
