package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpAsyncClient;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Mono;

/**
 * A 2026-07-28 server's resources, templates, prompts and completions (decision 123), through the
 * SDK's modern client: every page of a list gathered ({@code -32601} for one it does not serve is
 * an empty list), the params read from the 2025 era's JSON (which names the same fields), results
 * given back in it without the fields only this era's results carry. An {@code input_required}
 * answer fails by name, as a tool call's does (decision 115).
 */
final class ModernFeatures {

  private final McpServerConfig config;
  private final McpAsyncClient client;

  /** Where the server's input requests during a {@code prompts/get} go (decision 134). */
  private final UpstreamAsks asks;

  private final InputRounds rounds;

  ModernFeatures(
      McpServerConfig config, McpAsyncClient client, UpstreamAsks asks, InputRounds rounds) {
    this.config = config;
    this.client = client;
    this.asks = asks;
    this.rounds = rounds;
  }

  CompletableFuture<JsonNode> ask(String sessionId, McpFeature method, JsonNode params) {
    Mono<JsonNode> answer =
        switch (method) {
          case RESOURCES_LIST ->
              listed(
                  method,
                  cursor ->
                      client
                          .resources()
                          .cursor(cursor)
                          .list()
                          .map(
                              page -> FeatureAnswers.Page.of(page.resources(), page.nextCursor())));
          case RESOURCE_TEMPLATES_LIST ->
              listed(
                  method,
                  cursor ->
                      client
                          .resourceTemplates()
                          .cursor(cursor)
                          .list()
                          .map(
                              page ->
                                  FeatureAnswers.Page.of(
                                      page.resourceTemplates(), page.nextCursor())));
          case PROMPTS_LIST ->
              listed(
                  method,
                  cursor ->
                      client
                          .prompts()
                          .cursor(cursor)
                          .list()
                          .map(page -> FeatureAnswers.Page.of(page.prompts(), page.nextCursor())));
          case RESOURCES_READ ->
              Mono.defer(() -> client.resource(params.path("uri").asText()).read())
                  .map(FeatureAnswers::tree);
          case PROMPTS_GET -> Mono.defer(() -> prompt(sessionId, params)).map(FeatureAnswers::tree);
          case COMPLETE -> Mono.defer(() -> complete(params)).map(FeatureAnswers::tree);
        };
    return answer.onErrorMap(failure -> FeatureAnswers.failure(config, method, failure)).toFuture();
  }

  /**
   * A prompt, round by round when the server asks the agent's client first ({@code input_required},
   * decision 134), with what the client declared passed on as a call's is.
   */
  private Mono<McpSchema.GetPromptResult> prompt(String sessionId, JsonNode params) {
    String name = params.path("name").asText();
    JsonNode args = params.path("arguments").isObject() ? params.get("arguments") : null;
    String key = asks.promptKey(name);
    return asks.declared(sessionId, key, args)
        .flatMap(
            declared ->
                rounds.run(
                    name,
                    (responses, state) -> {
                      var spec =
                          client
                              .prompt(name)
                              .arguments(strings(params.path("arguments")))
                              .meta(
                                  java.util.Map.of(
                                      DeclaringTransport.DECLARED, declared.upstream()));
                      if (state != null) {
                        spec = spec.requestState(state);
                      }
                      if (responses != null) {
                        spec = spec.inputResponses(responses);
                      }
                      return spec.getOnce();
                    },
                    requests -> asks.round(sessionId, key, args, requests, declared),
                    McpSchema.GetPromptResult.class));
  }

  private static Mono<JsonNode> listed(
      McpFeature method, java.util.function.Function<String, Mono<FeatureAnswers.Page>> page) {
    return FeatureAnswers.allPages(method, page)
        .onErrorResume(FeatureAnswers::offersNone, none -> Mono.just(method.emptyList()));
  }

  private Mono<McpSchema.CompleteResult> complete(JsonNode params) {
    JsonNode ref = params.path("ref");
    McpSchema.CompleteReference reference =
        "ref/prompt".equals(ref.path("type").asText())
            ? new McpSchema.PromptReference(ref.path("name").asText())
            : new McpSchema.ResourceReference(ref.path("uri").asText());
    JsonNode argument = params.path("argument");
    return client
        .completion(reference, argument.path("name").asText(), argument.path("value").asText())
        .context(strings(params.path("context").path("arguments")))
        .complete();
  }

  /** A JSON object of strings as a map; anything else an empty one. */
  private static Map<String, String> strings(JsonNode object) {
    Map<String, String> strings = new LinkedHashMap<>();
    if (object.isObject()) {
      object
          .fields()
          .forEachRemaining(field -> strings.put(field.getKey(), field.getValue().asText()));
    }
    return strings;
  }
}
