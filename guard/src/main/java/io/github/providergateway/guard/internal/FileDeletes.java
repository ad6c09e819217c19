package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Deleting files and folders: rm, rmdir, unlink, find -delete and -exec rm, tar --remove-files, git
 * rm -r, and the deleters fed their paths by xargs or a substitution; what is deleted is read by
 * its place (the root, a system folder, the home, the project, outside it). Part of {@link
 * FileRules}.
 */
final class FileDeletes {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");
  private static final BuiltinRule DELETE_ROOT = RuleBook.rule("fs.delete-root");
  private static final BuiltinRule DELETE_SYSTEM = RuleBook.rule("fs.delete-system");
  private static final BuiltinRule DELETE_HOME = RuleBook.rule("fs.delete-home");
  private static final BuiltinRule DELETE_PROJECT = RuleBook.rule("fs.delete-project");
  private static final BuiltinRule DELETE_OUTSIDE = RuleBook.rule("fs.delete-outside-project");
  private static final BuiltinRule DELETE_UNRESOLVED = RuleBook.rule("fs.delete-unresolved");
  private static final BuiltinRule DELETE_IN_PROJECT = RuleBook.rule("fs.delete-in-project");
  private static final BuiltinRule REMOVE_OUTSIDE = RuleBook.rule("fs.remove-outside-project");
  private static final BuiltinRule FIND_DELETE = RuleBook.rule("fs.find-delete");
  private static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");

  private FileDeletes() {}

  private static final Set<String> BUILD_DIRS =
      NameSet.of(
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

  static void remove(Scan scan, Step step) {
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
  static void fromInput(Scan scan, Step step, boolean recursive) {
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
              switch (MountedHere.of(scan, target)) {
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
  static void otherDeletes(Scan scan) {
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
      Step step =
          new Step(
              access.invocation(),
              List.of(scan.call().cwd() == null ? null : scan.call().cwd().normalize()));
      removed(
          scan,
          step,
          List.of(new Word(access.target().raw(), false)),
          FOLDER_DELETERS.contains(program) || program.equals("git") && recursiveGitRm(access));
    }
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
      NameSet.of(
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
  static void archiveRemoves(Scan scan, Step step) {
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
            switch (MountedHere.of(scan, target)) {
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

  static void find(Scan scan, Step step) {
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
      if (scan.places().isTempFolder(target.path()) && !MountedHere.under(scan, target.path())) {
        continue; // find /tmp -name 'x*' -delete: what it finds is in the temporary folder
      }
      BuiltinRule rule =
          switch (MountedHere.of(scan, target)) {
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

  /**
   * Whether a glob over a folder names part of what it holds (a star, a slash and node_modules;
   * {@code *.egg-info}) rather than all of it ({@code *}, {@code .*}, two stars): a letter or a
   * digit in what follows the folder.
   */
  private static boolean namesPart(Target target) {
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
}
