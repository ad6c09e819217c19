package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import reactor.core.Disposable;

/**
 * The MCP client of the era a server is served in (decision 115), in the gateway's terms: {@link
 * LegacyServer} for 2025-11-25 and before, {@link ModernServer} for 2026-07-28. {@link McpBridge}
 * holds one per run, chosen by the probe, and never sees an SDK type through it. Thread-safe.
 */
interface EraClient {

  /**
   * Lists the server's tools, every page.
   *
   * @param skipped gets the names left out, outside the gateway's grammar
   * @return the tools as the gateway registers them (the configured prefix before their names)
   */
  CompletableFuture<List<ToolDefinition>> tools(List<String> skipped);

  /**
   * Calls {@code tool}; disposing the handle before the result stops waiting for it.
   *
   * @param tool the tool's name on the server (without the prefix)
   * @param token the call's key in the bridge, {@code <session>/<call id>}
   * @param callId the gateway's id of the call, for the result
   * @param progress told of each progress notification of this call, as text
   * @param done told once of the result: the server's, or a failure that names why
   */
  Disposable call(
      String tool,
      JsonNode args,
      String token,
      String callId,
      Consumer<String> progress,
      Consumer<ToolResult> done);

  /**
   * The gateway cancelled the call with {@code token}, after disposing its handle: the server is
   * told, if disposing did not tell it already.
   */
  void cancelled(String token, String reason);

  /** The call with {@code token} ended; what was kept for it is let go. */
  void ended(String token);

  /**
   * Asks the server an MCP request beyond tools (decision 123): its resources, templates, prompts
   * and completions, in the 2025 era's JSON whichever era it is served in.
   *
   * @param sessionId the session that asks (a 2026-07-28 server's questions during a {@code
   *     prompts/get} go to its agent's client: decision 134)
   * @param method the request
   * @param params its {@code params}
   * @return the result; fails with a {@code HostException} naming the server and why
   */
  CompletableFuture<JsonNode> feature(String sessionId, McpFeature method, JsonNode params);

  /** Closes the client; a stdio server's process is stopped by its owner. */
  void close();
}
