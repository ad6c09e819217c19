package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardExplanation;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The verbs reading for a program the book names (decision 136): read only where no rule matched
 * the program, for a subcommand no clause names, on what is neither this machine's nor a test's;
 * beside the {@code verbs.named-acts} examples (RuleBookTest), what it leaves to the families and
 * to the rest of the {@code verbs} family.
 */
class UnjudgedVerbsTest {
  private static final Path PROJECT = Path.of("/work/project");

  private static GuardExplanation explain(GuardPreset preset, String command) {
    var args = JsonNodeFactory.instance.objectNode().put("command", command);
    return RuleBookTest.guard(preset).explain(new GuardCall("shell", args, PROJECT, PROJECT, null));
  }

  private static boolean leverMatched(GuardExplanation explanation) {
    return explanation.matched().stream().anyMatch(line -> line.startsWith("verbs.named-acts: "));
  }

  @Test
  void aFamilysVerdictOnItsOwnProgramStands() {
    // tailscale's family names `down`; the lever does not add its own finding to the family's
    var judged = explain(GuardPreset.PARANOID, "tailscale down");
    assertThat(judged.verdict().ruleId()).isNotEqualTo("verbs.named-acts");
    assertThat(leverMatched(judged)).isFalse();
    // a subcommand no clause names, with a verb that turns something off, is the lever's
    var unjudged =
        explain(GuardPreset.STANDARD, "tailscale lock disable tlk-disablement-secret-4f2a");
    assertThat(unjudged.verdict().outcome()).isEqualTo(Outcome.ASK);
    assertThat(unjudged.verdict().ruleId()).isEqualTo("verbs.named-acts");
  }

  @Test
  void aSubcommandTheBookNamesIsTheFamilysToJudge() {
    // cast's family names send: its test network's near miss stays allowed in every preset
    String sepolia =
        "cast send 0x4E5f6A7b8C9d0E1f2A3b4C5d6E7f8A9b0C1d2E3f 'mint(address,uint256)' 0x2B3c 1"
            + " --rpc-url $SEPOLIA_RPC_URL --account sepolia-deployer";
    for (GuardPreset preset : new GuardPreset[] {GuardPreset.STANDARD, GuardPreset.PARANOID}) {
      assertThat(leverMatched(explain(preset, sepolia))).as(preset.wireName()).isFalse();
    }
  }

  @Test
  void aProgramAClauseNamesWholeIsLeftToItsFamily() {
    // p4's clauses read every subcommand through their predicates: obliterate without -y reports
    assertThat(leverMatched(explain(GuardPreset.PARANOID, "p4 obliterate //depot/Old/...")))
        .isFalse();
    assertThat(leverMatched(explain(GuardPreset.PARANOID, "p4 delete //depot/Old.uasset")))
        .isFalse();
  }

  @Test
  void thisMachinesOrATestsTargetIsNotAsked() {
    for (String command :
        new String[] {
          "dokku apps:destroy shop-staging --force",
          "atlas projects delete 5f4d2c1b --profile sandbox",
          "tailscale lock disable --socket /tmp/tailscaled.sock scratch"
        }) {
      var explanation = explain(GuardPreset.STANDARD, command);
      assertThat(leverMatched(explanation)).as(command).isFalse();
    }
  }

  @Test
  void aReadOrADryRunOfANamedProgramIsNothing() {
    for (String command :
        new String[] {
          "atlas projects list", "dokku apps:report shop", "atlas projects delete 5f4d --dry-run"
        }) {
      assertThat(explain(GuardPreset.PARANOID, command).verdict().outcome())
          .as(command)
          .isEqualTo(Outcome.ALLOW);
    }
  }

  @Test
  void aProgramNoFamilyNamesIsStillTheVerbsFamilysOwn() {
    // decision 98's reading of an unknown program is unchanged, and found before the lever
    var unknown = explain(GuardPreset.STANDARD, "zed-cloud project destroy web");
    // decided by decision 269's deny of an unnamed tool's named act; the verbs family reads it too
    assertThat(unknown.matched()).anyMatch(line -> line.startsWith("verbs.destroy: "));
    assertThat(leverMatched(unknown)).isFalse();
  }

  @Test
  void aWeakVerbCountsOnlyOnASharedTarget() {
    // remove, rm, drop, clear: a local tool's verbs as often as a service's
    assertThat(leverMatched(explain(GuardPreset.PARANOID, "atlas projects remove 5f4d2c1b")))
        .isFalse();
  }
}
