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
  static final BuiltinRule MKFS = RuleBook.rule("fs.mkfs");
  static final BuiltinRule WIPEFS = RuleBook.rule("fs.wipefs");
  static final BuiltinRule CRONTAB_REMOVE = RuleBook.rule("fs.crontab-remove");

  /** The git family's rule this family finds: a repository's {@code .git} deleted. */
  private static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");

  private static final BuiltinRule REFLOG_EXPIRE = RuleBook.rule("git.reflog-expire");

  @Override
  public void scan(Scan scan) {
    FileDeletes.otherDeletes(scan);
    for (Step step : scan.steps()) {
      switch (step.program()) {
        case "rm", "unlink", "rmdir" -> FileDeletes.remove(scan, step);
        case "find" -> FileDeletes.find(scan, step);
        case "mkfs", "mke2fs", "mkswap", "newfs", "mkdosfs", "mkntfs", "mkexfatfs" ->
            DiskAndModeChanges.disk(scan, step, MKFS);
        case "wipefs" -> {
          Argv argv = Argv.of(step.args(), "ot", "offset", "types");
          if (argv.has('a') || argv.has("all") || argv.has('o') || argv.has("offset")) {
            DiskAndModeChanges.disk(scan, step, WIPEFS);
          }
        }
        case "blkdiscard" -> DiskAndModeChanges.disk(scan, step, WIPEFS);
        case "tar", "bsdtar", "gtar" -> FileDeletes.archiveRemoves(scan, step);
        case "fdisk", "sfdisk", "cfdisk", "parted", "gdisk", "sgdisk", "diskutil" ->
            DiskAndModeChanges.partition(scan, step);
        case "shred", "srm", "wipe" -> DiskAndModeChanges.shred(scan, step);
        case "chmod", "chown", "chgrp" -> DiskAndModeChanges.permissions(scan, step);
        case "truncate" -> DiskAndModeChanges.truncate(scan, step);
        case ":", "true", "", "cp", "dd" -> DiskAndModeChanges.emptied(scan, step);
        case "mv" -> DiskAndModeChanges.move(scan, step);
        case "rsync" -> DiskAndModeChanges.rsync(scan, step);
        case "crontab" -> {
          if (Argv.of(step.args(), "u").has('r')) {
            scan.hit(CRONTAB_REMOVE, step, null);
          }
        }
        default -> {
          if (step.program().startsWith("mkfs.") || step.program().startsWith("newfs_")) {
            DiskAndModeChanges.disk(scan, step, MKFS);
          }
        }
      }
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
