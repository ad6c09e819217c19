package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * An MCP server of the 2025 era (2025-11-25 and before), through the MCP Java SDK's client, as the
 * gateway served every server before decision 115: {@code initialize}, then {@code tools/list} and
 * {@code tools/call} in the session it opens. Each call carries the bridge's token as its {@code
 * progressToken}, so the server's progress finds its call and {@link CancellingTransport} can send
 * {@code notifications/cancelled}; {@code list_changed} goes to the bridge's relister ({@link
 * ListChangedTransport}). What the server asks its client during a call goes to {@link
 * UpstreamAsks} (decision 132). Thread-safe.
 */
final class LegacyServer implements EraClient {

  private static final Duration INITIALIZE_TIMEOUT = Duration.ofSeconds(30);

  /** The SDK's own per-request timeout; the gateway's per-tool timeouts are what ends calls. */
  private static final Duration REQUEST_TIMEOUT = Duration.ofHours(24);

  private final McpServerConfig config;
  private final CancellingTransport transport;
  private final McpAsyncClient client;

  /** Its resources, templates, prompts and completions (decision 123). */
  private final LegacyFeatures features;

  /** What the server asks its client during a call (decision 132). */
  private final UpstreamAsks asks;

  /** Progress listeners of calls in flight, by token. */
  private final Map<Object, Consumer<String>> progress = new ConcurrentHashMap<>();

  /**
   * @param process the stdio server's process, or null for an HTTP server
   * @param listChanged told of each {@code list_changed} of its tools, resources and prompts
   * @param failed told when the connection failed
   * @param gateway the gateway, through whose {@code mcpOffers} the server's questions reach the
   *     agent
   */
  LegacyServer(
      McpServerConfig config,
      McpJsonMapper mapper,
      StdioServerProcess process,
      ListChanges listChanged,
      Consumer<String> failed,
      io.github.providergateway.gateway.Gateway gateway) {
    this.config = config;
    McpClientTransport raw = process;
    if (process == null) {
      URI url = config.url();
      String base = url.getScheme() + "://" + url.getRawAuthority();
      raw =
          HttpClientStreamableHttpTransport.builder(base)
              .endpoint(
                  url.getRawPath() == null || url.getRawPath().isEmpty()
                      ? "/mcp"
                      : url.getRawPath())
              .jsonMapper(mapper)
              .build();
    }
    asks = new UpstreamAsks(config, gateway::mcpOffers, progress::keySet);
    transport = new CancellingTransport(new ListChangedTransport(raw, listChanged));
    transport.setExceptionHandler(
        failure -> failed.accept("the MCP connection failed: " + failure.getMessage()));
    client =
        McpClient.async(transport)
            .clientInfo(
                new McpSchema.Implementation("provider-gateway", null, "1", null, null, null))
            .initializationTimeout(INITIALIZE_TIMEOUT)
            .requestTimeout(REQUEST_TIMEOUT)
            .progressConsumer(this::progress)
            .capabilities(UpstreamAsks.capabilities())
            .roots(asks.roots())
            .elicitation(asks::elicit)
            .sampling(asks::sample)
            .build();
    features = new LegacyFeatures(config, client);
  }

  /** Sends {@code initialize} (which connects the transport), then lists the tools. */
  CompletableFuture<List<ToolDefinition>> initialize(List<String> skipped) {
    return client.initialize().toFuture().thenCompose(result -> tools(skipped));
  }

  /**
   * Whether {@code initialize} failed because the server answered and refused it — a JSON-RPC
   * error, or a version the SDK does not speak — rather than broke the connection or stayed silent.
   * Over HTTP, a server that {@code answeredProbe} refused it with anything but a broken
   * connection.
   */
  static boolean refused(Throwable failure, boolean http, boolean answeredProbe) {
    for (Throwable cause = failure;
        cause != null;
        cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof McpError) {
        return true;
      }
      if (cause instanceof java.net.ConnectException
          || cause instanceof java.nio.channels.ClosedChannelException
          || cause instanceof java.util.concurrent.TimeoutException) {
        return false;
      }
    }
    return http && answeredProbe;
  }

  @Override
  public CompletableFuture<List<ToolDefinition>> tools(List<String> skipped) {
    return client
        .listTools()
        .toFuture()
        .thenApply(
            listed ->
                McpResults.definitions(
                    listed.tools().stream().map(McpResults::listed).toList(),
                    config.toolPrefix(),
                    skipped));
  }

  @Override
  public Disposable call(
      String tool,
      JsonNode args,
      String token,
      String callId,
      Consumer<String> progress,
      Consumer<ToolResult> done) {
    this.progress.put(token, progress);
    McpSchema.CallToolRequest request =
        McpSchema.CallToolRequest.builder()
            .name(tool)
            .arguments(McpResults.arguments(args))
            .progressToken(token)
            .build();
    return client
        .callTool(request)
        .subscribe(
            result -> done.accept(McpResults.result(callId, result)),
            failure ->
                done.accept(McpResults.failure(callId, config, Failures.rootMessage(failure))));
  }

  @Override
  public void cancelled(String token, String reason) {
    progress.remove(token);
    asks.callOver(token, progress.keySet());
    transport.cancel(token, reason);
  }

  @Override
  public void ended(String token) {
    progress.remove(token);
    asks.callOver(token, progress.keySet());
    transport.forget(token);
  }

  private Mono<Void> progress(McpSchema.ProgressNotification notification) {
    Consumer<String> listener = progress.get(String.valueOf(notification.progressToken()));
    if (listener != null) {
      listener.accept(
          notification.message() != null
              ? notification.message()
              : McpResults.progressText(notification.progress(), notification.total()));
    }
    return Mono.empty();
  }

  @Override
  public CompletableFuture<JsonNode> feature(String sessionId, McpFeature method, JsonNode params) {
    return features.ask(method, params);
  }

  @Override
  public void close() {
    client.close();
  }

  /** Ends an HTTP server's session, waiting at most 2 s. */
  void closeGracefully() {
    transport.closeGracefully().onErrorComplete().block(Duration.ofSeconds(2));
  }
}
