package io.github.providergateway.guard.internal;

import static io.github.providergateway.guard.internal.ShapeObjectsTest.shell;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A program aimed at production by name that does anything but read (decision 154): its command
 * words must hold a read, or it acts; what counts as a command word, and what does not make a call
 * production's. What the rule decides in the whole guard is its examples (RuleBookTest).
 */
class ProductionActsTest {

  private static boolean acts(String command, String program) throws Exception {
    Scan scan = shell(command);
    for (Step step : scan.steps()) {
      if (step.program().equals(program)) {
        return ProductionActs.acts(scan, step);
      }
    }
    throw new AssertionError(program + " not in " + command);
  }

  @Test
  void aTradesOwnWordsOnProductionAct() throws Exception {
    assertThat(acts("mopsctl --env prod halt --segment EQ-MAIN", "mopsctl")).isTrue();
    assertThat(acts("clrctl --env prod margin-call issue --member QX", "clrctl")).isTrue();
    assertThat(acts("memberctl --environment=production limits set --member QX", "memberctl"))
        .isTrue();
    assertThat(acts("refdata -e prd series set NSX30M5 --multiplier 10", "refdata")).isTrue();
    assertThat(
            acts(
                "python manage.py labs_mark_reviewed --settings=vet.settings.production", "python"))
        .isTrue();
  }

  @Test
  void aReadOnProductionDoesNot() throws Exception {
    assertThat(acts("mopsctl --env prod status", "mopsctl")).isFalse();
    assertThat(acts("mopsctl --env prod band show ERIC-B", "mopsctl")).isFalse();
    assertThat(acts("istioctl analyze --context prod -n payments", "istioctl")).isFalse();
    assertThat(acts("dbt compile --target prod --select fct_gl", "dbt")).isFalse();
    assertThat(acts("app-admin --env prod indexer:status", "app-admin")).isFalse();
  }

  @Test
  void anOptionNamedForAReadReadsOnlyAsAFlag() throws Exception {
    assertThat(
            acts(
                "groupsctl --server q-prod-1.acme.internal:9092 --describe --group g", "groupsctl"))
        .isFalse();
    assertThat(acts("sealctl --context prod --fetch-cert", "sealctl")).isFalse();
    assertThat(acts("survctl --env prod alerts close --status OPEN", "survctl"))
        .as("--status OPEN is a filter's value, not a read")
        .isTrue();
  }

  @Test
  void optionValuesAndFreeTextAreNoCommandWords() throws Exception {
    assertThat(acts("topo-client -c topology -alias shop-prod", "topo-client"))
        .as("only options and their values, and a name that says no act")
        .isFalse();
    assertThat(
            acts(
                "mopsctl --env prod halt --reason \"connectivity test before release\"", "mopsctl"))
        .as("free text naming a test is no test place")
        .isTrue();
    assertThat(acts("mopsctl --env prod --yes halt", "mopsctl"))
        .as("--yes takes no value: halt is the command word")
        .isTrue();
  }

  @Test
  void withNoCommandWordTheProgramsNameSaysWhetherItActs() throws Exception {
    assertThat(acts("./bin/edi-send --type CUSCAR --voyage 0412W --env prod", "edi-send")).isTrue();
    assertThat(acts("python tools/ipaws_send.py --env prod --status Actual", "python")).isTrue();
    assertThat(
            acts("python tools/simulate.py --config live_balance.json --out /tmp/s.csv", "python"))
        .isFalse();
  }

  @Test
  void afterADoubleDashTheCommandRunThereDecides() throws Exception {
    assertThat(acts("cloudctl ssh -e production -- php bin/magento indexer:status", "cloudctl"))
        .isFalse();
    assertThat(acts("cloudctl ssh -e production -- php bin/magento cache:flush", "cloudctl"))
        .isTrue();
  }

  @Test
  void aCopyToKeepIsNoAct() throws Exception {
    assertThat(acts("dbadmin create-db-snapshot --db orders-prod --id pre-migration", "dbadmin"))
        .isFalse();
    assertThat(acts("dbadmin modify-db-snapshot-attribute --db orders-prod --add 2109", "dbadmin"))
        .isTrue();
  }

  @Test
  void notProductionsWhenItIsNotNamedAsThePlace() throws Exception {
    assertThat(acts("license-checker --production --summary", "license-checker")).isFalse();
    assertThat(acts("mopsctl --env staging halt --segment EQ-MAIN", "mopsctl")).isFalse();
    assertThat(acts("mopsctl --env prod halt --segment EQ-MAIN --dry-run", "mopsctl")).isFalse();
    assertThat(acts("mopsctl halt --segment EQ-MAIN", "mopsctl")).isFalse();
    assertThat(acts("stripe-ctl --live payouts create", "stripe-ctl"))
        .as("--live names the place, not a kind of dependency")
        .isTrue();
  }

  @Test
  void aReadToldToActActs() throws Exception {
    assertThat(acts("refdata --env prod ssr show --apply --symbol ACME", "refdata")).isTrue();
    assertThat(acts("survctl --env prod alerts list --purge --older-than 0d", "survctl")).isTrue();
    assertThat(acts("clrctl --env prod positions status --fix --member QX", "clrctl")).isTrue();
    assertThat(acts("tradectl --env prod get-and-reset --trade-id 88", "tradectl")).isTrue();
    assertThat(acts("survctl --env prod report-then-close --alert 5512", "survctl")).isTrue();
    assertThat(acts("survctl --env prod alerts view close --id 5512", "survctl")).isTrue();
    assertThat(acts("survctl --env prod alerts list --status OPEN --fix-width", "survctl"))
        .as("a display flag whose name only begins with fix")
        .isFalse();
    assertThat(acts("survctl --env prod get-close-prices --date 2026-11-27", "survctl"))
        .as("close as a noun of the read's word")
        .isFalse();
    assertThat(acts("mopsctl --env prod show halt-history --segment EQ-MAIN", "mopsctl"))
        .as("a read's object named for a verb")
        .isFalse();
    assertThat(acts("mopsctl --live status", "mopsctl")).as("--live says where").isFalse();
  }

  @Test
  void aShortOptionGluedToItsValueNamesProduction() throws Exception {
    assertThat(acts("mopsctl -eprod auction skip --segment EQ-MAIN", "mopsctl")).isTrue();
    assertThat(acts("mopsctl -estaging auction skip --segment EQ-MAIN", "mopsctl")).isFalse();
  }

  @Test
  void aTestWordBesideProductionIsAPlaceOnlyWhereAPlaceIsNamed() throws Exception {
    for (String command :
        List.of(
            "mopsctl --env prod auction skip --segment EQ-MAIN --notes test",
            "mopsctl --env prod mwcb disarm --ticket TEST-4411",
            "clrctl --env prod margin-call issue --member QX --requested-by ci-bot",
            "clrctl --stage live margin-call issue --member QX",
            "./bin/driverctl reactivate --from-file tests/fixtures/appeals.yaml --env prod",
            "./bin/driverctl reactivate tmp/appeals_q2.csv --env prod",
            "./bin/driverctl reactivate --input-dir tmp/appeals/ --env prod")) {
      String program = command.startsWith("./bin/") ? "driverctl" : command.split(" ")[0];
      assertThat(acts(command, program)).as(command).isTrue();
    }
    for (String command :
        List.of(
            "mopsctl --env prod --target test-segment auction skip",
            "mopsctl --env prod --config=config/test.yaml auction skip",
            "mopsctl --env prod -s sandbox auction skip",
            "mopsctl --env prod auction skip --local",
            "mopsctl --env prod auction skip --host localhost")) {
      assertThat(acts(command, "mopsctl")).as(command).isFalse();
    }
  }

  @Test
  void aPlannerActsOnlyWhenToldToApply() throws Exception {
    assertThat(acts("octodns-sync --config-file=dns/production.yaml acme.com.", "octodns-sync"))
        .isFalse();
    assertThat(
            acts("octodns-sync --config-file=dns/production.yaml --doit acme.com.", "octodns-sync"))
        .isTrue();
  }

  @Test
  void localToolsAndHttpClientsAreOtherRulesReading() throws Exception {
    for (String command :
        List.of(
            "git push origin HEAD:release/prod",
            "curl -X POST https://api.prod.acme.com/v1/halt",
            "terraform -chdir=envs/prod apply")) {
      String program = command.substring(0, command.indexOf(' '));
      assertThat(acts(command, program)).as(command).isFalse();
    }
  }

  @Test
  void aReadsPluralNamesWhatALaterCommandActsOn() throws Exception {
    assertThat(acts("refops --env production reports amend --match 2025-0398", "refops"))
        .as("decision 164: the reports are amended")
        .isTrue();
    assertThat(acts("refops --env production reports list", "refops")).isFalse();
    assertThat(acts("refops --env production reports --month 2025-05", "refops"))
        .as("the plural alone names what is read")
        .isFalse();
    assertThat(acts("refops --env production reports 2025-05", "refops"))
        .as("a value after it is no command")
        .isFalse();
  }

  @Test
  void settingTheToolItselfTakesFewWords() throws Exception {
    assertThat(acts("catalogctl set --env production", "catalogctl")).isFalse();
    assertThat(
            acts(
                "program-params set --program KST-DEBIT --param cvm_limit --value 100000 --env"
                    + " production",
                "program-params"))
        .as("decision 164: a set with what it sets is an act")
        .isTrue();
  }
}
