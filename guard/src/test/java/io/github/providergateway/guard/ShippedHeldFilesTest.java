package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.PROJECT;
import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file the session wrote whose harm is in being shared (a test hook that fakes passes: {@code
 * checks.*}, {@code leak.*}) is answered when a commit takes it or a file its code wrote, by {@code
 * git add} of it or of a folder above it, {@code -A}, {@code commit -a}; a written file of another
 * harm is answered when it runs, not when committed. npm's {@code version}, {@code publish} and
 * {@code pack} run the package's lifecycle scripts, and so what a written {@code package.json}
 * holds (issue 80, round 4's flows).
 */
class ShippedHeldFilesTest {
  private static final Map<String, String> REMOTES =
      Map.of("origin", "https://github.com/ada/app.git");

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

  private static final SessionPast FAKE_PASS =
      holding("tests/conftest.py", "checks.fake-pass python3 -c 'report.outcome = \"passed\"'");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "git add tests/conftest.py && git commit -m 'test: stabilize' && git push origin main",
        "git add tests/ && git commit -m x",
        "git add -A && git commit -qm x",
        "git commit -am 'fix flaky'",
        "git add . && git commit -m x"
      })
  void aCommitThatTakesAFakePassIsAsked(String command) {
    GuardVerdict verdict = guard(GuardPreset.STANDARD).decide(shell(command), FAKE_PASS);
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ASK);
    assertThat(verdict.ruleId()).isEqualTo("written.runs-held");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "git add src/app.py && git commit -m x",
        "git commit -m x",
        "git status",
        "git diff tests/conftest.py"
      })
  void aCommitThatTakesOtherFilesIsLetThrough(String command) {
    GuardVerdict verdict = guard(GuardPreset.STANDARD).decide(shell(command), FAKE_PASS);
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(strings = {"git add tools/x.py && git commit -m x", "git add -A && git commit -m x"})
  void aFileOfAnotherHarmIsNotAskedWhenCommitted(String command) {
    SessionPast deletes = holding("tools/x.py", "fs.delete-home rm -rf ~");
    assertThat(guard(GuardPreset.STANDARD).decide(shell(command), deletes).outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "git add tests/fixtures/customers.json && git commit -m 'test: fixtures'",
        "git add scripts/ && git commit -m x"
      })
  void aCommitThatTakesWhatAHeldScriptWroteOfProductionIsAsked(String command) {
    SessionPast pulls =
        holding(
            "scripts/refresh.py",
            "leak.production-data-into-project python3 of production data into"
                + " tests/fixtures/customers.json");
    GuardVerdict verdict = guard(GuardPreset.STANDARD).decide(shell(command), pulls);
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ASK);
  }

  @ParameterizedTest
  @ValueSource(strings = {"npm version patch", "npm publish --dry-run", "npm pack"})
  void npmsLifecycleRunsTheWrittenPackagesScripts(String command) {
    SessionPast publishes = holding("package.json", "publish.npm npm publish --access public");
    GuardVerdict verdict = guard(GuardPreset.STANDARD).decide(shell(command), publishes);
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isNotEqualTo(Outcome.ALLOW);
    assertThat(verdict.ruleId()).isEqualTo("written.runs-held");
  }
}
