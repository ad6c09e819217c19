package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A forge's workflow run by hand that publishes (decision 283, {@code
 * publish.workflow-dispatched}): {@code gh workflow run release.yml}, {@code gh workflow run
 * fsw-upload.yml -f activate=true}, {@code gh api
 * repos/acme/app/actions/workflows/publish.yml/dispatches}. The workflow does with the repository's
 * secrets what {@code gh release create} or {@code npm publish} would, out of the guard's sight:
 * its name, or an input given it, says so. A workflow that builds, tests, drafts notes or previews
 * is no publishing; {@code production.deploy} weighs one that names production.
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

  /** gh's options whose value is one of the workflow's inputs, {@code key=value}. */
  private static final Set<String> INPUT_OPTIONS = NameSet.of("-f", "-F", "--field", "--raw-field");

  /** {@return whether {@code step} runs a forge's workflow that publishes} */
  static boolean publishes(Step step) {
    if (!step.program().equals("gh")) {
      return false;
    }
    List<Word> args = step.args();
    String workflow = workflow(args);
    if (workflow == null || SharedActs.localOrTest(step, args) || SharedActs.dryRun(args)) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(stem(workflow));
    if (parts.stream().anyMatch(PREPARING::contains) || input(args, DRY, ON)) {
      return false;
    }
    return parts.stream().anyMatch(PUBLISHING::contains)
        || input(args, PUBLISHING, ON)
        || input(args, GO_AHEAD, ON)
        || input(args, DRY, OFF);
  }

  /**
   * The workflow {@code gh workflow run NAME} or {@code gh api …/workflows/NAME/dispatches} runs.
   */
  private static String workflow(List<Word> args) {
    if (args.size() > 2
        && args.get(0).text().equals("workflow")
        && args.get(1).text().equals("run")) {
      for (int i = 2; i < args.size(); i++) {
        String text = args.get(i).text();
        if (text.startsWith("-")) {
          i += text.indexOf('=') < 0 && !text.equals("--yaml") && !text.equals("--json") ? 1 : 0;
          continue;
        }
        return args.get(i).literal() ? text : null;
      }
      return null;
    }
    if (!args.isEmpty() && args.get(0).text().equals("api")) {
      for (Word word : args) {
        String text = word.text();
        int at = text.indexOf("/actions/workflows/");
        if (at >= 0 && text.endsWith("/dispatches")) {
          return text.substring(at + "/actions/workflows/".length(), text.length() - 11);
        }
      }
    }
    return null;
  }

  /** A workflow's name without its file's extension. */
  private static String stem(String workflow) {
    String name = workflow.toLowerCase(Locale.ROOT);
    return name.endsWith(".yml") || name.endsWith(".yaml")
        ? name.substring(0, name.lastIndexOf('.'))
        : name;
  }

  /** The parts of an input's name that say the run goes ahead: {@code confirm=yes}. */
  private static final Set<String> GO_AHEAD = NameSet.of("confirm", "confirmed", "execute");

  /** The parts of an input's name that say it is a dry run. */
  private static final Set<String> DRY = NameSet.of("dry", "dryrun");

  private static final Set<String> ON = Set.of("true", "yes", "1", "on");
  private static final Set<String> OFF = Set.of("false", "no", "0", "off");

  /**
   * Whether an input given the workflow ({@code -f key=value}) has a name with a part among {@code
   * names} and one of {@code values}: {@code activate=true}, {@code dry_run=false}.
   */
  private static boolean input(List<Word> args, Set<String> names, Set<String> values) {
    for (int i = 0; i + 1 < args.size(); i++) {
      if (!INPUT_OPTIONS.contains(args.get(i).text())) {
        continue;
      }
      String input = args.get(i + 1).text().toLowerCase(Locale.ROOT);
      int eq = input.indexOf('=');
      if (eq > 0
          && values.contains(input.substring(eq + 1))
          && ServiceVerbs.split(input.substring(0, eq)).stream().anyMatch(names::contains)) {
        return true;
      }
    }
    return false;
  }
}
