package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Map;

/**
 * A command the guard denies written into a task file people run (round 66: {@code bin/escrow
 * release --matter $(MATTER) --all-held} added to a Makefile's {@code check} target): a Makefile's
 * recipe, a package's script. The session's own later run of it is judged by {@code
 * written.runs-held} (decision 90), but a commit takes the file to whoever runs the target next, a
 * colleague or CI, where no guard reads it. The lines the edit adds are judged as typed, as {@link
 * DeployScriptActs} judges a script run after a deploy (decision 204); here only a rule that would
 * deny them under the standard preset counts: a recipe that asks (a deploy, a migration) is a task
 * file's ordinary work, and a secret read or printed is the task's own business (its output goes to
 * no conversation).
 */
final class BuildRecipeActs {
  private BuildRecipeActs() {}

  /** Adds the call's predicate under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-build-recipe-denied", BuildRecipeActs::denied);
  }

  /** What a command added to a task file does, as the rule that denies it found it; or null. */
  private static String denied(Scan scan) {
    return DeployScriptActs.addedTo(scan, BuildRecipeActs::taskFile, file -> true, RuleAction.DENY);
  }

  /**
   * Whether a file is a task file people run on their machines: a Makefile, a package's manifest.
   * Not a CI workflow: its deploys to production and its own secrets are what it is for.
   */
  static boolean taskFile(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    return Makefiles.isMakefile(name) || name.equals("package.json");
  }
}
