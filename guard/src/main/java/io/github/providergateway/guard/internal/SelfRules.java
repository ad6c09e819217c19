package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Access.Kind;
import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
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
  public List<BuiltinRule> rules() {
    return List.of(SELF, GATEWAY_TOKEN);
  }

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
      if (linksTo(access) && (inGateway || linksGround(scan, access.target()))) {
        scan.hit(SELF, access);
      }
      boolean held = inGateway && readsHeld(places, path, access.target(), probes(access));
      if (held || readsToken(places, access)) {
        scan.hit(GATEWAY_TOKEN, access);
      }
      return;
    }
    Boolean guard = inGateway ? Boolean.TRUE : guards.get(path);
    if (guard == null) {
      guard = protectsGuard(places, path);
      guards.put(path, guard);
    }
    if (guard) {
      scan.hit(SELF, access);
    }
  }

  /** What a find runs on each file it finds that changes or removes the file. */
  static final Set<String> FIND_CHANGERS =
      Set.of(
          "rm",
          "shred",
          "unlink",
          "srm",
          "wipe",
          "truncate",
          "chmod",
          "chown",
          "chgrp",
          "mv",
          "ln",
          "tee",
          "dd",
          "touch");

  /** What edits the files it is given in place when told so ({@code sed -i}, {@code perl -pi}). */
  static final Set<String> IN_PLACE_EDITORS = Set.of("sed", "gsed", "perl", "ruby");

  /** What copies onto the file a find gives it when {@code {}} is its last word. */
  private static final Set<String> COPIERS = Set.of("cp", "install", "rsync", "scp", "ln");

  /** A find's tests that select by a path's pattern. */
  private static final Set<String> FIND_PATHS =
      Set.of("-path", "-ipath", "-wholename", "-iwholename");

  /** The names of the agents' settings and the guard's own file, as a find's -name meets them. */
  private static final List<String> SETTINGS_NAMES =
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
        if (path != null && (protectsGuard(places, path) || path.startsWith(places.gatewayHome()))
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
    if (FIND_CHANGERS.contains(program)) {
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
    if (!IN_PLACE_EDITORS.contains(program)) {
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

  /**
   * Whether a link to {@code target} would reach the ground by another name: the agents' settings,
   * the gateway's home and the folders above it, its install, cache and files (issue 75).
   */
  static boolean linksGround(Scan scan, Target target) {
    Path path = target.path();
    Places places = scan.places();
    return path != null
        && (protectsGuard(places, path)
            || path.startsWith(places.gatewayHome())
            || places.gatewayFiles().contains(path)
            || scan.place(target) == Place.GATEWAY);
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
      Set.of("rg", "ag", "ack", "tar", "bsdtar", "gtar", "zip", "7z", "rsync", "rclone", "du");

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
    if (path == null || access.invocation() == null || !holdsGatewayFile(places, path)) {
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
   * Whether a folder holds the gateway's home or one of its files kept elsewhere (the {@code
   * --config} file's folder, {@code ~/conf}): reading it whole reads them (issue 61).
   */
  private static boolean holdsGatewayFile(Places places, Path path) {
    return places.gatewayHome().startsWith(path) || holdsFileElsewhere(places, path);
  }

  /**
   * Whether a folder below the home holds one of the gateway's files kept elsewhere: deleting,
   * moving or extracting into it takes the file, as the folders above the gateway's home do for its
   * home ({@link Place#GATEWAY}). The home and what is above it are other rules' to judge.
   */
  private static boolean holdsGatewayFileBelowHome(Places places, Path path) {
    return !places.home().startsWith(path) && holdsFileElsewhere(places, path);
  }

  /** Whether {@code path} is one of the gateway's files outside its home, or a folder above one. */
  private static boolean holdsFileElsewhere(Places places, Path path) {
    for (Path file : places.gatewayFiles()) {
      if (file.startsWith(path)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a read in the gateway's home may show what it holds: its tokens, its setup ledger
   * (which records the agent's token), its settings; the home is a folder of secrets, whatever a
   * file's name (issue 75), but for its listing, its logs and audit trail ({@code logs/}) and the
   * running gateway's port and pid, which stay the person's and the agent's to read (issue 61).
   */
  private static boolean readsHeld(Places places, Path path, Target target, boolean byName) {
    if (target.name().toLowerCase(Locale.ROOT).contains("token")) {
      return true;
    }
    if (places.gatewayFiles().contains(path)) {
      return true; // the --config file: the providers' commands, their environment and tokens
    }
    Path home = places.gatewayHome();
    if (target.glob() != null) {
      if (path.startsWith(home) && !path.equals(home) && !path.startsWith(home.resolve("logs"))) {
        return true; // a glob over a folder of the home: its backups, providers, windows
      }
      // A pattern (find -name, a glob): held when it would reach one of the files that hold most.
      Glob glob = Glob.path(Glob.bracketsAsAny(target.glob()));
      for (String held : HELD) {
        if (glob.matches(home.resolve(held).toString())) {
          return true;
        }
      }
      return false;
    }
    if (!path.startsWith(home) || path.equals(home) || path.startsWith(home.resolve("logs"))) {
      return false; // the logs and the audit trail stay readable
    }
    String name = path.getFileName().toString();
    if (name.endsWith(".sock")) {
      return false; // a socket is reached, not read: GatewayDoors
    }
    if (byName) {
      return HELD.contains(name) || name.endsWith(".json");
    }
    return !path.getParent().equals(home) || !OPEN.contains(name);
  }

  /**
   * Whether a read is find's: the file of the gateway's home that a {@code find ~ -name X -exec
   * cat} would reach is named by the find's pattern, not found on the disk, so it is judged by the
   * names of the files that hold most.
   */
  private static boolean probes(Access access) {
    return access.invocation() != null && access.invocation().program().equals("find");
  }

  /** The files of the gateway's home any program may read: the running gateway's port, pid, log. */
  private static final Set<String> OPEN = Set.of("gateway.port", "gateway.pid", "gateway.log");

  /**
   * Whether a read of {@code target} may show the gateway's secrets: a file of its home that {@link
   * #readsHeld holds} them, or its {@code --config} file. For readers the accesses do not show,
   * such as a path written in inline code ({@code python3 -c "open('…').read()"}).
   */
  static boolean readsGatewaySecret(Places places, Target target) {
    Path path = target.path();
    return path != null
        && (path.startsWith(places.gatewayHome()) || places.gatewayFiles().contains(path))
        && readsHeld(places, path, target, false);
  }

  /** The files of the gateway's home that hold tokens or its settings. */
  private static final List<String> HELD =
      List.of(
          ".provider-token",
          "mcp-bridge.token",
          "mcp-bridge.token.header", // the same token as the bridge's curl sends it
          "setup.json",
          "guard.json",
          "config.json");

  /**
   * The gateway's install and cache ({@code ~/.local/bin/gateway}, {@code
   * ~/.local/share/provider-gateway}, {@code ~/.cache/provider-gateway}, whose jar the launcher
   * runs) and a project's own guard folder ({@code .provider-gateway}), with what is in them.
   */
  private static boolean gatewayInstall(Places places, Path path) {
    Path home = places.home();
    if (path.equals(home.resolve(".local/bin/gateway"))
        || path.startsWith(home.resolve(".local/share/provider-gateway"))
        || path.startsWith(home.resolve(".cache/provider-gateway"))) {
      return true;
    }
    for (Path part : path) {
      if (part.toString().equals(".provider-gateway")) {
        return true;
      }
    }
    return false;
  }

  /** The agents' hook settings, anywhere, and the folders that hold them in the home. */
  static boolean protectsGuard(Places places, Path path) {
    if (gatewayInstall(places, path)
        || places.installs().holds(path)
        || holdsGatewayFileBelowHome(places, path)
        || SandboxGround.holds(path)) {
      return true;
    }
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    Path parent = path.getParent();
    String folder =
        parent == null || parent.getFileName() == null ? "" : parent.getFileName().toString();
    if (folder.equals(".claude") && name.startsWith("settings") && name.endsWith(".json")) {
      return true;
    }
    if (folder.equals(".gemini") && name.equals("settings.json")) {
      return true;
    }
    // Copilot CLI's hooks (.github/hooks/*.json), Codex's (hooks.json beside its config.toml),
    // Cursor's (.cursor/hooks.json): a file that holds the agent's pre-tool-use hook.
    String grandparent =
        parent == null || parent.getParent() == null || parent.getParent().getFileName() == null
            ? ""
            : parent.getParent().getFileName().toString();
    if (folder.equals("hooks") && grandparent.equals(".github") && name.endsWith(".json")) {
      return true;
    }
    if ((folder.equals(".codex") || folder.equals(".cursor")) && name.equals("hooks.json")) {
      return true;
    }
    // The agents' MCP and sandbox settings, a user's or a project's (issue 61): which servers an
    // agent reaches, the gateway's among them, and what its sandbox lets through; Gemini CLI's
    // policy files and Cursor's sandbox and permissions (issue 64), which loosen what the agent
    // runs without asking.
    if (name.equals(".mcp.json")
        || folder.equals(".codex") && name.equals("config.toml")
        || folder.equals("policies") && grandparent.equals(".gemini") && name.endsWith(".toml")
        || folder.equals(".cursor")
            && (name.equals("sandbox.json") || name.equals("cli-config.json"))
        || (folder.equals(".cursor") || folder.equals(".vscode")) && name.equals("mcp.json")
        || folder.equals(".copilot") && name.equals("mcp-config.json")) {
      return true;
    }
    // The folders that hold them, anywhere (a project's .claude, Copilot's .github/hooks):
    // deleting or moving one takes the hook with it.
    if (folder.equals("hooks") && grandparent.equals(".copilot")
        || name.equals("hooks") && (folder.equals(".github") || folder.equals(".copilot"))
        || name.equals(".claude")
        || name.equals(".gemini")
        || name.equals("policies") && folder.equals(".gemini")
        || name.equals(".codex")
        || name.equals(".cursor")) {
      return true;
    }
    // The service that restarts the gateway: systemd's unit, launchd's agent.
    if (name.startsWith("provider-gateway") && name.endsWith(".service")
        || name.startsWith("io.github.providergateway") && name.endsWith(".plist")) {
      return true;
    }
    return places.guardFiles().contains(path) || places.guardFolders().contains(path);
  }
}
