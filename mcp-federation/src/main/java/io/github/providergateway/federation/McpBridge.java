package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.transport.stdio.ProcessLog;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;

/**
 * One run of an MCP server as a provider of one or more sessions: the SDK's MCP client on one side,
 * one provider connection per session on the other ({@link McpSessionLink}: a spawn token for that
 * session, so project trust and that session only, and a {@code hello} with the server's tools),
 * and the translation between them. The engine treats the server in each session as any provider of
 * it: the argument check, hooks, gates, concurrency, timeouts and the audit apply, with nothing
 * special for MCP in the engine. Sessions of one project share one run (one process): each
 * session's calls are its own, told apart by their progress tokens, and nothing of one session's
 * reaches another.
 *
 * <ul>
 *   <li>{@code tool.call} → {@code tools/call} with {@code <session>/<call id>} as {@code
 *       progressToken}; {@code notifications/progress} for it → {@code tool.progress} in that
 *       session; the result → {@code tool.result} there ({@link McpResults}).
 *   <li>{@code tool.cancel} (the call's timeout, the host's cancel) → {@code
 *       notifications/cancelled} to the server, and {@code CANCELLED} to the gateway.
 *   <li>{@code notifications/tools/list_changed} → {@code tools/list} again, coalesced ({@link
 *       ToolsRelister}) → {@code tools.update} in every session (the engine debounces).
 *   <li>The server gone (process exit, HTTP failure) → every session's connection closes: its tools
 *       leave the sessions and calls in flight end {@code DISCONNECTED}; {@link FederatedMcpServer}
 *       restarts it.
 *   <li>{@code shutdown.pending} of a session → that session's {@code shutdown.ready} and {@code
 *       goodbye}; the server is stopped first when it was the last session it served.
 * </ul>
 */
final class McpBridge {

  /** How a run ended, or a session left it, for the supervisor. */
  interface Ended {
    /**
     * The run is over.
     *
     * @param why what happened, for the log
     * @param restart whether the server should be started again (it died), or not (its last session
     *     ended, the gateway closed the last connection, it was stopped)
     */
    void ended(String why, boolean restart);

    /**
     * {@code sessionId} no longer has the server (its session ended, or the gateway closed its
     * connection) while the run goes on for others.
     *
     * @param sessionId the session that left
     */
    default void left(String sessionId) {}
  }

  /** A call in flight: the session's link it came on and the gateway's id of it there. */
  private record Call(McpSessionLink link, String callId, Disposable.Swap subscription) {}

  private static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(new ObjectMapper());
  private static final Duration INITIALIZE_TIMEOUT = Duration.ofSeconds(30);

  /** The SDK's own per-request timeout; the gateway's per-tool timeouts are what ends calls. */
  private static final Duration REQUEST_TIMEOUT = Duration.ofHours(24);

  private final McpServerConfig config;
  private final Gateway gateway;
  private final ProcessLog log;
  private final Ended ended;
  private final CancellingTransport transport;
  private final ToolsRelister relister = new ToolsRelister(this::listAgain);
  private final StdioServerProcess process;
  private final McpAsyncClient client;

  /** Calls in flight by their progress token, {@code <session>/<call id>}. */
  private final Map<String, Call> calls = new ConcurrentHashMap<>();

  /** The sessions served, by id; guarded by this for changes that decide the server's end. */
  private final Map<String, McpSessionLink> links = new LinkedHashMap<>();

  /** Sessions that joined before the server was initialized, bound once it is; guarded by this. */
  private final Map<String, CompletableFuture<Void>> waiting = new LinkedHashMap<>();

  private final AtomicBoolean over = new AtomicBoolean();

  /** The server's tools as last listed; set once initialized, guarded by this. */
  private List<ToolDefinition> tools;

  McpBridge(McpServerConfig config, Gateway gateway, ProcessLog log, Ended ended) {
    this.config = config;
    this.gateway = gateway;
    this.log = log;
    this.ended = ended;
    McpClientTransport raw;
    if (config.isStdio()) {
      process = new StdioServerProcess(config, MAPPER, log, this::serverGone);
      raw = process;
    } else {
      process = null;
      URI url = config.url();
      String base = url.getScheme() + "://" + url.getRawAuthority();
      raw =
          HttpClientStreamableHttpTransport.builder(base)
              .endpoint(
                  url.getRawPath() == null || url.getRawPath().isEmpty()
                      ? "/mcp"
                      : url.getRawPath())
              .jsonMapper(MAPPER)
              .build();
    }
    transport = new CancellingTransport(new ListChangedTransport(raw, relister::changed));
    transport.setExceptionHandler(
        failure -> serverGone("the MCP connection failed: " + failure.getMessage()));
    client =
        McpClient.async(transport)
            .clientInfo(
                new McpSchema.Implementation("provider-gateway", null, "1", null, null, null))
            .initializationTimeout(INITIALIZE_TIMEOUT)
            .requestTimeout(REQUEST_TIMEOUT)
            .progressConsumer(this::progress)
            .build();
  }

  /**
   * Starts the server and initializes it, then binds its tools in {@code sessions}.
   *
   * @param sessions the sessions to serve first; more may {@link #join} later
   * @return completes once the tools are registered in each of them; fails if the server did not
   *     start or the gateway refused every one
   */
  CompletableFuture<Void> start(Collection<String> sessions) {
    List<CompletableFuture<Void>> joins = new ArrayList<>();
    for (String sessionId : sessions) {
      joins.add(join(sessionId));
    }
    client
        .initialize()
        .then(client.listTools())
        .toFuture()
        .thenAccept(listed -> initialized(definitions(listed.tools())))
        .whenComplete(
            (ok, failure) -> {
              if (failure != null) {
                serverGone("it did not start: " + whyNotStarted(failure));
              }
            });
    return CompletableFuture.allOf(joins.toArray(CompletableFuture[]::new));
  }

  /** The server answered: the sessions that joined meanwhile are bound now. */
  private void initialized(List<ToolDefinition> listed) {
    Map<String, CompletableFuture<Void>> due;
    synchronized (this) {
      tools = listed;
      due = new LinkedHashMap<>(waiting);
      waiting.clear();
    }
    due.forEach(
        (sessionId, joined) ->
            join(sessionId)
                .whenComplete(
                    (ok, refused) -> {
                      if (refused != null) {
                        joined.completeExceptionally(refused);
                      } else {
                        joined.complete(null);
                      }
                    }));
  }

  /**
   * Binds the server's tools in {@code sessionId} as well, once it is initialized.
   *
   * @return completes once they are registered there; fails when the gateway refuses (the session
   *     ended meanwhile), which leaves the other sessions as they are
   */
  CompletableFuture<Void> join(String sessionId) {
    McpSessionLink link;
    List<ToolDefinition> listed;
    synchronized (this) {
      if (over.get()) {
        return CompletableFuture.failedFuture(
            new IllegalStateException("the MCP server '" + config.name() + "' is not running"));
      }
      if (tools == null) { // not initialized yet: bound once it is
        return waiting.computeIfAbsent(sessionId, id -> new CompletableFuture<>());
      }
      listed = tools;
      if (links.containsKey(sessionId)) {
        return CompletableFuture.completedFuture(null);
      }
      link = new McpSessionLink(this, sessionId);
      links.put(sessionId, link);
    }
    return link.bind(gateway, config, listed)
        .whenComplete(
            (ok, refused) -> {
              if (refused != null
                  && forget(link)
                  && nobodyWaits()
                  && over.compareAndSet(false, true)) {
                // Refused in the only session it served (it ended meanwhile): nothing to serve.
                stopServer(Duration.ZERO);
                ended.ended("it did not start: " + rootMessage(refused), false);
              }
            });
  }

  /** The process of a stdio server (tests and the shutdown use it); null for http. */
  Process process() {
    return process == null ? null : process.process();
  }

  private List<ToolDefinition> definitions(List<McpSchema.Tool> listed) {
    List<String> skipped = new ArrayList<>();
    List<ToolDefinition> definitions = McpResults.definitions(listed, config.toolPrefix(), skipped);
    if (!skipped.isEmpty()) {
      log.note(
          "tools left out, their names are not in the gateway's grammar [A-Za-z0-9_.-]{1,128}: "
              + skipped);
    }
    return definitions;
  }

  /** Writes {@code text} to the server's log. */
  void note(String text) {
    log.note(text);
  }

  /** {@return how the gateway's logs name this server} */
  String describe() {
    return "mcp:" + config.name();
  }

  // ---- calls ----

  private static String token(McpSessionLink link, String callId) {
    return link.sessionId() + "/" + callId;
  }

  void startCall(McpSessionLink link, ToolCall call) {
    String tool = call.tool().substring(config.toolPrefix().length());
    String token = token(link, call.id());
    McpSchema.CallToolRequest request =
        McpSchema.CallToolRequest.builder()
            .name(tool)
            .arguments(McpResults.arguments(call.args()))
            .progressToken(token)
            .build();
    Disposable.Swap subscription = Disposables.swap();
    calls.put(token, new Call(link, call.id(), subscription));
    subscription.update(
        client
            .callTool(request)
            .subscribe(
                result -> answer(token, McpResults.result(call.id(), result)),
                failure ->
                    answer(
                        token,
                        ToolResult.failure(
                            call.id(),
                            "MCP server '" + config.name() + "': " + rootMessage(failure),
                            ToolErrorCode.INTERNAL))));
  }

  /**
   * The call's one answer, unless it was cancelled or the server went away first: a call the server
   * cannot answer because it died ends {@code DISCONNECTED} when the connection closes, not with
   * whatever error the client made of the broken pipe.
   */
  private void answer(String token, ToolResult result) {
    if (result.errorCode() != null && serverDown()) {
      return;
    }
    Call call = calls.remove(token);
    if (call != null) {
      transport.forget(token);
      call.link().receive(result);
    }
  }

  void cancelCall(McpSessionLink link, ToolCancel cancel) {
    String token = token(link, cancel.id());
    Call call = calls.remove(token);
    if (call != null) {
      call.subscription().dispose();
      transport.cancel(
          token, "cancelled by the provider gateway (" + cancel.reason().wireName() + ")");
      link.receive(ToolResult.cancelled(cancel.id()));
    }
  }

  private Mono<Void> progress(McpSchema.ProgressNotification notification) {
    Call call = calls.get(String.valueOf(notification.progressToken()));
    if (call != null) {
      String message =
          notification.message() != null
              ? notification.message()
              : notification.total() != null
                  ? format(notification.progress()) + " / " + format(notification.total())
                  : format(notification.progress());
      call.link().receive(new ToolProgress(call.callId(), message));
    }
    return Mono.empty();
  }

  private static String format(Double value) {
    return value == null
        ? ""
        : value == Math.rint(value) ? String.valueOf(value.longValue()) : String.valueOf(value);
  }

  /**
   * Lists the server's tools again after {@code list_changed} ({@link ToolsRelister} coalesces).
   */
  private CompletableFuture<?> listAgain() {
    if (over.get()) {
      return CompletableFuture.completedFuture(null);
    }
    return client
        .listTools()
        .toFuture()
        .whenComplete(
            (listed, failure) -> {
              if (failure != null) {
                if (!serverDown()) {
                  log.note("listing its tools after list_changed failed: " + rootMessage(failure));
                }
              } else {
                toolsChanged(listed.tools());
              }
            });
  }

  private void toolsChanged(List<McpSchema.Tool> listed) {
    List<ToolDefinition> definitions = definitions(listed);
    List<McpSessionLink> bound = new ArrayList<>();
    synchronized (this) {
      tools = definitions;
      for (McpSessionLink link : links.values()) {
        if (link.isBound()) {
          bound.add(link);
        }
      }
    }
    log.note("the server's tools changed (list_changed): " + listed.size() + " tools");
    for (McpSessionLink link : bound) {
      link.receive(ToolsUpdate.replaceAll(definitions));
    }
  }

  // ---- ends ----

  private boolean serverDown() {
    if (over.get()) {
      return true;
    }
    Process running = process();
    return running != null && !running.isAlive();
  }

  /** The server went away by itself: every connection closes, and the supervisor may restart it. */
  private void serverGone(String why) {
    if (over.compareAndSet(false, true)) {
      calls.values().forEach(call -> call.subscription().dispose()); // no late answers
      calls.clear();
      failWaiting(why);
      ended.ended(
          why, true); // before the tools leave, so whoever sees them leave sees it restarting
      for (McpSessionLink link : linksNow()) {
        link.serverGone(); // the engine ends calls in flight DISCONNECTED and removes the tools
      }
      client.close();
      stopServer(Duration.ZERO);
    }
  }

  private synchronized boolean nobodyWaits() {
    return waiting.isEmpty() && links.isEmpty();
  }

  private void failWaiting(String why) {
    List<CompletableFuture<Void>> due;
    synchronized (this) {
      due = List.copyOf(waiting.values());
      waiting.clear();
    }
    IllegalStateException gone =
        new IllegalStateException("the MCP server '" + config.name() + "' " + why);
    due.forEach(joined -> joined.completeExceptionally(gone));
  }

  private synchronized List<McpSessionLink> linksNow() {
    return List.copyOf(links.values());
  }

  /**
   * {@code link}'s session is ending: it says {@code shutdown.ready} and {@code goodbye}; when it
   * was the last session served, the server is stopped within the deadline first.
   */
  void sessionEnding(McpSessionLink link, Duration deadline) {
    boolean last = forget(link);
    if (last && over.compareAndSet(false, true)) {
      Duration grace = deadline == null ? Duration.ofSeconds(4) : deadline.dividedBy(2);
      stopServer(grace);
      // STOPPED before the gateway hears shutdown.ready: whoever sees the session end sees it
      // stopped.
      ended.ended("the session ended", false);
    } else if (!last) {
      ended.left(link.sessionId());
    }
    link.receive(new ShutdownReady(link.sessionId()));
    link.receive(new Goodbye("the session ended"));
  }

  /** The gateway closed {@code link}'s connection: the server stops if it served no one else. */
  void linkClosed(McpSessionLink link, CloseReason reason) {
    boolean last = forget(link);
    if (last && over.compareAndSet(false, true)) {
      CompletableFuture.runAsync(() -> stopServer(Duration.ofSeconds(4)));
      ended.ended("the gateway closed its connection (" + reason + ")", false);
    } else if (!last) {
      ended.left(link.sessionId());
    }
  }

  /**
   * Stops serving {@code link}'s session: its calls in flight are dropped (the gateway ends them).
   *
   * @return whether it was the last session served
   */
  private boolean forget(McpSessionLink link) {
    String prefix = link.sessionId() + "/";
    calls
        .entrySet()
        .removeIf(
            entry -> {
              if (entry.getKey().startsWith(prefix)) {
                entry.getValue().subscription().dispose();
                transport.cancel(entry.getKey(), "the session ended");
                return true;
              }
              return false;
            });
    synchronized (this) {
      boolean had = links.remove(link.sessionId(), link);
      return had && links.isEmpty();
    }
  }

  /**
   * Stops serving {@code sessionId} while the run goes on for others (a reload took the entry from
   * that session): its calls in flight are dropped and its tools leave it.
   */
  void leave(String sessionId) {
    McpSessionLink link;
    synchronized (this) {
      link = links.get(sessionId);
    }
    if (link != null) {
      forget(link);
      link.receive(new Goodbye("the MCP server no longer serves this session"));
    }
  }

  /** Stops this run for good (the app is stopping, or the server was stopped). */
  void stop(Duration grace) {
    if (over.compareAndSet(false, true)) {
      failWaiting("was stopped");
      stopServer(grace);
      for (McpSessionLink link : linksNow()) {
        link.receive(new Goodbye("the MCP server was stopped"));
      }
      ended.ended("stopped", false);
    }
  }

  private void stopServer(Duration grace) {
    client.close();
    if (process != null) {
      process.stop(grace);
    } else {
      transport.closeGracefully().onErrorComplete().block(Duration.ofSeconds(2));
    }
  }

  /**
   * Why the server could not be started, in the person's terms: for an HTTP server nothing answers
   * at its URL when the connection was refused or closed before an answer (the client's {@code
   * ClosedChannelException} named the machinery, not the problem: issue 34).
   */
  private String whyNotStarted(Throwable failure) {
    if (!config.isStdio()) {
      for (Throwable cause = failure;
          cause != null;
          cause = cause.getCause() == cause ? null : cause.getCause()) {
        if (cause instanceof java.net.ConnectException
            || cause instanceof java.nio.channels.ClosedChannelException) {
          return "nothing answers at " + config.url() + " (is the server running?)";
        }
      }
    }
    return rootMessage(failure);
  }

  private static String rootMessage(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }
}
