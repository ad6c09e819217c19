package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What makes code run later, on its own, after the session has ended, where the book's data cannot
 * say it: a systemd unit enabled, a launchd job loaded, a login item made, a program named like a
 * system one copied onto {@code PATH} or written there, a git setting that runs a program or
 * redirects every clone, a global package source, a line of a start-up file that runs ahead of a
 * system program, and the start-up code of Python and vim. The rules ({@code persist.json}) name
 * these predicates ({@link Where}) and places ({@link FilePlaces}); the places that are paths alone
 * (cron's tables, units' folders, autostart entries) are the book's own.
 */
final class PersistPredicates {
  private PersistPredicates() {}

  /**
   * Adds the predicates over a program.
   *
   * @param named the table of {@link Where}
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("systemctl-enables", (scan, step, read) -> systemctlEnables(step));
    named.put("launchctl-loads", (scan, step, read) -> launchctlLoads(step));
    named.put("adds-login-item", (scan, step, read) -> addsLoginItem(step));
    named.put(
        "git-config-runs-code",
        (scan, step, read) -> GlobalGitConfig.setsCode(scan, step, read.args()));
    named.put(
        "git-config-redirects",
        (scan, step, read) ->
            !GlobalGitConfig.setsCode(scan, step, read.args())
                && GlobalGitConfig.redirects(scan, step, read.args()));
    named.put(
        "sets-package-source",
        new ProgramNames(
            PackageSources::setsByName, (scan, step, read) -> PackageSources.setsGlobally(step)));
    named.put(
        "copies-ahead-of-system",
        (scan, step, read) -> copiesShadow(scan, step, scan.places().home()));
    named.put(
        "hijacks-later-shells",
        PredicateGate.RUN_BY_ANOTHER.around(
            (scan, step, read) -> runsLater(step) && hijacks(scan, step)));
  }

  /**
   * Adds the places of files written.
   *
   * @param named the table of {@link FilePlaces}
   */
  static void addPlacesTo(Map<String, FilePlaces.Named> named) {
    named.put(
        "ahead-of-system-program",
        (scan, access) ->
            PersistentPlaces.aheadOfSystem(scan.places().home(), access.target().path())
                && !linksSystemProgram(scan, access));
    named.put("python-site-startup", PersistPredicates::pythonStartup);
    named.put(
        "vim-startup-running-shell",
        (scan, access) -> {
          Path path = access.target().path();
          return path != null
              && vimStartup(scan.places().home(), path)
              && runsShell(written(access));
        });
  }

  /** systemctl's verbs that make a unit start by itself (at boot or login, or with another). */
  private static final Set<String> ENABLES =
      NameSet.of("enable", "reenable", "preset", "add-wants", "add-requires", "link");

  /** Whether a program is code written into a file that runs later (a start-up file, a hook). */
  private static boolean runsLater(Step step) {
    List<String> via = step.invocation().via();
    return !via.isEmpty() && via.get(0).endsWith("(runs later)");
  }

  /**
   * Whether a line of code that runs in every later shell puts something ahead of a system program
   * or into every program: an alias named like one ({@code alias git=~/.cache/g}), a temporary or
   * cache folder first on {@code PATH}, a library preloaded into every program, a file sourced from
   * a temporary folder.
   */
  private static boolean hijacks(Scan scan, Step step) {
    String program = step.program();
    if ((program.equals("source") || program.equals(".")) && !step.args().isEmpty()) {
      // Sourcing a file from a temporary folder: whatever is written there later runs in every
      // shell, and anyone can write there.
      for (Target target : scan.targets(step, step.args().get(0))) {
        if (scan.place(target) == Place.TEMP) {
          return true;
        }
      }
      return false;
    }
    List<Word> words = step.invocation().words();
    if (!words.isEmpty() && words.get(0).text().indexOf('/') >= 0) {
      // A program run from a temporary or cache folder at every start: anyone (or anything the
      // agent downloads) can put there what runs next.
      for (Target target : scan.targets(step, words.get(0))) {
        if (scan.place(target) == Place.TEMP || inCache(scan.places().home(), target.path())) {
          return true;
        }
      }
    }
    if (fishPutsAhead(scan, step)) {
      return true;
    }
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

  /**
   * fish's way of putting a folder first on PATH: {@code set -gx PATH /tmp/x $PATH}, {@code
   * fish_add_path /tmp/x} (which prepends), with a temporary folder first.
   */
  private static boolean fishPutsAhead(Scan scan, Step step) {
    List<Word> args = step.args();
    int at;
    if (step.program().equals("fish_add_path")) {
      at = 0;
    } else if (step.program().equals("set")) {
      int name = 0;
      while (name < args.size() && args.get(name).text().startsWith("-")) {
        name++;
      }
      if (name >= args.size() || !args.get(name).text().equals("PATH")) {
        return false;
      }
      at = name + 1;
    } else {
      return false;
    }
    while (at < args.size() && args.get(at).text().startsWith("-")) {
      at++;
    }
    if (at >= args.size()) {
      return false;
    }
    for (Target target : scan.targets(step, args.get(at))) {
      if (scan.place(target) == Place.TEMP || inCache(scan.places().home(), target.path())) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code path} is under the home's cache folder, where tools keep what they download. */
  private static boolean inCache(Path home, Path path) {
    return path != null && home != null && path.startsWith(home.resolve(".cache"));
  }

  private static final List<String> SYSTEM_BINS =
      List.of(
          "/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/", "/usr/local/bin/", "/opt/homebrew/bin/");

  /**
   * Whether an access is {@code ln} (or {@code cp}) putting the system's own program on {@code
   * PATH} under a name of its: {@code ln -s $(which python3) ~/.local/bin/python}, {@code ln -s
   * /usr/bin/python3 ~/bin/python}. What runs in its place is the system's program, which sees
   * nothing it would not see anyway.
   */
  private static boolean linksSystemProgram(Scan scan, Access access) {
    Step step = stepOf(scan, access);
    if (step == null || !step.program().equals("ln") && !step.program().equals("cp")) {
      return false;
    }
    List<Word> pos = Argv.of(step.args(), "tS", "target-directory", "suffix").positionals();
    if (pos.size() != 2) {
      return false;
    }
    String text = pos.get(0).text();
    for (String bin : SYSTEM_BINS) {
      if (text.startsWith(bin) && text.indexOf('/', bin.length()) < 0) {
        return true;
      }
    }
    // $(which python3) and $(command -v python3): the parse reads the word as the name asked for,
    // and the finder as a program of the substitution.
    for (Step other : scan.steps()) {
      List<String> args = other.invocation().args();
      boolean finder =
          other.program().equals("which")
              || other.program().equals("command") && args.contains("-v");
      if (finder
          && other.reachedBy("$(")
          && !args.isEmpty()
          && args.get(args.size() - 1).equals(text)
          && text.indexOf('/') < 0) {
        return true;
      }
    }
    return false;
  }

  private static Step stepOf(Scan scan, Access access) {
    for (Step step : scan.steps()) {
      if (step.invocation() == access.invocation()) {
        return step;
      }
    }
    return null;
  }

  /**
   * Whether a write puts code where another program runs it at every start, in every session:
   * Python's start-up files in a site-packages folder outside the project (a {@code .pth} file's
   * {@code import} lines run at every start of Python, as {@code usercustomize} and {@code
   * sitecustomize} do), systemd's {@code environment.d} and {@code ~/.pam_environment} (every
   * program of every session gets their variables, {@code LD_PRELOAD} among them), and a vim
   * start-up file given a line that runs a shell command ({@code autocmd VimEnter * silent !…}). A
   * start-up file's name written to a folder the guard cannot know is one too.
   */
  private static boolean pythonStartup(Scan scan, Access access) {
    Target target = access.target();
    Path path = target.path();
    if (path == null) {
      // A start-up file's name in a folder computed at run time ($(python3 -c 'import site; …')):
      // no folder but site-packages' makes such a file run.
      String raw = target.raw() == null ? "" : target.raw();
      String name = raw.substring(raw.lastIndexOf('/') + 1);
      return name.endsWith(".pth") && name.length() > 4
          || name.equals("usercustomize.py")
          || name.equals("sitecustomize.py");
    }
    String text = path.toString();
    String name = target.name();
    if ((name.endsWith(".pth")
            || name.equals("usercustomize.py")
            || name.equals("sitecustomize.py"))
        && (text.contains("/site-packages/") || text.contains("/dist-packages/"))) {
      Place place = scan.place(target);
      return place != Place.INSIDE && place != Place.PROJECT;
    }
    return false;
  }

  private static boolean vimStartup(Path home, Path path) {
    if (!path.startsWith(home)) {
      return false;
    }
    // The path within the home read in place, not made (home.relativize(path)): asked of every
    // file a long command writes under the home, the project's among them.
    String text = path.toString();
    int rel = home.toString().length() + (home.getNameCount() == 0 ? 0 : 1);
    return isAt(text, rel, ".vimrc")
        || isAt(text, rel, ".gvimrc")
        || isAt(text, rel, ".exrc")
        || isAt(text, rel, ".vim/vimrc")
        || text.startsWith(".vim/plugin/", rel)
        || text.startsWith(".config/nvim/", rel);
  }

  /** Whether a text from {@code at} to its end is {@code name}. */
  private static boolean isAt(String text, int at, String name) {
    return text.length() - at == name.length() && text.startsWith(name, at);
  }

  /** What a printer writes by its redirection: its words, or its here-document. */
  private static String written(Access access) {
    if (access.invocation() == null) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    for (String arg : access.invocation().args()) {
      out.append(arg).append(' ');
    }
    for (Redirect redirect : access.invocation().redirects()) {
      String text = RedirectedInput.text(redirect);
      if (text != null) {
        out.append(text).append('\n');
      }
    }
    return out.toString();
  }

  /** Vim script or neovim's Lua that runs a shell command. */
  private static final Pattern VIM_SHELL =
      Pattern.compile(
          "(?:^|[:|*]|\\bsilent!?)\\s*!\\s*\\S"
              + "|\\b(?:system|systemlist|jobstart|job_start|termopen|term_start|libcall)\\s*\\("
              + "|\\bos\\.execute|\\bio\\.popen|\\bvim\\.fn\\.system|\\bvim\\.system",
          Pattern.MULTILINE);

  private static boolean runsShell(String text) {
    return PatternLiterals.finds(VIM_SHELL, text);
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
