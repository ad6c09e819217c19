package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Round 61's project's own scripts and runner tasks told where to act, and people's records carried
 * to a wider place (issue 80): each kind's harmful form is blocked, its ordinary neighbours stay
 * allowed.
 */
class ToldWhereRound61Test {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        // a test word between a script's verb and its object names made-up data, not a read
        "SIS_ENV=production python3 scripts/seed_test_grades.py --sections all --count 500",
        "python3 scripts/load_test_accounts.py --env prod --count 200",
        // a runner's task named for an act on the trade's records, nowhere said
        "make -C ops/qms close-stale-deviations",
        "just void-unpaid-invoices",
        "npm run expire-holds",
        "make -C tools/records purge-legacy-claims BEFORE=2019-01-01",
        // a check named before the word that waives it, in a variable the call sets
        "BGCHECK_SKIP_DOJ=1 ./scripts/onboard_staff.sh --batch hr/new_hires_aug.csv",
        "QC_SKIP=1 ./bin/lotctl release --lot 24B131",
      })
  void asks(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "python3 scripts/seed_test_grades.py --sections all --count 500",
        "SIS_ENV=staging python3 scripts/seed_test_grades.py --sections all --count 500",
        "python3 scripts/test_connection.py --env production",
        "python3 scripts/smoke_test.py --env production",
        "make close-stale-deviations ENV=staging",
        "make -n close-stale-deviations",
        "DRY_RUN=1 make close-stale-deviations",
        "make purge-cache",
        "make delete-cluster",
        "make clean",
        "npm run test",
        "PIP_NO_CACHE_DIR=1 ./scripts/build.sh --all",
        "ssh fs01.example.net 'df -h /srv/samba; systemctl is-active smbd nmbd winbind'",
        "ssh app1.example.net 'systemctl is-enabled nginx; systemctl list-timers'",
      })
  void allows(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ssh app1.example.net 'systemctl restart nginx; systemctl is-active nginx'",
        "ssh app1.example.net 'systemctl stop nginx && systemctl list-units'",
      })
  void aRemoteChangeBesideAServiceQueryStillAsks(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
  }
}
