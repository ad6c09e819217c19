package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A push to a branch whose name says it deploys or is the live environment ({@code git push origin
 * release/live:refs/heads/deploy/forecaster-rules}, {@code HEAD:live}, {@code production}, {@code
 * env/gate-prod}): the forge's pipeline that listens on that branch builds and deploys what it is
 * given, as on a tag (decision 313), and nobody reviews it first. {@code git.push-main} reads the
 * main branch (off in standard: most teams push there); this reads the branches a team names for
 * what runs. A branch named for the work ({@code fix/prod-login}, {@code feature/…}), a release's
 * version ({@code release/2025.08}), staging's or a test's stays a branch.
 */
final class DeployBranches {
  private DeployBranches() {}

  /** The words of a live environment. */
  private static final Set<String> LIVE = NameSet.of("production", "prod", "prd", "live");

  /** The words of a deploy, which name a deploying branch where its name begins with them. */
  private static final Set<String> DEPLOY =
      NameSet.of("deploy", "deploys", "deployment", "deployments", "deployed");

  /** A branch's first part that says it is a person's work, whatever follows. */
  private static final Set<String> WORK =
      NameSet.of(
          "feature",
          "feat",
          "fix",
          "bugfix",
          "hotfix",
          "chore",
          "docs",
          "doc",
          "refactor",
          "test",
          "tests",
          "wip",
          "spike",
          "experiment",
          "dependabot",
          "renovate",
          "revert",
          "perf",
          "ci",
          "build",
          "style");

  /** The words of a rehearsal's place: such a branch deploys to no live system. */
  private static final Set<String> REHEARSAL =
      NameSet.of(
          "staging",
          "stage",
          "stg",
          "test",
          "testing",
          "dev",
          "develop",
          "development",
          "qa",
          "uat",
          "sandbox",
          "preview",
          "pre",
          "preprod",
          "demo",
          "canary");

  /** Whether a push's refspec's destination is a branch named for deploying or for production. */
  static boolean pushed(Scan scan, Step step, Read read) {
    List<Word> positionals = read.argv().positionals();
    for (Word refspec : positionals.subList(Math.min(1, positionals.size()), positionals.size())) {
      String text = refspec.text();
      if (text == null || text.isEmpty()) {
        continue;
      }
      String destination = text.substring(text.indexOf(':') + 1).replaceFirst("^\\+", "");
      if (destination.startsWith("refs/tags/") || text.startsWith(":")) {
        continue; // a tag is release.tag-pushed's; a deletion git.push-delete's
      }
      if (deploys(destination.replaceFirst("^refs/heads/", ""))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a branch's name says it deploys or is production's. */
  static boolean deploys(String branch) {
    String[] segments = branch.toLowerCase(Locale.ROOT).split("/");
    if (segments.length == 0 || segments[0].isEmpty()) {
      return false;
    }
    String[] first = segments[0].split("[-_.]");
    if (first.length == 0 || WORK.contains(first[0])) {
      return false;
    }
    boolean deploys = false;
    for (String part : first) {
      deploys |= DEPLOY.contains(part);
    }
    for (String segment : segments) {
      for (String part : segment.split("[-_.]")) {
        if (REHEARSAL.contains(part)) {
          return false;
        }
        deploys |= LIVE.contains(part);
      }
    }
    return deploys;
  }
}
