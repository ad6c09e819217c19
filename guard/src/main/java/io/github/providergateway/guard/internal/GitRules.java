package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Set;

/**
 * Git commands that destroy history or uncommitted work: forced and deleting pushes, hard resets,
 * cleans, forced branch deletes, stash clears, discarding checkouts and restores, history rewrites,
 * reflog and object pruning, and removing {@code .git}. Options are read anywhere, after {@code -C
 * dir} and {@code -c k=v} ({@link GitCommand}).
 */
final class GitRules implements Family {
  static final BuiltinRule PUSH_FORCE = RuleBook.rule("git.push-force");
  static final BuiltinRule PUSH_MIRROR = RuleBook.rule("git.push-mirror");
  static final BuiltinRule PUSH_DELETE = RuleBook.rule("git.push-delete");
  static final BuiltinRule PUSH_MAIN = RuleBook.rule("git.push-main");
  static final BuiltinRule RESET_HARD = RuleBook.rule("git.reset-hard");
  static final BuiltinRule CLEAN = RuleBook.rule("git.clean");
  static final BuiltinRule BRANCH_FORCE_DELETE = RuleBook.rule("git.branch-force-delete");
  static final BuiltinRule STASH_CLEAR = RuleBook.rule("git.stash-clear");
  static final BuiltinRule STASH_DROP = RuleBook.rule("git.stash-drop");
  static final BuiltinRule CHECKOUT_DISCARD = RuleBook.rule("git.checkout-discard");
  static final BuiltinRule RESTORE_WORKTREE = RuleBook.rule("git.restore-worktree");
  static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");
  static final BuiltinRule FILTER_BRANCH = RuleBook.rule("git.filter-branch");
  static final BuiltinRule UPDATE_REF_DELETE = RuleBook.rule("git.update-ref-delete");
  static final BuiltinRule UPDATE_REF_MOVE = RuleBook.rule("git.update-ref-move");
  static final BuiltinRule REFLOG_EXPIRE = RuleBook.rule("git.reflog-expire");
  static final BuiltinRule GC_PRUNE = RuleBook.rule("git.gc-prune");
  static final BuiltinRule REBASE_DROP = RuleBook.rule("git.rebase-drop");

  private static final Set<String> MAIN = Set.of("main", "master");

  @Override
  public List<BuiltinRule> rules() {
    return List.of(
        PUSH_FORCE,
        PUSH_MIRROR,
        PUSH_DELETE,
        PUSH_MAIN,
        RESET_HARD,
        CLEAN,
        BRANCH_FORCE_DELETE,
        STASH_CLEAR,
        STASH_DROP,
        CHECKOUT_DISCARD,
        RESTORE_WORKTREE,
        REMOVE_REPO,
        FILTER_BRANCH,
        UPDATE_REF_DELETE,
        UPDATE_REF_MOVE,
        REFLOG_EXPIRE,
        GC_PRUNE,
        REBASE_DROP);
  }

  @Override
  public void scan(Scan scan) {
    for (Step step : scan.steps()) {
      if (step.program().equals("git")) {
        scan(scan, step, GitCommand.of(step.args()));
      } else if (!step.invocation().via().isEmpty() && ScriptedRebase.drops(scan, step)) {
        scan.hit(REBASE_DROP, step, null);
      }
    }
  }

  /** The {@code -c key=value} settings given on the line, keys in lower case. */
  private static java.util.Map<String, String> settings(Step step) {
    java.util.Map<String, String> settings = new java.util.HashMap<>();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String setting =
          t.equals("-c") && i + 1 < args.size()
              ? args.get(i + 1).text()
              : t.startsWith("-c") && t.length() > 2 && t.indexOf('=') > 0 ? t.substring(2) : null;
      int eq = setting == null ? -1 : setting.indexOf('=');
      if (eq > 0) {
        settings.put(
            setting.substring(0, eq).toLowerCase(java.util.Locale.ROOT), setting.substring(eq + 1));
      }
      if (!t.startsWith("-")) {
        break; // the subcommand: its own options follow
      }
    }
    return settings;
  }

  /**
   * What settings given on the line turn an everyday subcommand into a destructive one (issue 60,
   * red team): a remote's mirror or forced refspec for push, clean without its safety, gc pruning
   * now.
   */
  private static void settingsTurned(Scan scan, Step step, String subcommand) {
    java.util.Map<String, String> settings = settings(step);
    if (settings.isEmpty()) {
      return;
    }
    for (java.util.Map.Entry<String, String> entry : settings.entrySet()) {
      String key = entry.getKey();
      String value = entry.getValue();
      if (subcommand.equals("push")
          && key.startsWith("remote.")
          && key.endsWith(".mirror")
          && value.equals("true")) {
        scan.hit(PUSH_MIRROR, step, null);
      } else if (subcommand.equals("push")
          && key.startsWith("remote.")
          && key.endsWith(".push")
          && value.startsWith("+")) {
        scan.hit(PUSH_FORCE, step, null);
      } else if (subcommand.equals("clean")
          && key.equals("clean.requireforce")
          && value.equals("false")) {
        scan.hit(CLEAN, step, null);
      } else if (subcommand.equals("gc")
          && (key.startsWith("gc.reflogexpire"))
          && (value.equals("now") || value.equals("all"))) {
        scan.hit(REFLOG_EXPIRE, step, null);
      } else if (subcommand.equals("gc")
          && key.equals("gc.pruneexpire")
          && (value.equals("now") || value.equals("all"))) {
        scan.hit(GC_PRUNE, step, null);
      }
    }
  }

  private static void scan(Scan scan, Step step, GitCommand git) {
    List<Word> args = git.args();
    settingsTurned(scan, step, git.subcommand());
    switch (git.subcommand()) {
      case "push" -> push(scan, step, args);
      case "reset" -> {
        if (Argv.of(args, "").has("hard")) {
          scan.hit(RESET_HARD, step, null);
        }
      }
      case "clean" -> {
        Argv argv = Argv.of(args, "e", "exclude");
        boolean dry = argv.has('n') || argv.has("dry-run");
        // -X alone removes only what .gitignore ignores: build output, not work.
        boolean ignoredOnly = argv.has('X') && !argv.has('x');
        if ((argv.has('f') || argv.has("force")) && !dry && !ignoredOnly) {
          scan.hit(CLEAN, step, null);
        }
      }
      case "branch" -> {
        Argv argv = Argv.of(args, "u", "set-upstream-to");
        boolean delete = argv.has('d') || argv.has("delete");
        // Fed by xargs, the names are what it reads: git branch | xargs git branch -D.
        boolean named = !argv.positionals().isEmpty() || FileRules.reachedBy(step, "xargs");
        if (named && (argv.has('D') || delete && (argv.has('f') || argv.has("force")))) {
          scan.hit(BRANCH_FORCE_DELETE, step, null);
        }
        boolean forcedMove =
            argv.has('M')
                || argv.has('C')
                || (argv.has('m') || argv.has("move")) && (argv.has('f') || argv.has("force"));
        if (forcedMove && argv.positionals().size() >= 2) {
          // git branch -M old main: main is replaced, its commits kept by the reflog only.
          scan.hit(BRANCH_FORCE_DELETE, step, null);
        }
      }
      case "stash" -> {
        String what = args.isEmpty() ? "" : args.get(0).text();
        if (what.equals("clear")) {
          scan.hit(STASH_CLEAR, step, null);
        } else if (what.equals("drop")) {
          scan.hit(STASH_DROP, step, null);
        }
      }
      case "checkout" -> checkout(scan, step, args);
      case "switch" -> {
        Argv argv = Argv.of(args, "cC", "create", "force-create");
        if (argv.has('f') || argv.has("force") || argv.has("discard-changes")) {
          scan.hit(CHECKOUT_DISCARD, step, null);
        }
      }
      case "restore" -> {
        Argv argv = Argv.of(args, "s", "source");
        boolean staged = argv.has('S') || argv.has("staged");
        boolean worktree = argv.has('W') || argv.has("worktree");
        if ((!staged || worktree) && !argv.positionals().isEmpty()) {
          scan.hit(RESTORE_WORKTREE, step, null);
        }
      }
      case "filter-branch", "filter-repo" -> scan.hit(FILTER_BRANCH, step, null);
      case "checkout-index" -> {
        Argv argv = Argv.of(args, "");
        if (argv.has('f') || argv.has("force")) {
          scan.hit(CHECKOUT_DISCARD, step, null); // overwrites the working tree's files
        }
      }
      case "read-tree" -> {
        Argv argv = Argv.of(args, "", "prefix", "exclude-per-directory", "index-output");
        if (argv.has('u') && (argv.has("reset") || argv.has('m'))) {
          scan.hit(CHECKOUT_DISCARD, step, null);
        }
      }
      case "send-pack" -> {
        Argv argv = Argv.of(args, "", "receive-pack", "exec");
        if (argv.has('f') || argv.has("force") || argv.has("mirror")) {
          scan.hit(argv.has("mirror") ? PUSH_MIRROR : PUSH_FORCE, step, null);
        }
        for (Word refspec : argv.positionals()) {
          if (refspec.text().startsWith("+")) {
            scan.hit(PUSH_FORCE, step, null);
          }
        }
      }
      case "update-ref" -> {
        Argv argv = Argv.of(args, "m");
        if (argv.has('d') || argv.has("delete")) {
          scan.hit(UPDATE_REF_DELETE, step, null);
        }
        if (argv.has("stdin")) {
          scan.hit(UPDATE_REF_DELETE, step, null);
        }
        List<Word> refs = argv.positionals();
        if (!argv.has('d')
            && !argv.has("delete")
            && refs.size() >= 2
            && refs.get(0).text().startsWith("refs/heads/")) {
          scan.hit(UPDATE_REF_MOVE, step, null);
        }
      }
      case "config" -> {
        // A push refspec with + (or mirroring) set for later: every plain push then forces.
        List<Word> pos = Argv.of(args, "f", "file", "blob", "type").positionals();
        for (int i = 0; i + 1 < pos.size(); i++) {
          String key = pos.get(i).text().toLowerCase(java.util.Locale.ROOT);
          String value = pos.get(i + 1).text();
          if (key.startsWith("remote.") && key.endsWith(".push") && value.startsWith("+")
              || key.startsWith("remote.") && key.endsWith(".mirror") && value.equals("true")) {
            scan.hit(PUSH_FORCE, step, null);
          }
        }
      }
      case "reflog" -> {
        String what = args.isEmpty() ? "" : args.get(0).text();
        if (what.equals("expire") || what.equals("delete")) {
          scan.hit(REFLOG_EXPIRE, step, null);
        }
      }
      case "gc" -> {
        String prune = Argv.of(args, "").value("prune");
        if (prune != null && (prune.equals("now") || prune.equals("all"))) {
          scan.hit(GC_PRUNE, step, null);
        }
      }
      case "prune" -> {
        Argv argv = Argv.of(args, "", "expire");
        if (!argv.has('n') && !argv.has("dry-run")) {
          scan.hit(GC_PRUNE, step, null);
        }
      }
      default -> {}
    }
  }

  private static void push(Scan scan, Step step, List<Word> args) {
    Argv argv = Argv.of(args, "o", "push-option", "repo", "receive-pack", "exec");
    if (argv.has('f') || argv.has("force")) {
      scan.hit(PUSH_FORCE, step, null);
    }
    if (argv.has("mirror")) {
      scan.hit(PUSH_MIRROR, step, null);
    }
    if (argv.has('d') || argv.has("delete") || argv.has("prune")) {
      scan.hit(PUSH_DELETE, step, null);
    }
    List<Word> pos = argv.positionals();
    String repository =
        argv.value("repo") != null ? argv.value("repo") : pos.isEmpty() ? null : pos.get(0).text();
    if (repository != null && (isUrl(repository) || addedHere(scan, repository))) {
      scan.hit(PublishRules.PUSH_ELSEWHERE, step, null);
    }
    boolean forced = false;
    boolean deleted = false;
    boolean main = false;
    for (Word refspec : pos.subList(Math.min(1, pos.size()), pos.size())) {
      String text = refspec.text();
      forced |= text.startsWith("+");
      deleted |= text.startsWith(":") && text.length() > 1;
      String destination = text.substring(text.indexOf(':') + 1);
      if (destination.startsWith("+")) {
        destination = destination.substring(1);
      }
      if (destination.startsWith("refs/heads/")) {
        destination = destination.substring("refs/heads/".length());
      }
      main |= MAIN.contains(destination);
    }
    if (forced && !(argv.has('f') || argv.has("force"))) {
      scan.hit(PUSH_FORCE, step, null);
    }
    if (deleted && !(argv.has('d') || argv.has("delete"))) {
      scan.hit(PUSH_DELETE, step, null);
    }
    if (main) {
      scan.hit(PUSH_MAIN, step, null);
    }
    if (main && (argv.has("force-with-lease") || argv.has("force-if-includes"))) {
      // With a lease it is still a rewrite of the branch everyone builds on.
      scan.hit(PUSH_FORCE, step, null);
    }
  }

  /** A repository named by its URL: {@code https://…}, {@code ssh://…}, {@code git@host:path}. */
  private static boolean isUrl(String repository) {
    return repository.contains("://") || SCP_LIKE.matcher(repository).matches();
  }

  private static final java.util.regex.Pattern SCP_LIKE =
      java.util.regex.Pattern.compile("[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:.+");

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

  private static void checkout(Scan scan, Step step, List<Word> args) {
    Argv argv = Argv.of(args, "bBb", "orphan", "conflict");
    if (argv.has('f') || argv.has("force")) {
      scan.hit(CHECKOUT_DISCARD, step, null);
      return;
    }
    if (argv.has('b') || argv.has('B') || argv.has("orphan")) {
      return;
    }
    int separator = -1;
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).text().equals("--")) {
        separator = i;
        break;
      }
    }
    if (separator >= 0 && separator + 1 < args.size()) {
      scan.hit(CHECKOUT_DISCARD, step, null);
      return;
    }
    for (Word word : argv.positionals()) {
      String text = word.text();
      if (text.equals(".") || text.equals("*") || text.equals(":/") || text.equals("./")) {
        scan.hit(CHECKOUT_DISCARD, step, null);
        return;
      }
    }
    if (argv.positionals().size() >= 2) {
      // git checkout HEAD src/, git checkout main -- …: a tree's files over the working tree's.
      scan.hit(CHECKOUT_DISCARD, step, null);
    }
  }
}
