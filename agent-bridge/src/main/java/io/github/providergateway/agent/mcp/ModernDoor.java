package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The 2026-07-28 era of a window (issue 81, decision 112): {@code server/discover} before and
 * without any session, and every request that names its protocol version in {@code _meta}, served
 * statelessly by the MCP Java SDK's modern server ({@code io.modelcontextprotocol.modern}) on the
 * same lines as the legacy session's. Its tools are the window's session's ({@link ModernTools});
 * the SDK checks each request (its version, {@code -32022} with the versions supported, its
 * parameters) and puts {@code resultType}, the server's info and the cache fields on results.
 */
final class ModernDoor {
  private static final System.Logger LOG = System.getLogger(ModernDoor.class.getName());

  /**
   * How long a client may keep {@code server/discover}'s answer: what the window supports does not
   * change while it runs; its tools do, and their lists are fresh for no time.
   */
  static final long DISCOVER_TTL_MS = 60_000;

  /** The JSON-RPC code for an error inside the server. */
  static final int INTERNAL_ERROR = -32603;

  private final McpServer server;
  private final JsonRpcLineGuard lines;

  /**
   * @param tools the session's tools
   * @param version the server's version, as {@code initialize} reports it
   * @param lines where answers go, as whole lines among the legacy session's
   */
  ModernDoor(ModernTools.Source tools, String version, JsonRpcLineGuard lines) {
    this.lines = lines;
    this.server =
        McpServer.builder()
            .serverInfo(McpSchema.Implementation.builder(McpFrontDoor.SERVER_NAME, version).build())
            .instructions(McpFrontDoor.INSTRUCTIONS)
            .supportedVersions(List.of(ModernEra.VERSION))
            .jsonMapper(Json.MCP)
            .discoverCache(DISCOVER_TTL_MS, McpSchema.CacheScope.PRIVATE)
            .feature(ToolsFeature.ofAsync(new ModernTools(tools)))
            .build();
  }

  /**
   * Serves one modern message ({@link ModernEra#isModern}); its answer, and any progress before it,
   * are written as they come, on the thread that has them.
   */
  void handle(JsonNode tree) {
    JsonRpc.JSONRPCMessage message;
    try {
      message = JsonRpc.deserializeMessage(Json.MCP, Json.text(tree));
    } catch (IOException | RuntimeException e) {
      answer(
          tree.get("id"), JsonRpcLineGuard.INVALID_REQUEST, "Invalid Request: " + e.getMessage());
      return;
    }
    if (message instanceof JsonRpc.JSONRPCRequest request) {
      server
          .handle(McpTransportContext.EMPTY, request)
          .subscribe(
              this::write,
              failure -> answer(tree.get("id"), INTERNAL_ERROR, "Internal error: " + failure));
    } else if (message instanceof JsonRpc.JSONRPCNotification notification) {
      server
          .handleNotification(McpTransportContext.EMPTY, notification)
          .subscribe(
              null,
              failure ->
                  LOG.log(
                      System.Logger.Level.DEBUG,
                      "a modern notification failed: {0}",
                      failure.toString()));
    }
  }

  private void write(McpTransportResponse response) {
    if (response instanceof McpTransportResponse.Result result) {
      writeLine(result.response());
    } else if (response instanceof McpTransportResponse.Error error) {
      writeLine(error.response());
    } else if (response instanceof McpTransportResponse.Streaming streaming) {
      streaming.messages().subscribe(this::writeLine);
    }
  }

  private void writeLine(JsonRpc.JSONRPCMessage message) {
    try {
      lines.writeLine(Json.MCP.writeValueAsBytes(message));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void answer(JsonNode id, int code, String text) {
    try {
      lines.answer(id, code, text);
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "answering the agent failed: {0}", e.toString());
    }
  }
}
