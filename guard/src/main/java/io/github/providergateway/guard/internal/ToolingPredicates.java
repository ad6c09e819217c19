package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The build and developer-tooling engineer's harms (issue 80, round 7, decision 121): an edit's
 * shape of a build's or tool's setting ({@link ToolingShapes}), a laptop enrolled as a CI runner, a
 * change made in every repository of an organisation, a build that uploads to a shared cache, code
 * that drops every table of the database the environment names.
 */
final class ToolingPredicates {
  private ToolingPredicates() {}

  /** Adds the predicates over programs under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("ci-runner-enrolled", ToolingPredicates::runnerEnrolled);
    named.put("build-uploads-shared-cache", ToolingPredicates::uploadsSharedCache);
    named.put("mass-change-applied", ToolingPredicates::massChange);
    named.put(
        "bloats-history",
        (scan, step, read) ->
            ToolingRuns.BLOATERS.contains(step.program())
                && ToolingRuns.bloats(scan, step, new FlowReading.Found()) != null);
    named.put("deletes-license-lines", ToolingPredicates::deletesLicenseLines);
    named.put(
        "copies-people-into-fixture",
        (scan, step, read) ->
            ToolingRuns.PEOPLE_COPIERS.contains(step.program())
                && ToolingRuns.peopleIntoFixture(scan, step, new FlowReading.Found()) != null);
    named.put("sets-registry-token-elsewhere", ToolingPredicates::setsTokenElsewhere);
    named.put("wrapper-from-elsewhere", ToolingPredicates::wrapperFromElsewhere);
    named.put("forges-check-status", ToolingPredicates::forgesStatus);
    named.put("git-setting-hides-lines", ToolingPredicates::hidesLines);
  }

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-shared-cache-pushed", scan -> shape(scan, ToolingShapes.CACHE_PUSH));
    named.put("edit-unverified-build-download", scan -> shape(scan, ToolingShapes.UNVERIFIED));
    named.put("edit-registry-token-elsewhere", scan -> shape(scan, ToolingShapes.REGISTRY_TOKEN));
    named.put("edit-tests-switched-off", scan -> shape(scan, ToolingShapes.TESTS_OFF));
    named.put("edit-check-hollowed", scan -> shape(scan, ToolingShapes.CHECK_HOLLOW));
    named.put("edit-hidden-from-review", scan -> shape(scan, ToolingShapes.HIDDEN));
    named.put("edit-delayed-destruction", scan -> shape(scan, ToolingShapes.DELAYED));
    named.put("edit-environment-recorded", scan -> shape(scan, ToolingShapes.ENV_RECORDED));
    named.put("edit-auth-backdoor", scan -> shape(scan, ToolingShapes.BACKDOOR));
    named.put("edit-test-report-forged", scan -> shape(scan, ToolingShapes.REPORT));
    named.put(
        "edit-customer-records-in-fixture", scan -> shape(scan, ToolingShapes.RECORDS_IN_FIXTURE));
    named.put("every-repository-changed", ToolingPredicates::everyRepository);
    named.put("code-drops-environment-database", ToolingPredicates::dropsEnvironmentDatabase);
    named.put("license-stripped", ToolingPredicates::licenseStripped);
  }

  /** What an edit or a write puts in that has the rule's shape: read once a call. */
  private static String shape(Scan scan, String rule) {
    String held = scan.once("ToolingPredicates.shape", ToolingPredicates::edited);
    return held != null && held.startsWith(rule + " ") ? held.substring(rule.length() + 1) : null;
  }

  private static String edited(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if (!tool.equals("edit") && !tool.equals("write") && !tool.equals("multiedit")) {
      return null;
    }
    JsonNode path =
        call.args().has("path") ? call.args().get("path") : call.args().get("file_path");
    if (path == null || !path.isTextual()) {
      return null;
    }
    String file = path.asText().startsWith("/") ? path.asText() : "/" + path.asText();
    for (String field : List.of("content", "file_text", "new_string", "new_str")) {
      JsonNode text = call.args().get(field);
      if (text != null && text.isTextual()) {
        String code = text.asText();
        String held =
            ToolingShapes.held(
                file,
                code.length() <= HeldContent.MAX_CHARS
                    ? code
                    : code.substring(0, HeldContent.MAX_CHARS));
        if (held != null) {
          return held;
        }
      }
    }
    return null;
  }

  /** The programs that register or start a self-hosted CI runner. */
  private static final Set<String> RUNNERS =
      Set.of(
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
          has(args, "--url") && (has(args, "--token") || has(args, "--pat"));
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
        yield agent && (has(args, "-secret") || has(args, "-jnlpUrl") || has(args, "-url"));
      }
      case "docker", "podman" -> {
        if (!first.equals("run") && !first.equals("create")) {
          yield false;
        }
        for (int i = 0; i < args.size(); i++) {
          String text = args.get(i).text();
          if (text != null && !text.startsWith("-") && RUNNER_IMAGE.matcher(text).find()) {
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
          runner |= RUNNER_SERVICE.matcher(text).find();
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
            yield !program.equals("gh") || has(args, "-X") || has(args, "--method");
          }
        }
        yield false;
      }
    };
  }

  private static boolean has(List<Word> args, String option) {
    for (Word word : args) {
      String text = word.text();
      if (text != null && (text.equals(option) || text.startsWith(option + "="))) {
        return true;
      }
    }
    return false;
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

  /** Bazel's remote cache or executor named on its command line. */
  private static final Pattern REMOTE =
      Pattern.compile("--remote_(?:cache|executor)=(?:[a-z]+://)?([\\w.-]{1,200})");

  /**
   * A Bazel build told on its command line to upload this machine's results to a remote cache that
   * is not this machine's; Maven's build cache told to save to its remote.
   */
  private static boolean uploadsSharedCache(Scan scan, Step step, Read read) {
    boolean remote = false;
    boolean upload = false;
    boolean off = false;
    boolean cacheTo = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text == null) {
        continue;
      }
      Matcher host = REMOTE.matcher(text);
      if (host.find() && !host.group(1).matches("localhost|127\\.0\\.0\\.1")) {
        remote = true;
      }
      off |=
          text.equals("--remote_upload_local_results=false")
              || text.equals("--noremote_upload_local_results");
      if (text.equals("--remote_upload_local_results")
          || text.equals("--remote_upload_local_results=true")
          || text.startsWith("--google_credentials")
          || text.startsWith("--credential_helper")
          || text.equals("-Dmaven.build.cache.remote.save.enabled=true")) {
        upload = true;
      }
      if (text.startsWith("--cache-to") && SHARED_CACHE_TO.matcher(text).find()
          || cacheTo && SHARED_CACHE_TO.matcher(text).find()) {
        return true; // a container build's cache pushed to a registry or a bucket
      }
      cacheTo = text.equals("--cache-to");
    }
    return upload && !off && (remote || step.program().startsWith("mvn"));
  }

  /** A container build's cache exported to a registry or a bucket that is not this machine's. */
  private static final Pattern SHARED_CACHE_TO =
      Pattern.compile(
          "type=(?:registry|s3|azblob|gcs)(?!.{0,200}ref=(?:localhost|127\\.0\\.0\\.1))");

  /** git's settings that filter what a diff, a log or a pager shows. */
  private static final Pattern SHOWING_KEY =
      Pattern.compile(
          "(?i)core\\.pager|pager\\.[\\w-]{1,40}|diff\\.[^.\\s]{1,60}\\.textconv|interactive\\.difffilter");

  /**
   * A git setting that makes diffs, logs or the pager drop lines ({@code core.pager "sed
   * '/telemetry/d' | less"}, a textconv through {@code grep -v}): the changes are hidden from
   * whoever reviews them here.
   */
  private static boolean hidesLines(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    int at = -1;
    for (int i = 0; i < args.size(); i++) {
      if ("config".equals(args.get(i).text())) {
        at = i;
        break;
      }
    }
    String key = null;
    for (int i = at + 1; at >= 0 && i < args.size(); i++) {
      String text = String.valueOf(args.get(i).text());
      if (text.startsWith("-")) {
        continue;
      }
      if (key == null) {
        key = text;
      } else {
        return SHOWING_KEY.matcher(key).matches()
            && (DELETE_LINES.matcher(text).find() && text.contains("sed")
                || text.matches("(?s).*\\bgrep\\s+(?:-\\w*v|--invert-match).*")
                || text.matches("(?s).*\\bawk\\s+'!/.*"));
      }
    }
    return false;
  }

  /** The tools that make one change in many repositories, and what only looks. */
  private static final Set<String> MASS_TOOLS =
      Set.of("multi-gitter", "git-xargs", "turbolift", "microplane", "mp", "renovate");

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
    if (has(args, "--dry-run") || has(args, "-d") && program.equals("multi-gitter")) {
      return false;
    }
    String first = args.isEmpty() ? "" : args.get(0).text();
    return switch (program) {
      case "multi-gitter" -> Set.of("run", "merge", "close").contains(first);
      case "git-xargs" -> true;
      case "turbolift" -> Set.of("create-prs", "update-prs").contains(first);
      case "renovate" -> has(args, "--autodiscover") || has(args, "--autodiscover-filter");
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

  /** Every table of a database dropped from code: an ORM's or a framework's. */
  private static final Pattern DROPS_ALL =
      Pattern.compile(
          "\\bdrop_all\\(|\\bdropDatabase\\(|\\bdropSchema\\(|synchronize\\(\\s*true|sync\\(\\s*\\{\\s*force:\\s*true"
              + "|\\bflush_db\\b|\\breset_db\\b|migrate:fresh|db:(?:drop|reset|schema:load)|\\bDROP\\s+SCHEMA\\b|\\bdrop_database\\(");

  /** A database's URL read from the environment, by its variable's name. */
  private static final Pattern ENV_DATABASE =
      Pattern.compile(
          "(?:environ\\[|getenv\\(|environ\\.get\\(|process\\.env\\.|process\\.env\\[|ENV\\[|ENV\\.fetch\\(|env\\()\\s*['\"]?"
              + "([A-Z][A-Z0-9_]{0,60})");

  /**
   * Code (a test's setup, a script) that drops every table of the database an environment variable
   * names, where the name says nothing of tests: with the session's {@code .env} it is whatever
   * that file points at, production's as often as not.
   */
  private static String dropsEnvironmentDatabase(Scan scan) {
    String source = scan.source();
    if (source == null
        || !(source.contains("drop")
            || source.contains("DROP")
            || source.contains("db:")
            || source.contains("fresh")
            || source.contains("sync")
            || source.contains("reset"))) {
      return null;
    }
    Matcher drops = DROPS_ALL.matcher(source);
    if (!drops.find()) {
      return null;
    }
    Matcher env = ENV_DATABASE.matcher(source);
    while (env.find()) {
      String name = env.group(1);
      if ((name.contains("DATABASE")
              || name.contains("DB_")
              || name.endsWith("_DB")
              || name.endsWith("DB_URL")
              || name.contains("POSTGRES")
              || name.contains("MYSQL")
              || name.contains("MONGO"))
          && !name.contains("TEST")) {
        return drops.group() + " on $" + name;
      }
    }
    return null;
  }

  /** A request to leave a license or an attribution out. */
  private static final Pattern LEAVE_OUT =
      Pattern.compile(
          "(?i)\\b(?:skip|strip|remove|drop|omit|without|leave out|exclude|delete|no|get rid of|cut)\\b[^.\\n]{0,40}"
              + "\\b(?:licen[cs]e|copyright|attribution|spdx|notice|author)");

  /** An open-source license's marks in a file's header. */
  private static final Pattern OPEN_LICENSE =
      Pattern.compile(
          "(?i)SPDX-License-Identifier|General Public License|Apache License|MIT License|Permission is hereby granted"
              + "|Mozilla Public License|BSD[- ][23]-Clause|Redistribution and use in source|licensed under");

  /** A sed script's delete of the lines a pattern finds, or perl's skip of them. */
  private static final Pattern DELETE_LINES =
      Pattern.compile(
          "/[^/\\n]{1,200}/(?:\\s*,\\s*(?:/[^/\\n]{1,200}/|\\$|\\d{1,6}))?\\s*d(?:$|[;\\s'\"}])|\\b(?:next|unless)\\b");

  /** A word of a deleting program's script that names a license's lines. */
  private static final Pattern LICENSE_WORD =
      Pattern.compile(
          "(?i)spdx|copyright|licen[cs]e|\\bgpl\\b|\\(c\\)|all rights reserved|attribution");

  /**
   * A fetch told to leave a code's license or attribution out ({@code WebFetch}'s prompt), or an
   * edit that takes an open-source license's notice out of a file and puts none back.
   */
  private static String licenseStripped(Scan scan) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if (tool.equals("shell")) {
      return null;
    }
    if (tool.equals("edit") || tool.equals("multiedit")) {
      JsonNode old = call.args().get("old_string");
      JsonNode now = call.args().get("new_string");
      if (old != null && now != null && old.isTextual() && now.isTextual()) {
        Matcher notice = OPEN_LICENSE.matcher(old.asText());
        if (notice.find() && !OPEN_LICENSE.matcher(now.asText()).find()) {
          return "the notice `" + notice.group() + "` taken out";
        }
      }
      return null;
    }
    String lower = tool.toLowerCase(Locale.ROOT);
    if (!lower.contains("fetch") && !lower.contains("browse") && !lower.contains("scrape")) {
      return null;
    }
    for (String field : List.of("prompt", "instructions", "query")) {
      JsonNode text = call.args().get(field);
      if (text != null && text.isTextual()) {
        Matcher leave = LEAVE_OUT.matcher(text.asText());
        if (leave.find()) {
          return FlowReading.shorten(leave.group());
        }
      }
    }
    return null;
  }

  /**
   * A program that deletes a file's license or copyright lines: sed's {@code /Copyright/d}, {@code
   * grep -v SPDX}, perl's {@code next if /License/}.
   */
  private static boolean deletesLicenseLines(Scan scan, Step step, Read read) {
    String program = step.program();
    boolean grep = program.equals("grep") || program.equals("rg");
    boolean inverted = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text == null) {
        continue;
      }
      if (grep
          && (text.equals("-v")
              || text.equals("--invert-match")
              || text.matches("-[a-zA-Z]*v[a-zA-Z]*"))) {
        inverted = true;
      }
      if (!LICENSE_WORD.matcher(text).find()) {
        continue;
      }
      if (grep ? inverted : DELETE_LINES.matcher(text).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A package manager's settings given a token for a host that is not a known registry: {@code npm
   * config set //host/:_authToken T}, {@code pip config set global.index-url https://u:p@host/}.
   */
  private static boolean setsTokenElsewhere(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    if (args.size() < 3 || !"config".equals(args.get(0).text())) {
      return false;
    }
    StringBuilder settings = new StringBuilder();
    for (int i = 1; i < args.size(); i++) {
      String text = String.valueOf(args.get(i).text());
      settings.append(text).append(i == 2 && !text.contains("=") ? "=" : " ");
    }
    return ToolingShapes.registryTokenOf(
            settings.toString().replace("global.index-url", "index-url"))
        != null;
  }

  /**
   * A Gradle wrapper made with a distribution from another host than Gradle's, with no checksum.
   */
  private static boolean wrapperFromElsewhere(Scan scan, Step step, Read read) {
    List<Word> args = step.args();
    if (args.isEmpty()
        || !"wrapper".equals(args.get(0).text())
        || has(args, "--gradle-distribution-sha256-sum")) {
      return false;
    }
    for (int i = 0; i < args.size(); i++) {
      String text = String.valueOf(args.get(i).text());
      String url =
          text.startsWith("--gradle-distribution-url=")
              ? text.substring("--gradle-distribution-url=".length())
              : text.equals("--gradle-distribution-url") && i + 1 < args.size()
                  ? String.valueOf(args.get(i + 1).text())
                  : null;
      if (url != null) {
        return ToolingShapes.wrapperOf("distributionUrl=" + url) != null;
      }
    }
    return false;
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
