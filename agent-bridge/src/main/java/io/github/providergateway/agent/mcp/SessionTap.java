package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * The SDK's session for the one stdio connection, seen through: every message the agent sends
 * passes here first. The MCP Java SDK 2.0 builds its notification handlers internally and does not
 * dispatch {@code notifications/cancelled} (its issue #130), and a tool handler is not told the
 * JSON-RPC id of its request. This wrapper fills both gaps without writing any protocol of our own:
 * it hands the SDK every message unchanged, tells {@link Listener} of {@code initialize}, {@code
 * notifications/initialized} and {@code notifications/cancelled}, and puts each request's id into
 * the Reactor context its handler runs in ({@link #REQUEST_ID}).
 *
 * <p>It extends {@link McpServerSession} only because the SDK's transport takes that class, not an
 * interface: every public method delegates to the real session the SDK made.
 */
final class SessionTap extends McpServerSession {

  /** Reactor context key: the id of the JSON-RPC request being handled, as a string. */
  static final String REQUEST_ID = "provider-gateway.mcp.requestId";

  static final String CANCELLED = "notifications/cancelled";

  /** What the front door hears of the agent's messages. */
  interface Listener {
    /** The agent sent {@code initialize}. */
    void initializing(McpSchema.InitializeRequest request);

    /** The agent sent {@code notifications/initialized}: requests to it may now go out. */
    void initialized(McpServerSession session);

    /** The agent cancelled its request {@code requestId} ({@code notifications/cancelled}). */
    void cancelled(String requestId);

    /** The connection closed (stdin ended). */
    void closed();

    /**
     * Completes once the session's tools are what its providers brought: the gateway session has
     * started and settled (the providers started for it bound, their tools installed). {@code
     * tools/list} and {@code tools/call} wait for it, so that a one-shot client is not told "no
     * tools" (issue 34). Never completes exceptionally.
     */
    default CompletableFuture<Void> toolsReady() {
      return CompletableFuture.completedFuture(null);
    }

    /**
     * Why {@code tools/call} of {@code name} cannot run, or null when the tool is offered; asked
     * once {@link #toolsReady()} has completed. The answer goes to the agent as the JSON-RPC error
     * {@code -32602}, as MCP says for an unknown tool.
     */
    default String unknownTool(String name) {
      return null;
    }

    /**
     * Completes once no provider is starting for the session any more, or a bounded wait has
     * passed: asked when {@code tools/call} names a tool not offered, which a provider still
     * starting may bring (a slow machine's first call; the list's own wait is shorter). Never
     * completes exceptionally.
     */
    default CompletableFuture<Void> startingProviders() {
      return CompletableFuture.completedFuture(null);
    }

    /**
     * Why the session has no gateway behind it (the gateway could not be reached or started), or
     * null while it has one or may still get one; asked once {@link #toolsReady()} has completed.
     * {@code tools/list} is then answered with this as its error, so that the agent's first answer
     * says why rather than listing no tools.
     */
    default String unavailable() {
      return null;
    }

    /**
     * The longest a request of {@code method} may go unanswered before it is answered here with an
     * error (the gateway froze, say), or null for no bound of the window's own (an HTTP session's:
     * its client has its own).
     */
    default Duration answerWithin(String method) {
      return null;
    }

    /**
     * The answer to {@code method}, a request the session's federated MCP servers answer
     * (resources, templates, prompts, completions: decision 123), or null when the SDK's own
     * handlers answer it (the gateway's own stream resources and prompt). Fails with the {@link
     * io.modelcontextprotocol.spec.McpError} the agent is told.
     */
    default Mono<JsonNode> feature(McpFeature method, JsonNode params) {
      return null;
    }
  }

  private final McpServerSession real;

  /** What the real session sends through, for the answers given here. */
  private final McpServerTransport sender;

  private final Listener listener;
  private final TypeRef<McpSchema.InitializeRequest> initializeType = new TypeRef<>() {};

  /** Whether the agent has sent {@code initialize}: until then a request is answered here. */
  private volatile boolean initializeSeen;

  /**
   * Whether the SDK has been given {@code notifications/initialized}: the agent's own, or the one
   * the tap gave it for the agent's first request ({@link #initializedBy}).
   */
  private final AtomicBoolean initialized = new AtomicBoolean();

  SessionTap(McpServerSession real, McpServerTransport sender, Listener listener) {
    super(real.getId(), Duration.ZERO, null, null, Map.of(), Map.of());
    this.real = real;
    this.sender = sender;
    this.listener = listener;
  }

  @Override
  public Mono<Void> handle(McpSchema.JSONRPCMessage message) {
    if (message instanceof McpSchema.JSONRPCRequest request) {
      if (McpSchema.METHOD_INITIALIZE.equals(request.method())) {
        initializeSeen = true;
        listener.initializing(Json.convert(request.params(), initializeType));
      } else if (!initializeSeen) {
        // The SDK would hold it until initialize, which a probe (Claude Code's server/discover)
        // waits for the answer to first: answered at once, as the shell window answers it.
        return refuse(
            request,
            McpSchema.ErrorCodes.METHOD_NOT_FOUND,
            "Method not found: " + request.method());
      } else if (!initialized.get()) {
        return initializedBy(request);
      }
      Context context = Context.of(REQUEST_ID, String.valueOf(request.id()));
      return bounded(request, handled(request)).contextWrite(context);
    }
    if (message instanceof McpSchema.JSONRPCNotification notification) {
      if (CANCELLED.equals(notification.method())) {
        // Answered here, not by the SDK: it would only log "no handler registered".
        if (notification.params() instanceof Map<?, ?> params && params.get("requestId") != null) {
          listener.cancelled(String.valueOf(params.get("requestId")));
        }
        return Mono.empty();
      }
      if (McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(notification.method())) {
        return initialize(notification);
      }
      return real.handle(message);
    }
    return real.handle(message);
  }

  /**
   * A request after {@code initialize} but before {@code notifications/initialized}, which MCP
   * allows once {@code initialize} is answered: the SDK would hold it until the notification comes,
   * and forever when it never does (or, over HTTP, comes after it), so no answer and no error (the
   * window contract's). A {@code ping} is answered here and says nothing of the agent's state; any
   * other request is the agent's word that it took the {@code initialize}'s answer, and the SDK is
   * given the notification first. The agent's own, when it comes, is then passed over.
   */
  private Mono<Void> initializedBy(McpSchema.JSONRPCRequest request) {
    if (McpSchema.METHOD_PING.equals(request.method())) {
      return sender.sendMessage(
          new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(), Map.of(), null));
    }
    Context context = Context.of(REQUEST_ID, String.valueOf(request.id()));
    McpSchema.JSONRPCNotification implied =
        new McpSchema.JSONRPCNotification(
            McpSchema.JSONRPC_VERSION, McpSchema.METHOD_NOTIFICATION_INITIALIZED, null);
    return initialize(implied)
        .then(Mono.defer(() -> bounded(request, handled(request))).contextWrite(context));
  }

  /** Gives the SDK {@code notification}, an initialized, once, and then tells the listener. */
  private Mono<Void> initialize(McpSchema.JSONRPCNotification notification) {
    if (!initialized.compareAndSet(false, true)) {
      return Mono.empty(); // the agent's, after a request that implied it; or said twice
    }
    return real.handle(notification).doOnSuccess(done -> listener.initialized(real));
  }

  /** The request handled: by the SDK, or here for the tools when there is nothing to ask. */
  private Mono<Void> handled(McpSchema.JSONRPCRequest request) {
    // The tools' future is shared by every request: a request cut off by its bound must not
    // cancel it (suppressCancel).
    if (McpSchema.METHOD_TOOLS_LIST.equals(request.method())) {
      return Mono.fromFuture(listener.toolsReady(), true)
          .then(Mono.defer(() -> listOrRefuse(request)));
    }
    if (McpSchema.METHOD_TOOLS_CALL.equals(request.method())) {
      return Mono.fromFuture(listener.toolsReady(), true)
          .then(Mono.defer(() -> callOrRefuse(request)));
    }
    McpFeature feature = SessionOffers.feature(request.method());
    if (feature != null) {
      // The session's MCP servers start with its first use, as for tools/list: waited for alike.
      return Mono.fromFuture(listener.toolsReady(), true)
          .then(Mono.defer(() -> featureOrSdk(request, feature)));
    }
    return real.handle(request);
  }

  /**
   * A resources, prompts or completion request: answered here from the session's federated MCP
   * servers, or by the SDK when it names the gateway's own.
   */
  private Mono<Void> featureOrSdk(McpSchema.JSONRPCRequest request, McpFeature feature) {
    JsonNode params =
        request.params() == null ? Json.MAPPER.createObjectNode() : Json.tree(request.params());
    Mono<JsonNode> answer = listener.feature(feature, params);
    if (answer == null) {
      return real.handle(request);
    }
    return answer
        .flatMap(
            result ->
                sender.sendMessage(
                    new McpSchema.JSONRPCResponse(
                        McpSchema.JSONRPC_VERSION, request.id(), Json.plain(result), null)))
        .onErrorResume(
            io.modelcontextprotocol.spec.McpError.class,
            refused ->
                sender.sendMessage(
                    new McpSchema.JSONRPCResponse(
                        McpSchema.JSONRPC_VERSION, request.id(), null, refused.getJsonRpcError())));
  }

  /**
   * {@code handling}, or an error answered here once the listener's bound for the request has
   * passed with no answer: a gateway that froze costs the agent an error, not the request.
   */
  private Mono<Void> bounded(McpSchema.JSONRPCRequest request, Mono<Void> handling) {
    Duration limit = listener.answerWithin(request.method());
    if (limit == null) {
      return handling;
    }
    return handling.timeout(
        limit,
        Mono.defer(
            () ->
                refuse(
                    request,
                    McpSchema.ErrorCodes.INTERNAL_ERROR,
                    "The provider gateway did not answer "
                        + request.method()
                        + " within "
                        + limit.toSeconds()
                        + " s (GATEWAY_BRIDGE_TIMEOUT)")));
  }

  /** Hands a {@code tools/list} to the SDK, or says here why there is no gateway to list from. */
  private Mono<Void> listOrRefuse(McpSchema.JSONRPCRequest request) {
    String why = listener.unavailable();
    return why == null
        ? real.handle(request)
        : refuse(request, McpSchema.ErrorCodes.INTERNAL_ERROR, why);
  }

  /**
   * Hands a {@code tools/call} to the SDK, or answers it here when there is no gateway or the tool
   * is not offered.
   */
  private Mono<Void> callOrRefuse(McpSchema.JSONRPCRequest request) {
    String unavailable = listener.unavailable();
    if (unavailable != null) {
      return refuse(request, McpSchema.ErrorCodes.INTERNAL_ERROR, unavailable);
    }
    String name = toolName(request.params());
    if (listener.unknownTool(name) == null) {
      return real.handle(request);
    }
    return Mono.fromFuture(listener.startingProviders())
        .then(
            Mono.defer(
                () -> {
                  String why = listener.unknownTool(name);
                  return why == null
                      ? real.handle(request)
                      : refuse(request, McpSchema.ErrorCodes.INVALID_PARAMS, why);
                }));
  }

  /** Answers {@code request} with the JSON-RPC error {@code code} saying {@code why}. */
  private Mono<Void> refuse(McpSchema.JSONRPCRequest request, int code, String why) {
    return sender.sendMessage(
        new McpSchema.JSONRPCResponse(
            McpSchema.JSONRPC_VERSION,
            request.id(),
            null,
            new McpSchema.JSONRPCResponse.JSONRPCError(code, why, null)));
  }

  private static String toolName(Object params) {
    return params instanceof Map<?, ?> map && map.get("name") instanceof String name ? name : null;
  }

  @Override
  public String getId() {
    return real.getId();
  }

  @Override
  public void init(McpSchema.ClientCapabilities capabilities, McpSchema.Implementation clientInfo) {
    real.init(capabilities, clientInfo);
  }

  @Override
  public void setMinLoggingLevel(McpSchema.LoggingLevel level) {
    real.setMinLoggingLevel(level);
  }

  @Override
  public boolean isNotificationForLevelAllowed(McpSchema.LoggingLevel level) {
    return real.isNotificationForLevelAllowed(level);
  }

  @Override
  public <T> Mono<T> sendRequest(String method, Object params, TypeRef<T> type) {
    return real.sendRequest(method, params, type);
  }

  @Override
  public Mono<Void> sendNotification(String method, Object params) {
    return real.sendNotification(method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return real.closeGracefully().doFinally(signal -> listener.closed());
  }

  @Override
  public void close() {
    try {
      real.close();
    } finally {
      listener.closed();
    }
  }
}
