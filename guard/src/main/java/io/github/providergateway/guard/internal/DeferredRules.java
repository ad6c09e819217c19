package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A tool switched to production in one call and told to act in the next (round 8, decision 128):
 * {@code firebase use prod}, {@code docker context use prod-eu}, {@code kubectl config use-context
 * prod}, {@code doppler setup --config prd}, {@code gcloud config set project acme-prod}, {@code az
 * account set -s prod}. The switch is remembered in the session's written files ({@link
 * HeldContent#KEY}, under the pseudo-path {@code <folder>/#selected:<tool>}), and a later command
 * of the same tool that acts without naming its target is answered by {@code
 * deferred.production-selected}, as the same command naming production would be asked about. Like
 * the written rules, found only with the session's past.
 */
public final class DeferredRules implements Family {

  /** The rule: a tool's selected production, then an act that names no target. */
  static final String SELECTED = "deferred.production-selected";

  /** The rule: a project's folder made a link to elsewhere, then a clean. */
  static final String LINK = "deferred.link-then-clean";

  /** The rule: a remote's push address pointed elsewhere, then a push. */
  public static final String PUSH = "deferred.push-redirected";

  /** The pseudo-path's mark of a link the session made in the project. */
  private static final String LINKED = "#link";

  /** The pseudo-path's mark of a remote whose push address the session set. */
  private static final String REMOTE = "/#remote:";

  /** A git setting of a remote's address. */
  private static final Pattern REMOTE_KEY =
      Pattern.compile("(?i)remote\\.([^.\\s]{1,100})\\.(?:pushurl|url)");

  /** A git setting of a remote's push refspecs. */
  private static final Pattern FORCED_REFSPEC =
      Pattern.compile("(?i)remote\\.([^.\\s]{1,100})\\.push");

  /** The programs whose clean deletes what a folder holds, following a link to elsewhere. */
  private static final java.util.Set<String> CLEAN_WORDS =
      NameSet.of("clean", "distclean", "clobber", "clean:all", "reset");

  /** The pseudo-path's mark: what the session selected for a tool. */
  private static final String MARK = "/#selected:";

  /** The run entry of a tool's act that names no target: {@code selected-firebase:<folder>}. */
  private static final String RUN = "selected-";

  /** A production name: {@code prod}, {@code production}, {@code acme-prod-eu}, {@code prd}. */
  private static final Pattern PRODUCTION =
      Pattern.compile("(?i)(?:^|[-_./:@])(?:prod|production|prd|live)(?:$|[-_./:@\\d])");

  /**
   * The subcommands and words by which a tool acts on what it is pointed at, compared whole in
   * lower case (a set, not an anchored alternation: a matcher for every word of every program was a
   * tenth of a long command's garbage).
   */
  private static final java.util.Set<String> ACTS =
      NameSet.of(
          "deploy",
          "delete",
          "rm",
          "apply",
          "run",
          "exec",
          "scale",
          "patch",
          "set",
          "remove",
          "destroy",
          "up",
          "down",
          "stop",
          "prune",
          "rollout",
          "drain",
          "update",
          "create",
          "import",
          "restore",
          "replace",
          "edit",
          "cordon",
          "kill",
          "firestore:delete",
          "database:set",
          "database:remove",
          "database:update",
          "functions:delete",
          "hosting:disable",
          "auth:import");

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
   * Reads one program of a call: a switch of its tool to production is remembered, an act of a tool
   * with no target named is a run entry.
   *
   * @param step the program
   * @param words its arguments' texts
   * @param found where both go
   */
  static void read(Scan scan, Step step, List<String> words, Found found) {
    String tool = step.program();
    if (tool.equals("ln")) {
      linked(scan, step, found);
    }
    if (tool.equals("git")) {
      redirected(step, words, found);
    }
    ForwardedPorts.read(step, words, found); // a port made another machine's (decision 209)
    SelectedByFiles.copied(step, words, found); // production's configuration copied (decision 209)
    String obeys = obeys(tool, words);
    String selected = selected(tool, words);
    for (Path cwd : step.cwds()) {
      if (cwd == null) {
        continue;
      }
      String theme = SelectedByFiles.themePush(step, words, cwd);
      if (theme != null && found.runs().size() < 32) {
        found.runs().add(SelectedByFiles.THEME_RUN + ":" + theme);
      }
      if (selected != null && found.writesSenders().size() < 16) {
        // A switch to production is kept; a switch elsewhere forgets it.
        found
            .writesSenders()
            .put(
                selectedKey(cwd, tool),
                PatternLiterals.finds(PRODUCTION, selected)
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

  /**
   * Where the session keeps a tool's selected target: the pseudo-path {@code
   * <folder>/#selected:<tool>}.
   *
   * @param cwd the folder the switch was made in
   * @param tool the tool's program
   * @return the key among the session's written files
   */
  static String selectedKey(Path cwd, String tool) {
    return HeldContent.KEY + cwd + MARK + tool;
  }

  /**
   * {@code ln -s TARGET LINK}: a link in the project to a folder outside it and the temporary
   * folders is remembered, for a later clean that deletes through it.
   */
  private static void linked(Scan scan, Step step, Found found) {
    List<io.github.providergateway.guard.shell.Word> operands = new java.util.ArrayList<>();
    boolean symbolic = false;
    for (io.github.providergateway.guard.shell.Word word : step.args()) {
      String text = word.text();
      if (text == null) {
        return;
      }
      if (text.startsWith("-")) {
        symbolic |= text.equals("--symbolic") || !text.startsWith("--") && text.contains("s");
      } else {
        operands.add(word);
      }
    }
    Path project = scan.call().project();
    if (!symbolic || operands.size() != 2 || project == null) {
      return;
    }
    Target target = scan.targets(step, operands.get(0)).get(0);
    Target link = scan.targets(step, operands.get(1)).get(0);
    if (!target.known()
        || !link.known()
        || target.path().startsWith(project)
        || target.path().startsWith("/tmp")
        || !link.path().startsWith(project)
        || found.writesSenders().size() >= 16) {
      return;
    }
    found
        .writesSenders()
        .put(
            HeldContent.KEY + link.path() + LINKED,
            LINK + " " + FlowReading.shorten(link.path() + " → " + target.path()));
  }

  /**
   * {@code git config remote.NAME.pushurl URL}, {@code git remote set-url [--push] NAME URL}: the
   * remote's new address is remembered, for a later push to it.
   */
  private static void redirected(Step step, List<String> words, Found found) {
    String sub = WrittenRuns.gitSubcommand(words);
    List<String> operands = new java.util.ArrayList<>();
    int at = sub == null ? -1 : words.indexOf(sub);
    for (int i = at + 1; at >= 0 && i < words.size(); i++) {
      if (!words.get(i).startsWith("-")) {
        operands.add(words.get(i));
      }
    }
    String remote = null;
    String url = null;
    String held = PUSH;
    if ("config".equals(sub) && operands.size() == 2) {
      java.util.regex.Matcher key = PatternLiterals.matcher(REMOTE_KEY, operands.get(0));
      java.util.regex.Matcher forced = PatternLiterals.matcher(FORCED_REFSPEC, operands.get(0));
      if (key.matches()) {
        remote = key.group(1);
        url = operands.get(1);
      } else if (forced.matches() && operands.get(1).startsWith("+")) {
        // remote.origin.push +refs/heads/main:…: every bare push to it forces, as --force does.
        remote = forced.group(1);
        url = operands.get(1);
        held = "git.push-force";
      }
    } else if ("remote".equals(sub) && operands.size() == 3 && operands.get(0).equals("set-url")) {
      remote = operands.get(1);
      url = operands.get(2);
    }
    if (remote == null) {
      return;
    }
    for (Path cwd : step.cwds()) {
      if (cwd != null) {
        remember(found, cwd, remote, url, held);
      }
    }
  }

  /**
   * Remembers that the session pointed a remote of the repository at {@code repository} elsewhere,
   * for a later push to it ({@link #PUSH}), or made its pushes forced.
   *
   * @param found where the entry goes (at most 16 of the call's)
   * @param repository the repository's folder
   * @param remote the remote's name; {@link #EVERY_REMOTE} when the call does not say which
   * @param url its new address (or refspec)
   * @param held the rule a push to it is held by
   */
  static void remember(Found found, Path repository, String remote, String url, String held) {
    if (found.writesSenders().size() < 16) {
      found
          .writesSenders()
          .put(
              HeldContent.KEY + repository + REMOTE + remote,
              held + " " + FlowReading.shorten(url + " set for " + remote));
    }
  }

  /** The remote named when an address is set and which remote's cannot be told: every one. */
  static final String EVERY_REMOTE = "*";

  /** The Node package managers, whose {@code link} obeys the package's manifest. */
  private static final java.util.Set<String> NODE_PACKAGERS =
      NameSet.of("npm", "pnpm", "yarn", "bun");

  /** The dev servers that load the project's configuration code. */
  private static final java.util.Set<String> DEV_SERVERS =
      NameSet.of("vite", "webpack", "webpack-dev-server", "astro", "nuxi", "rspack");

  /**
   * What files beyond {@link WrittenRuns}' a command obeys: {@code npm link} the package's manifest
   * and scripts, a dev server its configuration, {@code act} the {@code .actrc} and the workflows,
   * {@code mkdocs gh-deploy} its {@code mkdocs.yml}; or null.
   */
  private static String obeys(String tool, List<String> words) {
    String first = words.isEmpty() ? "" : words.get(0);
    if (NODE_PACKAGERS.contains(tool) && (first.equals("link") || first.equals("ln"))
        || DEV_SERVERS.contains(tool)) {
      return "npm";
    }
    if (tool.equals("act")) {
      return "act";
    }
    if (tool.equals("gh")
        && words.contains("pr")
        && (words.contains("merge") || words.contains("create"))) {
      return "push"; // the pull request lands the branch's workflows on the default branch
    }
    if (tool.equals("git") && "push".equals(WrittenRuns.gitSubcommand(words))) {
      return "pushes-" + pushedRemote(words);
    }
    if (tool.equals("rm")
            && words.stream().anyMatch(w -> w.matches("-[a-zA-Z]*[rR][a-zA-Z]*|--recursive"))
        || !tool.equals("git")
            && !words.isEmpty()
            && CLEAN_WORDS.contains(words.get(words.size() - 1))
        || tool.equals("git") && words.contains("clean")
        || tool.equals("rsync") && words.stream().anyMatch(w -> w.startsWith("--delete"))) {
      return "cleans"; // make clean, npm run clean, gradle clean, rm -r, rsync --delete
    }
    if (tool.equals("mkdocs") && (first.equals("gh-deploy") || first.equals("build"))) {
      return "mkdocs";
    }
    return null;
  }

  /**
   * The address a push-redirected finding names ({@code acts after `URL set for origin` …}), for
   * the session to tell the project's own repository from elsewhere; null for another finding.
   *
   * @param rule the finding's rule id
   * @param what its found part
   * @return the address, or null
   */
  public static String redirectedTo(String rule, String what) {
    int tick = what.indexOf('`');
    int end = what.indexOf(" set for ", tick + 1);
    return rule.equals(PUSH) && tick >= 0 && end > tick ? what.substring(tick + 1, end) : null;
  }

  /** The remote a push names: its first operand, else origin. */
  private static String pushedRemote(List<String> words) {
    int at = words.indexOf("push");
    for (int i = at + 1; i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("--repo") && i + 1 < words.size()) {
        return words.get(i + 1);
      }
      if (!word.startsWith("-")) {
        return word;
      }
    }
    return "origin";
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
      if (namesTarget(word)) {
        return false;
      }
      acts |= ACTS.contains(word.toLowerCase(Locale.ROOT));
    }
    return acts;
  }

  /** The options {@link #NAMES_TARGET} begins with, looked at before its regex. */
  private static final List<String> TARGET_OPTIONS =
      List.of(
          "--project",
          "-P",
          "--context",
          "--kube-context",
          "--config",
          "-c",
          "--subscription",
          "--profile",
          "--host",
          "-H",
          "--account");

  /** Whether a word names the command's target: only one that begins with such an option can. */
  private static boolean namesTarget(String word) {
    for (int i = 0; i < TARGET_OPTIONS.size(); i++) {
      if (word.startsWith(TARGET_OPTIONS.get(i))) {
        return PatternLiterals.matches(NAMES_TARGET, word);
      }
    }
    return false;
  }

  private static String after(List<String> words, String word) {
    int at = words.indexOf(word);
    return at >= 0 && at + 1 < words.size() ? words.get(at + 1) : null;
  }

  /**
   * The value of an option: {@code --config prd}, {@code -c prd}, {@code --config=prd}.
   *
   * @param words the program's arguments
   * @param option its long name
   * @param shortOption its short name (the long one again for none)
   * @return the value, or null
   */
  static String value(List<String> words, String option, String shortOption) {
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
      case "cleans" -> path.endsWith(LINKED);
      default ->
          what.startsWith("pushes-")
                  && (path.endsWith(REMOTE + what.substring("pushes-".length()))
                      || path.endsWith(REMOTE + EVERY_REMOTE))
              || what.startsWith(RUN) && path.endsWith(MARK + what.substring(RUN.length()));
    };
  }
}
