package io.github.providergateway.federation;

import io.github.providergateway.host.api.McpFeature;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A client transport that keeps the server's {@code notifications/tools/list_changed}, {@code
 * notifications/resources/list_changed} and {@code notifications/prompts/list_changed} from the SDK
 * and tells {@link ListChanges} instead (the last two since decision 131: the agent lists them
 * again, not the gateway). The SDK's client (2.0.1) sends {@code tools/list} for every such
 * notification, however many are in flight, so a server flooding them kept a core busy and the
 * gateway's memory growing (issue 35); {@link ToolsRelister} lists once for many.
 */
final class ListChangedTransport extends ForwardingTransport {

  private final ListChanges changed;

  /**
   * @param changed told of each {@code list_changed}, on the thread that read it
   */
  ListChangedTransport(McpClientTransport delegate, ListChanges changed) {
    super(delegate);
    this.changed = changed;
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return delegate().connect(messages -> handler.apply(messages.filter(this::forTheSdk)));
  }

  private boolean forTheSdk(McpSchema.JSONRPCMessage message) {
    if (!(message instanceof McpSchema.JSONRPCNotification notification)) {
      return true;
    }
    switch (notification.method()) {
      case McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED -> changed.tools().run();
      case McpSchema.METHOD_NOTIFICATION_RESOURCES_LIST_CHANGED ->
          changed.offers().accept(McpFeature.RESOURCES_LIST);
      case McpSchema.METHOD_NOTIFICATION_PROMPTS_LIST_CHANGED ->
          changed.offers().accept(McpFeature.PROMPTS_LIST);
      default -> {
        return true;
      }
    }
    return false;
  }
}
