package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.federation.FederatedMcpServer;
import io.github.providergateway.federation.McpServerConfig;
import io.github.providergateway.loop.base.DaemonThreads;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * An MCP server serving a session (and, for an entry of {@code "session": "project"}, the other
 * sessions of its project: {@link SharedMcpServers}), which restarts itself when it dies; stopping
 * it for the session leaves it to the others, and stops it when it served no other.
 *
 * @param entry the entry it was started from
 * @param server the server
 * @param sessionId the session it serves here
 */
record McpRun(ProjectConfig.Entry entry, FederatedMcpServer server, String sessionId)
    implements ProviderRun {

  private static final System.Logger LOG = System.getLogger(ProjectProviders.class.getName());

  /**
   * Starts {@code start}'s entry as an MCP server of its session (module mcp-federation), or joins
   * the one its project shares; its stderr and its life go to its log.
   *
   * @param shared the servers the sessions of a project share
   * @return the run, or null when the app is stopping
   * @throws Exception when it cannot start
   */
  static McpRun start(RunStart start, SharedMcpServers shared) throws Exception {
    ProjectConfig.Entry entry = start.entry();
    McpServerConfig server = entry.mcpServer().withLog(start.log());
    boolean sharing =
        entry.session() == ProjectConfig.SessionMode.PROJECT && start.project() != null;
    McpRun run =
        (McpRun)
            start
                .runs()
                .startWhileOpen(
                    () ->
                        new McpRun(
                            start.configured(),
                            sharing
                                ? shared.serve(entry, server, start.project(), start.sessionId())
                                : FederatedMcpServer.start(
                                    start.gateway(), start.sessionId(), server, start.scheduler()),
                            start.sessionId()));
    if (run != null) {
      LOG.log(
          Level.INFO,
          sharing ? "MCP server {0} serves session {1} of {2}" : "starting MCP server {0} for {1}",
          entry.name(),
          start.sessionId(),
          start.project());
    }
    return run;
  }

  @Override
  public CompletableFuture<?> stop(Duration grace) {
    // Its stop blocks for up to the grace: on a thread of its own, so that several stop at once.
    CompletableFuture<Void> stopped = new CompletableFuture<>();
    DaemonThreads.start(
        "mcp-stop-" + entry.name(),
        () -> {
          server.leave(sessionId, grace);
          stopped.complete(null);
        });
    return stopped;
  }

  @Override
  public void kill() {
    server.stop(Duration.ofSeconds(1));
  }

  @Override
  public Process process() {
    return null;
  }

  @Override
  public boolean killWaits() {
    return true;
  }
}
