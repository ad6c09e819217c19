package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.transport.stdio.ProcessLog;
import io.github.providergateway.transport.stdio.ProcessTree;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * Starts a configured provider that connects back over WebSocket (host RPC: Project providers): its
 * command in its {@code cwd} with its environment and {@code TAP_PROVIDER_TOKEN}, {@code
 * TAP_GATEWAY_URL} and {@code TAP_SESSION} set, its stdout and stderr copied to its bounded log,
 * its stdin closed. One session's run ({@link ProjectProviders}) and a project's shared run ({@link
 * SharedProviders}) start the same way.
 */
final class SpawnedProvider {

  private SpawnedProvider() {}

  /**
   * Starts {@code entry}'s process.
   *
   * @param entry the entry, its placeholders replaced
   * @param token its spawn token
   * @param gatewayUrl the gateway's WebSocket URL
   * @param session what {@code TAP_SESSION} says: the session it was started for, or {@code "all"}
   *     for a shared run (the sessions of its project)
   * @param log its log file
   * @param gateway whose clock stamps the log
   * @return the process and what it starts
   * @throws IOException when it cannot be started
   */
  static ProcessTree start(
      ProjectConfig.Entry entry,
      String token,
      URI gatewayUrl,
      String session,
      Path log,
      Gateway gateway)
      throws IOException {
    ProcessLog output = new ProcessLog(log, gateway.transports().clock());
    // Both outputs on one pipe we read, rather than appended by the OS: the log stays bounded.
    ProcessBuilder builder =
        new ProcessBuilder(entry.command())
            .directory(entry.cwd().toFile())
            .redirectInput(ProcessBuilder.Redirect.PIPE)
            .redirectErrorStream(true);
    builder.environment().putAll(entry.env());
    builder.environment().put("TAP_PROVIDER_TOKEN", token);
    builder.environment().put("TAP_GATEWAY_URL", gatewayUrl.toString());
    // The session it was started for: a provider that picks its session itself (the examples,
    // the Java client) binds there, not to whichever session happens to be listed first.
    builder.environment().put("TAP_SESSION", session);
    ProcessTree tree = ProcessTree.start(builder);
    Process process = tree.process();
    output.copy(process.getInputStream(), "provider-" + entry.name() + "-output");
    process.getOutputStream().close(); // providers read nothing from us
    return tree;
  }
}
