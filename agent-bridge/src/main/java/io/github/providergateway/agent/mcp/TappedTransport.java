package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import reactor.core.publisher.Mono;

/**
 * The transport of one agent's connection ({@link StdioTransport}, or one Streamable HTTP session's
 * {@link HttpSessionTransport}) with two additions: its one session is a {@link SessionTap}, and
 * {@code notifications/tools/list_changed} can be held back while a batch of tool changes is
 * applied ({@link #batchToolChanges}), so that the agent hears once per change of the session's
 * tool list, not once per tool the SDK adds or removes.
 */
final class TappedTransport implements McpServerTransportProvider {

  /** The transport underneath: it carries the messages. */
  private final McpServerTransportProvider carrier;

  private final SessionTap.Listener listener;
  private final AtomicBoolean batching = new AtomicBoolean();
  private final AtomicBoolean toolsChangedInBatch = new AtomicBoolean();

  /**
   * Whether the legacy era's session has begun ({@code initialize}): until then the agent speaks
   * only 2026-07-28, whose changes go to its subscriptions ({@link ModernChanges}), and hears no
   * unsolicited legacy notification.
   */
  private final BooleanSupplier legacyOpen;

  TappedTransport(
      McpServerTransportProvider carrier,
      SessionTap.Listener listener,
      BooleanSupplier legacyOpen) {
    this.carrier = carrier;
    this.listener = listener;
    this.legacyOpen = legacyOpen;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory factory) {
    carrier.setSessionFactory(
        // Both carriers write each message whole under a lock of their own, from any thread.
        transport -> new SessionTap(factory.create(transport), transport, listener));
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    if (McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(method) && batching.get()) {
      toolsChangedInBatch.set(true);
      return Mono.empty();
    }
    if (!legacyOpen.getAsBoolean()) {
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
    if ((toolsChangedInBatch.get() || always) && legacyOpen.getAsBoolean()) {
      carrier
          .notifyClients(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED, null)
          .onErrorComplete()
          .subscribe();
    }
  }
}
