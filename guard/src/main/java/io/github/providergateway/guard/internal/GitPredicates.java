package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Where.Predicate;
import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the git rules of the book ask of git in code: a refspec's {@code +} or {@code :}, the branch
 * a push names, a setting given with {@code -c} that turns an everyday subcommand destructive, the
 * files a checkout overwrites, a rebase's todo rewritten by a script.
 */
final class GitPredicates {
  private static final Set<String> MAIN = NameSet.of("main", "master");
  private static final Pattern SCP_LIKE = Pattern.compile("[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:.+");

  private GitPredicates() {}

  /** Adds each predicate under its name. */
  static void addTo(Map<String, Predicate> named) {
    named.put(
        "git-setting-mirrors",
        (scan, step, read) -> setting(step, (k, v) -> remote(k, ".mirror") && v.equals("true")));
    named.put(
        "git-setting-forces",
        (scan, step, read) -> setting(step, (k, v) -> remote(k, ".push") && v.startsWith("+")));
    named.put(
        "git-setting-clean-unforced",
        (scan, step, read) ->
            setting(step, (k, v) -> k.equals("clean.requireforce") && v.equals("false")));
    named.put(
        "git-setting-reflog-now",
        (scan, step, read) -> setting(step, (k, v) -> k.startsWith("gc.reflogexpire") && now(v)));
    named.put(
        "git-setting-prune-now",
        (scan, step, read) -> setting(step, (k, v) -> k.equals("gc.pruneexpire") && now(v)));
    named.put("refspec-forced", (scan, step, read) -> refspecs(read, "+"));
    named.put("refspec-deletes", GitPredicates::refspecDeletes);
    named.put("refspec-to-main", GitPredicates::refspecToMain);
    named.put("refspec-to-deploy-branch", DeployBranches::pushed);
    named.put("positional-forced", GitPredicates::positionalForced);
    named.put("push-elsewhere", GitPredicates::pushElsewhere);
    named.put(
        "branch-named",
        (scan, step, read) -> !read.argv().positionals().isEmpty() || step.reachedBy("xargs"));
    named.put(
        "ref-is-branch",
        (scan, step, read) -> read.argv().positionals().get(0).text().startsWith("refs/heads/"));
    named.put("config-forces-push", GitPredicates::configForcesPush);
    named.put(
        "prune-now",
        (scan, step, read) -> {
          String prune = read.argv().value("prune");
          return prune != null && now(prune);
        });
    named.put("checkout-overwrites", GitPredicates::checkoutOverwrites);
    named.put(
        "rebase-todo-dropped",
        PredicateGate.RUN_BY_ANOTHER.around(
            (scan, step, read) ->
                !step.program().equals("git")
                    && !step.invocation().via().isEmpty()
                    && ScriptedRebase.drops(scan, step)));
  }

  /** A setting's key (lower case) and value. */
  private interface SettingTest {
    boolean test(String key, String value);
  }

  private static boolean remote(String key, String suffix) {
    return key.startsWith("remote.") && key.endsWith(suffix);
  }

  private static boolean now(String value) {
    return value.equals("now") || value.equals("all");
  }

  private static boolean setting(Step step, SettingTest test) {
    for (Map.Entry<String, String> entry : settings(step).entrySet()) {
      if (test.test(entry.getKey(), entry.getValue())) {
        return true;
      }
    }
    return false;
  }

  /** The {@code -c key=value} settings given on the line, keys in lower case. */
  private static Map<String, String> settings(Step step) {
    Map<String, String> settings = new HashMap<>();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String setting =
          t.equals("-c") && i + 1 < args.size()
              ? args.get(i + 1).text()
              : t.startsWith("-c") && t.length() > 2 && t.indexOf('=') > 0 ? t.substring(2) : null;
      int eq = setting == null ? -1 : setting.indexOf('=');
      if (eq > 0) {
        settings.put(setting.substring(0, eq).toLowerCase(Locale.ROOT), setting.substring(eq + 1));
      }
      if (t.equals("-c")) {
        i++; // its value, not the subcommand: a second -c follows it (issue 79 found this)
        continue;
      }
      if (!t.startsWith("-")) {
        break; // the subcommand: its own options follow
      }
    }
    return settings;
  }

  /** The refspecs of a push: its positionals after the repository. */
  private static List<Word> refspecs(Read read) {
    List<Word> pos = read.argv().positionals();
    return pos.subList(Math.min(1, pos.size()), pos.size());
  }

  private static boolean refspecs(Read read, String prefix) {
    for (Word refspec : refspecs(read)) {
      if (refspec.text().startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private static boolean refspecDeletes(Scan scan, Step step, Read read) {
    for (Word refspec : refspecs(read)) {
      String text = refspec.text();
      if (text.startsWith(":") && text.length() > 1) {
        return true;
      }
    }
    return false;
  }

  private static boolean refspecToMain(Scan scan, Step step, Read read) {
    for (Word refspec : refspecs(read)) {
      String text = refspec.text();
      String destination = text.substring(text.indexOf(':') + 1);
      if (destination.startsWith("+")) {
        destination = destination.substring(1);
      }
      if (destination.startsWith("refs/heads/")) {
        destination = destination.substring("refs/heads/".length());
      }
      if (MAIN.contains(destination)) {
        return true;
      }
    }
    return false;
  }

  /** Any positional with a {@code +}: send-pack has no repository before its refspecs. */
  private static boolean positionalForced(Scan scan, Step step, Read read) {
    for (Word refspec : read.argv().positionals()) {
      if (refspec.text().startsWith("+")) {
        return true;
      }
    }
    return false;
  }

  /** A push to a repository named by its URL, or to a remote the command adds itself. */
  private static boolean pushElsewhere(Scan scan, Step step, Read read) {
    List<Word> pos = read.argv().positionals();
    String repository =
        read.argv().value("repo") != null
            ? read.argv().value("repo")
            : pos.isEmpty() ? null : pos.get(0).text();
    return repository != null && (isUrl(repository) || addedHere(scan, repository));
  }

  /** A repository named by its URL: {@code https://…}, {@code ssh://…}, {@code git@host:path}. */
  private static boolean isUrl(String repository) {
    return repository.contains("://") || PatternLiterals.matches(SCP_LIKE, repository);
  }

  /** Whether {@code name} is a remote the command adds itself ({@code git remote add NAME URL}). */
  private static boolean addedHere(Scan scan, String name) {
    for (Step other : scan.steps()) {
      List<String> args = other.invocation().args();
      int remote = args.indexOf("remote");
      if (other.program().equals("git")
          && remote >= 0
          && remote + 2 < args.size()
          && args.get(remote + 1).equals("add")
          && args.subList(remote + 2, args.size()).contains(name)) {
        return true;
      }
    }
    return false;
  }

  /** A push refspec with + (or mirroring) set for later: every plain push then forces. */
  private static boolean configForcesPush(Scan scan, Step step, Read read) {
    List<Word> pos = read.argv().positionals();
    for (int i = 0; i + 1 < pos.size(); i++) {
      String key = pos.get(i).text().toLowerCase(Locale.ROOT);
      String value = pos.get(i + 1).text();
      if (remote(key, ".push") && value.startsWith("+")
          || remote(key, ".mirror") && value.equals("true")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A checkout that writes a tree's files over the working tree's: paths after {@code --}, the
   * whole tree ({@code .}, {@code *}, {@code :/}), or a tree and paths ({@code git checkout HEAD
   * src/}).
   */
  private static boolean checkoutOverwrites(Scan scan, Step step, Read read) {
    List<Word> args = read.args();
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).text().equals("--")) {
        if (i + 1 < args.size()) {
          return true;
        }
        break;
      }
    }
    for (Word word : read.argv().positionals()) {
      String text = word.text();
      if (text.equals(".") || text.equals("*") || text.equals(":/") || text.equals("./")) {
        return true;
      }
    }
    return read.argv().positionals().size() >= 2;
  }
}
