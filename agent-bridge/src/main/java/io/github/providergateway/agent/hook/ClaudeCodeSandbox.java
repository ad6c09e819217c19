package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.nio.file.Path;
import java.util.List;

/**
 * Claude Code's own sandbox (its {@code sandbox} settings; bubblewrap and socat on Linux, Seatbelt
 * on macOS) set from the gateway's {@link SandboxPolicy}. Every child process of Claude's shell
 * runs in it; hooks and MCP servers do not.
 *
 * <ul>
 *   <li>{@code enabled}, and {@code failIfUnavailable}: a sandbox that cannot start stops Claude
 *       rather than letting it run unconfined.
 *   <li>{@code allowUnsandboxedCommands: false}: its default lets Claude run a command again
 *       outside the sandbox when the sandbox refused it.
 *   <li>{@code autoAllowBashIfSandboxed: false}, the explicit choice: the sandbox is a second
 *       boundary, not a reason to stop asking the person (setup's notice says so).
 *   <li>{@code filesystem.allowWrite}: the temporary folders and the policy's caches; Claude allows
 *       its working folder (the project) itself. {@code filesystem.denyRead}: the gateway's home
 *       and the policy's credential files, as absolute paths.
 *   <li>{@code network}: loopback always ({@code localhost}, {@code 127.0.0.1}, {@code [::1]},
 *       reached through the sandbox's proxy) and local binding (a dev server); in the allow-list
 *       mode the policy's domains and {@code strictAllowlist}, so a name off the list is refused
 *       rather than asked about.
 * </ul>
 *
 * <p>Inside the sandbox a command has a network of its own: the host's loopback is reached only
 * through the sandbox's HTTP proxy, which lets a host through only when it is on {@code
 * allowedDomains}. The sandbox also sets {@code NO_PROXY} for {@code localhost}, {@code 127.0.0.1}
 * and {@code ::1}, so a client that honours it (curl, most HTTP libraries) goes around the proxy to
 * those and finds nothing there; other loopback addresses ({@code 127.0.0.2}) go through it. A
 * client that speaks no proxy (a database's driver) reaches no loopback server at all.
 */
final class ClaudeCodeSandbox implements AgentDialect.SandboxSettings {

  /**
   * Loopback, as Claude's proxy names it: always reachable over HTTP (a dev server). IPv6's in
   * brackets: Claude 2.1.332 takes {@code ::1} and {@code [::1]} alike, but sandbox-runtime 0.0.83
   * (what Claude's sandbox is built on) refuses a whole configuration that holds a bare {@code
   * ::1}.
   */
  static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1", "[::1]");

  @Override
  public List<String> needs() {
    return List.of("bwrap", "socat");
  }

  @Override
  public ObjectNode settings(SandboxPolicy policy, GuardEnvironment environment) {
    ObjectNode sandbox = JsonNodeFactory.instance.objectNode();
    sandbox.put("enabled", true);
    sandbox.put("failIfUnavailable", true);
    sandbox.put("allowUnsandboxedCommands", false);
    sandbox.put("autoAllowBashIfSandboxed", false);
    ObjectNode filesystem = sandbox.putObject("filesystem");
    ArrayNode write = filesystem.putArray("allowWrite");
    environment.tempDirs().forEach(dir -> write.add(dir.toString()));
    for (String entry : policy.writable()) {
      Path path = SandboxPolicy.resolve(entry, environment);
      if (!environment.tempDirs().contains(path)) {
        write.add(path.toString());
      }
    }
    ArrayNode read = filesystem.putArray("denyRead");
    policy.denyReadPaths(environment).forEach(path -> read.add(path.toString()));
    ObjectNode network = sandbox.putObject("network");
    network.put("allowLocalBinding", true);
    ArrayNode domains = network.putArray("allowedDomains");
    LOOPBACK.forEach(domains::add);
    if (policy.network() == SandboxPolicy.Network.ALLOWLIST) {
      policy.allowedDomains().forEach(domains::add);
      network.put("strictAllowlist", true);
    }
    return sandbox;
  }
}
