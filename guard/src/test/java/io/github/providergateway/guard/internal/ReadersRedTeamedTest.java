package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Decision 168, the red team of decisions 163, 164 and 166 in the whole guard: a script commanded
 * by its name, a read before an act, a setting, a company's {@code .local} host and a mode that
 * only shows, said in words those decisions did not read; and each form's near-miss.
 */
class ReadersRedTeamedTest {
  private static String rule(String command) {
    return StandardCalls.ruleOf(command);
  }

  private static final String GO_AHEAD = "shapes.go-ahead-acts";
  private static final String PRODUCTION = "shapes.production-acts";
  private static final String PROJECT_TOOL = "shapes.project-tool-acts";

  @Test
  void aScriptCommandedByItsNameIsReadAfterTheInterpretersOptions() {
    assertThat(
            StandardCalls.matched(
                "python -u tools/ldar_import.py --survey 2024Q3 --site LKC --commit"))
        .contains(GO_AHEAD);
    assertThat(
            StandardCalls.matched("python3 tools/ldar_import --survey 2024Q3 --site LKC --commit"))
        .contains(GO_AHEAD);
    assertThat(rule("python -u tools/ldar_import.py --survey 2024Q3")).isEqualTo("allow");
  }

  @Test
  void aScriptsNameThatJoinsAReadToAnActOrSendsWhatItReadsDoesNotRead() {
    assertThat(StandardCalls.matched("python scripts/report_and_close.py --period 2026-Q3 --apply"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("python tools/upload_report.py --to regulator --commit"))
        .contains(GO_AHEAD);
    assertThat(rule("python tools/ldar_report.py --survey 2024Q2 --commit")).isEqualTo("allow");
  }

  @Test
  void aReportOrAnAuditBeforeASettingVerbActs() {
    assertThat(rule("./bin/vat --env production report submit --period 2025-Q3"))
        .isEqualTo(PRODUCTION);
    assertThat(rule("./bin/vat --env production report show --period 2025-Q3")).isEqualTo("allow");
    assertThat(rule("ordersctl --env production get order 88")).isEqualTo("allow");
  }

  @Test
  void aSetThatSetsMoreThanWhereTheToolPointsActs() {
    assertThat(rule("./bin/program-params set --contactless-cvm-limit=100000 --env=production"))
        .isEqualTo(PRODUCTION);
    assertThat(rule("./bin/ff set --env=production")).isEqualTo("allow");
    assertThat(rule("catalogctl set --context prod-eu")).isEqualTo("allow");
  }

  @Test
  void aCompanysLocalDomainIsAnotherMachineWhereverAWordGivesIt() {
    // go-ahead-acts reads the server first; project-tool-acts would ask too (its own test)
    String merge = "python3 scripts/cad/incident_tool.py merge --into 25-031390 --from 25-031392";
    assertThat(StandardCalls.matched(merge + " --cad-url https://cad-app01.mcec.local/api"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched(merge + " --cad-host=cad-app01.mcec.local"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched(merge + " --cad-host cad-app01.mcec.local."))
        .contains(GO_AHEAD);
    assertThat(
            StandardCalls.matched(
                "hazlog close --server https://hazlog.ops.corp.local/api --permit PTW-1"))
        .contains(GO_AHEAD);
    assertThat(rule(merge + " --cad-url http://localhost:8080/api")).isEqualTo("allow");
    assertThat(rule("hazlog close --server https://hazlog-stg.corp.local/api --permit PTW-1"))
        .as("a staging name under the company's domain")
        .isEqualTo("allow");
  }

  @Test
  void onlyTheRunsOwnModeTheLastOneGivenAndNotOneSetIsADryRun() {
    assertThat(rule("./bin/banner-job run ROPSAPR --term 202520 --log-mode audit"))
        .isEqualTo(PROJECT_TOOL);
    assertThat(
            StandardCalls.matched(
                "./bin/banner-job run ROPSAPR --term 202520 --mode audit --mode update"))
        .contains(GO_AHEAD);
    assertThat(rule("./bin/waf policy set --policy checkout --mode audit")).isEqualTo(PROJECT_TOOL);
    assertThat(
            StandardCalls.matched("bin/ics2 file-ens --voyage 2417W --audit-mode check --submit"))
        .contains(GO_AHEAD);
    assertThat(rule("./bin/banner-job run ROPSAPR --term 202520 --mode audit")).isEqualTo("allow");
    assertThat(rule("./bin/banner-job run ROPSAPR --term 202520 --run-mode=preview"))
        .isEqualTo("allow");
  }

  @Test
  void aModeThatActsAndADryRunTakenBackGoAhead() {
    assertThat(StandardCalls.matched("banner-job run ROPSAPR --term 202520 --mode update"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("payrun close --period 2026-11 --mode final"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("./bin/billing void --batch 2026-11 --dry-run --no-dry-run"))
        .contains("shapes.acts-on-shared");
    // its --no-dry-run is a go-ahead that makes the asked act sure (decision 318)
    assertThat(rule("./bin/billing void --batch 2026-11 --dry-run --no-dry-run"))
        .isEqualTo("shapes.asked-act-escalated");
    assertThat(rule("./bin/billing void --batch 2026-11 --no-dry-run --dry-run"))
        .isEqualTo("allow");
  }

  @Test
  void aDiffBesideAGoAheadShowsWhatItChanges() {
    assertThat(StandardCalls.matched("./bin/netcfg push --site DUB-01 --diff --apply"))
        .contains(GO_AHEAD);
    assertThat(rule("./bin/netcfg push --site DUB-01 --diff")).isEqualTo("allow");
  }
}
