package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A setting that decides what happens to what a job handles, moved from keeping it to destroying it
 * (decision 252), for {@link RehearsalMadeReal}'s reading of a change's settings ({@code
 * safeguards.handling-made-destructive}): a directory sync's {@code on_missing_from_sis: suspend}
 * made {@code delete}, a stack's {@code DeletionPolicy: Retain} made {@code Delete}, a storage
 * class's {@code reclaimPolicy}, a cleanup's {@code mode: report} made {@code purge}, {@code
 * soft_delete} made {@code hard_delete}; or a switch named for destroying turned on ({@code prune:
 * false} made {@code true} in a GitOps sync, {@code delete_orphans}). A job reading the setting
 * then destroys what it used to keep, on its next run, where no call of the agent's is seen. The
 * way back (delete made suspend), a value that keeps ({@code soft_delete}), and a switch about a
 * cache, a branch, a build or a protection ({@code delete_branch_on_merge}, {@code
 * prevent_destroy}) are none.
 */
final class DestructiveHandling {
  private DestructiveHandling() {}

  /** Words of a value that keep what is handled, or only report on it. */
  private static final Set<String> KEEPS =
      NameSet.of(
          "suspend",
          "suspended",
          "archive",
          "archived",
          "retain",
          "retained",
          "keep",
          "disable",
          "disabled",
          "deactivate",
          "deactivated",
          "inactivate",
          "soft",
          "quarantine",
          "report",
          "warn",
          "log",
          "flag",
          "mark",
          "hide",
          "move",
          "ignore",
          "skip",
          "none",
          "noop",
          "nothing",
          "trash",
          "recycle",
          "block",
          "lock",
          "freeze",
          "hold",
          "notify",
          "snapshot",
          "orphan",
          // an append keeps what a table holds (decision 326): WRITE_APPEND, if_exists='append'
          "append",
          "appends");

  /** Words of a value, or of a switch's name, that destroy what is handled. */
  private static final Set<String> DESTROYS =
      NameSet.of(
          "delete",
          "deleted",
          "purge",
          "destroy",
          "remove",
          "wipe",
          "erase",
          "expunge",
          "shred",
          "truncate",
          "prune",
          "drop",
          // what an append kept is written over (decision 326): WRITE_TRUNCATE, 'replace'
          "overwrite",
          "replace");

  /** The words a destroying switch may be named by: not a build's {@code remove_comments}. */
  private static final Set<String> DESTROYING_SWITCHES =
      NameSet.of("delete", "purge", "destroy", "wipe", "erase", "expunge", "prune");

  /** A switch about these destroys nothing kept, or protects: {@code prevent_destroy}. */
  private static final Set<String> NOT_KEPT =
      NameSet.of(
          "branch",
          "branches",
          "cache",
          "caches",
          "tmp",
          "temp",
          "temporary",
          "build",
          "artifacts",
          "comments",
          "console",
          "protect",
          "protection",
          "prevent",
          "lock",
          "confirm",
          "require",
          "skip",
          "keep",
          "soft",
          "dry",
          "disable",
          "allow");

  /**
   * {@return what a key's move from one value to another makes destroy, as the reason shows it, or
   * {@code null}}
   *
   * @param key the setting's key
   * @param was its value before
   * @param now its value after
   */
  static String madeDestructive(String key, String was, String now) {
    String a = was.strip().toLowerCase(Locale.ROOT);
    String b = now.strip().toLowerCase(Locale.ROOT);
    if (a.equals(b) || a.length() > 40 || b.length() > 40) {
      return null;
    }
    if (RehearsalMadeReal.OFF.contains(a) && RehearsalMadeReal.ON.contains(b)) {
      List<String> keyWords = CheckWords.words(key);
      boolean destroying = keyWords.stream().anyMatch(DESTROYING_SWITCHES::contains);
      return destroying && keyWords.stream().noneMatch(NOT_KEPT::contains)
          ? key + ": " + was.strip() + " → " + now.strip()
          : null;
    }
    List<String> before = CheckWords.words(a);
    List<String> after = CheckWords.words(b);
    boolean kept = before.stream().anyMatch(KEEPS::contains);
    boolean destroys =
        after.stream().anyMatch(DESTROYS::contains) && after.stream().noneMatch(KEEPS::contains);
    return kept && destroys ? key + ": " + was.strip() + " → " + now.strip() : null;
  }
}
