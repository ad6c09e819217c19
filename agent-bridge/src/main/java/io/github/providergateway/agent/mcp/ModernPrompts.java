package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.McpFeature;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.feature.McpAsyncPrompt;
import io.modelcontextprotocol.modern.server.feature.McpAsyncPromptRepository;
import io.modelcontextprotocol.modern.server.feature.PromptsPage;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The session's prompts as the 2026-07-28 era lists and gets them: its own, {@value
 * AgentSession#CONTEXT_PROMPT} (what its providers say an agent should know now), the legacy era's
 * result carried over through their common JSON; then its federated MCP servers' (decision 123),
 * got from their server with their arguments, their arguments' completions answered by it ({@link
 * SessionOffers}). Its list is fresh for no time ({@code ttlMs: 0}, {@code cacheScope: "private"}),
 * as the tools' ({@link ModernTools}).
 */
final class ModernPrompts implements McpAsyncPromptRepository {

  static final McpSchema.Prompt CONTEXT =
      McpSchema.Prompt.builder(AgentSession.CONTEXT_PROMPT)
          .description(AgentSession.CONTEXT_PROMPT_DESCRIPTION)
          .arguments(List.of())
          .build();

  private final ModernContext source;

  /** Where a federated prompt waits while its server asks the client (decision 134). */
  private final ModernAsks asks;

  ModernPrompts(ModernContext source, ModernAsks asks) {
    this.asks = asks;
    this.source = source;
  }

  @Override
  public Mono<PromptsPage> list(McpRequestContext context, String cursor) {
    return federated(ModernTools.clientName(context))
        .map(
            items -> {
              List<McpSchema.Prompt> listed = new ArrayList<>();
              listed.add(CONTEXT);
              for (JsonNode prompt : items) {
                listed.add(Json.MCP.convertValue(prompt, McpSchema.Prompt.class));
              }
              return new PromptsPage(listed, null, 0L, McpSchema.CacheScope.PRIVATE);
            });
  }

  /** The federated servers' prompts. */
  private Mono<JsonNode> federated(String client) {
    return source
        .feature(client, McpFeature.PROMPTS_LIST, Json.MAPPER.createObjectNode())
        .map(answer -> answer.path(McpFeature.PROMPTS_LIST.listField()))
        .onErrorMap(SessionOffers::modern);
  }

  @Override
  public Mono<McpAsyncPrompt> find(McpRequestContext context, String name) {
    if (AgentSession.CONTEXT_PROMPT.equals(name)) {
      return Mono.just(
          McpAsyncPrompt.of(
              CONTEXT,
              (served, get) ->
                  source
                      .contextPrompt(ModernTools.clientName(served))
                      .map(
                          legacy ->
                              McpAsyncResponse.result(
                                  Json.MCP.convertValue(
                                      legacy, McpSchema.GetPromptResult.class)))));
    }
    String client = ModernTools.clientName(context);
    return federated(client)
        .flatMap(
            items -> {
              for (JsonNode item : items) {
                if (name.equals(item.path("name").asText())) {
                  return Mono.just(
                      McpAsyncPrompt.of(
                              Json.MCP.convertValue(item, McpSchema.Prompt.class),
                              (served, get) -> getFederated(served, client, get))
                          .withCompletionHandler(
                              (served, complete) -> complete(source, client, complete)));
                }
              }
              return Mono.empty();
            });
  }

  @Override
  public boolean supportsCompletion() {
    return true;
  }

  /**
   * A federated prompt, held while its server asks the client something first (decision 134): the
   * server's requests come back as this request's {@code input_required} ({@link ModernAsks}, the
   * state bound to {@code prompts/get <name>} and its arguments), and the retry carries the
   * answers.
   */
  private Mono<McpAsyncResponse<McpSchema.GetPromptOutcome>> getFederated(
      McpRequestContext served, String client, McpSchema.GetPromptRequest get) {
    ObjectNode params = Json.MAPPER.createObjectNode().put("name", get.name());
    if (get.arguments() != null) {
      params.set("arguments", Json.tree(get.arguments()));
    }
    String key = io.modelcontextprotocol.spec.McpSchema.METHOD_PROMPT_GET + " " + get.name();
    JsonNode args = Json.tree(get.arguments() == null ? java.util.Map.of() : get.arguments());
    if (get.requestState() != null) {
      return asks.<McpSchema.GetPromptOutcome>resume(
              get.requestState(), key, args, get.inputResponses())
          .map(McpAsyncResponse::result);
    }
    Mono<McpSchema.GetPromptOutcome> result =
        source
            .feature(client, McpFeature.PROMPTS_GET, params)
            .map(
                legacy ->
                    (McpSchema.GetPromptOutcome)
                        Json.MCP.convertValue(legacy, McpSchema.GetPromptResult.class))
            .onErrorMap(SessionOffers::modern);
    return asks.start(key, args, null, served.clientCapabilities(), result)
        .map(McpAsyncResponse::result);
  }

  /**
   * A completion of a federated prompt's argument or template's variable, answered by its server.
   */
  static Mono<McpSchema.CompleteResult> complete(
      ModernContext source, String client, McpSchema.CompleteRequest request) {
    ObjectNode params = Json.MAPPER.createObjectNode();
    params.set("ref", Json.tree(request.ref()));
    params.set("argument", Json.tree(request.argument()));
    if (request.context() != null) {
      params.set("context", Json.tree(request.context()));
    }
    return source
        .feature(client, McpFeature.COMPLETE, params)
        .map(legacy -> Json.MCP.convertValue(legacy, McpSchema.CompleteResult.class))
        .onErrorMap(SessionOffers::modern);
  }
}
