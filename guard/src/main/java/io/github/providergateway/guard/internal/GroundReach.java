package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ways a command reaches the guard's ground ({@link SelfRules#protectsGuard}) that no access
 * names plainly (issue 64's red-team pass): a glob that may expand to an agent's settings ({@code
 * ~/.cl?ude/settings.json}), a path whose folder the guard cannot read but whose end it can ({@code
 * "$(echo ~)/.claude/settings.json"}), a folder copied under its own name ({@code cp -r
 * /tmp/x/.claude .}), an archive's named member, a patch's files ({@link Patches}), a sed script's
 * {@code w} file, and a changer fed by xargs from a lister that names the ground. Each is judged by
 * what it reaches, not by the program's name.
 */
final class GroundReach {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private GroundReach() {}

  /** The names a wildcard of a glob is tried as: the ground's folders and files. */
  static final List<String> GROUND_NAMES =
      List.of(
          ".claude",
          ".gemini",
          ".codex",
          ".cursor",
          ".copilot",
          ".github",
          ".config",
          ".provider-gateway",
          "cursor",
          "hooks",
          "policies",
          "rules",
          "settings.json",
          "settings.local.json",
          "config.toml",
          "hooks.json",
          "sandbox.json",
          "cli-config.json",
          "cli.json",
          "permissions.json",
          "trustedFolders.json",
          ".mcp.json",
          "mcp.json",
          "mcp-config.json",
          ".env",
          "guard.json");

  /** The most paths a glob is expanded to: a longer glob is judged by its first ones. */
  private static final int MOST_CANDIDATES = 256;

  /** A folder that stands for one the guard cannot read. */
  private static final Path UNKNOWN = Path.of("/unknown-folder");

  /**
   * Whether a glob may expand to a file of the ground: each wildcard segment is tried as each of
   * the ground's names it matches (a leading dot only where the segment starts with one, as bash
   * expands), and as itself with its wildcards filled.
   *
   * @param places the call's places
   * @param glob the absolute glob
   * @return whether one expansion is the ground's
   */
  static boolean globReaches(Places places, String glob) {
    List<Path> paths = List.of(Path.of("/"));
    for (String segment : glob.split("/")) {
      if (segment.isEmpty()) {
        continue;
      }
      List<String> names = new ArrayList<>();
      if (Places.firstWildcard(segment) < 0) {
        names.add(segment);
      } else {
        Glob pattern = Glob.path(Glob.bracketsAsAny(segment));
        for (String name : GROUND_NAMES) {
          if ((segment.startsWith(".") || !name.startsWith(".")) && pattern.matches(name)) {
            names.add(name);
          }
        }
        names.add(segment.replaceAll("\\[[^]]*]", "x").replace('*', 'x').replace('?', 'x'));
      }
      List<Path> next = new ArrayList<>();
      for (Path path : paths) {
        for (String name : names) {
          if (next.size() < MOST_CANDIDATES) {
            Path child = resolve(path, name);
            if (child != null) {
              next.add(child);
            }
          }
        }
      }
      paths = next;
    }
    for (Path path : paths) {
      if (GuardPaths.protectsGuard(places, path)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a path the guard cannot read ends in the ground: its last segments, after the last
   * expansion it cannot read ({@code $(…)}, {@code $p}, a folder left by {@code cd -}), name an
   * agent's settings in their folder ({@code …/.claude/settings.local.json}).
   *
   * @param places the call's places
   * @param raw the path as written
   * @return whether its known end is the ground's
   */
  static boolean unknownReaches(Places places, String raw) {
    String[] segments = raw.split("/");
    int from = segments.length;
    while (from > 0 && clean(segments[from - 1])) {
      from--;
    }
    if (from == segments.length) {
      return false;
    }
    if (from == segments.length - 1 && segments[from].equals("settings.local.json")) {
      return true; // a name only Claude Code's local settings have, in a folder the guard cannot
      // read
    }
    Path path = UNKNOWN;
    for (int i = from; i < segments.length; i++) {
      if (!segments[i].isEmpty() && !segments[i].equals(".")) {
        path = resolve(path, segments[i]);
        if (path == null) {
          return false;
        }
      }
    }
    if (path.equals(UNKNOWN) || !path.startsWith(UNKNOWN)) {
      return false;
    }
    return Glob.hasWildcard(path.toString())
        ? globReaches(places, path.toString())
        : GuardPaths.protectsGuard(places, path);
  }

  private static boolean clean(String segment) {
    for (int i = 0; i < segment.length(); i++) {
      if ("$`(){}~\"'".indexOf(segment.charAt(i)) >= 0) {
        return false;
      }
    }
    return !segment.equals("..");
  }

  private static Path resolve(Path base, String name) {
    try {
      return base.resolve(name).normalize();
    } catch (InvalidPathException e) {
      return null;
    }
  }

  /** Files of the ground as a find's -path meets them below where it starts. */
  static final List<String> GROUND_SHAPES =
      List.of(
          ".claude/settings.json",
          ".claude/settings.local.json",
          ".codex/config.toml",
          ".codex/hooks.json",
          ".codex/rules/default.rules",
          ".gemini/settings.json",
          ".gemini/policies/policy.toml",
          ".gemini/.env",
          ".cursor/sandbox.json",
          ".cursor/cli-config.json",
          ".cursor/cli.json",
          ".cursor/hooks.json",
          ".github/hooks/hooks.json",
          ".mcp.json",
          ".provider-gateway/guard.json");

  /**
   * Whether one of a find's -path patterns ({@code '* /.claude/settings.json'}) selects a file of
   * the ground below {@code start}: its {@code *} crosses folders, as find's does.
   *
   * @param places the call's places
   * @param patterns the -path, -wholename patterns
   * @param start the find's start as written
   * @return whether one selects the ground
   */
  static boolean selectsGround(Places places, List<String> patterns, String start) {
    for (String pattern : patterns) {
      Glob glob = Glob.text(Glob.bracketsAsAny(pattern));
      for (String shape : GROUND_SHAPES) {
        if (glob.matches(start + "/" + shape) || glob.matches("./" + shape)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a target a command changes is the ground's by a glob or by its known end. */
  static boolean reaches(Places places, Target target) {
    if (target.glob() != null && globReaches(places, target.glob())) {
      return true;
    }
    return target.path() == null && unknownReaches(places, target.raw());
  }

  /** The programs that copy their sources into a folder under the sources' own names. */
  private static final Set<String> COPIERS =
      NameSet.of("cp", "install", "rsync", "scp", "ln", "link");

  /**
   * Scans each step for the ground reached by what the step's own words do not name as a target.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    List<Step> steps = scan.steps();
    for (Step step : steps) {
      String program = step.program();
      if (COPIERS.contains(program)) {
        copiedUnderItsName(scan, step);
      } else if (program.equals("tar") || program.equals("bsdtar") || program.equals("gtar")) {
        extracted(scan, step, tarMembers(step.args()));
      } else if (program.equals("unzip")) {
        extracted(scan, step, unzipMembers(step.args()));
      } else if (program.equals("sed") || program.equals("gsed")) {
        sedWrites(scan, step);
      }
      if (program.equals("patch")
          || program.equals("git")
              && (step.args().stream().anyMatch(w -> w.text().equals("apply"))
                  || step.args().stream().anyMatch(w -> w.text().equals("am")))) {
        Patches.judge(scan, step);
      }
      if (step.invocation().via().contains("xargs") && changesWhatItIsGiven(step)) {
        fedByALister(scan, step);
      }
    }
  }

  /** {@code cp -r /tmp/x/.claude .}: the destination folder gets the source under its name. */
  private static void copiedUnderItsName(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "tSPiomgeFl", "target-directory", "suffix", "mode", "owner");
    List<Word> pos = argv.positionals();
    String into = argv.value('t') != null ? argv.value('t') : argv.value("target-directory");
    Word destination =
        into != null ? Word.literal(into) : pos.isEmpty() ? null : pos.get(pos.size() - 1);
    if (destination == null || pos.size() < (into != null ? 1 : 2)) {
      return;
    }
    List<Word> sources = into != null ? pos : pos.subList(0, pos.size() - 1);
    for (Word source : sources) {
      String text = source.text();
      if (text.endsWith("/") && step.program().equals("rsync")) {
        continue; // rsync src/ dest: the source's contents, not the folder under its name
      }
      String trimmed = text.replaceAll("/+$", "");
      String name = trimmed.substring(trimmed.lastIndexOf('/') + 1);
      if (name.isEmpty() || name.equals(".") || name.equals("..")) {
        continue;
      }
      for (Target target : scan.targets(step, destination)) {
        Path at = target.path() == null ? null : resolve(target.path(), name);
        if (at != null && GuardPaths.protectsGuard(scan.places(), at)) {
          scan.hit(SELF, step, target);
          return;
        }
      }
    }
  }

  /** tar's members when it extracts ({@code tar -xf x.tar .claude/settings.json}), else none. */
  static Members tarMembers(List<Word> args) {
    boolean extracts = false;
    Word folder = null;
    List<String> members = new ArrayList<>();
    boolean skipNext = false;
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (skipNext) {
        skipNext = false;
        continue;
      }
      boolean cluster = t.startsWith("-") && !t.startsWith("--") || i == 0 && !t.startsWith("-");
      if (t.equals("--extract") || t.equals("--get") || cluster && t.indexOf('x') >= 0) {
        extracts = true;
      }
      if (t.equals("-C") || t.equals("--directory")) {
        folder = i + 1 < args.size() ? args.get(i + 1) : null;
        skipNext = true;
      } else if (t.startsWith("--directory=")) {
        folder = new Word(t.substring(12), args.get(i).literal());
      } else if (cluster) {
        skipNext = t.endsWith("f") || t.equals("-f");
      } else if (t.equals("--file")) {
        skipNext = true;
      } else if (!t.startsWith("-")) {
        members.add(t);
      }
    }
    return extracts ? new Members(folder, members) : new Members(null, List.of());
  }

  /** unzip's named members ({@code unzip x.zip .claude/settings.local.json}), beside -d. */
  static Members unzipMembers(List<Word> args) {
    Word folder = null;
    List<String> members = new ArrayList<>();
    boolean archive = false;
    boolean excluded = false;
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals("-d") && i + 1 < args.size()) {
        folder = args.get(++i);
      } else if (t.equals("-x")) {
        excluded = true;
      } else if (t.startsWith("-")) {
        excluded = false;
      } else if (!archive) {
        archive = true;
      } else if (!excluded) {
        members.add(t);
      }
    }
    return new Members(folder, members);
  }

  /** What an extraction names: the folder it extracts into (null: where it runs) and members. */
  record Members(Word folder, List<String> members) {}

  private static void extracted(Scan scan, Step step, Members extracted) {
    for (String member : extracted.members()) {
      List<Target> targets =
          extracted.folder() == null
              ? scan.targets(step, new Word(member, Glob.hasWildcard(member) ? false : true))
              : joined(scan, step, extracted.folder(), member);
      for (Target target : targets) {
        if (changesGround(scan.places(), target)) {
          scan.hit(SELF, step, target);
          return;
        }
      }
    }
  }

  private static List<Target> joined(Scan scan, Step step, Word folder, String member) {
    List<Target> out = new ArrayList<>();
    for (Target base : scan.targets(step, folder)) {
      Path at = base.path() == null ? null : resolve(base.path(), member);
      out.add(new Target(member, at, false, null));
    }
    return out;
  }

  static boolean changesGround(Places places, Target target) {
    return target.path() != null && GuardPaths.protectsGuard(places, target.path())
        || reaches(places, target);
  }

  /** A sed script's {@code w FILE} (alone, or after {@code s///}), which writes FILE. */
  private static final Pattern SED_WRITES =
      Pattern.compile("(?m)(?:^|[;{}]|[0-9$]|/)\\s*[wW]\\s*(\\S[^;\\n]*)$|^\\s*[wW]\\s+(\\S.*)$");

  private static void sedWrites(Scan scan, Step step) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-") || t.indexOf('w') < 0 && t.indexOf('W') < 0) {
        continue;
      }
      Matcher m = SED_WRITES.matcher(t);
      while (m.find()) {
        String file = (m.group(1) != null ? m.group(1) : m.group(2)).strip();
        for (Target target : scan.targets(step, new Word(file, true))) {
          if (changesGround(scan.places(), target)) {
            scan.hit(SELF, step, target);
            return;
          }
        }
      }
    }
  }

  /** Whether a program xargs runs changes the files it is given ({@code sed -i}, {@code cp x}). */
  private static boolean changesWhatItIsGiven(Step step) {
    String program = step.program();
    if (GuardPaths.FIND_CHANGERS.contains(program)
        || program.equals("cp")
        || program.equals("install")) {
      return true;
    }
    if (!GuardPaths.IN_PLACE_EDITORS.contains(program)) {
      return false;
    }
    for (Word w : step.args()) {
      String t = w.text();
      if (t.startsWith("--in-place")
          || t.startsWith("-") && !t.startsWith("--") && t.contains("i")) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code find ~/.claude -name settings.json | xargs sed -i …}: a changer fed by xargs, beside a
   * lister whose words name the ground or a folder of it. What the lister prints is on the disk;
   * that it lists the ground is in the text.
   */
  private static void fedByALister(Scan scan, Step changer) {
    for (Step step : scan.steps()) {
      if (step == changer || !step.invocation().via().isEmpty()) {
        continue;
      }
      for (Word word : step.args()) {
        if (word.text().startsWith("-")) {
          continue;
        }
        for (Target target : scan.targets(step, word)) {
          if (changesGround(scan.places(), target)) {
            scan.hit(SELF, changer, target);
            return;
          }
        }
      }
    }
  }
}
