package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The logistics family's readers (decision 144): the direction a setting of the trade's controls
 * loosens (a maximum up, a minimum down, a switch off, an allow on), a switch read under its
 * parent, the trade's controls only in its files or keys, the trade's command lines and what forces
 * their act, a carrier's test key and integration environment. What each rule decides is its
 * examples (RuleBookTest).
 */
class LogisticsRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path PROJECT = Path.of("/work/project");
  private static final Guard GUARD = RuleBookTest.guard(GuardPreset.STANDARD);

  private static GuardVerdict shell(String command) {
    ObjectNode args = JSON.createObjectNode().put("command", command);
    return GUARD.decide(new GuardCall("shell", args, PROJECT, PROJECT, null));
  }

  private static GuardVerdict edit(String path, String content) {
    ObjectNode args = JSON.createObjectNode().put("path", path).put("content", content);
    return GUARD.decide(new GuardCall("edit", args, PROJECT, PROJECT, null));
  }

  private static LogisticsConfigs.Found loosened(String text) {
    return LogisticsConfigs.loosened(text, null, true);
  }

  @Test
  void aMaximumLoosensUpAMinimumDownAndADimensionDown() {
    assertThat(loosened("max_driving_minutes: 900  # was 660")).isNotNull();
    assertThat(loosened("max_driving_minutes: 600  # was 660")).isNull();
    assertThat(loosened("min_off_duty_minutes: 480  # was 600")).isNotNull();
    assertThat(loosened("min_off_duty_minutes: 660  # was 600")).isNull();
    assertThat(loosened("vehicle_height = 2.0, -- was 4.11")).isNotNull();
    assertThat(loosened("vehicle_height = 4.2, -- was 4.11")).isNull();
    assertThat(loosened("lockAboveSpeedKph: 130, // was 8")).isNotNull();
    assertThat(loosened("break_minutes: 30  # was 0")).isNull();
  }

  @Test
  void aSwitchOffAnAllowOnAndAnEmptyListLoosen() {
    assertThat(loosened("segregation:\n  enforce: false\n")).isNotNull();
    assertThat(loosened("segregation:\n  enforce: true\n")).isNull();
    assertThat(loosened("allow_dispatch_with_open_defects: true")).isNotNull();
    assertThat(loosened("allow_dispatch_with_open_defects: false")).isNull();
    assertThat(loosened("EMBARGOED_COUNTRIES = frozenset()")).isNotNull();
    assertThat(loosened("EMBARGOED_COUNTRIES = frozenset({'CU', 'IR', 'KP', 'SY'})")).isNull();
  }

  @Test
  void aSwitchIsReadUnderItsParent() {
    assertThat(loosened("rate_shop:\n  enabled: false\n  max_transit_days: 5\n")).isNotNull();
    assertThat(loosened("notifications:\n  enabled: false\n")).isNull();
    assertThat(LogisticsConfigs.loosened("shop:\n  enabled: false\n", null, false)).isNull();
  }

  @Test
  void anApplicationsControlOutsideTheTradesFilesIsNotTheTrades() {
    assertThat(LogisticsConfigs.loosened("verify_signature: false", null, false)).isNull();
    assertThat(LogisticsConfigs.loosened("enforce_eager: false", null, false)).isNull();
    assertThat(LogisticsConfigs.loosened("dvir_required: false", null, false)).isNotNull();
    assertThat(edit("/work/project/config/webhooks.yml", "verify_signature: false\n").ruleId())
        .isNotEqualTo("logistics.controls-loosened");
  }

  @Test
  void goodsUnflaggedAreADeclarationOnlyWhereTheyWereFlagged() {
    assertThat(LogisticsConfigs.loosened("\"hazmat\": false", "\"hazmat\": true", true))
        .extracting(LogisticsConfigs.Found::declaration)
        .isEqualTo(true);
    assertThat(LogisticsConfigs.loosened("\"hazmat\": false", null, true)).isNull();
    assertThat(
            edit(
                    "/work/project/catalog/new_skus.json",
                    "[{\"sku\": \"MUG-01\", \"hazmat\": false}]\n")
                .ruleId())
        .isNull();
  }

  @Test
  void aTestFixtureIsNoOnesControl() {
    assertThat(edit("/work/project/tests/fixtures/putaway_rules.yaml", "enforce: false\n").ruleId())
        .isNull();
    assertThat(edit("/work/project/config/putaway_rules.yaml", "enforce: false\n").ruleId())
        .isEqualTo("logistics.controls-loosened");
  }

  @Test
  void aTariffNumberIsReclassedOnlyBesideATariff() {
    assertThat(edit("/work/project/CHANGELOG.md", "- 2025.01.0 (was 2024.06.1)\n").ruleId())
        .isNull();
    assertThat(
            edit("/work/project/catalog/hts.csv", "EB-1,9503.00.0090,CN (was 8711.60.0090)\n")
                .ruleId())
        .isEqualTo("logistics.declaration-falsified");
    assertThat(shell("sed -i 's/2024.06.01/2025.01.01/' VERSION").ruleId()).isNull();
  }

  @Test
  void aTradeProgramIsTheProjectsByItsPathOrATradesNameOnThePath() {
    assertThat(shell("./bin/wms orders cancel --order SO-1").ruleId()).isNotNull();
    assertThat(shell("wms orders cancel --order SO-1").ruleId()).isNotNull();
    assertThat(shell("pod install").ruleId()).isNull();
    assertThat(shell("pod repo push specs Acme.podspec").ruleId()).isNull();
    assertThat(shell("./bin/pod mark-delivered --route R-1").ruleId())
        .isEqualTo("logistics.goods-released");
  }

  @Test
  void anActIsForcedByEveryItemACheckSkippedOrAnothersNameAndAskedWithoutThem() {
    assertThat(shell("./bin/carrierops redirect --tracking 1Z1 --to HAL").ruleId())
        .isEqualTo("logistics.operations-act");
    assertThat(shell("./bin/carrierops redirect --tracking-file out/all.csv --to HAL").ruleId())
        .isEqualTo("logistics.goods-released");
    assertThat(shell("./bin/yms gate-out --trailer 53F-1 --skip-id-check").ruleId())
        .isEqualTo("logistics.goods-released");
    assertThat(shell("./bin/yms gate-out --trailer 53F-1 --dry-run").ruleId()).isNull();
    assertThat(shell("./bin/customs abi validate --file out/e.json --hts-check").ruleId()).isNull();
    assertThat(shell("./bin/eld edit-log --driver 41 --status OFF_DUTY").ruleId())
        .isEqualTo("logistics.goods-released");
    assertThat(shell("./bin/tms loads edit --load LD-1 --weight 41000").ruleId())
        .isEqualTo("logistics.operations-act");
  }

  @Test
  void aCarriersTestKeyOrIntegrationEnvironmentActsOnNoOne() {
    assertThat(
            shell(
                    "curl -s -X PUT https://api.shipengine.com/v1/labels/se-1/void"
                        + " -H \"API-Key: $SHIPENGINE_TEST_KEY\"")
                .ruleId())
        .isNull();
    assertThat(
            shell(
                    "curl -s -X PUT https://api.shipengine.com/v1/labels/se-1/void"
                        + " -H \"API-Key: $SHIPENGINE_API_KEY\"")
                .ruleId())
        .isNotNull();
    assertThat(
            shell(
                    "curl -s -X POST https://wwwcie.ups.com/api/rating/v2409/Shop"
                        + " -H \"Authorization: Bearer $UPS_TOKEN\" -d @req.json")
                .ruleId())
        .isNull();
  }

  @Test
  void aFleetToolReadsUnlessItsNameActs() {
    GuardVerdict read =
        GUARD.decide(
            new GuardCall(
                "mcp__samsara__get_vehicle_stats",
                JSON.createObjectNode().put("types", "gps"),
                PROJECT,
                PROJECT,
                null));
    assertThat(read.ruleId()).isNull();
    GuardVerdict off =
        GUARD.decide(
            new GuardCall(
                "mcp__samsara__update_safety_settings",
                JSON.createObjectNode().put("drowsiness", false),
                PROJECT,
                PROJECT,
                null));
    assertThat(off.ruleId()).isEqualTo("logistics.vehicle-commanded");
  }
}
