package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Contents the guard cannot see put where the agents' settings live ({@code guard.self}, issue 75):
 * an archive extracted whole, a folder's contents synced or copied, a repository cloned or checked
 * out, into the user's home (or a folder above it), the project's folder (or one above it), or a
 * folder of the agents' settings or the gateway's ({@code ~/.claude}, {@code ~/.config}, {@code
 * ~/.copilot}). An archive or a folder can carry {@code .claude/settings.json}, {@code .mcp.json},
 * {@code .gemini/settings.json} or {@code ~/.claude.json}; what it holds is on the disk, not in the
 * command. {@code tar -x … -C ~}, {@code unzip x.zip -d ~}, {@code rsync -a dir/ ~/}, {@code cp -r
 * dir/. ~/}, {@code cp -rT dir ~}, {@code mv dir/* ~/}, {@code git clone URL ~}, {@code git -C ~
 * checkout}. Into a folder of the project ({@code -C ./vendor}, {@code rsync -a src/ build/}), or
 * an archive's named members (judged by {@link GroundReach}), is ordinary work. Git's checkouts in
 * the project are too: only the home and the settings folders are read for them.
 */
final class UnknownContents {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private UnknownContents() {}

  /**
   * Folders under the home that hold agents' settings or the gateway's, by name: the agents' home
   * folders (agents.json) and these.
   */
  private static final Set<String> SETTINGS_FOLDERS =
      union(AgentGround.HOME_FOLDERS, List.of(".config", ".local", ".github", ".vscode"));

  /** git's subcommands that write what a repository holds into its work tree. */
  private static final Set<String> GIT_WRITES =
      NameSet.of(
          "checkout",
          "switch",
          "restore",
          "reset",
          "pull",
          "merge",
          "rebase",
          "stash",
          "cherry-pick",
          "read-tree",
          "am",
          "apply",
          "worktree");

  /**
   * Scans each program for unknown contents put where the agents' settings live.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Step step : scan.steps()) {
      List<Word> args = step.args();
      Landing landing =
          switch (step.program()) {
            case "tar", "gtar", "bsdtar" -> tarInto(step, args);
            case "unzip" -> unzipInto(args);
            case "7z", "7za", "7zz" -> sevenZipInto(args);
            case "cpio" -> cpioInto(step, args);
            case "rsync" -> syncedInto(args);
            case "cp", "mv" -> copiedInto(args);
            case "ditto" -> dittoInto(args);
            case "git" -> gitInto(scan, args);
            case "stow", "xstow" -> stowedInto(args);
            case "chezmoi" -> chezmoiInto(args);
            case "yadm" -> GIT_WRITES.contains(GitCommand.of(args).subcommand()) ? HOME : null;
            case "rcup", "dotbot", "home-manager" -> HOME;
            default -> null;
          };
      if (landing == null) {
        continue;
      }
      for (Target target : scan.targets(step, landing.into())) {
        if (holdsSettings(scan, step, target.path(), landing.from())) {
          scan.hit(SELF, step, target);
          break;
        }
      }
    }
  }

  /**
   * Where unknown contents land, and what they come from.
   *
   * @param into the folder they land in
   * @param from the archives or folders they come from; empty for a program's input or a remote
   *     repository, which are from outside
   */
  private record Landing(Word into, List<Word> from) {}

  /** The word for the folder a program runs in. */
  private static final Word HERE = Word.literal(".");

  /**
   * Whether a folder holds agents' settings: the home or above, a folder of the agents' settings or
   * the gateway's, or one that holds its home; and the project or above for what comes from outside
   * it (an archive the project keeps, {@code tar xzf vendor.tgz}, is the project's own; git never
   * counts it: a checkout in the project is the project's).
   */
  private static boolean holdsSettings(Scan scan, Step step, Path folder, List<Word> from) {
    if (folder == null) {
      return false;
    }
    Places places = scan.places();
    Path project = places.project();
    String name = folder.getFileName() == null ? "" : folder.getFileName().toString();
    if (places.home().startsWith(folder)
        || places.gatewayHome().startsWith(folder)
        || GuardPaths.protectsGuard(places, folder)
        || folder.startsWith(places.home()) && SETTINGS_FOLDERS.contains(name)) {
      return true;
    }
    return project != null
        && project.startsWith(folder)
        && !step.program().equals("git")
        && fromOutside(scan, step, project, from);
  }

  /** Whether one of {@code from} is outside the project, or none is named (a program's input). */
  private static boolean fromOutside(Scan scan, Step step, Path project, List<Word> from) {
    if (from.isEmpty()) {
      return true;
    }
    for (Word word : from) {
      if (word.text().equals("-") || remote(word.text())) {
        return true;
      }
      for (Target target : scan.targets(step, word)) {
        if (target.path() == null || !target.path().startsWith(project)) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code tar -x} with no members named: into {@code -C DIR}, or where it runs. */
  private static Landing tarInto(Step step, List<Word> args) {
    if (!WrittenByOptions.extracts(args)) {
      return null;
    }
    if (absoluteNames(args)) {
      // tar -xP keeps a member's leading / (and its ..): it lands anywhere, the home among it.
      return new Landing(Word.literal("/"), List.of());
    }
    if (!GroundReach.tarMembers(args).members().isEmpty()) {
      return null;
    }
    Argv argv = Argv.of(args, "CfTXb", "directory", "file", "files-from", "exclude-from");
    String folder = argv.value('C') != null ? argv.value('C') : argv.value("directory");
    Word into = folder == null ? HERE : new Word(folder, !folder.contains("$"));
    List<Word> from = new ArrayList<>(1);
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      boolean cluster = t.startsWith("-") && !t.startsWith("--") || i == 0 && !t.startsWith("-");
      if ((cluster && t.endsWith("f") || t.equals("--file")) && i + 1 < args.size()) {
        from.add(args.get(i + 1)); // tar xzf FILE, -xf FILE, --file FILE
      } else if (t.startsWith("--file=")) {
        from.add(new Word(t.substring(7), args.get(i).literal()));
      }
    }
    return new Landing(into, from);
  }

  /** {@code unzip x.zip} with no members named: into {@code -d DIR}, or where it runs. */
  private static Landing unzipInto(List<Word> args) {
    Word archive = null;
    Word folder = null;
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String t = word.text();
      if (t.equals("-d") && i + 1 < args.size()) {
        folder = args.get(++i);
      } else if (t.startsWith("-d")) {
        folder = new Word(t.substring(2), word.literal());
      } else if (t.startsWith("-") && t.matches("-[a-zA-Z]*[lptvZc][a-zA-Z]*")) {
        return null; // lists, tests or prints: writes nothing
      } else if (!t.startsWith("-") && archive == null) {
        archive = word;
      }
    }
    if (archive == null || !GroundReach.unzipMembers(args).members().isEmpty()) {
      return null;
    }
    return new Landing(folder == null ? HERE : folder, List.of(archive));
  }

  /** {@code 7z x a.7z} (or {@code e}) with no members: into {@code -oDIR}, or where it runs. */
  private static Landing sevenZipInto(List<Word> args) {
    List<Word> positionals = new ArrayList<>();
    Word folder = null;
    for (Word word : args) {
      String t = word.text();
      if (t.startsWith("-o") && t.length() > 2) {
        folder = new Word(t.substring(2), word.literal());
      } else if (!t.startsWith("-")) {
        positionals.add(word);
      }
    }
    if (positionals.size() != 2
        || !(positionals.get(0).text().equals("x") || positionals.get(0).text().equals("e"))) {
      return null; // not an extraction, or its members named
    }
    return new Landing(folder == null ? HERE : folder, List.of(positionals.get(1)));
  }

  /** {@code cpio -i}: into {@code -D DIR}, or where it runs, from its input. */
  private static Landing cpioInto(Step step, List<Word> args) {
    Argv argv = Argv.of(args, "DEFHIMOR", "directory", "file", "format");
    boolean extracts = argv.has('i') || argv.has("extract");
    if (!extracts || !argv.positionals().isEmpty()) {
      return null;
    }
    String folder = argv.value('D') != null ? argv.value('D') : argv.value("directory");
    List<Word> from = new ArrayList<>(1);
    for (var redirect : step.invocation().redirects()) {
      if (redirect.operator().equals("<") && redirect.body() == null) {
        from.add(redirect.target());
      }
    }
    return new Landing(folder == null ? HERE : Word.literal(folder), from);
  }

  /**
   * {@code rsync -a dir/ DEST}: a folder's contents (its trailing {@code /}, {@code /.}, a glob, or
   * a remote folder's) into {@code DEST}; a folder by its name lands under its name ({@link
   * GroundReach}).
   */
  private static Landing syncedInto(List<Word> args) {
    Argv argv =
        Argv.of(
            args,
            "efTMB",
            "rsh",
            "rsync-path",
            "filter",
            "exclude",
            "include",
            "exclude-from",
            "include-from",
            "files-from",
            "temp-dir",
            "partial-dir",
            "backup-dir",
            "suffix",
            "remote-option",
            "password-file",
            "link-dest",
            "compare-dest",
            "copy-dest",
            "log-file");
    List<Word> positionals = argv.positionals();
    if (positionals.size() < 2) {
      return null;
    }
    Word destination = positionals.get(positionals.size() - 1);
    if (remote(destination.text())) {
      return null;
    }
    List<Word> sources = positionals.subList(0, positionals.size() - 1);
    for (Word source : sources) {
      if (contents(source.text()) || remote(source.text())) {
        return new Landing(destination, sources);
      }
    }
    return null;
  }

  /**
   * {@code cp -r dir/. DEST}, {@code cp dir/* DEST}, {@code cp -rT dir DEST}, {@code mv dir/*
   * DEST}: a folder's contents into {@code DEST}.
   */
  private static Landing copiedInto(List<Word> args) {
    Argv argv = Argv.of(args, "tSbm", "target-directory", "suffix", "backup", "mode", "context");
    List<Word> positionals = argv.positionals();
    String target = argv.value('t') != null ? argv.value('t') : argv.value("target-directory");
    boolean noTarget = argv.has('T') || argv.has("no-target-directory");
    Word destination =
        target != null
            ? Word.literal(target)
            : positionals.isEmpty() ? null : positionals.get(positionals.size() - 1);
    List<Word> sources =
        target != null || positionals.isEmpty()
            ? positionals
            : positionals.subList(0, positionals.size() - 1);
    if (destination == null || sources.isEmpty()) {
      return null;
    }
    for (Word source : sources) {
      if (noTarget || contents(source.text())) {
        return new Landing(destination, sources);
      }
    }
    return null;
  }

  /** {@code ditto SRC DEST} (macOS): a folder's contents into {@code DEST}, always. */
  private static Landing dittoInto(List<Word> args) {
    List<Word> positionals = new ArrayList<>();
    for (Word word : args) {
      if (!word.text().startsWith("-")) {
        positionals.add(word);
      }
    }
    return positionals.size() < 2
        ? null
        : new Landing(
            positionals.get(positionals.size() - 1),
            positionals.subList(0, positionals.size() - 1));
  }

  /**
   * {@code git clone URL DIR} into a folder of settings; {@code git checkout} (and what else writes
   * a work tree) where the work tree is one: {@code -C DIR}, {@code --work-tree}, {@code
   * GIT_WORK_TREE}, or where it runs.
   */
  private static Landing gitInto(Scan scan, List<Word> args) {
    String folder = null;
    for (int i = 0; i + 1 < args.size() && args.get(i).text().startsWith("-"); i++) {
      String t = args.get(i).text();
      if (t.equals("-C") && folder != null) {
        folder = folder + "/" + args.get(++i).text(); // git -C a -C b is a/b
      } else if (t.equals("-C") || t.equals("--work-tree")) {
        folder = args.get(++i).text();
      } else if (t.startsWith("--work-tree=")) {
        folder = t.substring("--work-tree=".length());
      } else if (t.equals("-c") || t.equals("--git-dir") || t.equals("--namespace")) {
        i++; // an option's value
      }
    }
    GitCommand git = GitCommand.of(args);
    if (git.subcommand().equals("clone")) {
      List<Word> positionals =
          Argv.of(
                  git.args(),
                  "obcju",
                  "origin",
                  "branch",
                  "config",
                  "depth",
                  "reference",
                  "separate-git-dir",
                  "template",
                  "upload-pack",
                  "jobs",
                  "filter",
                  "shallow-since",
                  "shallow-exclude")
              .positionals();
      if (positionals.size() < 2) {
        return null; // into a new folder named after the repository
      }
      Word into = positionals.get(1);
      return new Landing(
          folder == null ? into : Word.literal(folder + "/" + into.text()), List.of());
    }
    if (git.subcommand().equals("init")) {
      // git init DIR, git -C DIR init: a repository made in the gateway's home or a settings
      // folder.
      List<Word> positionals =
          Argv.of(git.args(), "b", "template", "separate-git-dir").positionals();
      String into = positionals.isEmpty() ? null : positionals.get(0).text();
      String at =
          into == null
              ? folder
              : folder == null || into.startsWith("/") ? into : folder + "/" + into;
      return at == null
          ? null
          : new Landing(new Word(at, !at.contains("$") && !at.contains("~")), List.of());
    }
    if (!GIT_WRITES.contains(git.subcommand())) {
      return null;
    }
    if (folder == null && scan.source() != null) {
      int at = scan.source().indexOf("GIT_WORK_TREE=");
      if (at >= 0) {
        String rest = scan.source().substring(at + "GIT_WORK_TREE=".length()).replace("\"", "");
        folder = rest.split("[\\s;&|']", 2)[0];
      }
    }
    return new Landing(
        folder == null ? HERE : new Word(folder, !folder.contains("$") && !folder.contains("~")),
        List.of());
  }

  /** tar's {@code -P}, {@code --absolute-names}, in a cluster or alone (its first word too). */
  private static boolean absoluteNames(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals("--absolute-names")
          || (t.startsWith("-") && !t.startsWith("--") || i == 0 && !t.startsWith("-"))
              && t.indexOf('P') >= 0) {
        return true;
      }
    }
    return false;
  }

  /** Unknown contents from a dotfile manager's sources, landing in the home. */
  private static final Landing HOME = new Landing(Word.literal("~"), List.of());

  /**
   * {@code stow PACKAGE}: the package's files linked into {@code -t DIR}, else the folder above
   * {@code -d DIR}, else the folder above where it runs; what a package holds is on the disk
   * ({@code stow -t ~ claude} lays {@code claude/.claude/settings.json} into the home).
   */
  private static Landing stowedInto(List<Word> args) {
    Argv argv = Argv.of(args, "td", "target", "dir");
    String target = argv.value('t') != null ? argv.value('t') : argv.value("target");
    if (target != null) {
      return new Landing(new Word(target, !target.contains("$")), List.of());
    }
    String dir = argv.value('d') != null ? argv.value('d') : argv.value("dir");
    String above = dir == null ? ".." : dir.replaceAll("/+$", "") + "/..";
    return new Landing(new Word(above, dir == null || !dir.contains("$")), List.of());
  }

  /** chezmoi's commands that write its sources' files into the destination, the home unless -D. */
  private static final Set<String> CHEZMOI_WRITES = NameSet.of("apply", "update", "init");

  /** {@code chezmoi apply}, {@code update}, {@code init --apply}: into the home or {@code -D}. */
  private static Landing chezmoiInto(List<Word> args) {
    Argv argv = Argv.of(args, "DSc", "destination", "source", "config");
    List<Word> positionals = argv.positionals();
    String command = positionals.isEmpty() ? "" : positionals.get(0).text();
    if (!CHEZMOI_WRITES.contains(command)
        || command.equals("init") && !argv.has("apply") && !argv.has("one-shot")
        || argv.has('n')
        || argv.has("dry-run")) {
      return null; // --dry-run writes nothing (chezmoi(1)); round 8's control
    }
    String into = argv.value('D') != null ? argv.value('D') : argv.value("destination");
    return into == null ? HOME : new Landing(new Word(into, !into.contains("$")), List.of());
  }

  /**
   * The names the agents' settings and the gateway's take in a home or a project: the agents' home
   * folders, the first names of their setup and settings files (agents.json), and these.
   */
  private static final List<String> DOT_NAMES =
      List.copyOf(
          union(
              AgentGround.DOT_NAMES,
              List.of(".config", ".github", ".vscode", ".local", ".provider-gateway")));

  private static Set<String> union(List<String> first, List<String> then) {
    Set<String> all = new java.util.LinkedHashSet<>(first);
    all.addAll(then);
    return java.util.Collections.unmodifiableSet(all);
  }

  /**
   * Whether a source names what the guard cannot see of a folder: its contents whole ({@code d/},
   * {@code d/.}), or a glob that may take a folder of settings ({@code d/.*}, {@code d/.c*}; bash
   * takes a name with a leading dot only for a pattern with one: {@code d/*} takes none).
   */
  private static boolean contents(String source) {
    if (source.endsWith("/") || source.endsWith("/.") || source.equals(".")) {
      return true;
    }
    String last = source.substring(source.lastIndexOf('/') + 1);
    if (!Glob.hasWildcard(last) || !last.startsWith(".")) {
      return false;
    }
    Glob pattern = Glob.path(Glob.bracketsAsAny(last));
    for (String name : DOT_NAMES) {
      if (pattern.matches(name)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a path is a remote host's ({@code host:dir}, {@code user@host:dir}). */
  private static boolean remote(String path) {
    int colon = path.indexOf(':');
    return colon > 0 && !path.substring(0, colon).contains("/");
  }
}
