package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What makes code run later, on its own, after the session has ended: cron and at jobs, systemd and
 * launchd units and timers, desktop autostart entries, a program put ahead of a system one on
 * {@code PATH}, and git settings that run a program in every repository. Each is found where it is
 * installed: by the program that installs it ({@code crontab -}, {@code systemctl --user enable},
 * {@code git config --global core.hooksPath}) and by the file it writes ({@link PersistentPlaces}).
 * Shell start-up files are {@code fs.shell-startup}'s.
 */
final class PersistRules implements Family {
  static final BuiltinRule SCHEDULED_JOB = RuleBook.rule("persist.scheduled-job");
  static final BuiltinRule SERVICE = RuleBook.rule("persist.service");
  static final BuiltinRule AUTOSTART = RuleBook.rule("persist.autostart");
  static final BuiltinRule PATH_SHADOW = RuleBook.rule("persist.path-shadow");
  static final BuiltinRule GIT_GLOBAL = RuleBook.rule("persist.git-global");
  static final BuiltinRule STARTUP_HIJACK = RuleBook.rule("persist.startup-hijack");

  /** systemd-run's options that make a timer: the command runs later, not now. */
  private static final List<String> TIMERS =
      List.of(
          "on-active",
          "on-boot",
          "on-startup",
          "on-unit-active",
          "on-unit-inactive",
          "on-calendar",
          "on-clock-change",
          "on-timezone-change",
          "timer-property");

  /** systemctl's verbs that make a unit start by itself (at boot or login, or with another). */
  private static final Set<String> ENABLES =
      Set.of("enable", "reenable", "preset", "add-wants", "add-requires", "link");

  @Override
  public List<BuiltinRule> rules() {
    return List.of(SCHEDULED_JOB, SERVICE, AUTOSTART, PATH_SHADOW, GIT_GLOBAL, STARTUP_HIJACK);
  }

  /** Whether a program is code written into a file that runs later (a start-up file, a hook). */
  private static boolean runsLater(Step step) {
    List<String> via = step.invocation().via();
    return !via.isEmpty() && via.get(0).endsWith("(runs later)");
  }

  /**
   * Whether a line of code that runs in every later shell puts something ahead of a system program
   * or into every program: an alias named like one ({@code alias git=~/.cache/g}), a temporary or
   * cache folder first on {@code PATH}, a library preloaded into every program.
   */
  private static boolean hijacks(Scan scan, Step step) {
    String program = step.program();
    boolean assigns =
        program.equals("export") || program.equals("declare") || program.equals("alias");
    for (Word word : assigns ? step.args() : step.invocation().words()) {
      String t = word.text();
      int eq = t.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String name = t.substring(0, eq);
      String value = t.substring(eq + 1);
      if (program.equals("alias") && PersistentPlaces.shadows(name)) {
        return true;
      }
      if (name.equals("LD_PRELOAD") || name.equals("LD_AUDIT")) {
        return true;
      }
      if (name.equals("PATH")) {
        String first = value.split(":", 2)[0];
        for (Target target : scan.targets(step, new Word(first, false))) {
          Place place = scan.place(target);
          if (place == Place.TEMP || place == Place.UNKNOWN && !first.startsWith("$")) {
            return true;
          }
        }
      }
    }
    return false;
  }

  @Override
  public void scan(Scan scan) {
    Path home = scan.places().home();
    for (Step step : scan.steps()) {
      BuiltinRule rule =
          switch (step.program()) {
            case "crontab" -> crontabInstalls(step) ? SCHEDULED_JOB : null;
            case "at", "batch" -> atSchedules(step) ? SCHEDULED_JOB : null;
            case "systemd-run" -> systemdTimer(step) ? SCHEDULED_JOB : null;
            case "systemctl" -> systemctlEnables(step) ? SERVICE : null;
            case "launchctl" -> launchctlLoads(step) ? SERVICE : null;
            case "loginctl" -> step.invocation().args().contains("enable-linger") ? SERVICE : null;
            case "osascript" -> addsLoginItem(step) ? AUTOSTART : null;
            case "git" -> {
              if (!GitCommand.subcommandOf(step.args()).equals("config")) {
                yield null; // most git commands: nothing made to read them
              }
              GitCommand git = GitCommand.of(step.args());
              yield GlobalGitConfig.setsCode(scan, step, git.args()) ? GIT_GLOBAL : null;
            }
            case "cp", "install", "ln", "mv" -> copiesShadow(scan, step, home) ? PATH_SHADOW : null;
            default -> null;
          };
      if (rule != null) {
        scan.hit(rule, step, null);
      }
      if (runsLater(step) && hijacks(scan, step)) {
        scan.hit(STARTUP_HIJACK, step, null);
      }
    }
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) { // indexed: a long command writes hundreds
      Access access = accesses.get(i);
      if (access.kind() != Kind.WRITE || access.metadataOnly()) {
        continue;
      }
      BuiltinRule rule = PersistentPlaces.written(home, access.target().path());
      if (rule != null) {
        scan.hit(rule, access);
      }
    }
  }

  /**
   * Whether crontab installs a table: from a file, from {@code -}, or from standard input when
   * given no file. Listing ({@code -l}), editing ({@code -e}, which needs the person at a
   * terminal), testing ({@code -T}) and removing ({@code -r}, {@code fs.crontab-remove}) install
   * nothing.
   */
  private static boolean crontabInstalls(Step step) {
    Argv argv = Argv.of(step.args(), "un");
    return !(argv.has('l')
        || argv.has('e')
        || argv.has('r')
        || argv.has('T')
        || argv.has('V')
        || argv.has("help")
        || argv.has("version"));
  }

  /** Whether at or batch is given a job: all but listing, showing and removing jobs. */
  private static boolean atSchedules(Step step) {
    Argv argv = Argv.of(step.args(), "fqtM");
    return !(argv.has('l')
        || argv.has('r')
        || argv.has('d')
        || argv.has('c')
        || argv.has('V')
        || argv.has("help"));
  }

  private static boolean systemdTimer(Step step) {
    Argv argv = Argv.of(step.args(), "", "unit", "property", "description", "uid", "gid");
    for (String timer : TIMERS) {
      if (argv.has(timer)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether systemctl makes a unit start by itself: for the user ({@code --user}, {@code
   * --global}), or from a unit file named by its path (linked in from anywhere). Enabling a system
   * unit by its name enables one the system already has, which plants nothing the agent wrote;
   * {@code link} always does.
   */
  private static boolean systemctlEnables(Step step) {
    Argv argv =
        Argv.of(
            step.args(),
            "tpHMnos",
            "type",
            "property",
            "host",
            "machine",
            "lines",
            "output",
            "root",
            "state",
            "signal",
            "job-mode",
            "what",
            "kill-whom",
            "timestamp",
            "image",
            "drop-in",
            "when",
            "message");
    List<Word> pos = argv.positionals();
    String verb = pos.isEmpty() ? "" : pos.get(0).text();
    if (verb.equals("link") || verb.equals("edit") && argv.has("stdin")) {
      return true;
    }
    if (!ENABLES.contains(verb)) {
      return false;
    }
    if (argv.has("user") || argv.has("global")) {
      return true;
    }
    for (Word unit : pos.subList(1, pos.size())) {
      if (unit.text().indexOf('/') >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a word of the copy could name a folder on {@code PATH}: every such folder's name ends
   * in {@code bin}, {@code shims}, {@code tools} or {@code pnpm}, or a {@code -t} names it.
   */
  private static boolean mayNamePathFolder(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      int end = text.endsWith("/") ? text.length() - 1 : text.length();
      if (text.startsWith("-t")
          || text.startsWith("--target-directory")
          || text.startsWith("bin", end - 3)
          || text.startsWith("shims", end - 5)
          || text.startsWith("tools", end - 5)
          || text.startsWith("pnpm", end - 4)) {
        return true;
      }
    }
    return false;
  }

  /** Whether launchctl loads, bootstraps, submits or enables a job (it then runs by itself). */
  private static boolean launchctlLoads(Step step) {
    List<String> args = step.invocation().args();
    String verb = args.isEmpty() ? "" : args.get(0);
    return switch (verb) {
      case "load", "bootstrap", "submit", "enable" -> true;
      default -> false;
    };
  }

  /** Whether osascript asks System Events to make a login item (macOS's autostart). */
  private static boolean addsLoginItem(Step step) {
    for (String arg : step.invocation().args()) {
      String text = arg.toLowerCase(Locale.ROOT);
      if (text.contains("login item") && text.contains("make")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether cp, install, ln or mv put a program of a system program's name into a folder on {@code
   * PATH} by the folder's name alone ({@code cp ./git ~/.local/bin/}): the file written keeps its
   * source's name, which the file-access reading does not see.
   */
  private static boolean copiesShadow(Scan scan, Step step, Path home) {
    List<Word> args = step.args();
    if (args.isEmpty() || !mayNamePathFolder(args)) {
      return false; // most copies: no folder on PATH named, no options read
    }
    Argv argv = Argv.of(step.args(), "tSPiomgeFl", "target-directory", "suffix", "mode", "owner");
    List<Word> pos = argv.positionals();
    String into = argv.value('t') != null ? argv.value('t') : argv.value("target-directory");
    List<Word> sources;
    Word folder;
    if (into != null) {
      sources = pos;
      folder = new Word(into, true);
    } else if (pos.size() >= 2) {
      sources = pos.subList(0, pos.size() - 1);
      folder = pos.get(pos.size() - 1);
    } else {
      return false;
    }
    boolean intoPath = false;
    for (Target target : scan.targets(step, folder)) {
      intoPath |= target.path() != null && PersistentPlaces.pathFolder(home, target.path());
    }
    if (!intoPath) {
      return false;
    }
    for (Word source : sources) {
      String text = source.text();
      String name = text.substring(text.lastIndexOf('/') + 1);
      if (PersistentPlaces.shadows(name)) {
        return true;
      }
    }
    return false;
  }
}
