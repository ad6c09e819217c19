package io.github.providergateway.app;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.federation.FederatedMcpServer;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.transport.stdio.ProcessTree;
import io.github.providergateway.transport.stdio.StdioProvider;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One entry of the project's config running for one session ({@link ProjectProviders}): a process
 * that connects back over WebSocket, a provider over its stdin and stdout, or a federated MCP
 * server; what stopping and killing it means for each.
 */
sealed interface ProviderRun
    permits ProviderRun.ProcessRun,
        ProviderRun.StdioRun,
        ProviderRun.McpRun,
        ProviderRun.SharedRun {

  /** {@return the entry it was started from} */
  ProjectConfig.Entry entry();

  /** Stops it within {@code grace}; completes once it has exited. */
  CompletableFuture<?> stop(Duration grace);

  /** Kills it now: the app is stopping. */
  void kill();

  /** {@return its process, or null (an MCP server's is its own)} */
  Process process();

  /** A provider that connects back over WebSocket with its spawn token. */
  record ProcessRun(ProjectConfig.Entry entry, ProcessTree tree, Scheduler scheduler)
      implements ProviderRun {
    @Override
    public CompletableFuture<?> stop(Duration grace) {
      if (process().isAlive()) {
        // Finding what it started reads /proc: never on the scheduler's thread (or the loop).
        onThreadOfItsOwn("provider-stop-" + entry.name(), tree::terminate);
        scheduler.schedule(
            grace, () -> onThreadOfItsOwn("provider-kill-" + entry.name(), tree::kill));
      }
      return process().onExit();
    }

    @Override
    public void kill() {
      tree.kill();
    }

    @Override
    public Process process() {
      return tree.process();
    }
  }

  /** A provider over its stdin and stdout. */
  record StdioRun(ProjectConfig.Entry entry, StdioProvider provider) implements ProviderRun {
    @Override
    public CompletableFuture<?> stop(Duration grace) {
      return provider.stop(grace);
    }

    @Override
    public void kill() {
      provider.kill();
    }

    @Override
    public Process process() {
      return provider.process();
    }
  }

  /**
   * An MCP server serving a session (and perhaps the other sessions of its project), which restarts
   * itself when it dies; stopping it for the session leaves it to the others, and stops it when it
   * served no other.
   */
  record McpRun(ProjectConfig.Entry entry, FederatedMcpServer server, String sessionId)
      implements ProviderRun {
    @Override
    public CompletableFuture<?> stop(Duration grace) {
      // Its stop blocks for up to the grace: on a thread of its own, so that several stop at once.
      CompletableFuture<Void> stopped = new CompletableFuture<>();
      onThreadOfItsOwn(
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
  }

  /**
   * A provider serving a session and the other sessions of its project (decision 72), which
   * restarts itself when it dies; stopping it for the session leaves it to the others, and stops it
   * when it served no other.
   */
  record SharedRun(
      ProjectConfig.Entry entry, SharedProviders.SharedProvider provider, String sessionId)
      implements ProviderRun {
    @Override
    public CompletableFuture<?> stop(Duration grace) {
      return provider.leave(sessionId, grace);
    }

    @Override
    public void kill() {
      provider.kill();
    }

    @Override
    public Process process() {
      return provider.process();
    }
  }

  /** Runs {@code job}, which blocks, on a daemon thread called {@code name}. */
  private static void onThreadOfItsOwn(String name, Runnable job) {
    DaemonThreads.start(name, job);
  }
}
