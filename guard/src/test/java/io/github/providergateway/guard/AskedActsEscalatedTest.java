package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Decision 318: an act a rule guesses and asks about is denied where its own words make it sure
 * (every one, a check skipped, a go-ahead); the person's allow list and the asking rule's own
 * allowance keep their say, and a rule that knows its program keeps its ask.
 */
class AskedActsEscalatedTest {
  private static final String ESCALATED = "shapes.asked-act-escalated";

  @Test
  void aGuessedActToldToReachEveryOneIsDeniedAndNamesWhatTheAskingRuleAskedOf() {
    GuardVerdict verdict =
        guard(GuardPreset.STANDARD)
            .decide(shell("relayctl firmware upgrade --model SEL-651R --all-reclosers --reboot"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo(ESCALATED);
    assertThat(verdict.reason())
        .contains("every one")
        .contains("shapes.company-tool-command asks of");
  }

  @Test
  void theSameActWithoutTheWordsIsStillAsked() {
    GuardVerdict verdict =
        guard(GuardPreset.STANDARD)
            .decide(shell("relayctl firmware upgrade --model SEL-651R --relay RCL-0412"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo("shapes.company-tool-command");
  }

  @Test
  void aCheckSkippedOrAGoAheadEscalatesToo() {
    Guard guard = guard(GuardPreset.STANDARD);

    assertThat(guard.decide(shell("calpads certify --lea 1964733 --submission EOY3 --yes")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.DENY, ESCALATED);
    assertThat(
            guard.decide(shell("ctrack records-request fulfill --request PRR-1 --skip-screening")))
        .extracting(GuardVerdict::outcome, GuardVerdict::ruleId)
        .containsExactly(Outcome.DENY, ESCALATED);
  }

  @Test
  void thePersonsAllowListNamingTheRuleKeepsTheAsk() {
    Guard guard = guard("{\"preset\": \"standard\", \"allow\": [\"" + ESCALATED + "\"]}");

    GuardVerdict verdict =
        guard.decide(shell("relayctl firmware upgrade --model SEL-651R --all-reclosers"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo("shapes.company-tool-command");
  }

  @Test
  void theAskingRuleAllowedLetsTheCallThrough() {
    Guard guard = guard("{\"preset\": \"standard\", \"allow\": [\"shapes.company-tool-command\"]}");

    assertThat(
            guard
                .decide(shell("relayctl firmware upgrade --model SEL-651R --all-reclosers"))
                .outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aRuleThatKnowsItsProgramKeepsItsAskWhateverItsFlags() {
    GuardVerdict verdict =
        guard(GuardPreset.STANDARD).decide(shell("git worktree remove --force ../project-hotfix"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isNotEqualTo(ESCALATED);
  }

  @Test
  void aReadOfEverythingIsNoAct() {
    assertThat(guard(GuardPreset.STANDARD).decide(shell("relayctl firmware list --all-reclosers")))
        .extracting(GuardVerdict::outcome)
        .isEqualTo(Outcome.ALLOW);
  }
}
