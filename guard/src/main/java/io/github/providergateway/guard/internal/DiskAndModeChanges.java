package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Files shredded through xargs, emptied or truncated, modes and owners changed recursively, system
 * folders moved, and rsync --delete: the rest of the file rules' code (disks formatted, wiped or
 * repartitioned and files shredded are the book's clauses, {@link DiskPredicates}). Part of {@link
 * FileRules}.
 */
final class DiskAndModeChanges {
  private static final BuiltinRule DELETE_ROOT = RuleBook.rule("fs.delete-root");
  private static final BuiltinRule DELETE_SYSTEM = RuleBook.rule("fs.delete-system");
  private static final BuiltinRule DELETE_HOME = RuleBook.rule("fs.delete-home");
  private static final BuiltinRule DELETE_PROJECT = RuleBook.rule("fs.delete-project");
  private static final BuiltinRule DELETE_OUTSIDE = RuleBook.rule("fs.delete-outside-project");
  private static final BuiltinRule PERMISSIONS_SYSTEM = RuleBook.rule("fs.permissions-system");
  private static final BuiltinRule CHMOD_OUTSIDE = RuleBook.rule("fs.chmod-recursive-outside");
  private static final BuiltinRule CHOWN_OUTSIDE = RuleBook.rule("fs.chown-recursive-outside");
  private static final BuiltinRule CHMOD_WORLD = RuleBook.rule("fs.chmod-world-writable");
  private static final BuiltinRule TRUNCATE = RuleBook.rule("fs.truncate-outside");
  private static final BuiltinRule MOVE_SYSTEM = RuleBook.rule("fs.move-system");
  private static final BuiltinRule REMOVE_REPO = RuleBook.rule("git.remove-repo");

  private DiskAndModeChanges() {}

  /**
   * shred fed by xargs ({@code find ~ … | xargs shred -u}): the files it is fed, deleted. The files
   * it is given are the book's {@code fs.shred} ({@link DiskPredicates}).
   */
  static void shredFromInput(Scan scan, Step step) {
    if (step.reachedBy("xargs")
        && Argv.of(step.args(), "ns", "iterations", "size", "random-source")
            .positionals()
            .isEmpty()) {
      FileDeletes.fromInput(scan, step, false);
    }
  }

  static void permissions(Scan scan, Step step) {
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
  static void emptied(Scan scan, Step step) {
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

  static void truncate(Scan scan, Step step) {
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

  static void move(Scan scan, Step step) {
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

  /**
   * rsync with {@code --delete} (or another {@code --del…}): where it deletes what the source
   * lacks, the root, a system folder or the home. Elsewhere outside the project it is the book's
   * {@code fs.rsync-delete} ({@link DiskPredicates}).
   */
  static void rsync(Scan scan, Step step) {
    for (Target target : rsyncDeletesIn(scan, step)) {
      BuiltinRule rule =
          switch (scan.places().classify(target)) {
            case ROOT -> DELETE_ROOT;
            case SYSTEM -> DELETE_SYSTEM;
            case HOME -> DELETE_HOME;
            case OUTSIDE, UNKNOWN, GATEWAY, PROJECT, INSIDE, TEMP -> null;
          };
      if (rule != null) {
        scan.hit(rule, step, target);
      }
    }
  }

  /**
   * The folder rsync deletes in, what its source lacks: its destination on this machine, where it
   * is given {@code --delete} or another {@code --del…}.
   *
   * @param scan the call
   * @param step the program
   * @return the destination's paths; empty where it deletes nothing here
   */
  static List<Target> rsyncDeletesIn(Scan scan, Step step) {
    Argv argv = rsyncArgv(step);
    if (!argv.hasPrefix("del") || argv.has('n') || argv.has("dry-run")) {
      return List.of(); // a dry run lists what it would delete and deletes nothing
    }
    List<Word> pos = argv.positionals();
    if (pos.size() < 2) {
      return List.of();
    }
    Word destination = pos.get(pos.size() - 1);
    if (remote(destination.text())) {
      return List.of(); // a remote destination: not this machine's files
    }
    return scan.targets(step, destination);
  }

  /**
   * Whether rsync deletes everything in another machine's folder (decision 225): {@code rsync -a
   * --delete /tmp/empty/ ldm@hub:/usr/local/ldm/etc/pqact.d/}, an empty folder synced over it with
   * {@code --delete}, the idiom for wiping a folder fast. A deploy's {@code --delete} (a build
   * synced over a site) deletes only what the build lacks, and stays allowed.
   *
   * @param scan the call
   * @param step the program
   * @return whether its sources are empty folders and its destination another machine's
   */
  static boolean rsyncWipesRemote(Scan scan, Step step) {
    Argv argv = rsyncArgv(step);
    List<Word> pos = argv.positionals();
    if (!argv.hasPrefix("del") || argv.has('n') || argv.has("dry-run") || pos.size() < 2) {
      return false;
    }
    if (!remote(pos.get(pos.size() - 1).text())) {
      return false;
    }
    String source = scan.source() == null ? "" : scan.source();
    for (Word word : pos.subList(0, pos.size() - 1)) {
      String text = word.text();
      if (text == null || !word.literal()) {
        return false;
      }
      String folder = text.replaceAll("/+$", "");
      String name = folder.substring(folder.lastIndexOf('/') + 1);
      // made just before, so empty (mkdir without -p fails where it is): mkdir /tmp/x && rsync …
      boolean made =
          !folder.isEmpty()
              && Pattern.compile(
                      "\\bmkdir\\s+(?!-\\w*p)[^;&|\\n]{0,80}"
                          + Pattern.quote(folder)
                          + "/?\\s*(?:&&|;)\\s*rsync\\b")
                  .matcher(source)
                  .find();
      if (!PatternLiterals.matches(EMPTY_NAME, name) && !made) {
        return false;
      }
    }
    return true;
  }

  /** A folder named for holding nothing: {@code empty}, {@code empty_dir}, {@code blank}. */
  private static final Pattern EMPTY_NAME =
      Pattern.compile("(?i)\\.?(?:empty|blank|nothing|void|null)(?:[-_.]?(?:dir|folder))?");

  /** {@code host:path}, {@code user@host:path}: a colon before any slash. */
  private static boolean remote(String text) {
    int colon = text == null ? -1 : text.indexOf(':');
    return colon > 0 && (text.indexOf('/') < 0 || colon < text.indexOf('/'));
  }

  private static Argv rsyncArgv(Step step) {
    return Argv.of(
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
  }
}
