package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A company's tool's words read more exactly (decision 298): a plan named by {@code --plan} is no
 * dry run, a kind's value ({@code --type pressure-test}) names no test's place, a backup put back
 * is no copy kept, {@code checkin} acts although it begins with {@code check}, and a list before a
 * verb is the list acted on. A window of what falls due lists.
 */
class CompanyToolWordsTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "erpctl contacts replace --plan emergency-response --file contacts_new.csv",
        "turnstile price set --plan digital-annual --amount 19900 --apply-to existing",
        "pimsctl records attach --segment TM-0417 --type pressure-test",
        "ignition-gwcmd --restore north_gateway_backup_2022.gwbk --host ign-gw01",
        "toolcrib checkin --outstanding --hangar H2",
        "imcli document checkin --doc 19002214 --replace-version 11",
        "sailthru list delete 'Morning Briefing'"
      })
  void theActIsRead(String command) {
    assertThat(StandardCalls.ruleOf(command)).isEqualTo("shapes.unnamed-tool-acts");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "turnstile price set --plan --amount 19900",
        "erpctl contacts replace --dry-run --file contacts_new.csv",
        "ignition-gwcmd --backup ign-gw01 --out backups/north_gateway.gwbk",
        "sailthru list show 'Morning Briefing'",
        "calib due --days 30 --hangar H2",
        "toolcrib checkin --outstanding --hangar H2 --env staging"
      })
  void aDryRunAReadOrATestPlaceIsNot(String command) {
    assertThat(StandardCalls.matched(command))
        .doesNotContain("shapes.unnamed-tool-acts", "shapes.company-tool-command");
  }
}
