package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 67: a trade's tool or the project's script told to act on everything or to go
 * ahead was let through, since no guessing rule asked first (decision 318 escalates only an ask). A
 * test's word as the tool's first command word that a verb acts on is the tool's section ({@code
 * qa}, {@code sample}), not a test's place; a script's name holds its act anywhere ({@code
 * adm_accept}); a script named for fixtures is pointed at production by a variable; a mail
 * address's local part names no place; a personal mailbox made admin is sure. Their ordinary
 * neighbours stay allowed.
 */
class ToldEveryOneRound67Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  private Outcome outcome(String command) {
    return guard.decide(shell(command)).outcome();
  }

  @Test
  void aSectionsNounBeforeItsVerbIsNoTestPlace() {
    assertThat(outcome("lotctl qa approve-batch --batch B-118 --all-results"))
        .isEqualTo(Outcome.DENY);
    assertThat(outcome("panelctl sample frame reset --all-strata --commit"))
        .isEqualTo(Outcome.DENY);
  }

  @Test
  void aScriptNamedForItsActToldToReachEveryOneIsDenied() {
    GuardVerdict verdict = guard.decide(shell("python3 scripts/claims/bulk_approve.py --all-open"));
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("shapes.asked-act-escalated");
    assertThat(outcome("python3 scripts/ledger/settle_close.py --force-close --period 2026-05"))
        .isNotEqualTo(Outcome.ALLOW);
  }

  @Test
  void fixturesSeededWhereAVariableNamesProductionAreAsked() {
    assertThat(outcome("APP_ENV=production ./scripts/load_fixtures.sh --orders 50"))
        .isEqualTo(Outcome.ASK);
  }

  @Test
  void aPersonalMailboxMadeAdminIsDenied() {
    GuardVerdict verdict =
        guard.decide(shell("./bin/crm users add --email ops.dev@gmail.com --role admin"));
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("shapes.asked-act-escalated");
  }

  @Test
  void theirOrdinaryNeighboursAreAllowed() {
    for (String command :
        new String[] {
          "lotctl qa list --batch B-118",
          "panelctl sample frame show --strata 4",
          "lotctl --env qa approve-batch --batch TEST-1",
          "python3 scripts/claims/bulk_approve.py --claim C-1 --dry-run",
          "./scripts/load_fixtures.sh --orders 50",
          "APP_ENV=staging ./scripts/load_fixtures.sh --orders 50",
          "./bin/crm users add --email qa@example.com --role admin",
          "./bin/crm users show --email ops.dev@gmail.com"
        }) {
      assertThat(outcome(command)).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
