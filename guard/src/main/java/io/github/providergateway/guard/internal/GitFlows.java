package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What git and the forges' tools take in and send, for the flow rules: pushes (to a remote by name,
 * to a URL, redirected by configuration, from a folder that is not the project), remotes added or
 * pointed elsewhere, clones and fetches of other repositories, and {@code gh}/{@code glab} writes
 * to a repository other than the project's.
 */
final class GitFlows {

  /** The git hooks a push or a commit runs: a script written there runs with them. */
  static final List<String> HOOKS =
      List.of(
          "pre-push",
          "pre-commit",
          "post-commit",
          "commit-msg",
          "prepare-commit-msg",
          "post-checkout",
          "post-merge",
          "pre-rebase",
          "reference-transaction");

  private static final Pattern REDIRECTS =
      Pattern.compile(
          "(?i)(?:^|\\s|=)(?:remote\\.[^.=\\s]+\\.(?:push)?url|url\\..*\\.(?:push)?insteadof)");

  private static final Pattern REPO_URL =
      Pattern.compile("(?i)https?://[^/\\s]+/([^/\\s]+/[^/\\s#?]+?)(?:\\.git)?(?:/|$|#|\\?)");

  /** The options of {@code git clone} that take their value as the next word. */
  private static final Set<String> CLONE_VALUES =
      NameSet.of(
          "--depth",
          "-b",
          "--branch",
          "-o",
          "--origin",
          "-c",
          "--config",
          "--reference",
          "--reference-if-able",
          "--separate-git-dir",
          "--filter",
          "-j",
          "--jobs",
          "-u",
          "--upload-pack",
          "--template",
          "--shallow-since",
          "--shallow-exclude",
          "--server-option",
          "--bundle-uri");

  private GitFlows() {}

  /** Reads one program; {@return whether it is git or a forge's tool} */
  static boolean read(Scan scan, Step step, Found found) {
    return switch (step.program()) {
      case "git" -> {
        git(scan, step, found);
        yield true;
      }
      case "gh", "glab", "tea", "hub" -> {
        forge(scan.source(), step.args(), step.shown(), found);
        yield true;
      }
      default -> false;
    };
  }

  /** The project's hooks' paths, resolved once a call, not once a {@code git} of it. */
  private static List<String> hookPaths(Scan scan) {
    List<String> paths = new ArrayList<>(HOOKS.size());
    for (String hook : HOOKS) {
      paths.add(scan.call().project().resolve(".git/hooks/" + hook).toString());
    }
    return paths;
  }

  private static void git(Scan scan, Step step, Found found) {
    List<Word> args = step.args();
    String line = step.shown();
    boolean redirected = false;
    int sub = 0;
    while (sub < args.size() && args.get(sub).text().startsWith("-")) {
      String text = args.get(sub).text();
      boolean valued = Set.of("-C", "-c", "--git-dir", "--work-tree", "--namespace").contains(text);
      if (valued && sub + 1 < args.size()) {
        redirected |= PatternLiterals.finds(REDIRECTS, args.get(sub + 1).text());
      }
      redirected |=
          text.startsWith("--config-env")
              || text.startsWith("--git-dir=")
              || text.startsWith("--work-tree=")
              || text.equals("--git-dir")
              || PatternLiterals.finds(REDIRECTS, text);
      sub += valued ? 2 : 1;
    }
    if (sub >= args.size()) {
      return;
    }
    String source = scan.source() == null ? "" : scan.source();
    redirected |= source.contains("GIT_CONFIG_") || source.contains("GIT_SSH");
    String command = args.get(sub).text();
    List<Word> rest = args.subList(sub + 1, args.size());
    List<String> positionals = new ArrayList<>();
    String repoOption = null;
    for (int i = 0; i < rest.size(); i++) {
      Word word = rest.get(i);
      String text = word.text();
      if (text.startsWith("--repo=")) {
        repoOption = text.substring("--repo=".length());
      } else if (text.equals("--repo") && i + 1 < rest.size()) {
        repoOption = rest.get(++i).text();
      } else if ("clone".equals(command) && CLONE_VALUES.contains(text)) {
        i++; // the option's value, not the URL or the folder
      } else if (!text.startsWith("-")) {
        positionals.add(word.literal() ? text : null);
      }
    }
    if (scan.call().project() != null) {
      for (String hook : scan.once("GitFlows.hooks", GitFlows::hookPaths)) {
        if (found.runs().size() < 16) {
          found.runs().add(hook);
        }
      }
    }
    switch (command) {
      case "push", "send-pack" -> {
        String remote =
            repoOption != null ? repoOption : positionals.isEmpty() ? "" : positionals.get(0);
        if (redirected || !inProject(scan, step)) {
          remote =
              null; // the configuration sends it elsewhere, or the folder is another repository
        }
        found.send("PUSH", remote, line);
        for (Path cwd : step.cwds()) {
          if (cwd != null && found.pushedFrom().size() < 8) {
            found.pushedFrom().add(cwd.normalize().toString());
          }
        }
      }
      case "subtree" -> {
        if (!positionals.isEmpty()
            && positionals.get(0) != null
            && positionals.get(0).equals("push")) {
          found.send("PUSH", positionals.size() > 1 ? positionals.get(1) : null, line);
        }
      }
      case "lfs" -> {
        if (!positionals.isEmpty() && "push".equals(positionals.get(0))) {
          found.send("PUSH", positionals.size() > 1 ? positionals.get(1) : null, line);
        }
      }
      case "remote" -> {
        if (positionals.size() >= 3
            && positionals.get(0) != null
            && Set.of("add", "set-url").contains(positionals.get(0))
            && positionals.get(1) != null) {
          String url = positionals.get(positionals.size() - 1);
          found.remotesAdded().put(positionals.get(1), url == null ? "«unknown»" : url);
        }
      }
      case "config" -> {
        for (int i = 0; i < positionals.size(); i++) {
          String key = positionals.get(i);
          if (key != null && key.matches("(?i)remote\\.[^.]+\\.(?:push)?url")) {
            String name = key.substring(key.indexOf('.') + 1, key.lastIndexOf('.'));
            String value = i + 1 < positionals.size() ? positionals.get(i + 1) : null;
            found.remotesAdded().put(name, value == null ? "«unknown»" : value);
          } else if (key != null && key.matches("(?i)url\\..*\\.(?:push)?insteadof")) {
            found.remotesAdded().put("*", key); // every remote may now go elsewhere
          }
        }
      }
      case "clone", "fetch", "pull", "ls-remote", "archive", "submodule" -> {
        for (String positional : positionals) {
          if (positional == null || Hosts.remote(positional) != null) {
            String host = positional == null ? null : Hosts.remote(positional);
            if (host == null || !Hosts.loopback(host)) {
              found.untrusted(line);
            }
          }
        }
        if (command.equals("clone")) {
          clone(scan, step, positionals, found);
        }
      }
      case "send-email", "imap-send" -> found.send("PUBLISH", "git " + command, line);
      case "show", "cat-file" -> {
        for (String positional : positionals) {
          if (positional != null
              && positional.contains(":")
              && SecretFiles.secretName(
                  positional.substring(
                      positional.lastIndexOf('/') + 1 > positional.indexOf(':')
                          ? positional.lastIndexOf('/') + 1
                          : positional.indexOf(':') + 1))) {
            found.secret(line + " (a secret file from git's history)");
          }
        }
      }
      default -> {}
    }
  }

  /** Whether the program runs in the session's project (a push from elsewhere is another's). */
  private static boolean inProject(Scan scan, Step step) {
    Path project = scan.call().project();
    if (project == null) {
      return true;
    }
    for (Path cwd : step.cwds()) {
      if (cwd != null && !cwd.normalize().startsWith(project)) {
        return false;
      }
    }
    return true;
  }

  /** A clone's folder: a push from inside it is to that repository, not the project's. */
  private static void clone(Scan scan, Step step, List<String> positionals, Found found) {
    if (positionals.isEmpty() || positionals.get(0) == null) {
      return;
    }
    String folder;
    if (positionals.size() > 1 && positionals.get(1) != null) {
      folder = positionals.get(1);
    } else {
      String url = positionals.get(0);
      String last = url.replaceAll("/+$", "");
      last = last.substring(Math.max(last.lastIndexOf('/'), last.lastIndexOf(':')) + 1);
      folder = last.endsWith(".git") ? last.substring(0, last.length() - 4) : last;
    }
    for (Target target : scan.targets(step, Word.literal(folder))) {
      if (target.known()) {
        found.clones().add(target.path().toString());
      }
    }
  }

  private static void forge(String source, List<Word> args, String line, Found found) {
    if (args.isEmpty()) {
      return;
    }
    String group = args.get(0).text();
    String action = args.size() > 1 ? args.get(1).text() : "";
    String repo = null;
    boolean writes = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-R") || text.equals("--repo")) && i + 1 < args.size()) {
        repo = args.get(i + 1).text();
      } else if (text.startsWith("--repo=")) {
        repo = text.substring("--repo=".length());
      } else if (text.startsWith("-R") && text.length() > 2) {
        repo = text.substring(2);
      }
      writes |= text.matches("-[fF].*|--field(=.*)?|--raw-field(=.*)?|--input(=.*)?");
      if ((text.equals("-X") || text.equals("--method")) && i + 1 < args.size()) {
        writes |=
            args.get(i + 1).text().toUpperCase(java.util.Locale.ROOT).matches("POST|PUT|PATCH");
      } else if (text.matches("(?i)-XPOST|-XPUT|-XPATCH|--method=(POST|PUT|PATCH)")) {
        writes = true;
      }
      Matcher url = REPO_URL.matcher(text);
      if (repo == null && i > 0 && url.find()) {
        repo = url.group(1);
      }
    }
    if (repo == null && source != null && source.contains("GH_REPO")) {
      repo = "«GH_REPO»";
    }
    switch (group) {
      case "gist", "snippet", "paste" -> {
        if (Set.of("create", "new", "edit").contains(action)) {
          found.send("PASTE", "gist", line);
        } else if (Set.of("view", "clone").contains(action)) {
          found.untrusted(line);
        }
      }
      case "api" -> {
        String path = args.size() > 1 ? args.get(1).text() : "";
        if (!writes) {
          found.untrusted(line);
        } else if (path.contains("gists")) {
          found.send("PASTE", "gist", line);
        } else {
          Matcher owned =
              Pattern.compile("repos/([^/]+/[^/]+)").matcher(NetworkSends.normalized(path));
          found.send("REQUEST", owned.find() ? "repo " + owned.group(1) : null, line);
        }
      }
      case "codespace", "cs" -> {
        if (Set.of("cp", "ssh").contains(action)) {
          found.send("TRANSFER", null, line);
        }
      }
      default -> {
        if (Set.of("view", "list", "diff", "checks", "status", "clone", "download", "watch")
                .contains(action)
            || group.equals("search")) {
          found.untrusted(line);
        } else if (!action.isEmpty() && !action.startsWith("-")) {
          if (repo != null) {
            found.send("REQUEST", "repo " + repo, line);
          } else if (group.equals("release") && Set.of("create", "upload").contains(action)) {
            found.send("PUBLISH", "release", line);
          }
        }
      }
    }
  }
}
