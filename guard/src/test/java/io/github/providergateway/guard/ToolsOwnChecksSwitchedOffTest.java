package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Round 66: a tool's own setting that names a check or a protection, switched off on its command
 * line ({@code config set KEY false}, {@code settings update --key K --value disabled}), is read as
 * an edit of that key would be, and asked by {@code shapes.tool-setting-loosened} (a shape, after
 * the shapes that deny or escalate a trade's tool's act); the key's word "check" is no read. The
 * check switched on, a setting that protects nothing and a read of the setting are ordinary work.
 */
class ToolsOwnChecksSwitchedOffTest {
  private final Guard guard = guard(GuardPreset.STANDARD);

  @Test
  void aChecksSettingSwitchedOffByTheToolIsAsked() {
    for (String command :
        new String[] {
          "pharmctl config set dispense.allergy-check false",
          "pharmctl config set audit.enabled=false"
        }) {
      assertThat(guard.decide(shell(command)))
          .as(command)
          .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
          .containsExactly(Outcome.ASK, "shapes.tool-setting-loosened");
    }
  }

  @Test
  void aShapeThatEscalatesTheToolsActStillDenies() {
    assertThat(
            guard.decide(
                shell(
                    "./bin/vanctl config set --fleet prod-all"
                        + " safety.fall_detection.enabled=false --env prod --yes")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.DENY, "shapes.asked-act-escalated");
  }

  @Test
  void theCheckSwitchedOnAnUnprotectiveSettingAndAReadAreOrdinary() {
    for (String command :
        new String[] {
          "pharmctl config set dispense.allergy-check true",
          "pharmctl config set update.check false",
          "az config set core.collect_telemetry=false",
          "pharmctl config get dispense.allergy-check"
        }) {
      assertThat(guard.decide(shell(command)).outcome()).as(command).isEqualTo(Outcome.ALLOW);
    }
  }
}
