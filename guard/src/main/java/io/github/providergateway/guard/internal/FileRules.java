package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Destructive file-system commands: deleting, wiping, formatting, re-owning or moving away what is
 * outside the project and the temporary folders, and writing over disks and system files.
 */
final class FileRules implements Family {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  static final BuiltinRule DELETE_ROOT = RuleBook.rule("fs.delete-root");
  static final BuiltinRule DELETE_SYSTEM = RuleBook.rule("fs.delete-system");
  static final BuiltinRule DELETE_HOME = RuleBook.rule("fs.delete-home");
  static final BuiltinRule DELETE_PROJECT = RuleBook.rule("fs.delete-project");
  static final BuiltinRule DELETE_OUTSIDE = RuleBook.rule("fs.delete-outside-project");
  static final BuiltinRule DELETE_UNRESOLVED = RuleBook.rule("fs.delete-unresolved");
  static final BuiltinRule DELETE_IN_PROJECT = RuleBook.rule("fs.delete-in-project");
  static final BuiltinRule REMOVE_OUTSIDE = RuleBook.rule("fs.remove-outside-project");
  static final BuiltinRule FIND_DELETE = RuleBook.rule("fs.find-delete");
  static final BuiltinRule DISK_WRITE = RuleBook.rule("fs.disk-write");
  static final BuiltinRule MKFS = RuleBook.rule("fs.mkfs");
  static final BuiltinRule WIPEFS = RuleBook.rule("fs.wipefs");
  static final BuiltinRule PARTITION = RuleBook.rule("fs.partition");
  static final BuiltinRule SHRED = RuleBook.rule("fs.shred");
  static final BuiltinRule PERMISSIONS_SYSTEM = RuleBook.rule("fs.permissions-system");
  static final BuiltinRule CHMOD_OUTSIDE = RuleBook.rule("fs.chmod-recursive-outside");
  static final BuiltinRule CHOWN_OUTSIDE = RuleBook.rule("fs.chown-recursive-outside");
  static final BuiltinRule CHMOD_WORLD = RuleBook.rule("fs.chmod-world-writable");
  static final BuiltinRule TRUNCATE = RuleBook.rule("fs.truncate-outside");
  static final BuiltinRule MOVE_SYSTEM = RuleBook.rule("fs.move-system");
  static final BuiltinRule RSYNC_DELETE = RuleBook.rule("fs.rsync-delete");
  static final BuiltinRule WRITE_SYSTEM = RuleBook.rule("fs.write-system");
  static final BuiltinRule WRITE_OUTSIDE = RuleBook.rule("fs.write-outside-project");
  static final BuiltinRule SHELL_STARTUP = RuleBook.rule("fs.shell-startup");
  static final BuiltinRule CRONTAB_REMOVE = RuleBook.rule("fs.crontab-remove");

  /** The git family's rule this family finds: a repository's {@code .git} deleted. */
  private static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");

  private static final BuiltinRule REFLOG_EXPIRE = RuleBook.rule("git.reflog-expire");

  private static final Set<String> BUILD_DIRS =
      Set.of(
          "build",
          "dist",
          "target",
          "out",
          "output",
          "node_modules",
          ".next",
          ".nuxt",
          ".cache",
          "__pycache__",
          "coverage",
          ".gradle",
          ".pytest_cache",
          ".mypy_cache",
          ".ruff_cache",
          ".tox",
          ".venv",
          "venv",
          "tmp",
          "temp",
          ".turbo",
          ".parcel-cache",
          "bin",
          "obj",
          ".svelte-kit",
          ".angular",
          "_build",
          ".eggs",
          ".dart_tool",
          "storybook-static",
          ".nyc_output",
          ".sass-cache",
          "vendor",
          ".terraform",
          "cmake-build-debug",
          "cmake-build-release",
          "logs");
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

  @Override
  public List<BuiltinRule> rules() {
    return List.of(
        DELETE_ROOT,
        DELETE_SYSTEM,
        DELETE_HOME,
        DELETE_PROJECT,
        DELETE_OUTSIDE,
        DELETE_UNRESOLVED,
        DELETE_IN_PROJECT,
        REMOVE_OUTSIDE,
        FIND_DELETE,
        DISK_WRITE,
        MKFS,
        WIPEFS,
        PARTITION,
        SHRED,
        PERMISSIONS_SYSTEM,
        CHMOD_OUTSIDE,
        CHOWN_OUTSIDE,
        CHMOD_WORLD,
        TRUNCATE,
        MOVE_SYSTEM,
        RSYNC_DELETE,
        WRITE_SYSTEM,
        WRITE_OUTSIDE,
        SHELL_STARTUP,
        CRONTAB_REMOVE,
        REMOVE_REPO);
  }

  @Override
  public void scan(Scan scan) {
    otherDeletes(scan);
    for (Step step : scan.steps()) {
      switch (step.program()) {
        case "rm", "unlink", "rmdir" -> remove(scan, step);
        case "find" -> find(scan, step);
        case "mkfs", "mke2fs", "mkswap", "newfs", "mkdosfs", "mkntfs", "mkexfatfs" ->
            disk(scan, step, MKFS);
        case "wipefs" -> {
          Argv argv = Argv.of(step.args(), "ot", "offset", "types");
          if (argv.has('a') || argv.has("all") || argv.has('o') || argv.has("offset")) {
            disk(scan, step, WIPEFS);
          }
        }
        case "blkdiscard" -> disk(scan, step, WIPEFS);
        case "tar", "bsdtar", "gtar" -> archiveRemoves(scan, step);
        case "fdisk", "sfdisk", "cfdisk", "parted", "gdisk", "sgdisk", "diskutil" ->
            partition(scan, step);
        case "shred", "srm", "wipe" -> shred(scan, step);
        case "chmod", "chown", "chgrp" -> permissions(scan, step);
        case "truncate" -> truncate(scan, step);
        case ":", "true", "", "cp", "dd" -> emptied(scan, step);
        case "mv" -> move(scan, step);
        case "rsync" -> rsync(scan, step);
        case "crontab" -> {
          if (Argv.of(step.args(), "u").has('r')) {
            scan.hit(CRONTAB_REMOVE, step, null);
          }
        }
        default -> {
          if (step.program().startsWith("mkfs.") || step.program().startsWith("newfs_")) {
            disk(scan, step, MKFS);
          }
        }
      }
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

  /**
   * Whether a glob over a folder names part of what it holds (a star, a slash and node_modules;
   * {@code *.egg-info}) rather than all of it ({@code *}, {@code .*}, two stars): a letter or a
   * digit in what follows the folder.
   */
  static boolean namesPart(Target target) {
    if (!target.contents() || target.glob() == null || target.path() == null) {
      return false;
    }
    String folder = target.path().toString();
    String tail = target.glob().substring(Math.min(target.glob().length(), folder.length()));
    for (int i = 0; i < tail.length(); i++) {
      if (Character.isLetterOrDigit(tail.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  private static void remove(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "", "interactive");
    boolean recursive = argv.has('r') || argv.has('R') || argv.has("recursive");
    if (step.reachedBy("find")) {
      // find -exec rm {}: the find rule reads find's own folders; what rm is named besides the
      // found files ({} and its kin) it deletes as it would anywhere.
      List<Word> named = new ArrayList<>();
      for (Word word : argv.positionals()) {
        if (!word.text().contains("{}")) {
          named.add(word);
        }
      }
      removed(scan, step, named, recursive);
      return;
    }
    boolean fromInput =
        step.reachedBy("xargs")
            && (argv.positionals().isEmpty()
                || argv.positionals().stream().anyMatch(w -> w.text().contains("{}")));
    if (fromInput) {
      fromInput(scan, step, recursive);
      return;
    }
    removed(scan, step, argv.positionals(), recursive);
  }

  /**
   * A deleter fed its names on standard input ({@code … | xargs rm -f}): fine when a find under the
   * project or a temporary folder lists them; what a find elsewhere lists is deleted there, file by
   * file as surely as folder and all ({@code find ~ -type f | xargs rm -f} empties the home).
   */
  private static void fromInput(Scan scan, Step step, boolean recursive) {
    if (listedInside(scan)) {
      return;
    }
    BuiltinRule worst = null;
    for (Step other : scan.steps()) {
      if (!other.program().equals("find")) {
        continue;
      }
      for (Word start : FindStarts.of(other)) {
        for (Target target : scan.targets(other, start)) {
          BuiltinRule rule =
              switch (scan.places().classify(target)) {
                case ROOT -> DELETE_ROOT;
                case SYSTEM -> DELETE_SYSTEM;
                case HOME -> DELETE_HOME;
                case GATEWAY -> SELF;
                case PROJECT, INSIDE, TEMP -> null;
                case OUTSIDE, UNKNOWN -> FIND_DELETE;
              };
          worst =
              worst == null || rule != null && rule.catastrophic()
                  ? (rule == null ? worst : rule)
                  : worst;
        }
      }
    }
    scan.hit(worst != null ? worst : recursive ? DELETE_OUTSIDE : REMOVE_OUTSIDE, step, null);
  }

  /**
   * What the other programs delete (the accesses' reading: {@code zip -m}, {@code 7z -sdel}, {@code
   * rsync --remove-source-files}, {@code rimraf}, {@code cmake -E rm}, {@code unlink} and {@code
   * shred} through xargs…), judged as {@code rm} is: folder and all where the program deletes
   * folders.
   */
  private static void otherDeletes(Scan scan) {
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) {
      Access access = accesses.get(i);
      if (access.kind() != Access.Kind.DELETE || access.invocation() == null) {
        continue;
      }
      String program = access.invocation().program();
      if (program.equals("rm")
          || program.equals("mv")
          || program.equals("tar")
          || program.equals("bsdtar")
          || program.equals("gtar")
          || program.equals("shred")
          || program.equals("srm")
          || program.equals("wipe")) {
        continue; // read by their own rules
      }
      Scan.Step step =
          new Scan.Step(
              access.invocation(),
              List.of(scan.call().cwd() == null ? null : scan.call().cwd().normalize()));
      removed(
          scan,
          step,
          List.of(new Word(access.target().raw(), false)),
          FOLDER_DELETERS.contains(program) || program.equals("git") && recursiveGitRm(access));
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

  /** {@code git rm -r}, in any bundle of its letters ({@code -rqf}). */
  private static boolean recursiveGitRm(Access access) {
    for (Word word : access.invocation().words()) {
      String t = word.text();
      if (t.equals("-r") || t.startsWith("-") && !t.startsWith("--") && t.indexOf('r') > 0) {
        return true;
      }
    }
    return false;
  }

  /** The programs that delete a folder with all it holds (the others delete files). */
  private static final Set<String> FOLDER_DELETERS =
      Set.of(
          "rimraf",
          "del",
          "del-cli",
          "trash",
          "trash-put",
          "rm-rf",
          "cmake",
          "7z",
          "7za",
          "7zr",
          "zip",
          "rsync");

  /** tar --remove-files: what it archives, folders and all, is gone after. */
  private static void archiveRemoves(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "fCbHKNgVTX", "file", "directory", "exclude", "format");
    if (argv.has("remove-files")) {
      String folder = argv.value('C') != null ? argv.value('C') : argv.value("directory");
      List<Word> files = argv.positionals();
      if (folder != null) {
        // tar -C / --remove-files … home: the files are named from the -C folder.
        List<Word> from = new ArrayList<>(files.size());
        for (Word file : files) {
          from.add(new Word(folder + "/" + file.text(), false));
        }
        files = from;
      }
      removed(scan, step, files, true);
    }
  }

  /** The rules that deleting {@code words} ({@code recursive}: folders and all) matches. */
  private static void removed(Scan scan, Step step, List<Word> words, boolean recursive) {
    for (Word word : words) {
      for (Target target : scan.targets(step, word)) {
        if (GitFolders.holdsHistory(target)) {
          scan.hit(REMOVE_REPO, step, target);
        }
        BuiltinRule rule =
            switch (scan.places().classify(target)) {
              case ROOT -> recursive ? DELETE_ROOT : REMOVE_OUTSIDE;
              case SYSTEM -> recursive ? DELETE_SYSTEM : REMOVE_OUTSIDE;
              case HOME ->
                  recursive ? DELETE_HOME : target.contents() ? DELETE_OUTSIDE : REMOVE_OUTSIDE;
              case PROJECT ->
                  // *.egg-info, a star then /node_modules: a glob at the project's top that names
                  // some of what it holds is not the project; a star alone is all of it.
                  !recursive
                      ? null
                      : namesPart(target)
                          ? (isBuildOutput(scan, target) ? null : DELETE_IN_PROJECT)
                          : DELETE_PROJECT;
              case INSIDE -> recursive && !isBuildOutput(scan, target) ? DELETE_IN_PROJECT : null;
              case GATEWAY, TEMP -> null; // the gateway's home: guard.self reads every access
              // rm -f ~/Documents/*: every file of a folder outside is the folder's contents gone.
              case OUTSIDE ->
                  recursive || target.contents() && !namesPart(target)
                      ? DELETE_OUTSIDE
                      : REMOVE_OUTSIDE;
              // A path the guard cannot resolve asks, never more (issue 60): $BUILD_DIR may be
              // the build folder, and the person can say.
              case UNKNOWN -> recursive ? DELETE_UNRESOLVED : REMOVE_OUTSIDE;
            };
        if (rule != null) {
          scan.hit(rule, step, target);
        }
      }
    }
  }

  /** Whether the command has a find, and every find starts under the project or a temp folder. */
  private static boolean listedInside(Scan scan) {
    boolean any = false;
    for (Step step : scan.steps()) {
      if (!step.program().equals("find")) {
        continue;
      }
      for (Word start : FindStarts.of(step)) {
        for (Target target : scan.targets(step, start)) {
          if (!scan.places().classify(target).free()) {
            return false;
          }
          any = true;
        }
      }
    }
    return any;
  }

  private static boolean isBuildOutput(Scan scan, Target target) {
    Path relative = scan.places().project().relativize(target.path());
    for (Path part : relative) {
      String name = part.toString();
      if (BUILD_DIRS.contains(name) || name.endsWith(".egg-info")) {
        return true;
      }
    }
    return false;
  }

  private static void find(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean deletes = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      if (a.equals("-delete")) {
        deletes = true;
      } else if ((a.equals("-exec")
              || a.equals("-execdir")
              || a.equals("-ok")
              || a.equals("-okdir"))
          && i + 1 < args.size()) {
        String program = args.get(i + 1).text();
        program = program.substring(program.lastIndexOf('/') + 1);
        deletes |=
            Set.of("rm", "shred", "unlink", "rmdir", "srm", "truncate", "wipe").contains(program);
      }
    }
    if (!deletes) {
      return;
    }
    for (int i = 0; i + 1 < args.size(); i++) {
      String test = args.get(i).text();
      String value = args.get(i + 1).text();
      if ((test.equals("-name") || test.equals("-iname") || test.equals("-path"))
          && (value.equals(".git") || value.endsWith("/.git"))) {
        scan.hit(REMOVE_REPO, step, null);
      }
    }
    for (Word start : FindStarts.of(step)) {
      findStart(scan, step, start, selects(args));
    }
  }

  /** Whether find picks some files by name or path, rather than everything under its start. */
  private static boolean selects(List<Word> args) {
    for (Word word : args) {
      switch (word.text()) {
        case "-name",
            "-iname",
            "-path",
            "-ipath",
            "-wholename",
            "-iwholename",
            "-regex",
            "-iregex",
            "-newer",
            "-mtime",
            "-mmin",
            "-atime",
            "-amin",
            "-ctime",
            "-cmin",
            "-size",
            "-empty",
            "-user",
            "-perm",
            "-links",
            "-inum",
            "-samefile",
            "-lname",
            "-ilname" -> {
          return true;
        }
        default -> {}
      }
    }
    return false;
  }

  private static void findStart(Scan scan, Step step, Word start, boolean selects) {
    for (Target target : scan.targets(step, start)) {
      if (scan.places().isTempFolder(target.path())) {
        continue; // find /tmp -name 'x*' -delete: what it finds is in the temporary folder
      }
      BuiltinRule rule =
          switch (scan.places().classify(target)) {
            case ROOT -> DELETE_ROOT;
            case SYSTEM -> DELETE_SYSTEM;
            case HOME -> DELETE_HOME;
            case GATEWAY -> SELF;
            // find . -delete, find /work/project -mindepth 1 -delete: the whole project.
            case PROJECT -> selects ? null : DELETE_PROJECT;
            case INSIDE, TEMP -> null;
            case OUTSIDE, UNKNOWN -> FIND_DELETE;
          };
      if (rule != null) {
        scan.hit(rule, step, target);
      }
    }
  }

  /** mkfs, wipefs: a device, or a file outside the project, is a disk to the guard. */
  private static void disk(Scan scan, Step step, BuiltinRule rule) {
    Argv argv = Argv.of(step.args(), "tLbCNOUEIcgGmoSTV", "type", "label");
    for (Word word : argv.positionals()) {
      for (Target target : scan.targets(step, word)) {
        if (Places.isDisk(target.path()) || !scan.places().ownedByAgent(target)) {
          scan.hit(rule, step, target);
          return;
        }
      }
    }
  }

  private static void partition(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "");
    if (argv.has('l')
        || argv.has("list")
        || argv.has('d')
        || argv.has("dump")
        || argv.has('p')
        || argv.has("print")
        || argv.has("help")
        || argv.has('h')) {
      return;
    }
    List<Word> pos = argv.positionals();
    if (step.program().equals("parted") && pos.size() >= 2 && pos.get(1).text().equals("print")) {
      return;
    }
    if (step.program().equals("diskutil")) {
      if (!pos.isEmpty()
          && Set.of("eraseDisk", "eraseVolume", "partitionDisk", "zeroDisk", "secureErase")
              .contains(pos.get(0).text())) {
        scan.hit(PARTITION, step, null);
      }
      return;
    }
    for (Word word : pos) {
      if (word.text().startsWith("/dev/") || !word.literal()) {
        scan.hit(PARTITION, step, null);
        return;
      }
    }
  }

  private static void shred(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "ns", "iterations", "size", "random-source");
    if (step.reachedBy("xargs") && argv.positionals().isEmpty()) {
      fromInput(scan, step, false); // find ~ … | xargs shred -u
      return;
    }
    for (Word word : argv.positionals()) {
      for (Target target : scan.targets(step, word)) {
        if (!Places.isDisk(target.path()) && !scan.places().ownedByAgent(target)) {
          scan.hit(SHRED, step, target);
        }
      }
    }
  }

  private static void permissions(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "", "reference", "from");
    List<Word> pos = argv.positionals();
    if (pos.isEmpty()) {
      return;
    }
    boolean chmod = step.program().equals("chmod");
    boolean reference = argv.has("reference");
    if (chmod && !reference && worldWritable(pos.get(0).text())) {
      scan.hit(CHMOD_WORLD, step, null);
    }
    if (!(argv.has('R') || argv.has("recursive"))) {
      return;
    }
    for (Word word : pos.subList(reference ? 0 : 1, pos.size())) {
      for (Target target : scan.targets(step, word)) {
        BuiltinRule rule =
            switch (scan.places().classify(target)) {
              case ROOT, SYSTEM, HOME -> PERMISSIONS_SYSTEM;
              case OUTSIDE, UNKNOWN -> chmod ? CHMOD_OUTSIDE : CHOWN_OUTSIDE;
              case GATEWAY, PROJECT, INSIDE, TEMP -> null;
            };
        if (rule != null) {
          scan.hit(rule, step, target);
        }
      }
    }
  }

  static boolean worldWritable(String mode) {
    if (!mode.isEmpty() && Character.isDigit(mode.charAt(0))) {
      char others = mode.charAt(mode.length() - 1);
      return others == '2' || others == '3' || others == '6' || others == '7';
    }
    for (String clause : mode.split(",")) {
      int op = Math.max(clause.indexOf('+'), clause.indexOf('='));
      if (op < 0) {
        continue;
      }
      String who = clause.substring(0, op);
      boolean everyone = who.contains("a") || who.contains("o");
      if (everyone && clause.indexOf('w', op) > op) {
        return true;
      }
    }
    return false;
  }

  /**
   * A file outside the project emptied or overwritten with nothing: {@code : > f}, {@code true >
   * f}, {@code cp /dev/null f}, {@code dd if=/dev/zero of=f} (issue 60, red team).
   */
  private static void emptied(Scan scan, Step step) {
    String program = step.program();
    List<Word> targets = new ArrayList<>();
    boolean empties = program.equals(":") || program.equals("true") || program.isEmpty();
    if (empties) {
      for (io.github.providergateway.guard.shell.Redirect redirect :
          step.invocation().redirects()) {
        if (redirect.operator().equals(">") || redirect.operator().equals(">|")) {
          targets.add(redirect.target());
        }
      }
    } else if (program.equals("cp")
        && step.args().size() == 2
        && step.args().get(0).text().equals("/dev/null")) {
      targets.add(step.args().get(1));
    } else if (program.equals("dd")) {
      boolean nothing = false;
      Word of = null;
      for (Word w : step.args()) {
        nothing |=
            w.text().equals("if=/dev/zero")
                || w.text().equals("if=/dev/null")
                || w.text().equals("if=/dev/urandom");
        if (w.text().startsWith("of=")) {
          of = new Word(w.text().substring(3), w.literal());
        }
      }
      if (nothing && of != null) {
        targets.add(of);
      }
    }
    for (Word word : targets) {
      for (Target target : scan.targets(step, word)) {
        if (!Places.isDisk(target.path())
            && target.path() != null
            && !scan.places().ownedByAgent(target)
            && scan.places().classify(target) != Place.GATEWAY
            && !target.path().startsWith(Places.DEVICES)) {
          scan.hit(TRUNCATE, step, target);
        }
      }
    }
  }

  private static void truncate(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "sr", "size", "reference");
    for (Word word : argv.positionals()) {
      for (Target target : scan.targets(step, word)) {
        if (!Places.isDisk(target.path())
            && !scan.places().ownedByAgent(target)
            && scan.places().classify(target) != Place.GATEWAY) {
          scan.hit(TRUNCATE, step, target);
        }
      }
    }
  }

  private static void move(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "tS", "target-directory", "suffix");
    List<Word> pos = argv.positionals();
    boolean into = argv.has('t') || argv.has("target-directory");
    List<Word> sources = into || pos.isEmpty() ? pos : pos.subList(0, pos.size() - 1);
    boolean intoTemp = false;
    Word destination =
        into
            ? new Word(
                argv.value('t') != null ? argv.value('t') : argv.value("target-directory"), true)
            : pos.isEmpty() ? null : pos.get(pos.size() - 1);
    if (destination != null) {
      for (Target target : scan.targets(step, destination)) {
        intoTemp |=
            scan.places().classify(target) == Place.TEMP
                || scan.places().isTempFolder(target.path());
      }
    }
    for (Word word : sources) {
      for (Target target : scan.targets(step, word)) {
        Place place = scan.places().classify(target);
        if (place == Place.ROOT || place == Place.SYSTEM || place == Place.HOME) {
          scan.hit(MOVE_SYSTEM, step, target);
        } else if (place == Place.PROJECT) {
          scan.hit(DELETE_PROJECT, step, target); // the project moved away is gone from its place
        } else if (GitFolders.holdsHistory(target)
            && target.path() != null
            && target.name().equals(".git")) {
          scan.hit(REMOVE_REPO, step, target);
        } else if (intoTemp && (place == Place.OUTSIDE || place == Place.GATEWAY)) {
          // mv ~/Documents /tmp/d: into the folder whose contents are free to delete.
          scan.hit(DELETE_OUTSIDE, step, target);
        }
      }
    }
  }

  private static void rsync(Scan scan, Step step) {
    Argv argv =
        Argv.of(
            step.args(),
            "eBfTM",
            "rsh",
            "exclude",
            "include",
            "filter",
            "files-from",
            "exclude-from",
            "include-from",
            "link-dest",
            "compare-dest",
            "copy-dest",
            "backup-dir",
            "partial-dir",
            "temp-dir",
            "log-file",
            "password-file",
            "chmod",
            "chown",
            "rsync-path",
            "max-size",
            "min-size",
            "timeout",
            "bwlimit",
            "port");
    if (!argv.hasPrefix("del")) {
      return;
    }
    List<Word> pos = argv.positionals();
    if (pos.size() < 2) {
      return;
    }
    Word destination = pos.get(pos.size() - 1);
    String text = destination.text();
    int colon = text.indexOf(':');
    if (colon > 0 && (text.indexOf('/') < 0 || colon < text.indexOf('/'))) {
      return; // a remote destination: not this machine's files
    }
    for (Target target : scan.targets(step, destination)) {
      BuiltinRule rule =
          switch (scan.places().classify(target)) {
            case ROOT -> DELETE_ROOT;
            case SYSTEM -> DELETE_SYSTEM;
            case HOME -> DELETE_HOME;
            case OUTSIDE, UNKNOWN -> RSYNC_DELETE;
            case GATEWAY, PROJECT, INSIDE, TEMP -> null;
          };
      if (rule != null) {
        scan.hit(rule, step, target);
      }
    }
  }
}
