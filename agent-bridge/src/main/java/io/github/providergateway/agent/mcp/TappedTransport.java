package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.publisher.Mono;

/**
 * The transport of one agent's connection (the SDK's stdio transport, or one Streamable HTTP
 * session's {@link HttpSessionTransport}) with two additions: its one session is a {@link
 * SessionTap}, and {@code notifications/tools/list_changed} can be held back while a batch of tool
 * changes is applied ({@link #batchToolChanges}), so that the agent hears once per change of the
 * session's tool list, not once per tool the SDK adds or removes.
 */
final class TappedTransport implements McpServerTransportProvider {

  /** The transport underneath: it carries the messages. */
  private final McpServerTransportProvider carrier;
  private final SessionTap.Listener listener;
  private final AtomicBoolean batching = new AtomicBoolean();
  private final AtomicBoolean toolsChangedInBatch = new AtomicBoolean();

  TappedTransport(McpServerTransportProvider carrier, SessionTap.Listener listener) {
    this.carrier = carrier;
    this.listener = listener;
  }

  /** The SDK's stdio transport on {@code in} and {@code out} ({@code gateway mcp}). */
  static McpServerTransportProvider stdio(InputStream in, OutputStream out) {
    return new StdioServerTransportProvider(Json.MCP, new JsonRpcLineGuard(in, out), out);
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory factory) {
    carrier.setSessionFactory(
        transport -> {
          McpServerTransport sender = new OneSenderAtATime(transport);
          return new SessionTap(factory.create(sender), sender, listener);
        });
  }

  /**
   * The SDK's stdio session transport queues what it sends on a Reactor unicast sink, which
   * refuses ("Failed to enqueue message") an emission that overlaps another: a response on the
   * thread reading stdin and a notification from the gateway's thread (a log line, a tool list
   * change, progress) at the same moment would lose one of them. Sends are taken one at a time
   * here; once stdin and stdout are running, the SDK emits while the send is subscribed to, so
   * inside the lock.
   */
  private static final class OneSenderAtATime implements McpServerTransport {
    private final McpServerTransport transport;

    OneSenderAtATime(McpServerTransport transport) {
      this.transport = transport;
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      Mono<Void> send = transport.sendMessage(message);
      return Mono.create(
          sink -> {
            synchronized (this) {
              send.subscribe(null, sink::error, sink::success);
            }
          });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return transport.unmarshalFrom(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return transport.closeGracefully();
    }

    @Override
    public void close() {
      transport.close();
    }

    @Override
    public List<String> protocolVersions() {
      return transport.protocolVersions();
    }
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    if (McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(method) && batching.get()) {
      toolsChangedInBatch.set(true);
      return Mono.empty();
    }
    return carrier.notifyClients(method, params);
  }

  @Override
  public Mono<Void> notifyClient(String sessionId, String method, Object params) {
    return carrier.notifyClient(sessionId, method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return carrier.closeGracefully();
  }

  @Override
  public List<String> protocolVersions() {
    return carrier.protocolVersions();
  }

  /**
   * Runs {@code changes} (the SDK's {@code addTool}/{@code removeTool}, run to completion) and then
   * tells the agent once that the tool list changed, if any of them said so or {@code always}. One
   * batch at a time.
   */
  void batchToolChanges(Runnable changes, boolean always) {
    batching.set(true);
    toolsChangedInBatch.set(false);
    try {
      changes.run();
    } finally {
      batching.set(false);
    }
    if (toolsChangedInBatch.get() || always) {
      carrier.notifyClients(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED, null).onErrorComplete().subscribe();
    }
  }
}
