package io.github.providergateway.guard;

import static io.github.providergateway.guard.GuardFixture.guard;
import static io.github.providergateway.guard.GuardFixture.shell;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** History-destroying git, under standard. */
class GitRulesTest {
  private final Guard standard = guard(GuardPreset.STANDARD);

  @ParameterizedTest(name = "{0} -> {1} {2}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '\u0000',
      textBlock =
          """
          git push --force => git.push-force => DENY
          git push -f origin main => git.push-force => DENY
          git push origin main --force => git.push-force => DENY
          git push -fu origin feature => git.push-force => DENY
          git push origin +main => git.push-force => DENY
          git push origin +HEAD:refs/heads/main => git.push-force => DENY
          git push --force-with-lease --force => git.push-force => DENY
          git push --force-with-lease origin main => git.push-force => DENY
          git push --force-w origin main => git.push-force => DENY
          git  push   --force => git.push-force => DENY
          git -C . push -f => git.push-force => DENY
          git -C /home/ada/code/app -c core.x=y push -f => git.push-force => DENY
          git --no-pager push --force => git.push-force => DENY
          git -c alias.p=push p --force => git.push-force => DENY
          git config alias.fp 'push --force' && git fp origin main => git.push-force => DENY
          git config --global alias.fp 'push --force' => git.push-force => DENY
          git config alias.undo 'reset --hard HEAD~1' => git.reset-hard => DENY
          /usr/bin/git push -f => git.push-force => DENY
          git push --mirror => git.push-mirror => DENY
          git -c a.b=c -c remote.origin.mirror=true push origin => git.push-mirror => DENY
          git -c user.name=x -c remote.origin.push=+refs/heads/*:refs/heads/* push origin => git.push-force => DENY
          git push --mirr origin => git.push-mirror => DENY
          git push --del origin main => git.push-delete => DENY
          git push --forc origin main => git.push-force => DENY
          git reset --har HEAD~3 => git.reset-hard => DENY
          git clean --forc -d => git.clean => DENY
          git branch --del --forc feature => git.branch-force-delete => DENY
          git push origin ${F:---force} => git.push-force => DENY
          git push origin ${REF:-+main} => git.push-force => DENY
          git push origin --delete feature => git.push-delete => DENY
          git push origin -d feature => git.push-delete => DENY
          git push origin :feature => git.push-delete => DENY
          git push --prune origin => git.push-delete => DENY
          git reset --hard => git.reset-hard => DENY
          git reset --hard HEAD~3 => git.reset-hard => DENY
          git reset HEAD~1 --hard => git.reset-hard => DENY
          git clean -f => git.clean => DENY
          git clean -fd => git.clean => DENY
          git clean -fdx => git.clean => DENY
          git clean -x -f => git.clean => DENY
          git clean --force -d => git.clean => DENY
          git branch -D feature => git.branch-force-delete => DENY
          git branch --delete --force feature => git.branch-force-delete => DENY
          git branch -df feature => git.branch-force-delete => DENY
          git stash clear => git.stash-clear => DENY
          git stash drop => git.stash-drop => ASK
          git checkout -- . => git.checkout-discard => DENY
          git checkout . => git.checkout-discard => DENY
          git checkout -- src/main.c => git.checkout-discard => DENY
          git checkout HEAD -- src/main.c => git.checkout-discard => DENY
          git checkout -f main => git.checkout-discard => DENY
          git switch --discard-changes main => git.checkout-discard => DENY
          git restore src/main.c => git.restore-worktree => DENY
          git restore . => git.restore-worktree => DENY
          git restore --staged --worktree . => git.restore-worktree => DENY
          rm -rf .git => git.remove-repo => DENY
          rm -rf ./.git/ => git.remove-repo => DENY
          find . -maxdepth 1 -name .git -exec rm -rf {} + => git.remove-repo => DENY
          git filter-branch --tree-filter 'rm x' HEAD => git.filter-branch => DENY
          git update-ref -d refs/heads/main => git.update-ref-delete => DENY
          git reflog expire --expire=now --all => git.reflog-expire => DENY
          git gc --prune=now => git.gc-prune => DENY
          git prune => git.gc-prune => DENY
          """)
  void blocks(String command, String rule, Outcome outcome) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.ruleId()).as(command).isEqualTo(rule);
    assertThat(verdict.outcome()).as(command).isEqualTo(outcome);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "git push",
        "git push origin feature",
        "git push --force-with-lease",
        "git push --force-with-lease origin feature",
        "git push -u origin feature",
        "git push origin main",
        "git pull --rebase",
        "git reset --soft HEAD~1",
        "git reset --keep HEAD~1",
        "git reset HEAD file.txt",
        "git clean -n",
        "git clean -fdn",
        "git clean --dry-run -fd",
        "git branch -d feature",
        "git branch -D",
        "git stash",
        "git stash pop",
        "git stash list",
        "git checkout main",
        "git checkout -b feature",
        "git switch main",
        "git restore --staged src/main.c",
        "git restore -S .",
        "git gc",
        "git reflog",
        "git log --force",
        "git push --force-w origin feature",
        "git push --dry origin main",
        "git push origin ${BRANCH:-main}",
        "git commit -m 'git push --force'",
        "git -C ../other status",
        "git config alias.co checkout && git co main",
        "git config --global alias.lg 'log --graph --oneline'",
        "git config alias.fp",
        "git lg",
        "git lfs track '*.psd'",
        "git prune -n",
        "rm -rf ./build/.gitkeep-dir",
      })
  void allows(String command) {
    GuardVerdict verdict = standard.decide(shell(command));
    assertThat(verdict.outcome()).as(command + ": " + verdict.reason()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aForcedPushIsToldTheLeaseInstead() {
    GuardVerdict verdict = standard.decide(shell("git push -f origin feature"));
    assertThat(verdict.instead()).isEqualTo("git push --force-with-lease");
    assertThat(verdict.reason())
        .startsWith("git.push-force: `git push -f origin feature` rewrites")
        .endsWith("instead: git push --force-with-lease");
  }

  @Test
  void strictAsksBeforeAPushToMain() {
    Guard strict = guard(GuardPreset.STRICT);
    assertThat(strict.decide(shell("git push origin main")).ruleId()).isEqualTo("git.push-main");
    assertThat(strict.decide(shell("git push origin HEAD:master")).outcome())
        .isEqualTo(Outcome.ASK);
    assertThat(strict.decide(shell("git push origin feature")).allowed()).isTrue();
  }
}
