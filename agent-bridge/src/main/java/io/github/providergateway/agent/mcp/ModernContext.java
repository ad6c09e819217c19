package io.github.providergateway.agent.mcp;

import java.util.List;
import reactor.core.publisher.Mono;

/**
 * What the 2026-07-28 era's prompts and resources ({@link ModernPrompts}, {@link ModernResources})
 * ask of the agent's session: the same prompt and stream resources the legacy session serves
 * ({@link AgentSession#contextPrompt}, {@link StreamResources}), in the session a modern request of
 * {@code client} is served in (started by it when none is yet, as a tool list starts it).
 */
interface ModernContext {

  /** The {@value AgentSession#CONTEXT_PROMPT} prompt's result, as the legacy era's. */
  Mono<io.modelcontextprotocol.spec.McpSchema.GetPromptResult> contextPrompt(String client);

  /** The streams ({@code name@provider}) that have had an event, in name order. */
  Mono<List<String>> streams(String client);

  /**
   * The session's federated MCP servers' answer to {@code method} (decision 123): their items alone
   * for a list, those that would shadow the gateway's own left out. Fails with the legacy era's
   * {@code McpError} the agent is told.
   */
  Mono<com.fasterxml.jackson.databind.JsonNode> feature(
      String client,
      io.github.providergateway.host.api.McpFeature method,
      com.fasterxml.jackson.databind.JsonNode params);

  /** The events {@code stream} retains, as the legacy era reads its resource. */
  Mono<io.modelcontextprotocol.spec.McpSchema.ReadResourceResult> readStream(
      String client, String stream);
}
