package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A run of a file the session wrote, judged by what the session remembered of its text (issue 80,
 * decision 90), where that memory is all there is: a past restored from the gateway's file.
 */
class WrittenCodeRunTest {
  private static final Map<String, String> REMOTES =
      Map.of("origin", "https://github.com/ada/app.git");

  private static SessionPast holding(String what) {
    return holding("tools/x.py", what);
  }

  private static SessionPast holding(String path, String what) {
    return SessionPast.restored(
        List.of(),
        0,
        List.of(),
        0,
        List.of(),
        REMOTES,
        Map.of(),
        Set.of(),
        null,
        Map.of("holds:" + PROJECT + "/" + path, what));
  }

  @Test
  void aFileThatHoldsWhatARuleDeniesIsDeniedWhenRun() {
    GuardVerdict verdict =
        guard(GuardPreset.STANDARD)
            .decide(shell("python3 tools/x.py"), holding("secrets.aws cat ~/.aws/credentials"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("written.runs-held");
    assertThat(verdict.reason()).contains("tools/x.py").contains("secrets.aws");
  }

  @Test
  void pytestReachesTheProjectsModulesButNotAScriptsFoldersScript() {
    // decision 301: pytest collects tests and imports modules; scripts/…/seed.py runs by its path
    SessionPast script = holding("scripts/staging/seed_sellers.py", "acts.mass-send x");
    assertThat(guard(GuardPreset.STANDARD).decide(shell("pytest tests/smoke -q"), script))
        .extracting(GuardVerdict::outcome)
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard(GuardPreset.STANDARD)
                .decide(shell("python3 scripts/staging/seed_sellers.py"), script))
        .extracting(GuardVerdict::outcome)
        .isEqualTo(Outcome.DENY);
    for (String reached :
        List.of("tools/x.py", "scripts/tests/helpers.py", "scripts/test_seed.py", "conftest.py")) {
      assertThat(
              guard(GuardPreset.STANDARD)
                  .decide(shell("pytest -q"), holding(reached, "acts.mass-send x")))
          .as(reached)
          .extracting(GuardVerdict::outcome)
          .isEqualTo(Outcome.DENY);
    }
  }

  @Test
  void aScheduleIsRunWhenPushedOrInstalled() {
    // decision 302: a crontab kept in the project runs once deployed by a push or installed
    SessionPast schedule =
        holding("services/scheduler/crontab", "newsroom.safeguard-overridden x --respect=false");
    assertThat(guard(GuardPreset.STANDARD).decide(shell("git push origin main"), schedule))
        .extracting(GuardVerdict::outcome)
        .isEqualTo(Outcome.DENY);
    assertThat(
            guard(GuardPreset.STANDARD)
                .decide(shell("git push origin main"), holding("docs/crontab.md", "fs.x y")))
        .extracting(GuardVerdict::outcome)
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aRuleTheBookNoLongerHasStillDenies() {
    // A past kept by an older gateway may name a rule since renamed: the run is not let through.
    GuardVerdict verdict =
        guard(GuardPreset.STANDARD)
            .decide(shell("python3 tools/x.py"), holding("gone.rule-renamed x"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
  }

  @Test
  void aRuleThatOnlyAsksAsks() {
    GuardVerdict verdict =
        guard(GuardPreset.STANDARD)
            .decide(shell("python3 tools/x.py"), holding("remote.install-url npm install x"));

    assertThat(verdict.outcome()).isEqualTo(Outcome.ASK);
  }

  @Test
  void aFileThatHoldsNothingAndAnotherFileAreLetThrough() {
    assertThat(guard(GuardPreset.STANDARD).decide(shell("python3 tools/x.py"), holding("")))
        .extracting(GuardVerdict::outcome)
        .isEqualTo(Outcome.ALLOW);
    assertThat(
            guard(GuardPreset.STANDARD)
                .decide(shell("python3 tools/y.py"), holding("secrets.aws cat x")))
        .extracting(GuardVerdict::outcome)
        .isEqualTo(Outcome.ALLOW);
  }
}
