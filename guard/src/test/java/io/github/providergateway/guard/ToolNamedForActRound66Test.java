package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 66: the project's own tool named for its act ({@code bin/payout}) and given
 * options only acts, as one given an acting command word does (decision 162); told to skip one of
 * its checks, the act is sure (decision 318). A dry run, a help, a test's data and a developer's
 * tool stay ordinary.
 */
class ToolNamedForActRound66Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void aToolNamedForItsActGivenOptionsIsAsked() {
    GuardVerdict verdict = guard.decide(shell("bin/disburse --claim CL-2025-0088"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo("shapes.project-tool-acts");
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
          "bin/disburse --claim CL-2025-0088 --dry-run",
          "bin/disburse --help",
          "bin/disburse --claim TEST-0001 --env test",
          "./scripts/build.sh --release"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
