package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.HmacRequestStateCodec;
import io.modelcontextprotocol.modern.server.McpServer;
import io.modelcontextprotocol.modern.server.McpTransportResponse;
import io.modelcontextprotocol.modern.server.feature.PromptsFeature;
import io.modelcontextprotocol.modern.server.feature.ResourcesFeature;
import io.modelcontextprotocol.modern.server.feature.ToolsFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import reactor.core.publisher.Flux;

/**
 * The 2026-07-28 era of a window (issue 81, decision 112): {@code server/discover} before and
 * without any session, and every request that names its protocol version in {@code _meta}, served
 * statelessly by the MCP Java SDK's modern server ({@code io.modelcontextprotocol.modern}) on the
 * same lines as the legacy session's. Its tools, prompt and resources are the window's session's
 * ({@link ModernTools}, {@link ModernPrompts}, {@link ModernResources}); the SDK checks each
 * request (its version, {@code -32022} with the versions supported, its parameters) and puts {@code
 * resultType}, the server's info and the cache fields on results.
 */
final class ModernDoor {
  private static final System.Logger LOG = System.getLogger(ModernDoor.class.getName());

  /**
   * How long a client may keep {@code server/discover}'s answer: what the window supports does not
   * change while it runs; its tools do, and their lists are fresh for no time.
   */
  static final long DISCOVER_TTL_MS = 60_000;

  /** How long a sealed {@code requestState} may be brought back. */
  static final java.time.Duration REQUEST_STATE_TTL = java.time.Duration.ofMinutes(10);

  private static byte[] freshKey() {
    byte[] key = new byte[32];
    new java.security.SecureRandom().nextBytes(key);
    return key;
  }

  /** The JSON-RPC code for an error inside the server. */
  static final int INTERNAL_ERROR = -32603;

  private final McpServer server;

  /** Where one request's answer goes: a window's lines, or an HTTP request's reply. */
  interface Replies {
    /** The request's one answer, a result or an error. */
    void send(JsonRpc.JSONRPCMessage answer);

    /** The request's notifications (its progress) and then its answer, as they come. */
    void stream(Flux<JsonRpc.JSONRPCMessage> messages);

    /** A message that could not be served at all: JSON-RPC's {@code code} and why. */
    void refuse(JsonNode id, int code, String text);
  }

  /**
   * @param tools the session's tools
   * @param context the session's prompt and stream resources
   * @param version the server's version, as {@code initialize} reports it
   */
  ModernDoor(ModernTools.Source tools, ModernContext context, String version) {
    this.server =
        McpServer.builder()
            .serverInfo(McpSchema.Implementation.builder(McpFrontDoor.SERVER_NAME, version).build())
            .instructions(McpFrontDoor.INSTRUCTIONS)
            .supportedVersions(List.of(ModernEra.VERSION))
            .jsonMapper(Json.MCP)
            .discoverCache(DISCOVER_TTL_MS, McpSchema.CacheScope.PRIVATE)
            // State sealed for an input_required round is this door's alone: a key of its own,
            // made here, never written anywhere (the SDK warns when it has to make one itself).
            .requestStateCodec(
                HmacRequestStateCodec.builder()
                    .key(freshKey())
                    .ttl(REQUEST_STATE_TTL)
                    .jsonMapper(Json.MCP)
                    .build())
            .feature(ToolsFeature.ofAsync(new ModernTools(tools)))
            .feature(PromptsFeature.ofAsync(new ModernPrompts(context)))
            .feature(ResourcesFeature.ofAsync(new ModernResources(context)))
            .build();
  }

  /**
   * Serves one modern message ({@link ModernEra#isModern}); its answer, and any progress before it,
   * go to {@code replies} as they come, on the thread that has them. A notification has none.
   */
  void handle(JsonNode tree, Replies replies) {
    JsonRpc.JSONRPCMessage message;
    try {
      message = JsonRpc.deserializeMessage(Json.MCP, Json.text(tree));
    } catch (IOException | RuntimeException e) {
      replies.refuse(
          tree.get("id"), JsonRpcLineGuard.INVALID_REQUEST, "Invalid Request: " + e.getMessage());
      return;
    }
    if (message instanceof JsonRpc.JSONRPCRequest request) {
      server
          .handle(McpTransportContext.EMPTY, request)
          .subscribe(
              response -> {
                if (response instanceof McpTransportResponse.Result result) {
                  replies.send(result.response());
                } else if (response instanceof McpTransportResponse.Error error) {
                  replies.send(error.response());
                } else if (response instanceof McpTransportResponse.Streaming streaming) {
                  replies.stream(streaming.messages());
                }
              },
              failure ->
                  replies.refuse(tree.get("id"), INTERNAL_ERROR, "Internal error: " + failure));
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

  /** A window's answers: each message a line among the legacy session's. */
  static Replies lines(JsonRpcLineGuard lines) {
    return new Replies() {
      @Override
      public void send(JsonRpc.JSONRPCMessage answer) {
        write(answer);
      }

      @Override
      public void stream(Flux<JsonRpc.JSONRPCMessage> messages) {
        messages.subscribe(this::write);
      }

      @Override
      public void refuse(JsonNode id, int code, String text) {
        try {
          lines.answer(id, code, text);
        } catch (IOException e) {
          LOG.log(System.Logger.Level.DEBUG, "answering the agent failed: {0}", e.toString());
        }
      }

      private void write(JsonRpc.JSONRPCMessage message) {
        try {
          lines.writeLine(Json.MCP.writeValueAsBytes(message));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }
}
