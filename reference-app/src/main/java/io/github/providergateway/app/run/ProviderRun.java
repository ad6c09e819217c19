package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One entry of the project's config running for one session ({@link ProjectProviders}), one kind a
 * class that knows how it starts, is shared and stops: a process that connects back over WebSocket
 * ({@link ProcessRun}), a provider over its stdin and stdout ({@link StdioRun}), a federated MCP
 * server ({@link McpRun}), or a provider the sessions of a project share ({@link SharedRun}).
 */
sealed interface ProviderRun permits ProcessRun, StdioRun, McpRun, SharedRun {

  /** {@return the entry it was started from} */
  ProjectConfig.Entry entry();

  /** Stops it within {@code grace}; completes once it has exited. */
  CompletableFuture<?> stop(Duration grace);

  /** Kills it now: the app is stopping. */
  void kill();

  /** {@return its process, or null (an MCP server's is its own)} */
  Process process();

  /**
   * {@return whether its {@link #kill} waits (an MCP server gets its stdin closed, then half a
   * second before SIGTERM): the app kills such runs after the others, outside its lock}
   */
  default boolean killWaits() {
    return false;
  }
}
