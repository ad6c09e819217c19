package io.github.providergateway.app.run;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.federation.FederatedMcpServer;
import io.github.providergateway.federation.McpServerConfig;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.loop.Scheduler;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The configured MCP servers that the sessions of one project share ({@code "session": "project"},
 * decision 69): one run of an entry per project folder, joined by each session of that project that
 * starts while it runs, and stopped when the last of them ends (issue 46: five agent windows over
 * two projects need two copies of each server, not five). A session's project is its working
 * directory; sessions without one share nothing. A server's per-session state stays apart: each
 * session has its own provider connection to it, its own calls and their progress ({@code
 * FederatedMcpServer}); the federated client offers no roots and holds no subscriptions, so nothing
 * else of one session reaches another.
 *
 * <p>Thread-safe.
 */
final class SharedMcpServers {

  /** One entry, as it starts for one project. */
  private record Key(ProjectConfig.Entry entry, Path project) {}

  private final Gateway gateway;
  private final Scheduler scheduler;

  /** Guarded by this. */
  private final Map<Key, FederatedMcpServer> servers = new HashMap<>();

  SharedMcpServers(Gateway gateway, Scheduler scheduler) {
    this.gateway = requireNonNull(gateway, "gateway");
    this.scheduler = requireNonNull(scheduler, "scheduler");
  }

  /**
   * The run of {@code entry} for {@code project}, now serving {@code sessionId} too: the one that
   * runs for that project, or a new one.
   *
   * @param entry the configured entry, its placeholders replaced for {@code project}
   * @param server how to start it (its log included)
   * @param project the session's project folder; not null
   * @param sessionId the session
   * @return the shared run
   */
  synchronized FederatedMcpServer serve(
      ProjectConfig.Entry entry, McpServerConfig server, Path project, String sessionId) {
    Key key = new Key(entry, requireNonNull(project, "project"));
    servers.values().removeIf(SharedMcpServers::over);
    FederatedMcpServer running = servers.get(key);
    if (running != null) {
      CompletableFuture<Void> joined = running.join(sessionId);
      if (!joined.isCompletedExceptionally()) {
        return running;
      }
      // It stopped between the look and the join (its last session ended): start it again.
    }
    FederatedMcpServer started = FederatedMcpServer.start(gateway, sessionId, server, scheduler);
    servers.put(key, started);
    return started;
  }

  private static boolean over(FederatedMcpServer server) {
    FederatedMcpServer.State state = server.status().state();
    return state == FederatedMcpServer.State.STOPPED || state == FederatedMcpServer.State.FAILED;
  }
}
