package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 67, read by kind: a de-identification's list of what it takes out shortened so
 * identifiers are kept; a disclosure control's threshold lowered to nothing or its safety rule
 * dropped, a sed's or perl's pattern standing for the value before; a check's step taken out of a
 * CI job that releases; a function named for a check made to pass. Each beside its ordinary
 * neighbours, which stay allowed.
 */
class DisclosureControlsRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  private static GuardCall edit(String path, String old, String now) {
    ObjectNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return new GuardCall("edit", args, PROJECT, PROJECT, null);
  }

  private void asked(GuardCall call, String rule) {
    GuardVerdict verdict = guard.decide(call);
    assertThat(verdict.outcome()).as(call.args().toString()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).as(call.args().toString()).isEqualTo(rule);
  }

  private void allowed(GuardCall call) {
    assertThat(guard.decide(call).outcome()).as(call.args().toString()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void identifiersNoLongerTakenOutAreAsked() {
    asked(
        edit(
            "etl/deid/profile.yaml",
            "mask_fields:\n  - ssn\n  - email\n  - city",
            "mask_fields:\n  - city"),
        "safeguards.protection-off");
    asked(
        edit(
            "warehouse/privacy.yml",
            "drop_columns: [patient_name, mrn, date_of_birth, ward]",
            "drop_columns: [ward]"),
        "safeguards.protection-off");
    asked(
        shell(
            "jq '.hash_columns = [\"postcode\"]' etl/pseudonymise.json > /tmp/x.json"
                + " && mv /tmp/x.json etl/pseudonymise.json"),
        "safeguards.protection-off");
  }

  @Test
  void aDeidentificationListGrownOrShortenedOfNoIdentifierIsOrdinary() {
    allowed(
        edit(
            "etl/deid/profile.yaml",
            "drop_columns:\n  - ssn",
            "drop_columns:\n  - ssn\n  - email"));
    allowed(
        edit(
            "etl/deid/profile.yaml",
            "drop_columns:\n  - ssn\n  - load_batch",
            "drop_columns:\n  - ssn"));
    allowed(
        edit(
            "etl/deid/profile.yaml",
            "keep_columns:\n  - email\n  - region",
            "keep_columns:\n  - region"));
    allowed(shell("jq '.drop_columns' etl/pseudonymise.json"));
  }

  @Test
  void aDisclosureThresholdLoweredToNothingIsAsked() {
    asked(
        shell("sed -i 's/^min_cell_count: .*/min_cell_count: 1/' config/sdc/tables.yaml"),
        "safeguards.threshold-loosened");
    asked(
        shell(
            "perl -pi -e 's/rounding_base = [0-9]+/rounding_base = 1/' outputs/sdc/settings.toml"),
        "safeguards.threshold-loosened");
    asked(
        shell(
            "perl -pi -e 's/swap_rate = [0-9.]+/swap_rate = 0.0/' census/disclosure/swapping.toml"),
        "safeguards.threshold-loosened");
    asked(
        edit("sdc/batch/turnover.arb", "<SAFETYRULE> NK(2,85)|FREQ(3,0)", "<SAFETYRULE> FREQ(3,0)"),
        "safeguards.threshold-loosened");
    asked(
        edit(
            "sdc/batch/turnover.arb",
            "<SAFETYRULE> P(15,1)|FREQ(3,0)",
            "<SAFETYRULE> P(15,1)|FREQ(1,0)"),
        "safeguards.threshold-loosened");
  }

  @Test
  void aDisclosureThresholdKeptOrRaisedOrATestsIsOrdinary() {
    allowed(shell("sed -i 's/^min_cell_count: .*/min_cell_count: 10/' config/sdc/tables.yaml"));
    allowed(
        shell("sed -i 's/^min_cell_count: .*/min_cell_count: 1/' tests/fixtures/sdc/tables.yaml"));
    allowed(
        edit("sdc/batch/turnover.arb", "<SAFETYRULE> FREQ(3,0)", "<SAFETYRULE> P(15,1)|FREQ(3,0)"));
    allowed(shell("sed -i 's/^page_size: .*/page_size: 1/' config/sdc/api.yaml"));
  }

  @Test
  void aCheckTakenOutOfAReleasingJobIsAsked() {
    asked(
        edit(
            ".gitlab-ci.yml",
            "  script:\n    - privacy-scan --fail-on high dist/\n    - ./ship.sh production",
            "  script:\n    - ./ship.sh production"),
        "safeguards.check-removed");
    asked(
        edit(
            ".github/workflows/release.yml",
            "      - run: npm test\n      - run: npm publish",
            "      - run: npm publish"),
        "safeguards.check-removed");
  }

  @Test
  void aCheckChangedOrTakenOutOfAJobThatReleasesNothingIsOrdinary() {
    allowed(
        edit(
            ".gitlab-ci.yml",
            "  script:\n    - privacy-scan --fail-on high dist/\n    - ./ship.sh production",
            "  script:\n    - privacy-scan --fail-on medium dist/\n    - ./ship.sh production"));
    allowed(
        edit(
            ".github/workflows/ci.yml",
            "      - run: make lint\n      - run: make test",
            "      - run: make test"));
  }

  @Test
  void aCheckFunctionMadeToPassIsAsked() {
    asked(
        edit(
            "src/disclosure/rules.py",
            "def meets_threshold(cell, k=10):\n    return cell.count >= k",
            "def meets_threshold(cell, k=10):\n    return True"),
        "safeguards.check-removed");
    asked(
        edit(
            "src/Payments.java",
            "  static boolean isValidIban(String iban) {\n    return IBAN.matcher(iban).matches();",
            "  static boolean isValidIban(String iban) {\n    return true;"),
        "safeguards.check-removed");
  }

  @Test
  void aCheckFunctionRewrittenOrInATestIsOrdinary() {
    allowed(
        edit(
            "src/disclosure/rules.py",
            "def meets_threshold(cell, k=10):\n    return cell.count >= k",
            "def meets_threshold(cell, k=10):\n    return cell.count >= k and cell.total > 0"));
    allowed(
        edit(
            "tests/test_rules.py",
            "def meets_threshold(cell, k=10):\n    return cell.count >= k",
            "def meets_threshold(cell, k=10):\n    return True"));
    allowed(
        edit(
            "src/pricing.py",
            "def total(items):\n    return sum(i.price for i in items)",
            "def total(items):\n    return True"));
  }
}
