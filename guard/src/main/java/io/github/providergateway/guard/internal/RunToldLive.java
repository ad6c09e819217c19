package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A run of the project's code told by its environment to act for real (decision 308, {@code
 * shapes.run-told-live}): {@code PAYOUT_DRY_RUN=0 PAYOUT_SEND=1 make -C tools/payouts run}, {@code
 * GOOGLE_ADS_VALIDATE_ONLY=false python -m adsync.offline_conversions …}, {@code KX_POR_PUBLISH=1
 * npm run report}. Round 54's writers of three trades turned a run live this way, where the same
 * switch given as an option ({@code --no-dry-run}, {@code --publish}) is read: a variable is the
 * option said another way, and what the run then does (a payment sent, a report published, values
 * uploaded) only the person can weigh. The variables are the call's for this command ({@link
 * CallEnvironment#toldLiveFor}); a test's run, a test's values and a test's or staging's place
 * named are let through.
 */
final class RunToldLive {
  private RunToldLive() {}

  /** The programs that run the project's own code by a target, a script or a module. */
  private static final Set<String> RUNNERS =
      NameSet.of(
          "make", "gmake", "just", "task", "npm", "yarn", "pnpm", "bun", "rake", "invoke", "go",
          "cargo", "poetry", "uv", "pipenv", "gradle", "bundle");

  /** The words that make a run a test's, a check's or a linter's. */
  private static final Set<String> CHECKING =
      NameSet.of(
          "test",
          "tests",
          "pytest",
          "jest",
          "vitest",
          "mocha",
          "spec",
          "rspec",
          "lint",
          "check",
          "typecheck",
          "unittest",
          "tox",
          "nox",
          "e2e");

  /** Whether {@code step} runs the project's code told live by its environment, as above. */
  static boolean told(Scan scan, Step step) {
    String program = step.program();
    boolean runner = RUNNERS.contains(program) || ScriptRun.runs(step) || program.indexOf('/') >= 0;
    if (!runner || !CallEnvironment.toldLiveFor(scan, step)) {
      return false;
    }
    List<Word> args = step.args();
    for (int i = 0; i < args.size() && i < 8; i++) {
      String text = args.get(i).text();
      for (String part : ServiceVerbs.split(text.replaceFirst("^-+", ""))) {
        if (CHECKING.contains(part)) {
          return false;
        }
      }
    }
    return !SharedActs.localOrTest(step, RemarkOptions.without(args));
  }
}
