package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.ToolParamHeaderAnnotations;
import io.modelcontextprotocol.modern.client.McpAsyncClient;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.SubscriptionEvent;
import io.modelcontextprotocol.modern.client.transport.McpClientTransport;
import io.modelcontextprotocol.modern.client.transport.McpHttpStatusException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * An MCP server of the 2026-07-28 era, through the MCP Java SDK's modern client ({@code
 * io.modelcontextprotocol.modern}), kept behind the gateway's own terms (decision 115): the probe
 * that chooses the era, the tools as {@link ToolDefinition}s, a call's outcome (its rounds of
 * {@code input_required} answered through the agent's client, {@link InputRounds}: decision 134),
 * the tool list's changes. Each request carries the era's {@code _meta} (protocol version, client
 * info; the client capabilities the agent's client declared for the call, {@link
 * DeclaringTransport}). Thread-safe, as the SDK's client is.
 */
final class ModernServer implements EraClient {

  /** The revision this client speaks. */
  static final String MODERN = "2026-07-28";

  /** 2026-07-28's "missing required client capability". */
  static final int MISSING_CLIENT_CAPABILITY = -32021;

  /**
   * What {@code server/discover} said about the server's eras.
   *
   * @param modern whether it serves 2026-07-28
   * @param answered how it answered, for the log: its versions, its error, or that it did not
   * @param heard whether it answered at all (a result, a JSON-RPC error, an HTTP status)
   */
  record Probe(boolean modern, String answered, boolean heard) {}

  /**
   * How a call ended when the server asked for input the gateway cannot get (decisions 115, 134).
   */
  static final class InputRequired extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InputRequired(String message, Throwable cause) {
      super(message, cause);
    }
  }

  private final McpAsyncClient client;

  /** Its resources, templates, prompts and completions (decision 123). */
  private final ModernFeatures features;

  private final McpServerConfig config;
  private final Consumer<String> unreachable;

  /** Where the server's input requests during a call go: the agent's client (decision 134). */
  private final UpstreamAsks asks;

  /** A call's rounds of {@code input_required}, bounded. */
  private final InputRounds rounds;

  /** What {@code server/discover} said the server offers; null before it answered. */
  private volatile McpSchema.ServerCapabilities capabilities;

  /**
   * @param unreachable told when a call finds nothing at an HTTP server's address: the server is
   *     gone (a stdio server's end is its process's)
   */
  ModernServer(
      McpServerConfig config,
      McpClientTransport transport,
      McpJsonMapper mapper,
      Consumer<String> unreachable,
      io.github.providergateway.gateway.Gateway gateway) {
    this.config = config;
    this.unreachable = unreachable;
    this.asks = new UpstreamAsks(config, gateway::mcpOffers, java.util.Set::of);
    this.rounds = new InputRounds(mapper);
    this.client =
        McpClient.async(new DeclaringTransport(transport, mapper))
            .clientInfo(
                new McpSchema.Implementation("provider-gateway", null, "1", null, null, null))
            .jsonMapper(mapper)
            // One round may wait as long as the gateway's own per-tool timeout allows: those end
            // calls, by disposing them (which cancels them on the server).
            .roundTimeout(Duration.ofHours(24))
            .build();
    this.features = new ModernFeatures(config, client, asks, rounds);
  }

  /**
   * Sends {@code server/discover}. A result listing 2026-07-28 chooses that era; anything else — a
   * {@code -32601}, another error, an HTTP 400 or 404, no answer within {@code timeout} on the
   * gateway's scheduler (the request is then cancelled) — leaves the server to {@code initialize}
   * (the 2025 era), exactly as before the probe.
   *
   * @return never fails
   */
  CompletableFuture<Probe> probe(Scheduler scheduler, Duration timeout) {
    CompletableFuture<Probe> probed = new CompletableFuture<>();
    Disposable asking =
        client
            .discover()
            .map(
                discovered -> {
                  capabilities = discovered.capabilities();
                  List<String> versions =
                      discovered.supportedVersions() == null
                          ? List.of()
                          : discovered.supportedVersions();
                  return new Probe(versions.contains(MODERN), "server/discover: " + versions, true);
                })
            .onErrorResume(failure -> Mono.just(notModern(failure)))
            .subscribe(probed::complete);
    Scheduler.Cancellable timer =
        scheduler.schedule(
            timeout,
            () -> {
              if (probed.complete(
                  new Probe(
                      false,
                      "server/discover was not answered in " + timeout.toSeconds() + " s",
                      false))) {
                asking.dispose();
              }
            });
    probed.whenComplete((probe, never) -> timer.cancel());
    return probed;
  }

  private static Probe notModern(Throwable failure) {
    if (failure instanceof McpException refused) {
      return new Probe(
          false,
          "server/discover answered "
              + (refused.error() == null ? "" : refused.error().code() + " ")
              + refused.getMessage(),
          true);
    }
    if (failure instanceof McpHttpStatusException status) {
      return new Probe(false, "server/discover answered HTTP " + status.statusCode(), true);
    }
    return new Probe(false, "server/discover failed: " + Failures.rootMessage(failure), false);
  }

  @Override
  public CompletableFuture<List<ToolDefinition>> tools(List<String> skipped) {
    return client
        .listTools()
        .skipCache()
        .list()
        .toFuture()
        .thenApply(
            listed ->
                McpResults.definitions(
                    listed.tools().stream()
                        .filter(tool -> validHeaders(tool, skipped))
                        .map(ModernServer::listed)
                        .toList(),
                    config.toolPrefix(),
                    skipped));
  }

  /**
   * {@inheritDoc} Disposing the handle disposes the SDK's exchange, which cancels the call on the
   * server: {@code notifications/cancelled} over stdio, the response stream closed over HTTP.
   */
  @Override
  public Disposable call(
      String tool,
      JsonNode args,
      String token,
      String callId,
      Consumer<String> progress,
      Consumer<ToolResult> done) {
    String sessionId = token.substring(0, Math.max(0, token.indexOf('/')));
    String key = asks.callKey(tool);
    return asks.declared(sessionId, key, args)
        .flatMap(
            declared ->
                rounds.run(
                    tool,
                    (responses, state) -> {
                      var spec =
                          client
                              .tool(tool)
                              .arguments(McpResults.arguments(args))
                              .meta(
                                  java.util.Map.of(
                                      DeclaringTransport.DECLARED, declared.upstream()))
                              .progress(
                                  params -> {
                                    progress.accept(
                                        params.message() != null
                                            ? params.message()
                                            : McpResults.progressText(
                                                params.progress(), params.total()));
                                    return Mono.empty();
                                  });
                      if (state != null) {
                        spec = spec.requestState(state);
                      }
                      if (responses != null) {
                        spec = spec.inputResponses(responses);
                      }
                      return spec.callOnce();
                    },
                    requests -> asks.round(sessionId, key, args, requests, declared),
                    McpSchema.CallToolResult.class))
        .onErrorResume(
            failure ->
                missingCapability(failure)
                    ? asks.callRefused(sessionId, key, args, ((McpException) failure).error())
                        .then(Mono.error(failure))
                    : Mono.error(failure))
        .subscribe(
            result -> done.accept(McpResults.result(callId, McpResults.legacy(result))),
            failure -> {
              if (!config.isStdio() && Failures.nothingAnswers(failure)) {
                // First: its calls end DISCONNECTED as the connection closes, not with this error.
                unreachable.accept(
                    "the MCP server stopped answering (" + Failures.rootMessage(failure) + ")");
              }
              done.accept(
                  McpResults.failure(
                      callId,
                      config,
                      named(tool, failure) instanceof InputRequired asked
                          ? asked.getMessage()
                          : Failures.rootMessage(failure)));
            });
  }

  @Override
  public void cancelled(String token, String reason) {
    // Disposing the call's exchange told the server.
  }

  @Override
  public void ended(String token) {
    // Nothing is kept per call outside its exchange.
  }

  @Override
  public CompletableFuture<JsonNode> feature(String sessionId, McpFeature method, JsonNode params) {
    return features.ask(sessionId, method, params);
  }

  @Override
  public void close() {
    // Stateless: no session to end; a stdio server's process is stopped by its owner.
  }

  /**
   * A server's {@code -32021} for a capability the call did not declare: what the gateway declared
   * for it is what the agent's client declared (decision 134), so the call fails naming what the
   * server needs; a 2026-07-28 agent gets the server's {@code -32021} itself ({@link
   * UpstreamAsks#callRefused}). Every input request of a declared kind was routed ({@link
   * InputRounds}).
   */
  private static boolean missingCapability(Throwable failure) {
    return failure instanceof McpException refused
        && refused.error() != null
        && refused.error().code() == MISSING_CLIENT_CAPABILITY;
  }

  private static Throwable named(String tool, Throwable failure) {
    if (missingCapability(failure)) {
      McpException refused = (McpException) failure;
      return new InputRequired(
          "input_required: the MCP server needs input before running '"
              + tool
              + "' of a kind the agent's client did not declare ("
              + refused.getMessage()
              + ")",
          refused);
    }
    return failure;
  }

  /**
   * Listens for changes of the server's tool list ({@code subscriptions/listen} with {@code
   * toolsListChanged}), and of its resources and prompts where {@code server/discover} said they
   * change ({@code resourcesListChanged}, {@code promptsListChanged}: decision 131).
   *
   * @param acknowledged told when the server acknowledged the subscription
   * @param changed told of each change
   * @param ended told once when the stream ended, either way (the server closed it, or failed)
   * @return disposing it closes the stream
   */
  Disposable listen(Runnable acknowledged, ListChanges changed, Consumer<Throwable> ended) {
    var listen = client.listen().toolsChanged();
    McpSchema.ServerCapabilities offered = capabilities;
    if (offered != null
        && offered.resources() != null
        && Boolean.TRUE.equals(offered.resources().listChanged())) {
      listen = listen.resourcesChanged();
    }
    if (offered != null
        && offered.prompts() != null
        && Boolean.TRUE.equals(offered.prompts().listChanged())) {
      listen = listen.promptsChanged();
    }
    return listen
        .events()
        .subscribe(
            event -> {
              if (event instanceof SubscriptionEvent.ToolsListChanged) {
                changed.tools().run();
              } else if (event instanceof SubscriptionEvent.ResourcesListChanged) {
                changed.offers().accept(McpFeature.RESOURCES_LIST);
              } else if (event instanceof SubscriptionEvent.PromptsListChanged) {
                changed.offers().accept(McpFeature.PROMPTS_LIST);
              } else if (event instanceof SubscriptionEvent.Subscribed) {
                acknowledged.run();
              }
            },
            ended,
            () -> ended.accept(null));
  }

  /**
   * Whether {@code tool}'s {@code x-mcp-header} annotations (SEP-2243: arguments mirrored into HTTP
   * headers) are valid; a client must leave a tool with an invalid one out, and keep the others.
   */
  private static boolean validHeaders(McpSchema.Tool tool, List<String> skipped) {
    ToolParamHeaderAnnotations headers = ToolParamHeaderAnnotations.parse(tool);
    if (headers.isValid()) {
      return true;
    }
    skipped.add(
        tool.name()
            + " (invalid "
            + ToolParamHeaderAnnotations.KEYWORD
            + ": "
            + headers.invalid().stream()
                .map(invalid -> invalid.path() + " " + invalid.problems())
                .toList()
            + ")");
    return false;
  }

  /**
   * A 2026-07-28 tool, its input schema as the server wrote it ({@code $schema}, {@code $ref} and
   * {@code $defs} included): the gateway's argument check reads JSON Schema 2020-12, MCP's dialect,
   * and resolves references inside it.
   */
  private static McpResults.Listed listed(McpSchema.Tool tool) {
    return new McpResults.Listed(
        tool.name(),
        tool.description() != null ? tool.description() : tool.title(),
        tool.inputSchema() == null || tool.inputSchema().isEmpty() ? null : tool.inputSchema(),
        McpResults.hints(tool.annotations()));
  }
}
