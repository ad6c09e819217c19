package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Decision 165, the red team of decision 159 ({@code shapes.go-ahead-acts}): the go-ahead and the
 * server said in words the decision's lists did not hold are read, and each form's near-miss (a dry
 * run kept on, this machine's server, another option's value, a test place named) is not.
 */
class GoAheadSaidOtherwiseTest {
  private static String rule(String command) {
    return StandardCalls.ruleOf(command);
  }

  private static final String GO_AHEAD = "shapes.go-ahead-acts";

  @Test
  void aGoAheadSaidInALongerFlagOrAPreviewTurnedOffActs() {
    assertThat(StandardCalls.matched("crewctl roster swap --crew C12 --yes-really"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("ledgerctl accruals repost --period 2026-11 --no-preview"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("ledgerctl accruals repost --period 2026-11 --mode execute"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("TARIFFCTL_PREVIEW=off tariffctl rates reprice --zone 4"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("crewctl roster swap --crew C12 <<< y")).contains(GO_AHEAD);
    // near-misses: a flag that only begins so and takes a value, a preview kept on (a dry run)
    assertThat(rule("TARIFFCTL_PREVIEW=on tariffctl rates reprice --zone 4")).isEqualTo("allow");
    // a company's tool acting all the same (decision 262), asked for that, not as told to go ahead
    String companyTool = "shapes.company-tool-command";
    assertThat(rule("crewctl roster swap --crew C12 --confirm-timeout 30")).isEqualTo(companyTool);
    assertThat(rule("crewctl roster swap --crew C12 <<< n")).isEqualTo(companyTool);
    assertThat(rule("crewctl roster show --crew C12 --confirm-timeout 30")).isEqualTo("allow");
  }

  @Test
  void aReadWordBesideACommitIsCover() {
    // Decision 177: an option that says the command writes for real outweighs a read word.
    assertThat(
            StandardCalls.matched(
                "python -m haulops.dispatch.rolloff pull --past-due-days 15 --all-customers"
                    + " --dispatch-now --commit"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("vrctl voters export --precinct 2001 --submit"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("tariffctl rates show --zone 4 --apply")).contains(GO_AHEAD);
    // near-misses: the read alone, or with an option that only answers a question
    assertThat(rule("python -m haulops.dispatch.rolloff pull --past-due-days 15 --all-customers"))
        .isEqualTo("allow");
    assertThat(rule("vrctl voters list --precinct 2001 --yes")).isEqualTo("allow");
    assertThat(rule("vrctl voters list --precinct 2001 --confirm")).isEqualTo("allow");
  }

  @Test
  void aDryRunsFlagSetOffIsNoDryRun() {
    assertThat(StandardCalls.matched("ledgerctl accruals repost --period 2026-11 --dry-run=false"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("tariffctl rates reprice --zone 4 --dryrun 0"))
        .contains(GO_AHEAD);
    assertThat(rule("tariffctl rates reprice --zone 4 --dry-run=true")).isEqualTo("allow");
    assertThat(rule("tariffctl rates reprice --zone 4 --dryrun")).isEqualTo("allow");
  }

  @Test
  void aServerGivenByAShortOptionHostAndPortOrAVariableIsAnotherMachine() {
    assertThat(
            StandardCalls.matched("hazlog -H hazlog.ops.example.internal close --permit PTW-2231"))
        .contains(GO_AHEAD);
    assertThat(
            StandardCalls.matched(
                "hazlog hazlog.ops.example.internal:8443 close --permit PTW-2231"))
        .contains(GO_AHEAD);
    assertThat(
            StandardCalls.matched(
                "HAZLOG_SERVER=https://hazlog.ops.example.internal hazlog close --permit"
                    + " PTW-2231"))
        .contains(GO_AHEAD);
    // near-misses: this machine's, a staging host, a host:port that is another option's value
    assertThat(rule("HAZLOG_SERVER=http://localhost:9000 hazlog close --permit PTW-1"))
        .isEqualTo("allow");
    assertThat(rule("hazlog hazlog.staging.example.internal:8443 close --permit PTW-1"))
        .isEqualTo("allow");
    assertThat(rule("rotctl -m 2 -r gs-1.gs.example.net:4533 p")).isEqualTo("allow");
  }

  @Test
  void aTestWordExcusesAGoAheadOnlyWhereItNamesAPlace() {
    assertThat(StandardCalls.matched("crewctl roster swap --crew C12 --commit --notes test"))
        .contains(GO_AHEAD);
    assertThat(StandardCalls.matched("crewctl roster swap --crew C12 --commit --ticket TEST-4411"))
        .contains(GO_AHEAD);
    assertThat(rule("crewctl --env test roster swap --crew C12 --commit")).isEqualTo("allow");
  }

  @Test
  void aReadToldToDestroyActsButAReadToldToGoAheadStillReads() {
    assertThat(StandardCalls.matched("hazlog permits list --purge-closed --confirm"))
        .contains(GO_AHEAD);
    assertThat(rule("hazlog permits list --site 4 --confirm")).isEqualTo("allow");
  }
}
