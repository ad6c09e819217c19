package io.github.providergateway.agent.mcp;

import io.github.providergateway.host.api.ProgressListener;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.concurrent.atomic.AtomicLong;

/** {@code tool.progress} as {@code notifications/progress} for the request's token. */
final class ProgressRelay implements ProgressListener {
  private final McpAsyncServerExchange exchange;
  private final Object token;
  private final AtomicLong count = new AtomicLong();

  ProgressRelay(McpAsyncServerExchange exchange, Object token) {
    this.exchange = exchange;
    this.token = token;
  }

  @Override
  public void progress(String message) {
    exchange
        .progressNotification(
            new McpSchema.ProgressNotification(token, count.incrementAndGet(), null, message))
        .onErrorComplete()
        .subscribe();
  }
}
