package io.github.providergateway.guard.internal;

import static io.github.providergateway.guard.internal.BuiltinRule.of;

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
  static final BuiltinRule PUSH_FORCE =
      of(
          "git.push-force",
          "git",
          "DDD",
          "rewrites the remote branch's history and can destroy others' commits",
          "git push --force-with-lease");
  static final BuiltinRule PUSH_MIRROR =
      of(
          "git.push-mirror",
          "git",
          "DDD",
          "makes the remote a mirror of this repository, deleting its other branches and tags",
          "push the branches you mean");
  static final BuiltinRule PUSH_DELETE =
      of(
          "git.push-delete",
          "git",
          "DDD",
          "deletes branches or tags on the remote",
          "ask the person to delete remote branches");
  static final BuiltinRule PUSH_MAIN =
      of("git.push-main", "git", "-AA", "pushes straight to the main branch", "push a branch");
  static final BuiltinRule RESET_HARD =
      of(
          "git.reset-hard",
          "git",
          "DDD",
          "throws away uncommitted changes for good",
          "git stash, then git reset --keep or --soft");
  static final BuiltinRule CLEAN =
      of(
          "git.clean",
          "git",
          "DDD",
          "deletes untracked files, which git cannot bring back",
          "git clean -n to see what it would delete");
  static final BuiltinRule BRANCH_FORCE_DELETE =
      of(
          "git.branch-force-delete",
          "git",
          "DDD",
          "deletes a branch whether or not it was merged",
          "git branch -d, which refuses an unmerged branch");
  static final BuiltinRule STASH_CLEAR =
      of("git.stash-clear", "git", "DDD", "deletes every stash", "git stash list");
  static final BuiltinRule STASH_DROP =
      of("git.stash-drop", "git", "AAD", "deletes a stash", "git stash pop, or git stash apply");
  static final BuiltinRule CHECKOUT_DISCARD =
      of(
          "git.checkout-discard",
          "git",
          "DDD",
          "overwrites uncommitted changes in the working tree",
          "git stash first");
  static final BuiltinRule RESTORE_WORKTREE =
      of(
          "git.restore-worktree",
          "git",
          "DDD",
          "overwrites uncommitted changes in the working tree",
          "git restore --staged to unstage only, or git stash first");
  static final BuiltinRule REMOVE_REPO =
      of("git.remove-repo", "git", "DDD", "deletes the repository's history (.git)", null);
  static final BuiltinRule FILTER_BRANCH =
      of("git.filter-branch", "git", "DDD", "rewrites the whole history of the repository", null);
  static final BuiltinRule UPDATE_REF_DELETE =
      of(
          "git.update-ref-delete",
          "git",
          "DDD",
          "deletes a ref without a safety check",
          "git branch -d");
  static final BuiltinRule UPDATE_REF_MOVE =
      of(
          "git.update-ref-move",
          "git",
          "AAD",
          "moves a branch to another commit without a safety check: commits only it held are lost",
          "git reset or git branch -f, which say what they move");
  static final BuiltinRule REFLOG_EXPIRE =
      of(
          "git.reflog-expire",
          "git",
          "DDD",
          "deletes the reflog, the record that lets lost commits be recovered",
          null);
  static final BuiltinRule GC_PRUNE =
      of(
          "git.gc-prune",
          "git",
          "DDD",
          "deletes unreachable commits now, so they cannot be recovered",
          "git gc without --prune=now");

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
        GC_PRUNE);
  }

  @Override
  public void scan(Scan scan) {
    for (Step step : scan.steps()) {
      if (step.program().equals("git")) {
        scan(scan, step, GitCommand.of(step.args()));
      }
    }
  }

  private static void scan(Scan scan, Step step, GitCommand git) {
    List<Word> args = git.args();
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
        if ((argv.has('f') || argv.has("force")) && !dry) {
          scan.hit(CLEAN, step, null);
        }
      }
      case "branch" -> {
        Argv argv = Argv.of(args, "u", "set-upstream-to");
        boolean delete = argv.has('d') || argv.has("delete");
        boolean named = !argv.positionals().isEmpty();
        if (named && (argv.has('D') || delete && (argv.has('f') || argv.has("force")))) {
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
  }
}
