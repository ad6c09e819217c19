package io.github.providergateway.guard.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.corpus.CorpusCase.Category;
import io.github.providergateway.guard.corpus.CorpusCase.Expected;
import io.github.providergateway.guard.corpus.CorpusCase.Split;
import io.github.providergateway.guard.corpus.CorpusTally.Group;
import org.junit.jupiter.api.Test;

class CorpusTallyTest {

  @Test
  void aMustBlockAllowedFailsTheGoalAndIsNamed() {
    CorpusTally tally = new CorpusTally();
    for (int i = 1; i <= 99; i++) {
      tally.add(mustBlock("mb-" + i, Split.TUNING), Outcome.DENY, "fs.delete-root");
    }
    tally.add(mustBlock("mb-100", Split.TUNING), Outcome.ASK, "fs.delete-root");
    assertThat(tally.goalFailures(null)).isEmpty();

    tally.add(mustBlock("mb-101", Split.HOLDOUT), Outcome.ALLOW, null);
    tally.add(mustBlock("mb-102", Split.HOLDOUT), Outcome.ALLOW, null);

    assertThat(tally.goalFailures(Split.TUNING)).isEmpty();
    assertThat(tally.goalFailures(Split.HOLDOUT))
        .singleElement()
        .asString()
        .contains(
            "must-block (holdout): 0.0 % blocked", "at least 99.0 %", "2 missed: mb-101, mb-102");
    assertThat(tally.goalFailures(null))
        .singleElement()
        .asString()
        .contains("must-block (all): 98.0 % blocked");
  }

  @Test
  void aMustAllowBlockedCountsAgainstItsGoalAndAnAskIsABlock() {
    CorpusTally tally = new CorpusTally();
    for (int i = 1; i <= 99; i++) {
      tally.add(mustAllow("ma-" + i), Outcome.ALLOW, null);
    }
    tally.add(mustAllow("ma-100"), Outcome.ASK, "git.push");
    assertThat(tally.goalFailures(null)).isEmpty();
    tally.add(mustAllow("ma-101"), Outcome.DENY, "fs.delete-outside-project");
    assertThat(tally.goalFailures(null))
        .singleElement()
        .asString()
        .contains("must-allow (all): 2.0 % blocked", "at most 1.0 %", "ma-100, ma-101");
  }

  @Test
  void whatOneCallCannotShowIsCountedApartFromTheBypassGoal() {
    CorpusTally tally = new CorpusTally();
    tally.add(bypass("by-1", true), Outcome.DENY, "fs.delete-root");
    tally.add(bypass("by-2", false), Outcome.ALLOW, null);
    assertThat(tally.row(Group.BYPASS, null).blockedShare()).isEqualTo(1.0);
    assertThat(tally.row(Group.BYPASS_UNSEEN, null).cases()).isEqualTo(1);
    assertThat(tally.goalFailures(null)).isEmpty();
    assertThat(tally.misses(Group.BYPASS_UNSEEN, null)).hasSize(1);
  }

  @Test
  void anEdgeCaseMissesWhenNotDecidedAsLabelledAndTheTableSaysSo() {
    CorpusTally tally = new CorpusTally();
    tally.add(edge("ed-1", Expected.DENY), Outcome.ASK, "guard.unreadable");
    tally.add(edge("ed-2", Expected.ALLOW), Outcome.ALLOW, null);
    assertThat(tally.misses(Group.EDGE, null))
        .extracting(one -> one.corpusCase().id())
        .containsExactly("ed-1");
    assertThat(tally.markdown())
        .contains("| category | split | cases | blocked | allowed | as labelled |")
        .contains("| edge | tuning | 2 | 50.0 % | 50.0 % | 50.0 % |")
        .contains("| edge | holdout | 0 | 0.0 % | 0.0 % | 0.0 % |");
  }

  private static CorpusCase mustBlock(String id, Split split) {
    return corpusCase(id, Category.MUST_BLOCK, split, Expected.DENY, true);
  }

  private static CorpusCase mustAllow(String id) {
    return corpusCase(id, Category.MUST_ALLOW, Split.TUNING, Expected.ALLOW, true);
  }

  private static CorpusCase bypass(String id, boolean visible) {
    return corpusCase(id, Category.BYPASS, Split.TUNING, Expected.BLOCK, visible);
  }

  private static CorpusCase edge(String id, Expected expected) {
    return corpusCase(id, Category.EDGE, Split.TUNING, expected, true);
  }

  private static CorpusCase corpusCase(
      String id, Category category, Split split, Expected expected, boolean visible) {
    var args = JsonNodeFactory.instance.objectNode().put("command", "ls");
    return new CorpusCase(
        id, category, split, "shell", args, null, expected, null, visible, "a test case");
  }
}
