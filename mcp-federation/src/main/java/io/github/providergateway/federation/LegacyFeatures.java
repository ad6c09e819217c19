package io.github.providergateway.federation;

import static io.github.providergateway.federation.FeatureAnswers.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.concurrent.CompletableFuture;
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
              resources
                  ? FeatureAnswers.allPages(
                      method,
                      cursor ->
                          client
                              .listResources(cursor)
                              .map(
                                  page ->
                                      new FeatureAnswers.Page(
                                          FeatureAnswers.items(page.resources()),
                                          page.nextCursor())))
                  : Mono.just(method.emptyList());
          case RESOURCE_TEMPLATES_LIST ->
              resources
                  ? FeatureAnswers.allPages(
                      method,
                      cursor ->
                          client
                              .listResourceTemplates(cursor)
                              .map(
                                  page ->
                                      new FeatureAnswers.Page(
                                          FeatureAnswers.items(page.resourceTemplates()),
                                          page.nextCursor())))
                  : Mono.just(method.emptyList());
          case PROMPTS_LIST ->
              prompts
                  ? FeatureAnswers.allPages(
                      method,
                      cursor ->
                          client
                              .listPrompts(cursor)
                              .map(
                                  page ->
                                      new FeatureAnswers.Page(
                                          FeatureAnswers.items(page.prompts()), page.nextCursor())))
                  : Mono.just(method.emptyList());
          case RESOURCES_READ ->
              Mono.defer(
                      () ->
                          client.readResource(
                              JSON.convertValue(params, McpSchema.ReadResourceRequest.class)))
                  .map(FeatureAnswers::tree);
          case PROMPTS_GET ->
              Mono.defer(
                      () ->
                          client.getPrompt(
                              JSON.convertValue(params, McpSchema.GetPromptRequest.class)))
                  .map(FeatureAnswers::tree);
          case COMPLETE ->
              Mono.defer(
                      () ->
                          client.completeCompletion(
                              JSON.convertValue(params, McpSchema.CompleteRequest.class)))
                  .map(FeatureAnswers::tree);
        };
    return answer.onErrorMap(failure -> FeatureAnswers.failure(config, method, failure)).toFuture();
  }
}
