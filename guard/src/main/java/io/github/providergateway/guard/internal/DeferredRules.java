package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A tool switched to production in one call and told to act in the next (round 8, decision 128):
 * {@code firebase use prod}, {@code docker context use prod-eu}, {@code kubectl config use-context
 * prod}, {@code doppler setup --config prd}, {@code gcloud config set project acme-prod}, {@code az
 * account set -s prod}. The switch is remembered in the session's written files ({@link
 * HeldContent#KEY}, under the pseudo-path {@code <folder>/#selected:<tool>}), and a later command of
 * the same tool that acts without naming its target is answered by {@code
 * deferred.production-selected}, as the same command naming production would be asked about. Like
 * the written rules, found only with the session's past.
 */
public final class DeferredRules implements Family {

  /** The rule: a tool's selected production, then an act that names no target. */
  static final String SELECTED = "deferred.production-selected";

  /** The pseudo-path's mark: what the session selected for a tool. */
  private static final String MARK = "/#selected:";

  /** The run entry of a tool's act that names no target: {@code selected-firebase:<folder>}. */
  private static final String RUN = "selected-";

  /** A production name: {@code prod}, {@code production}, {@code acme-prod-eu}, {@code prd}. */
  private static final Pattern PRODUCTION =
      Pattern.compile("(?i)(?:^|[-_./:@])(?:prod|production|prd|live)(?:$|[-_./:@\\d])");

  /** The subcommands and words by which a tool acts on what it is pointed at. */
  private static final Pattern ACTS =
      Pattern.compile(
          "^(?:deploy|delete|rm|apply|run|exec|scale|patch|set|remove|destroy|up|down|stop"
              + "|prune|rollout|drain|update|create|import|restore|replace|edit|cordon|kill"
              + "|firestore:delete|database:set|database:remove|database:update|functions:delete"
              + "|hosting:disable|auth:import)$");

  /** The options by which a command names its own target, so no earlier switch applies. */
  private static final Pattern NAMES_TARGET =
      Pattern.compile(
          "^(?:--project|-P|--context|--kube-context|--config|-c|--subscription|--profile"
              + "|--host|-H|--account)(?:=.*)?$");

  @Override
  public void scan(Scan scan) {
    // Found only with the session's past: WrittenRules.judge.
  }

  /**
   * Reads one program of a call: a switch of its tool to production is remembered, an act of a
   * tool with no target named is a run entry.
   *
   * @param step the program
   * @param words its arguments' texts
   * @param found where both go
   */
  static void read(Step step, List<String> words, Found found) {
    String tool = step.program();
    String obeys = obeys(tool, words);
    String selected = selected(tool, words);
    for (Path cwd : step.cwds()) {
      if (cwd == null) {
        continue;
      }
      if (selected != null && found.writesSenders().size() < 16) {
        // A switch to production is kept; a switch elsewhere forgets it.
        found
            .writesSenders()
            .put(
                HeldContent.KEY + cwd + MARK + tool,
                PRODUCTION.matcher(selected).find()
                    ? SELECTED + " " + FlowReading.shorten(tool + " " + String.join(" ", words))
                    : "");
      } else if (selected == null && acts(words) && found.runs().size() < 32) {
        found.runs().add(RUN + tool + ":" + cwd);
      }
      if (obeys != null && found.runs().size() < 32) {
        found.runs().add(obeys + ":" + cwd);
      }
    }
  }

  /** The dev servers that load the project's configuration code. */
  private static final java.util.Set<String> DEV_SERVERS =
      java.util.Set.of("vite", "webpack", "webpack-dev-server", "astro", "nuxi", "rspack");

  /**
   * What files beyond {@link WrittenRuns}' a command obeys: {@code npm link} the package's manifest
   * and scripts, a dev server its configuration, {@code act} the {@code .actrc} and the workflows,
   * {@code mkdocs gh-deploy} its {@code mkdocs.yml}; or null.
   */
  private static String obeys(String tool, List<String> words) {
    String first = words.isEmpty() ? "" : words.get(0);
    if (java.util.Set.of("npm", "pnpm", "yarn", "bun").contains(tool)
            && (first.equals("link") || first.equals("ln"))
        || DEV_SERVERS.contains(tool)) {
      return "npm";
    }
    if (tool.equals("act")) {
      return "act";
    }
    if (tool.equals("mkdocs") && (first.equals("gh-deploy") || first.equals("build"))) {
      return "mkdocs";
    }
    return null;
  }

  /** The target a command selects for its tool (a project, a context, a config), or null. */
  private static String selected(String tool, List<String> words) {
    String target =
        switch (tool) {
          case "firebase" -> after(words, "use");
          case "docker" -> words.indexOf("context") >= 0 ? after(words, "use") : null;
          case "kubectl", "oc" -> after(words, "use-context");
          case "kubectx" -> words.isEmpty() ? null : words.get(words.size() - 1);
          case "doppler" -> value(words, "--config", "-c");
          case "gcloud" ->
              words.contains("config") && words.contains("set") ? after(words, "project") : null;
          case "az" ->
              words.contains("account") && words.contains("set")
                  ? value(words, "--subscription", "-s")
                  : null;
          default -> null;
        };
    return target;
  }

  private static boolean acts(List<String> words) {
    boolean acts = false;
    for (String word : words) {
      if (NAMES_TARGET.matcher(word).matches()) {
        return false;
      }
      acts |= ACTS.matcher(word.toLowerCase(Locale.ROOT)).matches();
    }
    return acts;
  }

  private static String after(List<String> words, String word) {
    int at = words.indexOf(word);
    return at >= 0 && at + 1 < words.size() ? words.get(at + 1) : null;
  }

  private static String value(List<String> words, String option, String shortOption) {
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if ((word.equals(option) || word.equals(shortOption)) && i + 1 < words.size()) {
        return words.get(i + 1);
      }
      if (word.startsWith(option + "=")) {
        return word.substring(option.length() + 1);
      }
    }
    return null;
  }

  /**
   * Whether a run entry of this class reaches a remembered switch.
   *
   * @param what the entry's kind ({@code selected-firebase})
   * @param path the remembered pseudo-path
   * @return whether the act obeys the switch
   */
  static boolean reaches(String what, String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    return switch (what) {
      case "act" -> name.equals(".actrc") || path.contains("/.github/workflows/");
      case "mkdocs" -> name.equals("mkdocs.yml") || name.equals("mkdocs.yaml");
      default -> what.startsWith(RUN) && path.endsWith(MARK + what.substring(RUN.length()));
    };
  }
}
