package io.github.providergateway.agent.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionVerdict;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard's runtime's one entry (issue 79): every path's judge goes through it, and whatever
 * fails around the guard is a deny of {@code guard.unreadable}, never an allow
 * (docs/conformance.md, FC-34).
 */
class GuardJudgeTest {

  @TempDir Path home;

  private Guard guard;

  @BeforeEach
  void guardOfTheStandardPreset() {
    guard =
        GuardFactory.create(
            GuardSettings.defaults(), GuardFactory.environment(home.resolve(".gw"), home, null));
  }

  private static GuardCall shell(String command) {
    return new GuardCall(
        "shell", JsonNodeFactory.instance.objectNode().put("command", command), null, null, null);
  }

  @Test
  void aJudgeThatThrowsIsADenyOfTheUnreadableRuleNamingWhatFailed() {
    SessionVerdict judged =
        GuardJudge.judge(
            (call, past) -> {
              throw new IllegalStateException("the project's file went away");
            },
            shell("ls"),
            () -> null);

    assertThat(judged.verdict().outcome()).isEqualTo(Outcome.DENY);
    assertThat(judged.verdict().ruleId()).isEqualTo(GuardJudge.UNREADABLE);
    assertThat(judged.verdict().message())
        .startsWith("guard: guard.unreadable: the guard could not decide this call (")
        .contains("the project's file went away");
    assertThat(judged.flow()).isEqualTo(CallFlow.NONE);
  }

  @Test
  void aPastThatCannotBeReadOrAJudgeThatGivesNothingIsADenyToo() {
    SessionVerdict noPast =
        GuardJudge.judge(
            GuardJudge.of(guard),
            shell("ls"),
            () -> {
              throw new IllegalStateException("the kept pasts are unreadable");
            });
    SessionVerdict nothing = GuardJudge.judge((call, past) -> null, shell("ls"), () -> null);

    assertThat(noPast.verdict().outcome()).isEqualTo(Outcome.DENY);
    assertThat(nothing.verdict().outcome()).isEqualTo(Outcome.DENY);
    assertThat(nothing.verdict().ruleId()).isEqualTo(GuardJudge.UNREADABLE);
  }

  @Test
  void aGuardJudgesAsItselfWithAPastAndTheCallAloneWithout() {
    GuardCall push = shell("git push --force origin main");
    SessionPast past = SessionPast.start(Map.of());

    assertThat(GuardJudge.judge(GuardJudge.of(guard), push, () -> past))
        .isEqualTo(guard.judge(push, past));
    assertThat(GuardJudge.alone(guard, push)).isEqualTo(guard.decide(push));
    assertThat(GuardJudge.alone(guard, push).allowed()).isFalse();
    assertThat(GuardJudge.alone(guard, shell("ls")).allowed()).isTrue();
  }
}
