package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.McpFeature;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.feature.McpAsyncResource;
import io.modelcontextprotocol.modern.server.feature.McpAsyncResourceRepository;
import io.modelcontextprotocol.modern.server.feature.McpAsyncResourceTemplate;
import io.modelcontextprotocol.modern.server.feature.ResourceTemplatesPage;
import io.modelcontextprotocol.modern.server.feature.ResourcesPage;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The session's resources as the 2026-07-28 era lists and reads them: its streams, {@code
 * gateway://streams/<stream>@<provider>}, each once it has had an event (in name order), read as
 * its retained events (newest first, JSON), as the legacy era's {@link StreamResources}; then the
 * resources and templates of its federated MCP servers (decision 123), read through to their
 * server, their templates' completions answered by it ({@link SessionOffers}). Lists and reads are
 * fresh for no time ({@code ttlMs: 0}, {@code cacheScope: "private"}): a push may add an event at
 * any moment. A URI nothing offers is {@code -32602} (2026-07-28: resource not found).
 */
final class ModernResources implements McpAsyncResourceRepository {

  private final ModernContext source;

  ModernResources(ModernContext source) {
    this.source = source;
  }

  @Override
  public Mono<ResourcesPage> list(McpRequestContext context, String cursor) {
    String client = ModernTools.clientName(context);
    return source
        .streams(client)
        .zipWith(federated(client, McpFeature.RESOURCES_LIST))
        .map(
            both -> {
              List<McpSchema.Resource> listed = new ArrayList<>();
              for (String stream : both.getT1()) {
                listed.add(definition(stream));
              }
              for (JsonNode resource : both.getT2()) {
                listed.add(Json.MCP.convertValue(resource, McpSchema.Resource.class));
              }
              return new ResourcesPage(listed, null, 0L, McpSchema.CacheScope.PRIVATE);
            });
  }

  @Override
  public Mono<ResourceTemplatesPage> listTemplates(McpRequestContext context, String cursor) {
    return federated(ModernTools.clientName(context), McpFeature.RESOURCE_TEMPLATES_LIST)
        .map(
            items -> {
              List<McpSchema.ResourceTemplate> listed = new ArrayList<>();
              for (JsonNode template : items) {
                listed.add(Json.MCP.convertValue(template, McpSchema.ResourceTemplate.class));
              }
              return new ResourceTemplatesPage(listed, null, 0L, McpSchema.CacheScope.PRIVATE);
            });
  }

  /** The federated servers' items of a {@code method} list. */
  private Mono<JsonNode> federated(String client, McpFeature method) {
    return source
        .feature(client, method, Json.MAPPER.createObjectNode())
        .map(answer -> answer.path(method.listField()))
        .onErrorMap(SessionOffers::modern);
  }

  @Override
  public Mono<McpAsyncResource> find(McpRequestContext context, String uri) {
    String client = ModernTools.clientName(context);
    if (!uri.startsWith(StreamResources.URI_PREFIX)) {
      // A federated server's, or nothing's: the gateway says which (decision 123).
      return Mono.just(McpAsyncResource.of((request, read) -> readFederated(client, uri)));
    }
    String stream = uri.substring(StreamResources.URI_PREFIX.length());
    return source
        .streams(client)
        .filter(streams -> streams.contains(stream))
        .map(
            known ->
                McpAsyncResource.of(
                    (request, read) ->
                        source.readStream(client, stream).map(legacy -> fresh(Json.tree(legacy)))));
  }

  @Override
  public Mono<McpAsyncResourceTemplate> findTemplate(McpRequestContext context, String template) {
    String client = ModernTools.clientName(context);
    return federated(client, McpFeature.RESOURCE_TEMPLATES_LIST)
        .flatMap(
            items -> {
              for (JsonNode item : items) {
                if (template.equals(item.path("uriTemplate").asText())) {
                  return Mono.just(
                      McpAsyncResourceTemplate.of(
                              Json.MCP.convertValue(item, McpSchema.ResourceTemplate.class))
                          .withCompletionHandler(
                              (served, complete) ->
                                  ModernPrompts.complete(source, client, complete)));
                }
              }
              return Mono.empty();
            });
  }

  @Override
  public boolean supportsCompletion() {
    return true;
  }

  private Mono<McpAsyncResponse<McpSchema.ReadResourceOutcome>> readFederated(
      String client, String uri) {
    ObjectNode params = Json.MAPPER.createObjectNode().put("uri", uri);
    return source
        .feature(client, McpFeature.RESOURCES_READ, params)
        .map(ModernResources::fresh)
        .onErrorMap(SessionOffers::modern);
  }

  /** A read's result in the legacy era's JSON, fresh for no time. */
  private static McpAsyncResponse<McpSchema.ReadResourceOutcome> fresh(JsonNode legacy) {
    return McpAsyncResponse.result(
        McpSchema.ReadResourceResult.builder(
                Json.MCP.convertValue(legacy, McpSchema.ReadResourceResult.class).contents())
            .ttlMs(0L)
            .cacheScope(McpSchema.CacheScope.PRIVATE)
            .build());
  }

  static McpSchema.Resource definition(String stream) {
    return McpSchema.Resource.builder(StreamResources.uri(stream), stream)
        .description("Events the provider pushed to stream " + stream + " (newest first)")
        .mimeType("application/json")
        .build();
  }
}
