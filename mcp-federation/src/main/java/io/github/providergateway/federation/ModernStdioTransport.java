package io.github.providergateway.federation;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.McpStdio;
import io.modelcontextprotocol.modern.client.McpResponseLostException;
import io.modelcontextprotocol.modern.client.transport.McpClientTransport;
import io.modelcontextprotocol.modern.client.transport.McpTransportRequest;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;

/**
 * The MCP Java SDK's 2026-07-28 client transport over a server process the gateway owns ({@link
 * StdioServerProcess}): each request is one line on the server's stdin, and the server's lines are
 * routed back to the exchange they belong to — a response by its {@code id}, a progress
 * notification by its {@code progressToken}, a {@code subscriptions/listen} notification by its
 * {@code io.modelcontextprotocol/subscriptionId}. An exchange disposed before its response (the
 * gateway cancelled the call) sends {@code notifications/cancelled} (spec 2026-07-28:
 * cancellation). Written here rather than taken from the SDK ({@code StdioMcpClientTransport}) for
 * the reason {@link StdioServerProcess} gives: the gateway must own the process, and the era is
 * chosen on the process already running (decision 115). Thread-safe.
 */
final class ModernStdioTransport implements McpClientTransport {

  private static final TypeRef<Map<String, Object>> MAP = new TypeRef<>() {};

  /** An open request: its method, its progress token (or null) and where its messages go. */
  private record Exchange(
      Object id, String method, Object progressToken, FluxSink<JsonRpc.JSONRPCMessage> sink) {}

  private final StdioServerProcess process;
  private final McpJsonMapper mapper;

  /** Open exchanges by their request id ({@link McpStdio#idKey}). */
  private final Map<Object, Exchange> byId = new ConcurrentHashMap<>();

  /** Open exchanges by their progress token. */
  private final Map<Object, Exchange> byProgressToken = new ConcurrentHashMap<>();

  /** Whether the server's output has ended; set once. */
  private volatile boolean ended;

  ModernStdioTransport(StdioServerProcess process, McpJsonMapper mapper) {
    this.process = process;
    this.mapper = mapper;
  }

  /**
   * Starts the server (unless it runs) with its lines routed here.
   *
   * @throws IllegalStateException when the process cannot be started
   */
  void start() {
    process.start(this::route);
  }

  /** The server's output ended: every open exchange fails, as its response is lost. */
  void ended(String why) {
    ended = true;
    for (Exchange exchange : List.copyOf(byId.values())) {
      if (unregister(exchange)) {
        exchange
            .sink()
            .error(new McpResponseLostException(exchange.method(), new IOException(why)));
      }
    }
  }

  @Override
  public Flux<JsonRpc.JSONRPCMessage> exchange(McpTransportRequest request) {
    return request.withRoundTimeout(send(request));
  }

  private Flux<JsonRpc.JSONRPCMessage> send(McpTransportRequest request) {
    JsonRpc.JSONRPCRequest message = request.message();
    return Flux.create(
        sink -> {
          if (ended) {
            sink.error(new McpResponseLostException(request.method(), new IOException("ended")));
            return;
          }
          String line;
          Object token;
          try {
            line = json(message);
            token = progressToken(message);
          } catch (IOException | RuntimeException unwritable) {
            sink.error(new IllegalArgumentException("the request cannot be written", unwritable));
            return;
          }
          Exchange exchange = new Exchange(message.id(), request.method(), token, sink);
          if (byId.putIfAbsent(McpStdio.idKey(message.id()), exchange) != null) {
            sink.error(new IllegalStateException("request " + message.id() + " is in flight"));
            return;
          }
          if (token != null) {
            byProgressToken.put(McpStdio.idKey(token), exchange);
          }
          sink.onCancel(
              () -> {
                if (unregister(exchange)) {
                  cancelled(message.id());
                }
              });
          sink.onDispose(() -> unregister(exchange));
          try {
            process.writeLine(line);
          } catch (RuntimeException notWritten) {
            if (unregister(exchange)) {
              sink.error(new McpResponseLostException(request.method(), notWritten));
            }
          }
        },
        FluxSink.OverflowStrategy.BUFFER);
  }

  private String json(JsonRpc.JSONRPCMessage message) throws IOException {
    return mapper.writeValueAsString(message).replace("\n", "").replace("\r", "");
  }

  private boolean unregister(Exchange exchange) {
    boolean removed = byId.remove(McpStdio.idKey(exchange.id()), exchange);
    if (exchange.progressToken() != null) {
      byProgressToken.remove(McpStdio.idKey(exchange.progressToken()), exchange);
    }
    return removed;
  }

  private void cancelled(Object requestId) {
    try {
      process.writeLine(
          json(
              new JsonRpc.JSONRPCNotification(
                  "notifications/cancelled",
                  new McpSchema.CancelledNotificationParams(
                      requestId, "cancelled by the provider gateway"))));
    } catch (IOException | RuntimeException notSent) {
      // The server is gone or stopped reading: its end closes the connection anyway.
    }
  }

  /** A line of the server's: to its exchange, or skipped and noted. Reader thread. */
  private void route(String line) {
    JsonRpc.JSONRPCMessage message;
    try {
      message = JsonRpc.deserializeMessage(mapper, line);
    } catch (IOException | IllegalArgumentException notJsonRpc) {
      process.skip("not a JSON-RPC message", line);
      return;
    }
    if (message instanceof JsonRpc.JSONRPCResponse response) {
      Exchange exchange = response.id() == null ? null : byId.get(McpStdio.idKey(response.id()));
      if (exchange != null && unregister(exchange)) {
        exchange.sink().next(response);
        exchange.sink().complete();
      }
      // A response to no open request (cancelled meanwhile) is dropped.
    } else if (message instanceof JsonRpc.JSONRPCNotification notification) {
      Exchange exchange = exchangeOf(notification);
      if (exchange != null) {
        exchange.sink().next(notification);
      }
    } else {
      // 2026-07-28 has no server-to-client requests: a server's question comes as input_required.
      process.skip("a request to the client, which 2026-07-28 does not have", line);
    }
  }

  private Exchange exchangeOf(JsonRpc.JSONRPCNotification notification) {
    if (!(notification.params() instanceof Map<?, ?> params)) {
      return null;
    }
    if ("notifications/progress".equals(notification.method())) {
      Object token = params.get("progressToken");
      return token == null ? null : byProgressToken.get(McpStdio.idKey(token));
    }
    if (params.get("_meta") instanceof Map<?, ?> meta
        && meta.get("io.modelcontextprotocol/subscriptionId") != null) {
      Exchange exchange =
          byId.get(McpStdio.idKey(meta.get("io.modelcontextprotocol/subscriptionId")));
      return exchange != null && "subscriptions/listen".equals(exchange.method()) ? exchange : null;
    }
    return null;
  }

  private Object progressToken(JsonRpc.JSONRPCRequest message) {
    if (message.params() == null) {
      return null;
    }
    Map<String, Object> params = mapper.convertValue(message.params(), MAP);
    return params.get("_meta") instanceof Map<?, ?> meta ? meta.get("progressToken") : null;
  }
}
