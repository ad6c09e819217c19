package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The paths that are the guard's own and what reaches them: the agents' hook, MCP and sandbox
 * settings and the folders that hold them, the gateway's home, install, cache, service and files
 * kept elsewhere, and which reads of the home show its secrets (its tokens, ledger and settings,
 * not its logs). Read from the path alone, by {@link SelfRules} and by every rule that meets a path
 * another way (inline code, a mount, a link, a terminal).
 */
final class GuardPaths {
  private GuardPaths() {}

  /** What a find runs on each file it finds that changes or removes the file. */
  static final Set<String> FIND_CHANGERS =
      NameSet.of(
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
  static final Set<String> IN_PLACE_EDITORS = NameSet.of("sed", "gsed", "perl", "ruby");

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

  /**
   * Whether a folder holds the gateway's home or one of its files kept elsewhere (the {@code
   * --config} file's folder, {@code ~/conf}): reading it whole reads them (issue 61).
   */
  static boolean holdsGatewayFile(Places places, Path path) {
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
  static boolean readsHeld(Places places, Path path, Target target, boolean byName) {
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

  /** The files of the gateway's home any program may read: the running gateway's port, pid, log. */
  private static final Set<String> OPEN = NameSet.of("gateway.port", "gateway.pid", "gateway.log");

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
    // The agents' hooks, a user's or a project's (.claude/settings*.json, .github/hooks/*.json,
    // .codex/hooks.json), their MCP and sandbox settings (issue 61: which servers an agent
    // reaches, the gateway's among them, and what its sandbox lets through), Gemini CLI's policy
    // files and Cursor's sandbox and permissions (issue 64), which loosen what the agent runs
    // without asking; and the folders that hold them, anywhere (a project's .claude, Copilot's
    // .github/hooks): deleting or moving one takes the hook with it. Their rows' settingsFiles and
    // settingsFolders (agents.json).
    if (AgentGround.holdsSettings(path)) {
      return true;
    }
    // VS Code's MCP servers (.vscode/mcp.json): the editor's, which no agent's row holds.
    if (folder.equals(".vscode") && name.equals("mcp.json")) {
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
