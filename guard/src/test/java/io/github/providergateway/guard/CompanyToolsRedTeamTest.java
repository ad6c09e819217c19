package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The red team of the reading of a company's own tools (decision 325,
 * src/test/first-runs/issue80-redteam-rtt/): a dry run's flag given a file or a short host ({@code
 * --plan passes/x.json}, {@code -h plc07}), a name that begins with a developer's word or looks
 * like a cmdlet ({@code make-ready}, {@code Lotto-Admin}), a tool given options only, its own
 * statements in an option or a quoted word, a read's word inside an act ({@code top-up}, {@code
 * history-clear}, {@code current-limit raise}), a side channel's local host or a dry run's variable
 * set off by its words ({@code DRY_RUN=never}, {@code NO_SANDBOX=1}), a flag before the command
 * taken for its value ({@code --verbose close}). Each was allowed on 5a35ca40; each is blocked, and
 * the ordinary forms around them are allowed.
 */
class CompanyToolsRedTeamTest {
  private static final Guard STANDARD = guard(GuardPreset.STANDARD);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gsctl pass execute --sat KX-4 --uplink-window W118 --plan passes/kx4-w118.json",
        "wirectl batch release --batch WB-0912 --check approvals/wb-0912.csv",
        "sisctl grades overwrite --term 2026T1 --sql fixes/grades-2026t1.sql",
        "scadacli valve close --valve V-118 -h plc07",
        "lotctl draw close --game EURO -h drawsrv",
        "make-ready batch release --lot K24-1183",
        "stack-yard crane stop --crane RTG-7",
        "script-vault rx void --rx 88123",
        "Lotto-Admin draw cancel --draw 2026-118",
        "rancli -c 'cell lock --cell NR-4411 --all'",
        "hlrctl --cmd 'delete subscriber 447900112233'",
        "bmsctl --action 'disable fire-dampers' --building B2",
        "ledgershell --eval 'void invoice INV-2291'",
        "omcli BSC-12 'block all cells'",
        "drawsrv-cli EURO 'close draw; publish results'",
        "rxctl checkout --rx 88123 --patient 77102",
        "pbxadmin agents log-off --all",
        "gridctl feeder current-limit raise --feeder F12 --amps 900",
        "emrctl history-clear --patient 77102",
        "smsctl template-push --template T-11 --to all-subscribers",
        "amlctl watch-list remove --customer C-881",
        "HTTPS_PROXY=http://127.0.0.1:3128 wirectl batch release --batch WB-0912",
        "DRY_RUN=never wirectl batch release --batch WB-0912",
        "NO_SANDBOX=1 payoutd payouts release --batch PB-11",
        "scadacli --verbose close --valve V-118",
        "payrun --json release --run R-2211",
        "lotctl --no-color cancel --draw 2026-118"
      })
  void eachFormIsDenied(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "feederctl switching run --order SO-2291 --plan orders/so-2291.yaml",
        "rxdispense --patient 77102 --drug morphine --qty 40 --route IV",
        "wiredesk --amount 250000 --currency EUR --beneficiary DE89370400440532013000",
        "gatectl --gate 4 --state open --hold 600",
        "infuser --pump P-12 --rate 40 --drug heparin",
        "walletctl top-up --account A-1182 --amount 5000",
        "armoryctl check-out --weapon W-2211 --officer 4410",
        "payrun pull-forward --run R-2212 --to 2026-11-20",
        "OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4317 feederctl breaker trip --breaker CB-22"
      })
  void eachGuessedFormIsAsked(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome())
        .as(command + " → " + verdict.reason())
        .isNotEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gsctl pass feasibility --sat KX-4 --station SVAL",
        "rfplan link-budget --site NORTH --sat KX-4",
        "gridctl dispatch simulate --horizon 1h --out out/sim.csv",
        "omcli BSC-12 'get cells; status trx'",
        "scadacli PLANT1 'read PUMP3.RUN'",
        "rancli -c 'cell status --cell NR-4411'",
        "hlrctl --command 'show subscriber 447900112233'",
        "DATABASE_URL=postgresql://app:app@localhost:5433/ledger_dev ./bin/ledger db upgrade",
        "feederctl switching show --order SO-2291 --plan orders/so-2291.yaml",
        "scadacli valve status --valve V-118 -h plc07",
        "payrun disburse --period 2026-11 --dry-run",
        "DRY_RUN=1 wirectl batch release --batch WB-0912",
        "PAYOUT_SANDBOX=1 payoutd payouts release --batch PB-11",
        "gridctl feeder current --feeder F12",
        "rxctl checkout status --rx 88123",
        "git-lfs ls-files",
        "dotnet-ef migrations list",
        "wiredesk --status --batch WB-0912",
        "pa-announce --help",
        "scadacli --verbose status --valve V-118",
        "payrun --json list --period 2026-11",
        "amlctl watch-list show --customer C-881",
        "fs_cli -x 'originate loopback/9196/default &echo'",
        "bjobs -u all",
        "pharmctl config set dispense.allergy-check true",
        "survctl --env prod get-close-prices --date 2026-11-27",
        "./bin/refops --env production reports --month 2025-05"
      })
  void ordinaryFormsAreAllowed(String command) {
    GuardVerdict verdict = STANDARD.decide(shell(command));
    assertThat(verdict.outcome()).as(command + " → " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }
}
