package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The guard itself: an agent changing the hook settings that send its calls here, stopping or
 * unloading the gateway, or writing, removing or reading the tokens of the gateway's home. Always
 * on but under off; no allow list lets an agent switch off what watches it.
 */
final class SelfRules implements Family {
  static final BuiltinRule SELF = RuleBook.rule("guard.self");
  static final BuiltinRule GATEWAY_TOKEN = RuleBook.rule("guard.gateway-token");
  static final BuiltinRule AGENT_UNGUARDED = RuleBook.rule("guard.agent-unguarded");

  @Override
  public void scan(Scan scan) {
    // A long command names the same few files again and again, and their targets are shared:
    // each path is read once.
    Map<Path, Boolean> underGatewayHome = new IdentityHashMap<>();
    Map<Path, Boolean> guards = new IdentityHashMap<>();
    RealPaths disk = scan.realPaths();
    for (Access access : scan.accesses()) {
      judge(scan, access, underGatewayHome, guards);
      // The same file where it is on the disk: a link in its folders (cl -> ~/.claude) reaches the
      // ground under another name (issue 75).
      Target real = disk.of(access.target());
      if (real != null) {
        judge(scan, new Access(access.kind(), real, access.invocation()), underGatewayHome, guards);
      }
    }
    GroundReach.scan(scan);
    UnknownContents.scan(scan);
    GatewayProcess.scan(scan);
    ServiceBus.scan(scan);
    GatewayDoors.scan(scan);
    TerminalTyping.scan(scan);
    TerminalReads.scan(scan);
    GatewayMemory.scan(scan);
    MarksShed.scan(scan);
    AgentSettingsCommands.scan(scan);
    HomeReads.scan(scan);
    TokenArguments.scan(scan);
    MountedGround.scan(scan);
    InstallBuilds.scan(scan);
    List<Step> steps = scan.steps();
    for (int s = 0; s < steps.size(); s++) {
      Step step = steps.get(s);
      if (step.program().equals("find")) {
        foundAndChanged(scan, step);
      }
      if (AgentStarts.onOtherSettings(scan, step) || AgentStarts.overridesCodex(step)) {
        scan.hit(AGENT_UNGUARDED, step, null);
      }
      if (SandboxGround.switchesNamespacesOff(step)) {
        scan.hit(SELF, step, null);
      }
    }
    ScriptsRun.scan(scan);
  }

  /** One access judged: a write, move or mode change of the ground, a read of what it holds. */
  private static void judge(
      Scan scan, Access access, Map<Path, Boolean> underGatewayHome, Map<Path, Boolean> guards) {
    Places places = scan.places();
    Path path = access.target().path();
    if (access.changes() && GroundReach.reaches(places, access.target())) {
      scan.hit(SELF, access); // a glob or an unknown folder before a settings file of the ground
      return;
    }
    if (path == null) {
      return;
    }
    // get and put, not computeIfAbsent: its capturing lambda would be a new object an access.
    Boolean underHome = underGatewayHome.get(path);
    if (underHome == null) {
      underHome = path.startsWith(places.gatewayHome());
      underGatewayHome.put(path, underHome);
    }
    boolean inGateway =
        underHome
            || access.changes() && scan.place(access.target()) == Place.GATEWAY
            || places.gatewayFiles().contains(path);
    if (access.kind() == Kind.READ) {
      if (linksTo(access) && (inGateway || GuardPaths.linksGround(scan, access.target()))) {
        scan.hit(SELF, access);
      }
      boolean held =
          inGateway && GuardPaths.readsHeld(places, path, access.target(), probes(access));
      if (held || readsToken(places, access)) {
        scan.hit(GATEWAY_TOKEN, access);
      }
      return;
    }
    Boolean guard = inGateway ? Boolean.TRUE : guards.get(path);
    if (guard == null) {
      guard = GuardPaths.protectsGuard(places, path);
      guards.put(path, guard);
    }
    if (guard) {
      scan.hit(SELF, access);
    }
  }

  /** What copies onto the file a find gives it when {@code {}} is its last word. */
  private static final Set<String> COPIERS = NameSet.of("cp", "install", "rsync", "scp", "ln");

  /** A find's tests that select by a path's pattern. */
  private static final Set<String> FIND_PATHS =
      NameSet.of("-path", "-ipath", "-wholename", "-iwholename");

  /** The names of the agents' settings and the guard's own file, as a find's -name meets them. */
  static final List<String> SETTINGS_NAMES =
      List.of(
          "settings.json",
          "settings.local.json",
          ".claude.json",
          ".mcp.json",
          "mcp.json",
          "mcp-config.json",
          "hooks.json",
          "config.toml",
          "guard.json");

  /**
   * A find that removes or rewrites what it finds ({@code -delete}, {@code -exec rm}, {@code -exec
   * sed -i}): the guard's when it starts in one of the guard's folders ({@code find ~/.claude -name
   * settings.json -delete}), or when it starts in the project, the home or above them and its
   * {@code -name} would select an agent's settings or the guard's file ({@code find . -name
   * settings.json -delete}). The files a find selects by other tests alone ({@code -type f}) are
   * not judged: which of them it reaches is on the disk.
   */
  private static void foundAndChanged(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean changes = false;
    List<String> names = new ArrayList<>();
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if ((t.equals("-name") || t.equals("-iname")) && i + 1 < args.size()) {
        names.add(args.get(i + 1).text());
      } else if (FIND_PATHS.contains(t) && i + 1 < args.size()) {
        paths.add(args.get(i + 1).text());
      } else if (t.equals("-delete")) {
        changes = true;
      } else if (t.startsWith("-exec") || t.startsWith("-ok")) {
        changes |= runsChanger(args, i + 1);
      }
    }
    if (!changes) {
      return;
    }
    Places places = scan.places();
    for (Word start : FindStarts.of(step)) {
      for (Target target : scan.targets(step, start)) {
        Path path = target.path();
        if (path != null
                && (GuardPaths.protectsGuard(places, path) || path.startsWith(places.gatewayHome()))
            || path != null
                && holdsSettings(places, path)
                && (selectsSettings(names)
                    || GroundReach.selectsGround(places, paths, start.text()))) {
          scan.hit(SELF, step, target);
          return;
        }
      }
    }
  }

  /** Whether the command a find's -exec runs from {@code at} changes the file it is given. */
  private static boolean runsChanger(List<Word> args, int at) {
    if (at >= args.size()) {
      return false;
    }
    String program = args.get(at).text();
    program = program.substring(program.lastIndexOf('/') + 1);
    if (GuardPaths.FIND_CHANGERS.contains(program)) {
      return true;
    }
    if (COPIERS.contains(program)) {
      // cp /tmp/x {} writes what the find found; cp {} /tmp/out only reads it.
      int end = at + 1;
      while (end < args.size()
          && !args.get(end).text().equals(";")
          && !args.get(end).text().equals("+")) {
        end++;
      }
      return args.get(end - 1).text().equals("{}");
    }
    if (!GuardPaths.IN_PLACE_EDITORS.contains(program)) {
      return false;
    }
    // sed -i, perl -pi: in place, up to the command's end.
    for (int i = at + 1; i < args.size(); i++) {
      String t = args.get(i).text();
      if (t.equals(";") || t.equals("+")) {
        return false;
      }
      if (t.startsWith("--in-place")
          || t.startsWith("-") && !t.startsWith("--") && t.contains("i")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a folder holds a project's agent settings or the user's: the project or a folder above
   * it, or the home or above it. A folder inside the project ({@code build}) holds none an agent
   * reads.
   */
  private static boolean holdsSettings(Places places, Path path) {
    Path project = places.project();
    return project != null && project.startsWith(path) || places.home().startsWith(path);
  }

  /** Whether one of a find's -name patterns matches the name of an agent's settings file. */
  private static boolean selectsSettings(List<String> names) {
    for (String name : names) {
      Glob glob = Glob.path(name);
      for (String settings : SETTINGS_NAMES) {
        if (glob.matches(settings)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a read is the source of a link: {@code ln}, {@code link}, {@code cp -s} or -l. */
  private static boolean linksTo(Access access) {
    if (access.invocation() == null) {
      return false;
    }
    String program = access.invocation().program();
    if (program.equals("ln") || program.equals("link")) {
      return true;
    }
    if (!program.equals("cp")) {
      return false;
    }
    Argv argv =
        Argv.of(access.invocation().words().subList(1, access.invocation().words().size()), "tS");
    return argv.has('s') || argv.has('l') || argv.has("symbolic-link") || argv.has("link");
  }

  /** The programs that read a folder with all it holds. */
  private static final Set<String> RECURSIVE_READERS =
      NameSet.of("rg", "ag", "ack", "tar", "bsdtar", "gtar", "zip", "7z", "rsync", "rclone", "du");

  /**
   * Whether a read reaches the gateway's token without naming it: a glob that matches it ({@code
   * tap/.provider-t*}), or a folder that holds it read whole ({@code grep -r . ~/.copilot}, {@code
   * tar cf - ~}, {@code cp -r tap /tmp/t}).
   */
  private static boolean readsToken(Places places, Access access) {
    Target target = access.target();
    Path path = target.path();
    Path token = places.gatewayHome().resolve(".provider-token");
    if (target.glob() != null) {
      // A class reads as any one character: ~/.copilot/extensions/t[a]p/.provider-toke[n].
      Glob glob = Glob.path(Glob.bracketsAsAny(target.glob()));
      if (glob.matches(token.toString())) {
        return true;
      }
      for (Path file : places.gatewayFiles()) {
        if (glob.matches(file.toString())) {
          return true;
        }
      }
    }
    if (path == null || access.invocation() == null || !GuardPaths.holdsGatewayFile(places, path)) {
      return false;
    }
    String program = access.invocation().program();
    if (RECURSIVE_READERS.contains(program)) {
      return !program.equals("du");
    }
    for (io.github.providergateway.guard.shell.Word word : access.invocation().words()) {
      String t = word.text();
      boolean recursive =
          t.equals("-r")
              || t.equals("-R")
              || t.equals("--recursive")
              || t.equals("-a")
              || t.equals("--archive")
              || t.startsWith("-")
                  && !t.startsWith("--")
                  && (t.indexOf('r') > 0 || t.indexOf('R') > 0 || t.indexOf('a') > 0);
      if (recursive
          && (program.equals("grep")
              || program.equals("egrep")
              || program.equals("cp")
              || program.equals("scp")
              || program.equals("zip"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a read is find's: the file of the gateway's home that a {@code find ~ -name X -exec
   * cat} would reach is named by the find's pattern, not found on the disk, so it is judged by the
   * names of the files that hold most.
   */
  private static boolean probes(Access access) {
    return access.invocation() != null && access.invocation().program().equals("find");
  }
}
