package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Codex CLI's own sandbox (bubblewrap on Linux) set from the gateway's {@link SandboxPolicy}, as a
 * permission profile: {@code default_permissions = "provider-gateway"} and the tables {@code
 * [permissions.provider-gateway.filesystem]} and {@code [permissions.provider-gateway.network]} of
 * its {@code config.toml}. Every command of Codex's shell runs in it; its hooks and MCP servers do
 * not.
 *
 * <p>{@link #settings} gives the profile as one JSON object, {@code {"profile": NAME, "filesystem":
 * {PATH: ACCESS}, "network": {"enabled": BOOL}}}, which setup writes as TOML. Codex takes the most
 * specific path that covers a file, so:
 *
 * <ul>
 *   <li>{@code "/" = "read"}: programs read the machine, as in Codex's own {@code workspace-write};
 *   <li>{@code ":workspace_roots" = "write"} (the project), the temporary folders and the policy's
 *       caches {@code "write"};
 *   <li>the gateway's home and those of the policy's credential files that exist when setup runs
 *       {@code "none"}: neither read nor written. A path that does not exist is left out (issue 77,
 *       decision 0085): Codex makes an empty read-only file there to mount over, with the folders
 *       above it, wherever the path lies inside a writable root (a home under {@code /tmp}), and
 *       leaves them; a missing parent ({@code ~/.ssh}, {@code ~/.config}, {@code ~/.docker}) stops
 *       it from starting at all (0.169.0 and 0.171.0). A missing path holds nothing to read; {@code
 *       gateway doctor} says when one has appeared since.
 * </ul>
 *
 * <p>The network is on in the open mode (loopback and the hosts the person says yes to, as Claude's
 * sandbox does) and off in the allow-list mode: 0.169.0 takes {@code allowed_domains} in a profile
 * but its sandbox let every host through (tried with {@code codex sandbox}), so the only setting at
 * least as strict as an allow list is no network, loopback included.
 */
final class CodexSandbox implements AgentDialect.SandboxSettings {

  /** The profile's name, in {@code default_permissions} and the tables' headers. */
  static final String PROFILE = "provider-gateway";

  /** Codex's name for the folders of the agent's workspace: the project. */
  static final String WORKSPACE = ":workspace_roots";

  @Override
  public List<String> needs() {
    return List.of("bwrap");
  }

  /** Permission profiles, and {@code codex sandbox} to try one, are in 0.169.0 (tried). */
  @Override
  public String since() {
    return "0.169.0";
  }

  /**
   * Codex's own sandbox around {@code true}: it fails where bubblewrap cannot start and where Codex
   * cannot make its {@code codex-linux-sandbox} helper (a {@code CODEX_HOME} under /tmp).
   */
  @Override
  public List<String> selfCheck() {
    return List.of("sandbox", "--", "true");
  }

  @Override
  public ObjectNode settings(SandboxPolicy policy, GuardEnvironment environment) {
    return settings(policy, environment, path -> Files.exists(path, LinkOption.NOFOLLOW_LINKS));
  }

  /**
   * The profile for a machine whose existing paths {@code exists} tells: only those of the denied
   * paths are written {@code "none"}.
   */
  static ObjectNode settings(
      SandboxPolicy policy, GuardEnvironment environment, Predicate<Path> exists) {
    ObjectNode profile = JsonNodeFactory.instance.objectNode().put("profile", PROFILE);
    ObjectNode filesystem = profile.putObject("filesystem");
    filesystem.put("/", "read");
    filesystem.put(WORKSPACE, "write");
    List<Path> denied = policy.denyReadPaths(environment);
    List<Path> writable = new ArrayList<>(environment.tempDirs());
    policy.writable().forEach(entry -> writable.add(SandboxPolicy.resolve(entry, environment)));
    for (Path path : writable) {
      // Codex would let the more specific path win: a writable folder inside a denied one would
      // give part of it back.
      if (denied.stream().noneMatch(path::startsWith)) {
        filesystem.put(path.toString(), "write");
      }
    }
    denied.stream().filter(exists).forEach(path -> filesystem.put(path.toString(), "none"));
    profile.putObject("network").put("enabled", policy.network() == SandboxPolicy.Network.OPEN);
    return profile;
  }
}
