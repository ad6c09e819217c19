package io.github.providergateway.federation;

import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Mono;

/**
 * A client transport that can cancel a {@code tools/call} on the server. The SDK's client (2.0.1)
 * sends no {@code notifications/cancelled} when a call's subscription is disposed, and does not say
 * which JSON-RPC id it gave a request; so each call carries the gateway's call id as its {@code
 * progressToken}, and this transport, seeing the request go out, remembers its JSON-RPC id under
 * that token. {@link #cancel} then sends the server the notification MCP specifies.
 */
final class CancellingTransport extends ForwardingTransport {

  /** MCP's cancellation notification (the SDK 2.0.1 has no constant for it). */
  static final String CANCELLED = "notifications/cancelled";

  /** JSON-RPC request ids of calls in flight, by their progress token (the gateway's call id). */
  private final Map<Object, Object> requestIds = new ConcurrentHashMap<>();

  CancellingTransport(McpClientTransport delegate) {
    super(delegate);
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    if (message instanceof McpSchema.JSONRPCRequest request
        && McpSchema.METHOD_TOOLS_CALL.equals(request.method())
        && request.params() instanceof McpSchema.CallToolRequest call
        && call.meta() != null
        && call.meta().get("progressToken") != null) {
      requestIds.put(call.meta().get("progressToken"), request.id());
    }
    return super.sendMessage(message);
  }

  /**
   * Tells the server to stop the call whose progress token is {@code token}; nothing if it is not
   * in flight.
   */
  void cancel(Object token, String reason) {
    Object requestId = requestIds.remove(token);
    if (requestId != null) {
      delegate()
          .sendMessage(
              new McpSchema.JSONRPCNotification(
                  McpSchema.JSONRPC_VERSION,
                  CANCELLED,
                  Map.of("requestId", requestId, "reason", reason)))
          .onErrorComplete()
          .subscribe();
    }
  }

  /** The call whose progress token is {@code token} ended. */
  void forget(Object token) {
    requestIds.remove(token);
  }
}
