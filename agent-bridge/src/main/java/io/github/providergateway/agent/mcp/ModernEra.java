package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Which of MCP's two eras a message of the agent's belongs to (issue 81, decision 112): a request
 * that names its protocol version in its {@code _meta} ({@code io.modelcontextprotocol/
 * protocolVersion}), and {@code server/discover}, which needs no version, are 2026-07-28's and are
 * served statelessly; everything else ({@code initialize} and the session it opens) keeps the
 * 2025-11-25 path byte for byte.
 */
final class ModernEra {
  private ModernEra() {}

  /** The revision the modern path serves. */
  static final String VERSION = "2026-07-28";

  /** The request {@code _meta} key that carries a modern request's protocol version. */
  static final String PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

  /** The method a modern client asks what a server supports with, before any session. */
  static final String DISCOVER = "server/discover";

  /**
   * Whether {@code message}, a checked JSON-RPC message ({@link JsonRpcLineGuard#problemOf}), is
   * the modern era's: {@code server/discover}, or a request or notification whose {@code
   * params._meta} names a protocol version. Responses (answers to the server's own requests) are
   * the legacy session's.
   */
  static boolean isModern(JsonNode message) {
    JsonNode method = message.get("method");
    if (method == null || !method.isTextual()) {
      return false;
    }
    if (DISCOVER.equals(method.textValue())) {
      return true;
    }
    JsonNode meta = message.path("params").path("_meta");
    return meta.isObject() && meta.has(PROTOCOL_VERSION_KEY);
  }

  /** The HTTP header a request names its protocol version in. */
  static final String VERSION_HEADER = "MCP-Protocol-Version";

  /**
   * Whether an HTTP request with no {@code Mcp-Session-Id} names a protocol version in its {@code
   * MCP-Protocol-Version} header that no legacy revision has: a legacy client sends the header only
   * in a session, with the version it agreed (a wrong one there stays the legacy path's 400).
   */
  static boolean named(io.github.providergateway.http.HttpRequest request) {
    return request.header(McpHttpSession.SESSION_HEADER).isEmpty()
        && request
            .header(VERSION_HEADER)
            .map(version -> !HttpSessionTransport.PROTOCOL_VERSIONS.contains(version))
            .orElse(false);
  }
}
