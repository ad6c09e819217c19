package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.List;

/**
 * Destructive file-system commands: deleting, wiping, formatting, re-owning or moving away what is
 * outside the project and the temporary folders, and writing over disks and system files.
 *
 * <p>This class reads the command a program at a time and hands each to the part that knows it
 * ({@link FileDeletes}, {@link DiskAndModeChanges}), then reads what the command writes, in the
 * order the rules were always found in.
 */
final class FileRules implements Family {

  static final BuiltinRule DISK_WRITE = RuleBook.rule("fs.disk-write");
  static final BuiltinRule WRITE_SYSTEM = RuleBook.rule("fs.write-system");
  static final BuiltinRule WRITE_OUTSIDE = RuleBook.rule("fs.write-outside-project");
  static final BuiltinRule SHELL_STARTUP = RuleBook.rule("fs.shell-startup");

  /** The git family's rule this family finds: a repository's {@code .git} deleted. */
  private static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");

  private static final BuiltinRule REFLOG_EXPIRE = RuleBook.rule("git.reflog-expire");

  private static final List<String> SYSTEM_WRITES =
      List.of("etc", "usr", "boot", "bin", "sbin", "lib", "lib32", "lib64", "System", "Library");

  /**
   * Start-up files in folders of the home, read as the home's own are: by bash (a {@code
   * ~/.bashrc.d} its {@code .bashrc} sources, as Fedora's does), fish, direnv (its {@code
   * direnvrc}, at every {@code cd} into a folder it allows) and vim or neovim. A folder (ending in
   * {@code /}) holds them all.
   */
  private static final List<String> NESTED_STARTUP =
      List.of(
          ".bashrc.d/",
          ".zshrc.d/",
          ".config/fish/config.fish",
          ".config/fish/conf.d/",
          ".config/fish/functions/",
          ".config/direnv/direnvrc",
          ".config/direnv/lib/",
          ".vim/vimrc",
          ".vim/plugin/",
          ".config/nvim/init.vim",
          ".config/nvim/init.lua",
          ".config/nvim/plugin/");

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
    Path home = scan.places().home();
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
      if (path != null && path.getNameCount() > 1 && path.startsWith(Places.DEVICES)) {
        continue;
      }
      if (path != null && path.getNameCount() > 1 && inSystemFolder(path)) {
        scan.hit(WRITE_SYSTEM, access);
      }
      if (path != null && access.kind() == Access.Kind.WRITE && writesHistory(path)) {
        // : > .git/logs/HEAD, a ref overwritten by hand: the history git keeps, gone.
        scan.hit(path.toString().contains("/.git/logs") ? REFLOG_EXPIRE : REMOVE_REPO, access);
      }
      // The parent compared in place first: a parent, a name, is a new path each time it is
      // asked for, and most files written are not in the home itself.
      if (path != null
          && path.getNameCount() == home.getNameCount() + 1
          && path.startsWith(home)
          && StartupFiles.NAMES.contains(access.target().name())) {
        scan.hit(SHELL_STARTUP, access);
      } else if (path != null
          && path.getNameCount() > home.getNameCount() + 1
          && nestedStartup(home, path)) {
        scan.hit(SHELL_STARTUP, access);
      }
      Place place = scan.place(access.target());
      if (place != Place.INSIDE && place != Place.TEMP && place != Place.PROJECT) {
        scan.hit(WRITE_OUTSIDE, access);
      }
    }
  }

  /** Whether a file is one of {@link #NESTED_STARTUP}, or in one of its folders. */
  static boolean nestedStartup(Path home, Path file) {
    if (!file.startsWith(home)) {
      return false;
    }
    String rel = home.relativize(file).toString();
    for (int i = 0; i < NESTED_STARTUP.size(); i++) {
      String place = NESTED_STARTUP.get(i);
      if (place.endsWith("/")
          ? rel.startsWith(place) && rel.length() > place.length()
          : rel.equals(place)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an absolute path of two names or more lies in a folder of {@link #SYSTEM_WRITES}, read
   * from its text: its first name as a path would be a new path and a new string per file written.
   */
  private static boolean inSystemFolder(Path file) {
    if (!file.isAbsolute()) {
      return SYSTEM_WRITES.contains(file.getName(0).toString());
    }
    String path = file.toString(); // kept by the path once made
    for (int i = 0; i < SYSTEM_WRITES.size(); i++) {
      String folder = SYSTEM_WRITES.get(i);
      int end = 1 + folder.length();
      if (path.length() > end && path.charAt(end) == '/' && path.startsWith(folder, 1)) {
        return true;
      }
    }
    return false;
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
