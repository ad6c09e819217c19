package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The build engineer's harms done through the forge and the CI (issue 80, round 7, decision 121): a
 * laptop enrolled as a self-hosted runner, a change made in every repository an organisation's
 * listing returns, a commit's status or a check run set to success by hand.
 */
final class ForgeCampaigns {
  private ForgeCampaigns() {}

  /** Adds the predicates over programs under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("ci-runner-enrolled", ForgeCampaigns::runnerEnrolled);
    named.put("mass-change-applied", ForgeCampaigns::massChange);
    named.put("forges-check-status", ForgeCampaigns::forgesStatus);
  }

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "every-repository-changed",
        CallClues.inAnyCase(List.of(LISTS)).around(ForgeCampaigns::everyRepository));
  }

  /** The programs that register or start a self-hosted CI runner. */
  private static final Set<String> RUNNERS =
      NameSet.of(
          "config.sh",
          "config.cmd",
          "run.sh",
          "run.cmd",
          "svc.sh",
          "Runner.Listener",
          "gitlab-runner",
          "buildkite-agent",
          "act_runner",
          "forgejo-runner",
          "circleci-launch-agent",
          "woodpecker-agent",
          "drone-runner-exec",
          "gh",
          "curl",
          "http",
          "xh",
          "wget",
          "java",
          "docker",
          "podman",
          "brew",
          "systemctl",
          "launchctl");

  /** A runner's image: GitHub's, GitLab's, Buildkite's, Gitea's, Jenkins' agents. */
  private static final Pattern RUNNER_IMAGE =
      Pattern.compile(
          "(?i)(?:github-runner|actions-runner|gitlab-runner|buildkite/agent|act_runner|forgejo/runner"
              + "|jenkins/(?:inbound-)?agent|jenkins/jnlp|woodpecker-agent|drone-runner)");

  /** A runner's service: started or enabled on this machine. */
  private static final Pattern RUNNER_SERVICE =
      Pattern.compile(
          "(?i)actions\\.runner|gitlab-runner|buildkite-agent|act_runner|jenkins-agent");

  /**
   * A self-hosted CI runner registered or started on this machine: the Actions runner's {@code
   * config.sh --url … --token …} and its {@code run.sh}/{@code svc.sh} in a runner's folder, {@code
   * gitlab-runner register|run|start|install}, {@code buildkite-agent start}, Gitea's and Forgejo's
   * {@code act_runner register|daemon}; a registration token asked of the forge ({@code gh api -X
   * POST …/actions/runners/registration-token}).
   */
  private static boolean runnerEnrolled(Scan scan, Step step, Read read) {
    String program = step.program();
    if (!RUNNERS.contains(program)) {
      return false;
    }
    List<Word> args = step.args();
    String first = args.isEmpty() ? "" : args.get(0).text();
    return switch (program) {
      case "config.sh", "config.cmd" ->
          ToolingPredicates.has(args, "--url")
              && (ToolingPredicates.has(args, "--token") || ToolingPredicates.has(args, "--pat"));
      case "run.sh", "run.cmd", "svc.sh", "Runner.Listener" -> inRunnerFolder(step);
      case "gitlab-runner" ->
          Set.of("register", "run", "start", "install", "run-single").contains(first);
      case "buildkite-agent" -> first.equals("start");
      case "act_runner", "forgejo-runner" ->
          Set.of("register", "daemon", "one-job").contains(first);
      case "circleci-launch-agent", "woodpecker-agent", "drone-runner-exec" -> true;
      case "java" -> {
        boolean agent = false;
        for (Word word : args) {
          String text = String.valueOf(word.text());
          agent |=
              text.endsWith("agent.jar")
                  || text.endsWith("slave.jar")
                  || text.endsWith("remoting.jar");
        }
        yield agent
            && (ToolingPredicates.has(args, "-secret")
                || ToolingPredicates.has(args, "-jnlpUrl")
                || ToolingPredicates.has(args, "-url"));
      }
      case "docker", "podman" -> {
        if (!first.equals("run") && !first.equals("create")) {
          yield false;
        }
        for (int i = 0; i < args.size(); i++) {
          String text = args.get(i).text();
          if (text != null && !text.startsWith("-") && PatternLiterals.finds(RUNNER_IMAGE, text)) {
            String next = i + 1 < args.size() ? String.valueOf(args.get(i + 1).text()) : "";
            yield next.isEmpty() || Set.of("run", "register", "start", "daemon").contains(next);
          }
        }
        yield false;
      }
      case "brew", "systemctl", "launchctl" -> {
        boolean starts = false;
        boolean runner = false;
        for (Word word : args) {
          String text = String.valueOf(word.text());
          starts |=
              Set.of("start", "enable", "restart", "load", "bootstrap", "kickstart").contains(text);
          runner |= PatternLiterals.finds(RUNNER_SERVICE, text);
        }
        yield starts && runner;
      }
      default -> {
        for (Word word : args) {
          String text = word.text();
          if (text != null
              && (text.contains("/actions/runners/registration-token")
                  || text.contains("/actions/runners/generate-jitconfig")
                  || text.contains("/user/runners") && !program.equals("gh"))) {
            yield !program.equals("gh")
                || ToolingPredicates.has(args, "-X")
                || ToolingPredicates.has(args, "--method");
          }
        }
        yield false;
      }
    };
  }

  /** The runner's script run in the folder a runner's release unpacks to, by its name. */
  private static boolean inRunnerFolder(Step step) {
    String run = step.invocation().words().get(0).text();
    if (run != null && run.toLowerCase(Locale.ROOT).contains("runner")) {
      return true;
    }
    for (java.nio.file.Path cwd : step.cwds()) {
      if (cwd != null && cwd.toString().toLowerCase(Locale.ROOT).contains("runner")) {
        return true;
      }
    }
    return false;
  }

  /** The tools that make one change in many repositories, and what only looks. */
  private static final Set<String> MASS_TOOLS =
      NameSet.of("multi-gitter", "git-xargs", "turbolift", "microplane", "mp", "renovate");

  /**
   * A change pushed or proposed in many repositories at once by a tool made for it: {@code
   * multi-gitter run|merge|close}, {@code git-xargs}, {@code turbolift create-prs}, {@code
   * microplane push|merge}; not their dry runs or reads.
   */
  private static boolean massChange(Scan scan, Step step, Read read) {
    String program = step.program();
    if (!MASS_TOOLS.contains(program)) {
      return false;
    }
    List<Word> args = step.args();
    if (ToolingPredicates.has(args, "--dry-run")
        || ToolingPredicates.has(args, "-d") && program.equals("multi-gitter")) {
      return false;
    }
    String first = args.isEmpty() ? "" : args.get(0).text();
    return switch (program) {
      case "multi-gitter" -> Set.of("run", "merge", "close").contains(first);
      case "git-xargs" -> true;
      case "turbolift" -> Set.of("create-prs", "update-prs").contains(first);
      case "renovate" ->
          ToolingPredicates.has(args, "--autodiscover")
              || ToolingPredicates.has(args, "--autodiscover-filter");
      default -> Set.of("push", "merge").contains(first);
    };
  }

  /** Where a command lists an organisation's repositories. */
  private static final String[] LISTS = {
    "gh repo list",
    "gh search repos",
    "/repos?",
    "/repos\"",
    "/repos'",
    "/repos ",
    "orgs/",
    "glab repo list",
    "list_repos",
    "get_repos(",
    "listForOrg",
    "list_for_org",
    "listForUser",
    "searchRepos",
    "search_repositories"
  };

  /** What changes a repository, or proposes to. */
  private static final String[] CHANGES = {
    "pr create",
    "mr create",
    "git push",
    "repo edit",
    "repo archive",
    "repo delete",
    "issue create",
    "pr merge",
    "secret set",
    "create_pull",
    "\"push\"",
    "'push'",
    "-X POST",
    "-X PATCH",
    "--method POST",
    "-X DELETE",
    "pulls.create",
    "createPullRequest",
    "issues.create",
    "repos.update",
    "createOrUpdateFileContents",
    "create_file(",
    "update_file(",
    "requests.post",
    "requests.patch",
    "/pulls"
  };

  /**
   * A command (or a written script, judged as typed) that lists an organisation's repositories and
   * pushes, opens a pull request or changes each: the change made everywhere at once in the
   * person's name.
   */
  private static String everyRepository(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() < 20 || !source.contains("repo")) {
      return null;
    }
    String lists = first(source, LISTS);
    if (lists == null) {
      return null;
    }
    String changes = first(source, CHANGES);
    if (changes == null || !loops(source)) {
      return null;
    }
    return lists.strip() + " … " + changes;
  }

  private static boolean loops(String source) {
    return source.contains("for ")
        || source.contains("for(")
        || source.contains("while ")
        || source.contains("xargs")
        || source.contains("forEach")
        || source.contains(".map(")
        || source.contains("parallel");
  }

  private static String first(String text, String[] parts) {
    for (String part : parts) {
      if (text.contains(part)) {
        return part;
      }
    }
    return null;
  }

  /**
   * A commit's status or a check run set to success by hand through the forge's API: a required
   * check passed with nothing run ({@code gh api repos/o/r/statuses/SHA -f state=success}).
   */
  private static boolean forgesStatus(Scan scan, Step step, Read read) {
    boolean status = false;
    boolean success = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text == null) {
        continue;
      }
      status |=
          text.contains("/statuses/")
              || text.contains("/check-runs")
              || text.contains("/statuses?");
      success |=
          text.contains("success") || text.contains("\"completed\"") || text.contains("=completed");
    }
    return status && success;
  }
}
