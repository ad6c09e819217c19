package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionOpener;
import io.github.providergateway.protocol.VisibleText;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.publisher.Mono;

/**
 * One agent's MCP connection joined to one gateway session: the gateway's {@link SessionHost} for
 * that session, and what the MCP handlers ask of the gateway.
 *
 * <p>The session starts once the agent has sent {@code notifications/initialized} (only then may
 * the server ask for {@code roots/list}): label from {@code clientInfo.name}, cwd from the first
 * {@code file:} root when the agent offers roots, else the server's own working directory (none, so
 * no project, for an HTTP session). It ends when the connection closes (stdin ends; an HTTP session
 * is deleted or expires). Every handler that needs the session waits for it ({@link #sessionId()}).
 * A gateway that lost the session (it was stopped, or restarted by a service) answers the next call
 * with {@code INVALID_SESSION}: over stdio, where the agent cannot be told to initialize again, the
 * session is started again as it first was, and the call made in it ({@link #renewed}). Over stdio
 * too, a gateway that did not answer the window in time is joined when it does ({@link
 * #gatewayNotYet}): requests meanwhile are answered at once with why.
 *
 * <p>Threads: the SDK's handlers run on Reactor threads, the {@link SessionHost} callbacks on the
 * gateway client's thread; tool-list changes are applied one batch at a time on their own thread so
 * that neither waits for the other.
 */
final class AgentSession
    implements SessionHost, SessionTap.Listener, ModernTools.Source, ModernContext {

  private static final System.Logger LOG = System.getLogger(AgentSession.class.getName());

  /** How long a handler waits for the gateway session before it answers with an error. */
  static final Duration SESSION_WAIT = Duration.ofSeconds(30);

  /**
   * The longest a new session's first {@code tools/list} (or {@code tools/call}) waits for the
   * providers the gateway starts for it (its {@code --config}) to bind, counted from that request
   * (which starts them) or the session's start, whichever is later: a one-shot client then lists
   * their tools rather than none (issue 34). A provider slower than this reaches the agent by
   * {@code notifications/tools/list_changed} as usual; an agent that starts with the session is not
   * held up longer by one that hangs.
   */
  static final Duration SETTLE_WAIT = Duration.ofSeconds(2);

  /**
   * The longest a {@code tools/call} of a tool not offered waits, beyond {@link #SETTLE_WAIT}, for
   * the session's providers still starting (one of them may bring it): a call is worth waiting for
   * where a list is not, and an agent's tool call waits far longer than this for its answer.
   */
  static final Duration CALL_SETTLE_WAIT = Duration.ofSeconds(10);

  /** How long the agent may take to answer {@code roots/list}. */
  static final Duration ROOTS_WAIT = Duration.ofSeconds(2);

  /** How long ending the gateway session may take once stdin closed. */
  static final Duration END_WAIT = Duration.ofSeconds(15);

  /** How many tool names an unknown tool's error lists (a session may have hundreds). */
  static final int MAX_NAMED_TOOLS = 40;

  static final String CONTEXT_PROMPT = "gateway-context";
  static final String CONTEXT_PROMPT_DESCRIPTION =
      "What the session's providers say the agent should know now";

  private static final TypeRef<McpSchema.ListRootsResult> ROOTS = new TypeRef<>() {};

  private final CompletableFuture<HostApi> gateway;

  /** Starts joining the gateway, which completes {@link #gateway}; run once, at initialized. */
  private final Runnable connect;

  private final Path ownCwd;

  /**
   * Whether a session the gateway lost is started again ({@link #renewed}): over stdio, where the
   * agent cannot be told to initialize again. Over HTTP the gateway's 404 tells the client, and a
   * session the gateway ended (its client's token revoked, say) stays ended.
   */
  private final boolean renewsLostSession;

  /**
   * Whom the gateway session is opened for ({@link SessionSpec#openedBy()}): {@code
   * mcp-http:<client>} for a front-door client's token, {@code agent:<client>} for a token of the
   * agent's kind; null for the stdio front door, whose process holds the gateway token and opens it
   * for the agent ({@code agent}).
   */
  private final String openedBy;

  private final TappedTransport transport;

  /** Times {@link #SETTLE_WAIT}. */
  private final Scheduler scheduler;

  /** The gateway session: replaced, once started, only by {@link #renewed}. */
  private volatile CompletableFuture<String> sessionId = new CompletableFuture<>();

  /** What the session was started with, to start it again as it was; null until then. */
  private volatile SessionSpec startedAs;

  /** Why the gateway session could not start, once it could not; else null. */
  private volatile String unavailable;

  /**
   * Completes at the agent's first {@code tools/list} or {@code tools/call}: what starts the
   * session's providers.
   */
  private final CompletableFuture<Void> wanted = new CompletableFuture<>();

  /** Set once the wait for the session's providers has started: the tests that time it ask. */
  private volatile boolean waitingForProviders;

  /** Completes once the session has settled and its tools are installed ({@link #toolsReady}). */
  private final CompletableFuture<Void> toolsReady = new CompletableFuture<>();

  private final PushedEvents pushed = new PushedEvents();

  /** The session's federated MCP servers' resources, prompts and completions (decision 123). */
  private final SessionOffers offers;

  /** Calls in flight by the JSON-RPC id of their {@code tools/call}, for cancellation. */
  private final Map<String, CompletableFuture<CallResult>> calls = new ConcurrentHashMap<>();

  /** The tools offered to the agent. */
  private final OfferedTools offered;

  /** What the modern era's {@code subscriptions/listen} streams are told: the tools changed. */
  private final ModernChanges modernChanges = new ModernChanges();

  private final CountDownLatch closed = new CountDownLatch(1);
  private final AtomicBoolean started = new AtomicBoolean();
  private final AtomicBoolean closing = new AtomicBoolean();
  private volatile StreamResources streams;

  /**
   * The SDK server on this session's transport, once attached: what tells the agent lists changed.
   */
  private volatile McpAsyncServer server;

  private volatile McpSchema.InitializeRequest initialize;

  /** The client's name from the first modern request's {@code _meta}, when that started it. */
  private volatile String modernClient;

  /** The SDK session of the agent's connection, once initialized: what elicitation goes through. */
  private volatile McpServerSession mcpSession;

  /** Gates' questions to the person, through the agent's client when it can take them. */
  private final ElicitationChannel elicitation;

  /** Gates' and federated servers' questions as 2026-07-28 rounds; servers' in either era. */
  private final ModernAsks modernAsks;

  /** The window's own bound on its requests ({@link McpFrontDoor}'s); null over HTTP. */
  private volatile WindowBounds bounds;

  /**
   * @param openedBy whom the gateway session is opened for, when not the holder of the gateway
   *     token itself (an HTTP client's token: {@code mcp-http:<client>}); null for stdio
   * @param carrier the agent's connection: the SDK's stdio transport ({@link StdioTransport}) or
   *     one Streamable HTTP session's
   * @param scheduler times the wait for the session's providers ({@link #SETTLE_WAIT})
   */
  AgentSession(
      CompletableFuture<HostApi> gateway,
      Runnable connect,
      Path ownCwd,
      String openedBy,
      boolean renewsLostSession,
      McpServerTransportProvider carrier,
      Scheduler scheduler) {
    this.renewsLostSession = renewsLostSession;
    this.gateway = gateway;
    this.scheduler = scheduler;
    this.connect = connect;
    this.ownCwd = ownCwd;
    this.openedBy = openedBy;
    // The transport reports to this session, but only once the SDK server is built on it.
    this.transport = new TappedTransport(carrier, this, () -> initialize != null);
    this.elicitation = new ElicitationChannel(gateway, () -> initialize, () -> mcpSession);
    this.modernAsks = new ModernAsks(gateway, scheduler, elicitation::clientMayAnswer);
    this.offered = new OfferedTools(transport, this::call, modernChanges::toolsChanged);
    this.offers = new SessionOffers(gateway, this::sessionId);
  }

  TappedTransport transport() {
    return transport;
  }

  /**
   * Joins the SDK server built on {@link #transport()}. The transport reads stdin from the moment
   * the server is built, so work that needs the server waits for this.
   */
  void attach(McpAsyncServer server) {
    this.server = server;
    this.streams = new StreamResources(server, gateway, this::sessionId);
    offered.attach(server);
  }

  /** Blocks until stdin has closed and the gateway session has ended (or could not end). */
  void awaitClosed() throws InterruptedException {
    closed.await();
  }

  /** As {@link #awaitClosed()}, for at most {@code wait}. */
  boolean awaitClosed(Duration wait) throws InterruptedException {
    return closed.await(wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  // ---- the agent's side (SessionTap.Listener) ----

  /**
   * {@inheritDoc} The first ask is the session's first use beyond {@code initialize}: the gateway
   * is then asked to start its providers, and this waits for them.
   */
  @Override
  public CompletableFuture<Void> toolsReady() {
    wanted.complete(null);
    return toolsReady;
  }

  /**
   * {@return whether the wait for the session's providers has started: its first request that needs
   * them was read, and {@link #SETTLE_WAIT} counts from then} For tests that time the wait.
   */
  boolean waitingForProviders() {
    return waitingForProviders;
  }

  /**
   * The session has settled (or could not start, or its gateway does not know how to say): once the
   * tool registrations queued before now are installed, {@code tools/list} may be answered.
   */
  private void markToolsReady() {
    offered.afterQueued(() -> toolsReady.complete(null));
  }

  /** Set while a {@code tools/call} of a tool not offered waits for {@link #startingProviders}. */
  private volatile boolean waitingForCall;

  @Override
  public CompletableFuture<Void> startingProviders() {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Scheduler.Cancellable giveUp = scheduler.schedule(CALL_SETTLE_WAIT, () -> done.complete(null));
    waitingForCall = true;
    sessionId()
        .toFuture()
        .thenCompose(id -> gateway.join().providersSettled(id))
        .whenComplete(
            (settled, notKnown) -> {
              giveUp.cancel();
              offered.afterQueued(() -> done.complete(null));
            });
    return done.whenComplete((settled, never) -> waitingForCall = false);
  }

  /** {@return whether a call of a tool not offered waits for the session's providers} */
  boolean waitingForCall() {
    return waitingForCall;
  }

  /**
   * Why {@code tools/call} of {@code name} cannot run, naming the tools that exist, or null when
   * the tool is offered: the SDK's own answer, {@code Unknown tool: invalid_tool_name}, names
   * neither the tool asked for nor the ones there are (issue 34).
   */
  @Override
  public String unknownTool(String name) {
    if (name != null && offered.offers(name)) {
      return null;
    }
    String asked =
        name == null ? "No tool name given" : "No tool named '" + VisibleText.escape(name) + "'";
    List<String> names = offered.names();
    if (names.isEmpty()) {
      return asked
          + " in this session: it has no tools now (no provider bound to it has registered any;"
          + " './gateway attach' shows the sessions and their providers)";
    }
    java.util.Collections.sort(names);
    int shown = Math.min(names.size(), MAX_NAMED_TOOLS);
    String list =
        String.join(", ", names.subList(0, shown))
            + (names.size() > shown ? " and " + (names.size() - shown) + " more" : "");
    return asked + " in this session; its tools: " + list;
  }

  @Override
  public String unavailable() {
    return unavailable;
  }

  /** Bounds every request of the agent's by {@code bounds} (a stdio window's). */
  void bound(WindowBounds bounds) {
    this.bounds = bounds;
  }

  @Override
  public Duration answerWithin(String method) {
    WindowBounds set = bounds;
    return set == null ? null : set.of(method);
  }

  @Override
  public void initializing(McpSchema.InitializeRequest request) {
    initialize = request;
  }

  @Override
  public void initialized(McpServerSession session) {
    if (session != null && mcpSession == null) {
      mcpSession = session; // a window started by its discover, initialized after it
    }
    if (!started.compareAndSet(false, true)) {
      return; // a client that says initialized twice still has one session
    }
    mcpSession = session;
    connect.run();
    cwd(session)
        .thenApply(this::spec)
        .thenCompose(spec -> gateway.thenCompose(api -> api.startSession(startedAs = spec, this)))
        .thenApply(SessionInfo::id)
        .whenComplete(
            (id, failure) -> {
              if (failure != null) {
                LOG.log(
                    System.Logger.Level.ERROR,
                    "gateway mcp: could not start a gateway session: " + failure.getMessage());
                unavailable = "The provider gateway is not available: " + describe(failure);
                sessionId.completeExceptionally(failure);
                toolsReady.complete(null); // nothing to wait for: the list is what it is
              } else {
                LOG.log(System.Logger.Level.INFO, "gateway mcp: session " + id + " for " + label());
                boolean late = unavailable != null;
                unavailable = null;
                // The tools come from the gateway's registerTools alone, never from a tools(id)
                // query: the gateway debounces registration and sends a change only when it
                // differs from what it last registered, so a list fetched outside that path could
                // keep a provider's tools here after it left (it did, when a provider left within
                // the 200 ms debounce window of joining; found by the TypeScript SDK test).
                if (!sessionId.complete(id)) {
                  // The connection closed while the session started: nobody else will end it.
                  gateway.join().endSession(id, null);
                }
                // The gateway starts the session's providers (its --config) when it is first asked
                // for them: at the first tools/list or tools/call, not here, so that a health check
                // (initialize, then close) starts none (issue 46).
                wanted.thenRun(() -> settle(id));
                if (late) {
                  // The agent was answered with errors, and may have stopped asking: it asks again.
                  listsChanged();
                }
              }
            });
  }

  /**
   * No gateway answered the window yet ({@code failure} says why), and the front door tries again:
   * until one does, every request is answered at once with why, where it would wait for a session
   * that cannot start (stdio only: an HTTP session lives in its gateway). When one does, the
   * session starts as it would have, and the agent is told its lists changed.
   */
  void gatewayNotYet(Throwable failure) {
    if (unavailable == null) {
      LOG.log(
          System.Logger.Level.WARNING,
          "gateway mcp: no gateway yet (" + describe(failure) + "); trying again");
    }
    unavailable =
        "The provider gateway is not available: "
            + describe(failure)
            + " (this window joins it when it answers)";
    toolsReady.complete(null); // a tools/list is answered with why, not held
  }

  /**
   * The window's gateway client is connected again to a gateway started again ({@code
   * GatewayClientListener#reconnected(true)}). After a crash the client registered the session
   * there again itself; after a clean stop the gateway had ended it, and it is started again as it
   * was, as a {@code tools/call} that finds it lost would ({@link #renewed}). Either way the agent
   * is told its lists changed, so that an agent that only waits hears of the gateway back, as the
   * shell window's agent does (decision 78).
   */
  void gatewayStartedAgain() {
    CompletableFuture<String> current = sessionId;
    if (!renewsLostSession
        || closing.get()
        || !current.isDone()
        || current.isCompletedExceptionally()) {
      return; // no session yet: it starts in the gateway there is, as a first one does
    }
    String id = current.join();
    gateway
        .join()
        .tools(id)
        .whenComplete(
            (tools, failure) -> {
              if (failure == null || !lostSession(failure)) {
                listsChanged();
                return;
              }
              renewed(id)
                  .subscribe(
                      again -> listsChanged(),
                      notAgain ->
                          LOG.log(
                              System.Logger.Level.WARNING,
                              "gateway mcp: could not start the session again: "
                                  + describe(notAgain)));
            });
  }

  /** Whether the agent's connection has closed: nothing more is to be joined for it. */
  boolean isClosing() {
    return closing.get();
  }

  /** Tells the agent that its tool, prompt and resource lists changed, so that it asks again. */
  private void listsChanged() {
    modernChanges.toolsChanged();
    McpAsyncServer attached = server;
    if (attached == null) {
      return;
    }
    attached
        .notifyToolsListChanged()
        .onErrorComplete()
        .then(attached.notifyPromptsListChanged().onErrorComplete())
        .then(attached.notifyResourcesListChanged().onErrorComplete())
        .subscribe();
  }

  /**
   * Waits for the providers the gateway starts for session {@code id} (asking starts them), for at
   * most {@link #SETTLE_WAIT} from now: the gateway's own grace for them (30 s) is far longer than
   * an agent starting up should be held. Then {@code tools/list} may be answered.
   */
  private void settle(String id) {
    Scheduler.Cancellable giveUp = scheduler.schedule(SETTLE_WAIT, this::markToolsReady);
    waitingForProviders = true;
    gateway
        .join()
        .providersSettled(id)
        .whenComplete(
            (settled, notKnown) -> {
              giveUp.cancel();
              markToolsReady();
            });
  }

  private SessionSpec spec(String cwd) {
    SessionSpec spec = SessionSpec.of(label(), cwd);
    // A client's label and roots are its own to choose ("claude", the agent's project): who opened
    // the session is what keeps hook adapters and providers from taking it for the agent's. The
    // stdio front door is the agent's own MCP server, and says so (decision 68).
    return spec.openedFor(openedBy == null ? SessionOpener.AGENT.wireName() : openedBy);
  }

  private String label() {
    McpSchema.InitializeRequest request = initialize;
    if (request != null && request.clientInfo() != null && request.clientInfo().name() != null) {
      return request.clientInfo().name();
    }
    String modern = modernClient;
    return modern != null ? modern : "mcp";
  }

  /**
   * The agent's first {@code file:} root, when it offers roots; else our own working directory,
   * which is null (no project) for an HTTP session: its server runs in the gateway's folder, which
   * is nobody's project.
   */
  private CompletableFuture<String> cwd(McpServerSession session) {
    McpSchema.InitializeRequest request = initialize;
    boolean offersRoots =
        session != null
            && request != null
            && request.capabilities() != null
            && request.capabilities().roots() != null;
    Optional<String> own = Optional.ofNullable(ownCwd).map(Path::toString);
    if (!offersRoots) {
      return CompletableFuture.completedFuture(own.orElse(null));
    }
    // Reactor carries no null: "no project" travels as an empty Optional.
    return session
        .sendRequest(McpSchema.METHOD_ROOTS_LIST, null, ROOTS)
        .timeout(ROOTS_WAIT)
        .map(this::firstFileRoot)
        .onErrorReturn(Optional.empty())
        .defaultIfEmpty(Optional.empty())
        .map(root -> root.or(() -> own))
        .toFuture()
        .thenApply(root -> root.orElse(null));
  }

  private Optional<String> firstFileRoot(McpSchema.ListRootsResult result) {
    for (McpSchema.Root root :
        result.roots() == null ? List.<McpSchema.Root>of() : result.roots()) {
      try {
        URI uri = URI.create(root.uri());
        if ("file".equals(uri.getScheme())) {
          return Optional.of(Path.of(uri).toString());
        }
      } catch (RuntimeException notAPath) {
        // the next root may be one
      }
    }
    return Optional.empty();
  }

  @Override
  public void cancelled(String requestId) {
    CompletableFuture<CallResult> call = calls.remove(requestId);
    if (call != null) {
      call.cancel(false); // the gateway cancels the call; its provider gets tool.cancel
    }
  }

  @Override
  public void closed() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    offered.close();
    toolsReady.complete(null); // a request still waiting for the tools need wait no longer
    CompletableFuture<String> current = sessionId;
    current.cancel(false); // a session that never started has nothing to end
    current
        .thenCompose(id -> gateway.join().endSession(id, null))
        .orTimeout(END_WAIT.toMillis(), TimeUnit.MILLISECONDS)
        .whenComplete((done, failure) -> closed.countDown());
  }

  // ---- what the MCP handlers ask ----

  /** The gateway session's id, once it has started. */
  Mono<String> sessionId() {
    CompletableFuture<String> current = sessionId;
    if (current.isDone() && !current.isCompletedExceptionally()) {
      // Every call after the first: no timer to arm and cancel on Reactor's scheduler.
      return Mono.just(current.join());
    }
    String why = unavailable;
    if (why != null) {
      // No gateway answers yet (McpFrontDoor keeps trying): said at once, not after SESSION_WAIT.
      return Mono.error(
          new McpError(
              new McpSchema.JSONRPCResponse.JSONRPCError(
                  McpSchema.ErrorCodes.INTERNAL_ERROR, why, null)));
    }
    return Mono.fromFuture(current.copy())
        .timeout(SESSION_WAIT)
        .onErrorMap(
            failure ->
                new McpError(
                    new McpSchema.JSONRPCResponse.JSONRPCError(
                        McpSchema.ErrorCodes.INTERNAL_ERROR,
                        "The provider gateway session is not available: " + describe(failure),
                        null)));
  }

  private static String describe(Throwable failure) {
    Throwable cause =
        failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
  }

  Mono<McpSchema.CallToolResult> call(
      McpAsyncServerExchange exchange, McpSchema.CallToolRequest request, String requestId) {
    Object token = request.progressToken();
    ProgressListener progress =
        token == null ? ProgressListener.NONE : new ProgressRelay(exchange, token);
    return call(request, progress, requestId);
  }

  // ---- the 2026-07-28 era's side (ModernTools.Source) ----

  /**
   * {@inheritDoc} The window's agent has asked what it speaks: the gateway session starts now, as
   * {@code notifications/initialized} starts a legacy one, so that the agent's first hook call
   * (which may come before its first list: Claude Code lists its servers' tools in the background)
   * is decided in its session, its providers started there (decision 116).
   */
  @Override
  public void discovered(String client) {
    startModern(client);
  }

  @Override
  public Mono<JsonNode> feature(McpFeature method, JsonNode params) {
    StreamResources resources = streams;
    return offers.answer(method, params, resources == null ? List.of() : resources.known());
  }

  @Override
  public Mono<JsonNode> feature(String client, McpFeature method, JsonNode params) {
    startModern(client);
    return Mono.fromFuture(toolsReady(), true)
        .then(Mono.defer(() -> offers.ask(method, params, List.of())));
  }

  @Override
  public ModernAsks asks() {
    return modernAsks;
  }

  @Override
  public io.modelcontextprotocol.modern.server.feature.McpChangePublisher changes() {
    return modernChanges.publisher();
  }

  @Override
  public Mono<List<HostTool>> tools(String client) {
    startModern(client);
    return Mono.fromFuture(toolsReady()).then(Mono.fromCallable(offered::offeredTools));
  }

  @Override
  public Mono<List<HostTool>> toolsForCall(String client, String name) {
    return tools(client)
        .flatMap(
            tools ->
                offered.offers(name)
                    ? Mono.just(tools)
                    : Mono.fromFuture(startingProviders())
                        .then(Mono.fromCallable(offered::offeredTools)));
  }

  @Override
  public Mono<McpSchema.CallToolResult> call(
      String client, String name, Map<String, Object> arguments, ProgressListener progress) {
    startModern(client);
    return call(new McpSchema.CallToolRequest(name, arguments), progress, null);
  }

  @Override
  public Mono<McpSchema.GetPromptResult> contextPrompt(String client) {
    startModern(client);
    return contextPrompt();
  }

  @Override
  public Mono<List<String>> streams(String client) {
    startModern(client);
    StreamResources resources = streams;
    return Mono.just(resources == null ? List.of() : resources.known());
  }

  @Override
  public Mono<McpSchema.ReadResourceResult> readStream(String client, String stream) {
    startModern(client);
    return streams.read(stream); // streams(client) listed it: attached
  }

  /**
   * Starts the gateway session for a modern request, as {@code notifications/initialized} starts it
   * for a legacy one, when neither has yet: labelled with the client's name from the request's
   * {@code _meta}, in the window's own project (a modern client is not asked for roots). One window
   * process is one gateway session whatever era its requests are in (decision 112).
   */
  private void startModern(String client) {
    if (!started.get()) {
      modernClient = client;
      initialized(null);
    }
  }

  private Mono<McpSchema.CallToolResult> call(
      McpSchema.CallToolRequest request, ProgressListener progress, String requestId) {
    JsonNode args = Json.tree(request.arguments() == null ? Map.of() : request.arguments());
    return sessionId()
        .flatMap(
            id ->
                callIn(id, request, args, progress, requestId)
                    .onErrorResume(
                        lost -> renewsLostSession && lostSession(lost),
                        lost ->
                            renewed(id)
                                .flatMap(
                                    again -> callIn(again, request, args, progress, requestId))));
  }

  private Mono<McpSchema.CallToolResult> callIn(
      String id,
      McpSchema.CallToolRequest request,
      JsonNode args,
      ProgressListener progress,
      String requestId) {
    CompletableFuture<CallResult> call =
        gateway.join().callTool(id, request.name(), args, null, progress);
    if (requestId != null) {
      calls.put(requestId, call);
    }
    return Mono.fromFuture(call)
        .map(result -> ToolResults.of(request.name(), result, pushed.drain()))
        // A cancelled request gets no response (MCP: the receiver should not answer it).
        .onErrorResume(CancellationException.class, cancelled -> Mono.empty())
        .doFinally(
            signal -> {
              if (requestId != null) {
                calls.remove(requestId, call);
              }
            });
  }

  /** Whether {@code failure} says the gateway has no such session (any more). */
  private static boolean lostSession(Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    return cause instanceof HostException e && e.code() == HostErrorCode.INVALID_SESSION;
  }

  /**
   * The session again, in place of {@code lost}, which the gateway no longer has: started as it
   * first was (label, project, opener), once for every call that found it lost. Its providers start
   * and register their tools as a new session's do, which the agent hears as a list change.
   */
  private synchronized Mono<String> renewed(String lost) {
    CompletableFuture<String> current = sessionId;
    if (current.isDone() && !current.isCompletedExceptionally() && lost.equals(current.join())) {
      CompletableFuture<String> next = new CompletableFuture<>();
      sessionId = next;
      HostApi api = gateway.join();
      api.startSession(startedAs, this)
          .thenApply(SessionInfo::id)
          // Its providers start when asked for, as a first session's do; the call waits for them
          // as a first tools/call does, at most SETTLE_WAIT.
          .thenCompose(
              id ->
                  api.providersSettled(id)
                      .orTimeout(SETTLE_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                      .handle((settled, notYet) -> id))
          .whenComplete(
              (id, failure) -> {
                if (failure != null) {
                  next.completeExceptionally(failure);
                  return;
                }
                LOG.log(
                    System.Logger.Level.INFO,
                    "gateway mcp: the gateway had lost session " + lost + "; a new one, " + id);
                next.complete(id);
                if (closing.get()) {
                  api.endSession(id, null); // the agent went meanwhile
                }
              });
    }
    return sessionId();
  }

  Mono<McpSchema.GetPromptResult> contextPrompt() {
    return sessionId()
        .flatMap(id -> Mono.fromFuture(gateway.join().onPrompt(id, Map.of())))
        .map(AgentSession::contextText)
        .map(
            text ->
                new McpSchema.GetPromptResult(
                    CONTEXT_PROMPT_DESCRIPTION,
                    List.of(
                        new McpSchema.PromptMessage(McpSchema.Role.USER, ToolResults.text(text)))));
  }

  private static String contextText(PromptResult result) {
    List<String> lines = new ArrayList<>(result.startupContext());
    lines.addAll(result.context());
    if (lines.isEmpty()) {
      return "No provider of this session has context to add right now.";
    }
    return "Context from the providers of this session:\n\n" + String.join("\n\n", lines);
  }

  // ---- the gateway's side (SessionHost) ----

  @Override
  public void registerTools(String session, List<HostTool> tools) {
    offered.register(tools);
  }

  /**
   * The agent's client as a channel for gates' questions (extension {@code gate.ask}), when it
   * declared form elicitation in {@code initialize}, or a 2026-07-28 call waits that declared it
   * ({@link ModernAsks}: the question is its {@code input_required}); else null, and the gateway
   * asks elsewhere.
   */
  @Override
  public AskChannel askChannel() {
    if (elicitation.available()) {
      return elicitation;
    }
    return modernAsks.available() ? modernAsks : null;
  }

  /** Whether its client may answer its own questions (issue 75): {@link McpClientCheck}. */
  void clientChecked(CompletableFuture<java.util.Optional<String>> refusal) {
    elicitation.clientChecked(refusal);
  }

  @Override
  public void log(String session, String source, String message) {
    if (closing.get()) {
      return; // the agent has gone: the SDK would log every line as a failed send
    }
    transport
        .notifyClients(
            McpSchema.METHOD_NOTIFICATION_MESSAGE,
            new McpSchema.LoggingMessageNotification(McpSchema.LoggingLevel.INFO, source, message))
        .onErrorComplete()
        .subscribe();
  }

  @Override
  public void send(String session, String source, String prompt) {
    pushed.add(source, prompt);
    log(session, source, prompt);
  }

  /**
   * A federated MCP server's resources or prompts changed (decision 131): the agent hears it as its
   * era says, {@code notifications/resources/list_changed} or {@code
   * notifications/prompts/list_changed}, or on its {@code subscriptions/listen} stream.
   */
  @Override
  public void offersChanged(String session, McpFeature listing) {
    boolean resources = listing == McpFeature.RESOURCES_LIST;
    if (resources) {
      modernChanges.resourcesChanged();
    } else {
      modernChanges.promptsChanged();
    }
    McpAsyncServer attached = server;
    if (attached != null && !closing.get()) {
      (resources ? attached.notifyResourcesListChanged() : attached.notifyPromptsListChanged())
          .onErrorComplete()
          .subscribe();
    }
  }

  /** A federated server's question to the client (decisions 132, 134): {@link ClientQuestions}. */
  @Override
  public CompletableFuture<JsonNode> askClient(
      String session, String server, String method, JsonNode params) {
    return new ClientQuestions(elicitation, modernAsks, () -> initialize)
        .ask(server, method, params);
  }

  @Override
  public void streamUpdated(String session, String stream) {
    StreamResources resources = streams;
    if (resources != null && resources.updated(stream)) {
      modernChanges.resourcesChanged(); // a new resource for the 2026-07-28 era's subscribers
    } // else: not attached yet, and nobody can have read or subscribed to it
  }
}
