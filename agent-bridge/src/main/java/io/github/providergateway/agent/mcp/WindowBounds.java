package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;

/**
 * How long a stdio window lets a request go unanswered before it answers it with an error itself:
 * {@code requestWait} for any request but {@code tools/call}, which a gate may hold while it asks
 * the person (up to the longest ask) and a provider while it works, and so gets {@link #CALL_WAIT}.
 * The shell window ({@code gateway-mcp-bridge.sh}) gives its {@code curl}s the same limits, from
 * the same variable, {@code GATEWAY_BRIDGE_TIMEOUT} (seconds).
 *
 * @param requestWait the bound of every request but {@code tools/call}
 */
record WindowBounds(Duration requestWait) {

  /** The bound of a {@code tools/call}, or {@link #requestWait} when that is longer. */
  static final Duration CALL_WAIT = Duration.ofSeconds(900);

  /** The bound without {@code GATEWAY_BRIDGE_TIMEOUT}: the session's own wait, 30 s. */
  static final WindowBounds DEFAULT = new WindowBounds(Duration.ofSeconds(30));

  /** {@return the bound of a request of {@code method}} */
  Duration of(String method) {
    if (McpSchema.METHOD_TOOLS_CALL.equals(method) && CALL_WAIT.compareTo(requestWait) > 0) {
      return CALL_WAIT;
    }
    return requestWait;
  }
}
