package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.List;

/**
 * Destructive file-system commands: deleting, wiping, formatting, re-owning or moving away what is
 * outside the project and the temporary folders, and writing over disks and git's history.
 *
 * <p>This class reads the command a program at a time and hands each to the part that knows it
 * ({@link FileDeletes}, {@link DiskAndModeChanges}), then reads what the command writes to a disk
 * or to {@code .git}. The files written to a system folder, outside the project or to a shell's
 * start-up file are the book's clauses over files ({@link FilePlaces}), scanned right after.
 */
final class FileRules implements Family {

  static final BuiltinRule DISK_WRITE = RuleBook.rule("fs.disk-write");

  /** The git family's rule this family finds: a repository's {@code .git} deleted. */
  private static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");

  private static final BuiltinRule REFLOG_EXPIRE = RuleBook.rule("git.reflog-expire");

  /**
   * The book's rules of disks formatted, wiped or repartitioned, files shredded, rsync deleting
   * outside the project and crontabs removed ({@code fs.mkfs}, {@code fs.wipefs}, {@code
   * fs.partition}, {@code fs.shred}, {@code fs.rsync-delete}, {@code fs.crontab-remove}): their
   * clauses, tried on each program where the code was.
   */
  private final BookRules disks;

  /**
   * The family, trying the book's clauses of the disks' rules in its loop.
   *
   * @param disks those clauses ({@link BookRules#triedInALoop})
   */
  FileRules(BookRules disks) {
    this.disks = disks;
  }

  @Override
  public void scan(Scan scan) {
    FileDeletes.otherDeletes(scan);
    for (Step step : scan.steps()) {
      switch (step.program()) {
        case "rm", "unlink", "rmdir" -> FileDeletes.remove(scan, step);
        case "find" -> FileDeletes.find(scan, step);
        case "tar", "bsdtar", "gtar" -> FileDeletes.archiveRemoves(scan, step);
        case "shred", "srm", "wipe" -> DiskAndModeChanges.shredFromInput(scan, step);
        case "chmod", "chown", "chgrp" -> DiskAndModeChanges.permissions(scan, step);
        case "truncate" -> DiskAndModeChanges.truncate(scan, step);
        case ":", "true", "", "cp", "dd" -> DiskAndModeChanges.emptied(scan, step);
        case "mv" -> DiskAndModeChanges.move(scan, step);
        case "rsync" -> DiskAndModeChanges.rsync(scan, step);
        default -> {}
      }
      disks.scan(scan, step);
    }
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) { // indexed: a long command writes hundreds
      Access access = accesses.get(i);
      if (!access.changes()) {
        continue;
      }
      Path path = access.target().path();
      if (Places.isDisk(path)) {
        scan.hit(DISK_WRITE, access);
        continue;
      }
      if (path != null && access.kind() == Access.Kind.WRITE && writesHistory(path)) {
        // : > .git/logs/HEAD, a ref overwritten by hand: the history git keeps, gone.
        scan.hit(path.toString().contains("/.git/logs") ? REFLOG_EXPIRE : REMOVE_REPO, access);
      }
    }
  }

  /** Whether a path is .git's history itself: its logs, refs, packed refs, objects. */
  private static boolean writesHistory(Path path) {
    String p = path.toString();
    return p.contains("/.git/logs")
        || p.contains("/.git/refs/")
        || p.endsWith("/.git/packed-refs")
        || p.contains("/.git/objects/");
  }
}
