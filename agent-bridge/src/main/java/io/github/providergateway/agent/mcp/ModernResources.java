package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.server.McpAsyncResponse;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.feature.McpAsyncResource;
import io.modelcontextprotocol.modern.server.feature.McpAsyncResourceRepository;
import io.modelcontextprotocol.modern.server.feature.ResourceTemplatesPage;
import io.modelcontextprotocol.modern.server.feature.ResourcesPage;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The session's streams as the 2026-07-28 era lists and reads them: {@code
 * gateway://streams/<stream>@<provider>}, each once it has had an event (in name order), read as
 * its retained events (newest first, JSON), as the legacy era's {@link StreamResources}. No
 * templates. Lists and reads are fresh for no time ({@code ttlMs: 0}, {@code cacheScope:
 * "private"}): a push may add an event at any moment. An unknown URI is the SDK's {@code -32602}
 * (2026-07-28: resource not found).
 */
final class ModernResources implements McpAsyncResourceRepository {

  private final ModernContext source;

  ModernResources(ModernContext source) {
    this.source = source;
  }

  @Override
  public Mono<ResourcesPage> list(McpRequestContext context, String cursor) {
    return source
        .streams(ModernTools.clientName(context))
        .map(
            streams -> {
              List<McpSchema.Resource> listed = new ArrayList<>(streams.size());
              for (String stream : streams) {
                listed.add(definition(stream));
              }
              return new ResourcesPage(listed, null, 0L, McpSchema.CacheScope.PRIVATE);
            });
  }

  @Override
  public Mono<ResourceTemplatesPage> listTemplates(McpRequestContext context, String cursor) {
    return Mono.just(new ResourceTemplatesPage(List.of(), null, 0L, McpSchema.CacheScope.PRIVATE));
  }

  @Override
  public Mono<McpAsyncResource> find(McpRequestContext context, String uri) {
    if (!uri.startsWith(StreamResources.URI_PREFIX)) {
      return Mono.empty();
    }
    String stream = uri.substring(StreamResources.URI_PREFIX.length());
    String client = ModernTools.clientName(context);
    return source
        .streams(client)
        .filter(streams -> streams.contains(stream))
        .map(
            known ->
                McpAsyncResource.of(
                    (request, read) ->
                        source
                            .readStream(client, stream)
                            .map(
                                legacy ->
                                    McpAsyncResponse.result(
                                        McpSchema.ReadResourceResult.builder(
                                                Json.MCP
                                                    .convertValue(
                                                        legacy, McpSchema.ReadResourceResult.class)
                                                    .contents())
                                            .ttlMs(0L)
                                            .cacheScope(McpSchema.CacheScope.PRIVATE)
                                            .build()))));
  }

  static McpSchema.Resource definition(String stream) {
    return McpSchema.Resource.builder(StreamResources.uri(stream), stream)
        .description("Events the provider pushed to stream " + stream + " (newest first)")
        .mimeType("application/json")
        .build();
  }
}
