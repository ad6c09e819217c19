package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.feature.McpAsyncPrompt;
import io.modelcontextprotocol.modern.server.feature.McpAsyncPromptRepository;
import io.modelcontextprotocol.modern.server.feature.PromptsPage;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The session's one prompt, {@value AgentSession#CONTEXT_PROMPT} (what its providers say an agent
 * should know now), as the 2026-07-28 era lists and gets it: the legacy era's result carried over
 * through their common JSON. Its list is fresh for no time ({@code ttlMs: 0}, {@code cacheScope:
 * "private"}), as the tools' ({@link ModernTools}).
 */
final class ModernPrompts implements McpAsyncPromptRepository {

  static final McpSchema.Prompt CONTEXT =
      McpSchema.Prompt.builder(AgentSession.CONTEXT_PROMPT)
          .description(AgentSession.CONTEXT_PROMPT_DESCRIPTION)
          .arguments(List.of())
          .build();

  private final ModernContext source;

  ModernPrompts(ModernContext source) {
    this.source = source;
  }

  @Override
  public Mono<PromptsPage> list(McpRequestContext context, String cursor) {
    return Mono.just(new PromptsPage(List.of(CONTEXT), null, 0L, McpSchema.CacheScope.PRIVATE));
  }

  @Override
  public Mono<McpAsyncPrompt> find(McpRequestContext context, String name) {
    if (!AgentSession.CONTEXT_PROMPT.equals(name)) {
      return Mono.empty();
    }
    return Mono.just(
        McpAsyncPrompt.of(
            CONTEXT,
            (served, get) ->
                source
                    .contextPrompt(ModernTools.clientName(served))
                    .map(
                        legacy ->
                            McpAsyncResponse.result(
                                Json.MCP.convertValue(legacy, McpSchema.GetPromptResult.class)))));
  }
}
