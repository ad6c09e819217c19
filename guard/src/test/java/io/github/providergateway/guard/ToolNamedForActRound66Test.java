package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 66: the project's own tool named for its act ({@code bin/payout}) and given
 * options only acts, as one given an acting command word does (decision 162), where its options
 * make the act sure (a check skipped, a go-ahead: decision 318); options alone may be its preview.
 * A dry run, a help, a test's data and a developer's tool stay ordinary.
 */
class ToolNamedForActRound66Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void toldToGoAheadWithoutItsQuestionTheActIsSureToo() {
    GuardVerdict verdict = guard.decide(shell("./scripts/release-funds.sh --escrow E-12 --yes"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("shapes.asked-act-escalated");
  }

  @Test
  void itsChecksSkippedMakeTheActSure() {
    GuardVerdict verdict =
        guard.decide(shell("bin/disburse --claim CL-2025-0088 --skip-sanctions --skip-callback"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("shapes.asked-act-escalated");
  }

  @Test
  void aDryRunAHelpATestsDataOrABuildIsOrdinary() {
    for (String command :
        new String[] {
          "bin/disburse --claim CL-2025-0088",
          "python scripts/refund_bulk.py --event EVT-47730",
          "bin/disburse --claim CL-2025-0088 --dry-run --skip-callback",
          "bin/disburse --help",
          "bin/disburse --claim TEST-0001 --env test",
          "./scripts/build.sh --release"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
