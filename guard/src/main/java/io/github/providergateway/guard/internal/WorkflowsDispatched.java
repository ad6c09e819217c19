package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A forge's workflow run by hand that publishes (decision 283, {@code
 * publish.workflow-dispatched}): {@code gh workflow run release.yml}, {@code gh workflow run
 * fsw-upload.yml -f activate=true}, {@code gh api
 * repos/acme/app/actions/workflows/publish.yml/dispatches}. The workflow does with the repository's
 * secrets what {@code gh release create} or {@code npm publish} would, out of the guard's sight:
 * its name, or an input given it, says so. A workflow that builds, tests, drafts notes or previews
 * is no publishing; {@code production.deploy} weighs one that names production. The red team of
 * decision 283 (decision 295) ran the same by a name with blanks or in camel case, a name whose
 * last word publishes after a test's ({@code build-test-publish.yml}), a workflow whose id a
 * command works out, a release's run run again, {@code --field=publish=true}, {@code confirm=y},
 * GitLab's {@code glab ci run --variables DEPLOY_PRODUCTION:true}, Azure's {@code az pipelines run}
 * and Bitbucket's custom pipeline by its API.
 */
final class WorkflowsDispatched {
  private WorkflowsDispatched() {}

  /** The parts of a workflow's name, or an input's, that say it puts something out. */
  private static final Set<String> PUBLISHING =
      NameSet.of(
          "release",
          "releases",
          "publish",
          "deploy",
          "deployment",
          "ship",
          "promote",
          "promotion",
          "rollout",
          "upload",
          "uplink",
          "activate",
          "launch",
          "apply",
          "push");

  /** The parts that say it only prepares, checks or shows. */
  private static final Set<String> PREPARING =
      NameSet.of(
          "draft",
          "drafter",
          "notes",
          "changelog",
          "please",
          "check",
          "checks",
          "test",
          "tests",
          "lint",
          "preview",
          "previews",
          "dry",
          "dryrun",
          "plan",
          "validate",
          "verify",
          "docs",
          "staging",
          "sandbox",
          "dev");

  /** The options whose value is one of the workflow's inputs, {@code key=value}. */
  private static final Set<String> INPUT_OPTIONS =
      NameSet.of("-f", "-F", "--field", "--raw-field", "--variables", "--parameters", "--var");

  /**
   * A Bitbucket custom pipeline's name in its request: {@code "pattern":"deploy-to-production"}.
   */
  private static final Pattern BITBUCKET_PATTERN =
      Pattern.compile("\"pattern\"\\s*:\\s*\"([^\"]{1,120})\"");

  /** A workflow named in a command a word runs: {@code --workflow release.yml}. */
  private static final Pattern NAMED_WORKFLOW =
      Pattern.compile("(?:--workflow|-w)[=\\s]+['\"]?([\\w .-]{1,120}?\\.ya?ml|[\\w-]{1,120})");

  /** {@return whether {@code step} runs a forge's workflow or pipeline that publishes} */
  static boolean publishes(Step step) {
    List<Word> args = step.args();
    String workflow = workflow(step.program(), args);
    if (workflow == null
        || SharedActs.localOrTest(step, places(args, workflow))
        || SharedActs.dryRun(args)) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(stem(workflow).replace(' ', '-'));
    if (input(args, DRY, ON)) {
      return false;
    }
    return nameSaysSo(parts)
        || input(args, PUBLISHING, ON)
        || input(args, GO_AHEAD, ON)
        || input(args, DRY, OFF);
  }

  /**
   * Whether a workflow's name says it publishes: of its parts that publish or prepare, the last
   * publishes ({@code build-test-publish}; not {@code release-drafter}, {@code deploy-staging}). A
   * name a command works out ({@code ?}) is read as one that may.
   */
  private static boolean nameSaysSo(List<String> parts) {
    if (parts.equals(List.of("?"))) {
      return true;
    }
    boolean publishes = false;
    for (String part : parts) {
      if (PUBLISHING.contains(part)) {
        publishes = true;
      } else if (PREPARING.contains(part)) {
        publishes = false;
      }
    }
    return publishes;
  }

  /** The workflow or pipeline the step runs, {@code ?} for one a command works out; or null. */
  private static String workflow(String program, List<Word> args) {
    List<String> texts = new ArrayList<>(args.size());
    for (Word word : args) {
      texts.add(word.text());
    }
    if (program.equals("gh")
        && texts.size() > 2
        && texts.get(0).equals("workflow")
        && texts.get(1).equals("run")) {
      for (int i = 2; i < args.size(); i++) {
        String text = texts.get(i);
        if (text.startsWith("-")) {
          i += text.indexOf('=') < 0 && !text.equals("--yaml") && !text.equals("--json") ? 1 : 0;
          continue;
        }
        return args.get(i).literal() ? text : "?";
      }
      return null;
    }
    if (program.equals("gh")
        && texts.size() > 2
        && texts.get(0).equals("run")
        && texts.get(1).equals("rerun")) {
      for (Word word : args) {
        Matcher named =
            NAMED_WORKFLOW.matcher(word.written() == null ? word.text() : word.written());
        if (named.find()) {
          return named.group(1); // gh run rerun $(gh run list --workflow release.yml …)
        }
      }
      return null;
    }
    if (program.equals("gh") && !texts.isEmpty() && texts.get(0).equals("api")) {
      for (String text : texts) {
        int at = text.indexOf("/actions/workflows/");
        if (at >= 0 && text.endsWith("/dispatches")) {
          return text.substring(at + "/actions/workflows/".length(), text.length() - 11);
        }
      }
      return null;
    }
    if (program.equals("glab")
        && texts.size() > 1
        && (texts.get(0).equals("ci") || texts.get(0).equals("pipeline"))
        && (texts.get(1).equals("run") || texts.get(1).equals("trigger"))) {
      return "pipeline"; // a pipeline is told what to do by its variables
    }
    if (program.equals("az")
        && texts.size() > 1
        && texts.get(0).equals("pipelines")
        && texts.get(1).equals("run")) {
      for (int i = 2; i + 1 < texts.size(); i++) {
        if (texts.get(i).equals("--name")) {
          return texts.get(i + 1);
        }
      }
      return "pipeline";
    }
    if (program.equals("curl")) {
      boolean bitbucket = false;
      for (String text : texts) {
        bitbucket |= text.contains("api.bitbucket.org") && text.contains("/pipelines");
      }
      for (String text : texts) {
        Matcher pattern = BITBUCKET_PATTERN.matcher(text);
        if (bitbucket && pattern.find()) {
          return pattern.group(1); // a custom pipeline run by the API
        }
      }
    }
    return null;
  }

  /**
   * Options whose value is a user, a header, a repository or an organisation: no place of the run
   * (a branch is: {@code --ref staging} runs staging's workflow).
   */
  private static final Set<String> NOT_PLACES =
      Set.of("-u", "--user", "-H", "--header", "-R", "--repo", "--org");

  /**
   * The words that may name where the run goes: not its command words ({@code glab ci run}'s {@code
   * ci}), not the workflow's own name ({@code build-test-publish.yml}), not Azure DevOps' address
   * ({@code dev.azure.com}) and not {@link #NOT_PLACES}' values ({@code -u "ci-bot:…"}), whose test
   * words name no place.
   */
  private static List<Word> places(List<Word> args, String workflow) {
    List<Word> places = new ArrayList<>(args.size());
    for (int i = 2; i < args.size(); i++) {
      String text = args.get(i).text();
      boolean named = NOT_PLACES.contains(args.get(i - 1).text()); // -u ci-bot:…, --repo acme/x
      if (!named && !text.contains(workflow) && !text.contains("dev.azure.com")) {
        places.add(args.get(i));
      }
    }
    return places;
  }

  /** A workflow's name without its file's extension, its case kept for its camel-case words. */
  private static String stem(String workflow) {
    String name = workflow.toLowerCase(Locale.ROOT);
    return name.endsWith(".yml") || name.endsWith(".yaml")
        ? workflow.substring(0, workflow.lastIndexOf('.'))
        : workflow;
  }

  /** The parts of an input's name that say the run goes ahead: {@code confirm=yes}. */
  private static final Set<String> GO_AHEAD = NameSet.of("confirm", "confirmed", "execute");

  /** The parts of an input's name that say it is a dry run. */
  private static final Set<String> DRY = NameSet.of("dry", "dryrun");

  private static final Set<String> ON = Set.of("true", "yes", "y", "1", "on");
  private static final Set<String> OFF = Set.of("false", "no", "n", "0", "off");

  /**
   * Whether an input given the workflow ({@code -f key=value}, {@code --field=key=value}, GitLab's
   * {@code --variables KEY:value}) has a name with a part among {@code names} and one of {@code
   * values}: {@code activate=true}, {@code dry_run=false}, {@code DEPLOY_PRODUCTION:true}.
   */
  private static boolean input(List<Word> args, Set<String> names, Set<String> values) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int glued = text.indexOf('=');
      String input;
      if (glued > 0 && INPUT_OPTIONS.contains(text.substring(0, glued))) {
        input = text.substring(glued + 1);
      } else if (INPUT_OPTIONS.contains(text) && i + 1 < args.size()) {
        input = args.get(i + 1).text();
      } else {
        continue;
      }
      for (String pair : input.split("[\\s,]+")) {
        int eq = Math.max(pair.indexOf('='), pair.indexOf(':'));
        if (eq > 0
            && values.contains(pair.substring(eq + 1).toLowerCase(Locale.ROOT))
            && ServiceVerbs.split(pair.substring(0, eq)).stream().anyMatch(names::contains)) {
          return true;
        }
      }
    }
    return false;
  }
}
