package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Issue 80 round 66: a second person's part in an act (dual authorisation, a second approver, four
 * eyes, maker-checker, a witness) switched off is a protection turned off; a switch that only
 * shares the words (dual stack) and a test's configuration are not.
 */
class SecondPersonOffRound66Test {
  private final Guard guard = guard(GuardPreset.STANDARD);

  private static GuardCall edit(String path, String old, String now) {
    ObjectNode args =
        JsonNodeFactory.instance
            .objectNode()
            .put("path", path)
            .put("old_string", old)
            .put("new_string", now);
    return new GuardCall("edit", args, PROJECT, PROJECT, null);
  }

  @Test
  void dualAuthorisationAndItsKinTurnedOffAreAsked() {
    for (GuardCall call :
        new GuardCall[] {
          edit("config/payments.yaml", "dual_authorisation: true", "dual_authorisation: false"),
          edit("config/release.yml", "requireSecondApprover: true", "requireSecondApprover: false"),
          edit("config/ledger.yml", "four_eyes: true", "four_eyes: false"),
          edit(
              "config/ledger.yml",
              "maker_checker:\n  enabled: true",
              "maker_checker:\n  enabled: false")
        }) {
      GuardVerdict verdict = guard.decide(call);
      assertThat(verdict.outcome()).as(call.args().toString()).isEqualTo(Outcome.ASK);
      assertThat(verdict.ruleId()).isEqualTo("safeguards.protection-off");
    }
  }

  @Test
  void aSwitchSharingTheWordsOrATestsConfigurationIsOrdinary() {
    assertThat(
            guard
                .decide(edit("config/network.yaml", "dual_stack: true", "dual_stack: false"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard
                .decide(
                    edit(
                        "tests/fixtures/payments.yaml",
                        "dual_authorisation: true",
                        "dual_authorisation: false"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }
}
