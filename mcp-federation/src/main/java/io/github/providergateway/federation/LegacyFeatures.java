package io.github.providergateway.federation;

import static io.github.providergateway.federation.FeatureAnswers.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A 2025-era server's resources, templates, prompts and completions (decision 123), through the
 * SDK's client of its session: a list the server's capabilities do not declare is empty, every page
 * of one it does is gathered, and the params and results cross as the era's own JSON.
 */
final class LegacyFeatures {

  private final McpServerConfig config;
  private final McpAsyncClient client;

  LegacyFeatures(McpServerConfig config, McpAsyncClient client) {
    this.config = config;
    this.client = client;
  }

  CompletableFuture<JsonNode> ask(McpFeature method, JsonNode params) {
    McpSchema.ServerCapabilities offered = client.getServerCapabilities();
    boolean resources = offered != null && offered.resources() != null;
    boolean prompts = offered != null && offered.prompts() != null;
    Mono<JsonNode> answer =
        switch (method) {
          case RESOURCES_LIST ->
              listed(
                  method,
                  resources,
                  cursor ->
                      client
                          .listResources(cursor)
                          .map(
                              page -> FeatureAnswers.Page.of(page.resources(), page.nextCursor())));
          case RESOURCE_TEMPLATES_LIST ->
              listed(
                  method,
                  resources,
                  cursor ->
                      client
                          .listResourceTemplates(cursor)
                          .map(
                              page ->
                                  FeatureAnswers.Page.of(
                                      page.resourceTemplates(), page.nextCursor())));
          case PROMPTS_LIST ->
              listed(
                  method,
                  prompts,
                  cursor ->
                      client
                          .listPrompts(cursor)
                          .map(page -> FeatureAnswers.Page.of(page.prompts(), page.nextCursor())));
          case RESOURCES_READ ->
              asked(params, McpSchema.ReadResourceRequest.class, client::readResource);
          case PROMPTS_GET -> asked(params, McpSchema.GetPromptRequest.class, client::getPrompt);
          case COMPLETE ->
              asked(params, McpSchema.CompleteRequest.class, client::completeCompletion);
        };
    return answer.onErrorMap(failure -> FeatureAnswers.failure(config, method, failure)).toFuture();
  }

  /** Every page of a list the server's capabilities declare; an empty list if they do not. */
  private static Mono<JsonNode> listed(
      McpFeature method, boolean declared, Function<String, Mono<FeatureAnswers.Page>> page) {
    return declared ? FeatureAnswers.allPages(method, page) : Mono.just(method.emptyList());
  }

  /** {@code params} read as the SDK's {@code type}, asked with {@code request}, as JSON. */
  private static <R> Mono<JsonNode> asked(
      JsonNode params, Class<R> type, Function<R, Mono<?>> request) {
    return Mono.defer(() -> request.apply(JSON.convertValue(params, type)))
        .map(FeatureAnswers::tree);
  }
}
