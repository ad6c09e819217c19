package io.github.providergateway.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * The text a verdict gives the agent and the audit trail: the rule's id once, then what instead.
 */
class GuardVerdictMessageTest {

  @Test
  void aDenyNamesItsRuleOnceAndWhatIsAllowedInstead() {
    GuardVerdict verdict =
        new GuardVerdict(
            Outcome.DENY, "git.push-force", "a force push rewrites history", "--force-with-lease");

    assertThat(verdict.message())
        .isEqualTo(
            "guard: git.push-force: a force push rewrites history; instead: --force-with-lease");
  }

  @Test
  void aReasonThatStartsWithItsRuleOrSaysTheInsteadIsNotRepeated() {
    GuardVerdict verdict =
        new GuardVerdict(
            Outcome.ASK,
            "fs.delete-root",
            "fs.delete-root: deletes / (use --one-file-system)",
            "--one-file-system");

    assertThat(verdict.message())
        .isEqualTo("guard: fs.delete-root: deletes / (use --one-file-system)");
  }

  @Test
  void anAllowWithNoRuleIsItsReasonAlone() {
    assertThat(new GuardVerdict(Outcome.ALLOW, null, "the guard is off", null).message())
        .isEqualTo("guard: the guard is off");
  }
}
