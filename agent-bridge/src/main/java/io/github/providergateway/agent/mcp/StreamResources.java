package io.github.providergateway.agent.mcp;

import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * The session's streams as MCP resources: {@code gateway://streams/<stream>@<provider>}, listed
 * once the stream has its first event, read as the retained events (newest first, JSON), and {@code
 * notifications/resources/updated} to agents that subscribed whenever a push adds one.
 */
final class StreamResources {

  static final String URI_PREFIX = "gateway://streams/";

  /** All a stream retains (spec: 200 events per stream). */
  static final int READ_LAST = 200;

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final McpAsyncServer server;
  private final CompletableFuture<HostApi> gateway;
  private final Supplier<Mono<String>> sessionId;
  private final Set<String> known = ConcurrentHashMap.newKeySet();

  StreamResources(
      McpAsyncServer server, CompletableFuture<HostApi> gateway, Supplier<Mono<String>> sessionId) {
    this.server = server;
    this.gateway = gateway;
    this.sessionId = sessionId;
  }

  static String uri(String stream) {
    return URI_PREFIX + stream;
  }

  /**
   * A push added an event to {@code stream} ({@code name@provider}); {@return whether it is the
   * stream's first, which makes it a resource}
   */
  boolean updated(String stream) {
    boolean first = known.add(stream);
    if (first) {
      McpSchema.Resource resource =
          McpSchema.Resource.builder()
              .uri(uri(stream))
              .name(stream)
              .description("Events the provider pushed to stream " + stream + " (newest first)")
              .mimeType("application/json")
              .build();
      server
          .addResource(
              new McpServerFeatures.AsyncResourceSpecification(
                  resource, (exchange, request) -> read(stream)))
          .onErrorComplete()
          .subscribe();
    }
    server
        .notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification(uri(stream)))
        .onErrorComplete()
        .subscribe();
    return first;
  }

  /** The streams that have had an event, in name order. */
  List<String> known() {
    return known.stream().sorted().toList();
  }

  /** The events {@code stream} retains, as its resource reads them. */
  Mono<McpSchema.ReadResourceResult> read(String stream) {
    return sessionId
        .get()
        .flatMap(id -> Mono.fromFuture(gateway.join().queryStreams(id, List.of(stream), READ_LAST)))
        .map(streams -> result(stream, streams));
  }

  private static McpSchema.ReadResourceResult result(
      String stream, Map<String, List<StreamEntry>> streams) {
    List<StreamEntry> entries = streams.getOrDefault(stream, List.of());
    // The events as stream.history writes them: {"ts", "event", "level", "metadata"}.
    String text = Json.text(CODEC.streamsToJson(Map.of(stream, entries)).get(stream));
    return new McpSchema.ReadResourceResult(
        List.of(new McpSchema.TextResourceContents(uri(stream), "application/json", text)));
  }
}
