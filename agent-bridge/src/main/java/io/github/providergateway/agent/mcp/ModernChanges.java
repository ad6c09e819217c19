package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.modern.server.feature.McpChangeFeed;
import io.modelcontextprotocol.modern.server.feature.McpChangePublisher;
import io.modelcontextprotocol.modern.server.feature.ServerChange;

/**
 * What a session tells the 2026-07-28 era's {@code subscriptions/listen} streams (issue 81): its
 * tools changed, when the gateway registers a new list for it or is back after a restart; its
 * resources changed, when a stream has its first event or a federated MCP server's resources
 * changed; its prompts changed, when a federated server's did (decision 131). Each stream gets only
 * what its filter asked for; a session nobody listens to loses nothing by it (the lists are fresh
 * for no time: {@code ttlMs: 0}).
 */
final class ModernChanges {
  private final McpChangeFeed feed = new McpChangeFeed();

  /** The changes, for the modern server's subscriptions. */
  McpChangePublisher publisher() {
    return feed;
  }

  /**
   * A stream had its first event: the session's resources list has one more ({@link
   * ModernResources}); or a federated MCP server of the session said its resources changed.
   */
  void resourcesChanged() {
    feed.broadcast(new ServerChange.ResourcesListChanged());
  }

  /** A federated MCP server of the session said its prompts changed. */
  void promptsChanged() {
    feed.broadcast(new ServerChange.PromptsListChanged());
  }

  /** The session's tools changed (or may have: the gateway is back). */
  void toolsChanged() {
    feed.broadcast(new ServerChange.ToolsListChanged());
  }
}
