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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.Disposable;
import reactor.core.Disposables;
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

  /** The session the door serves: told of a discover. */
  private final ModernTools.Source tools;

  /** The request {@code _meta} key a modern client names itself under. */
  static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";

  /**
   * The requests being served, by their id's JSON text: what a {@code notifications/cancelled}
   * stops. Bounded by the window's own bound on requests in flight.
   */
  private final Map<String, Disposable> inFlight = new ConcurrentHashMap<>();

  /** Where one request's answer goes: a window's lines, or an HTTP request's reply. */
  interface Replies {
    /** The request's one answer, a result or an error. */
    void send(JsonRpc.JSONRPCMessage answer);

    /**
     * The request's notifications (its progress, a subscription's changes) and then its answer, as
     * they come; {@return the subscription to them}, disposed when the request is cancelled.
     */
    Disposable stream(Flux<JsonRpc.JSONRPCMessage> messages);

    /** A notification, taken: it has no answer (over HTTP, a 202 with no body). */
    void accepted();

    /** A message that could not be served at all: JSON-RPC's {@code code} and why. */
    void refuse(JsonNode id, int code, String text);
  }

  /**
   * @param tools the session's tools
   * @param context the session's prompt and stream resources
   * @param version the server's version, as {@code initialize} reports it
   */
  ModernDoor(ModernTools.Source tools, ModernContext context, String version) {
    this.tools = tools;
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
            .feature(PromptsFeature.ofAsync(new ModernPrompts(context, tools.asks())))
            .feature(ResourcesFeature.ofAsync(new ModernResources(context)))
            .subscriptions(tools.changes())
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
      if (ModernEra.DISCOVER.equals(request.method())) {
        JsonNode name = tree.path("params").path("_meta").path(CLIENT_INFO).path("name");
        tools.discovered(name.isTextual() ? name.textValue() : null);
      }
      String key = idKey(tree.get("id"));
      // What cancelling stops: the request's handling and, once it streams, its stream.
      Disposable.Composite running = Disposables.composite();
      inFlight.put(key, running);
      running.add(
          server
              .handle(McpTransportContext.EMPTY, request)
              .subscribe(
                  response -> {
                    if (response instanceof McpTransportResponse.Streaming streaming) {
                      // A subscription or a call with progress: in flight until its stream ends.
                      running.add(
                          replies.stream(
                              streaming
                                  .messages()
                                  .doFinally(signal -> inFlight.remove(key, running))));
                      return;
                    }
                    inFlight.remove(key, running);
                    if (response instanceof McpTransportResponse.Result result) {
                      replies.send(result.response());
                    } else if (response instanceof McpTransportResponse.Error error) {
                      replies.send(error.response());
                    }
                  },
                  failure -> {
                    inFlight.remove(key, running);
                    replies.refuse(tree.get("id"), INTERNAL_ERROR, "Internal error: " + failure);
                  }));
    } else if (message instanceof JsonRpc.JSONRPCNotification notification) {
      replies.accepted();
      if (CANCELLED.equals(notification.method())) {
        cancel(tree);
        return;
      }
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

  /**
   * The agent has gone (its input ended, its HTTP session closed): every subscription ends with its
   * result, as a server that stops listening ends it, and nothing holds the window open.
   */
  void close() {
    server.closeGracefully();
  }

  /** A request id as a key: its JSON text (a string's quotes kept), or "" for none. */
  private static String idKey(JsonNode id) {
    return id == null ? "" : id.toString();
  }

  /** The notification a client cancels a request (a call, a subscription) with. */
  static final String CANCELLED = "notifications/cancelled";

  /**
   * Whether {@code tree} cancels a request this door is serving: a {@code notifications/cancelled}
   * naming one in flight (a client need not mark its cancellation with the modern {@code _meta}).
   */
  boolean cancels(JsonNode tree) {
    return CANCELLED.equals(tree.path("method").asText())
        && inFlight.containsKey(idKey(tree.path("params").get("requestId")));
  }

  /**
   * Cancels the request {@code tree}'s {@code requestId} names, if it is in flight: its stream
   * stops (a subscription sends nothing more) and it gets no answer, as MCP has it.
   */
  private void cancel(JsonNode tree) {
    Disposable running = inFlight.remove(idKey(tree.path("params").get("requestId")));
    if (running != null) {
      running.dispose();
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
      public Disposable stream(Flux<JsonRpc.JSONRPCMessage> messages) {
        return messages.subscribe(this::write);
      }

      @Override
      public void accepted() {
        // a line answers nothing
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
