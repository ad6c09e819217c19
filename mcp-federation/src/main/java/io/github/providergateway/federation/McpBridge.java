package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.CloseReason;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.ProviderConnection;
import io.github.providergateway.gateway.ProviderLink;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ConcurrencyScope;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;

/**
 * One run of an MCP server as a provider: the SDK's MCP client on one side, a provider connection
 * to the gateway on the other, and the translation between them. It authenticates like a spawned
 * provider (a spawn token, so project trust and this session only) and says {@code hello} with the
 * server's tools, so the engine treats it as any provider: the argument check, hooks, gates,
 * concurrency, timeouts and the audit apply, with nothing special for MCP in the engine.
 *
 * <ul>
 *   <li>{@code tool.call} → {@code tools/call} with the call id as {@code progressToken}; {@code
 *       notifications/progress} for it → {@code tool.progress}; the result → {@code tool.result}
 *       ({@link McpResults}).
 *   <li>{@code tool.cancel} (the call's timeout, the host's cancel) → {@code
 *       notifications/cancelled} to the server, and {@code CANCELLED} to the gateway.
 *   <li>{@code notifications/tools/list_changed} → {@code tools/list} again, coalesced ({@link
 *       ToolsRelister}) → {@code tools.update} (the engine debounces registrations).
 *   <li>The server gone (process exit, HTTP failure) → the connection closes: its tools leave the
 *       session and calls in flight end {@code DISCONNECTED}; {@link FederatedMcpServer} restarts.
 *   <li>{@code shutdown.pending} → the server is stopped, then {@code shutdown.ready} and {@code
 *       goodbye}.
 * </ul>
 */
final class McpBridge implements ProviderConnection {

  /** How a run ended, for the supervisor. */
  interface Ended {
    /**
     * The run is over.
     *
     * @param why what happened, for the log
     * @param restart whether the server should be started again (it died), or not (the session
     *     ended, the gateway closed the connection, it was stopped)
     */
    void ended(String why, boolean restart);
  }

  private static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(new ObjectMapper());
  private static final Duration INITIALIZE_TIMEOUT = Duration.ofSeconds(30);

  /** The SDK's own per-request timeout; the gateway's per-tool timeouts are what ends calls. */
  private static final Duration REQUEST_TIMEOUT = Duration.ofHours(24);

  private final McpServerConfig config;
  private final Gateway gateway;
  private final String sessionId;
  private final ProcessLog log;
  private final Ended ended;
  private final CancellingTransport transport;
  private final ToolsRelister relister = new ToolsRelister(this::listAgain);
  private final StdioServerProcess process;
  private final McpAsyncClient client;
  private final Map<String, Disposable.Swap> calls = new ConcurrentHashMap<>();
  private final CompletableFuture<Void> authenticated = new CompletableFuture<>();
  private final CompletableFuture<Void> bound = new CompletableFuture<>();
  private final AtomicBoolean over = new AtomicBoolean();
  private volatile ProviderLink link;

  McpBridge(
      McpServerConfig config, Gateway gateway, String sessionId, ProcessLog log, Ended ended) {
    this.config = config;
    this.gateway = gateway;
    this.sessionId = sessionId;
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
   * Starts the server, initializes it, and binds its tools to the session.
   *
   * @return completes once the tools are registered; fails if the server or the gateway refused
   */
  CompletableFuture<Void> start() {
    return client
        .initialize()
        .then(client.listTools())
        .toFuture()
        .thenCompose(listed -> bind(listed.tools()))
        .whenComplete(
            (ok, failure) -> {
              if (failure != null) {
                serverGone("it did not start: " + whyNotStarted(failure));
              }
            });
  }

  /** The process of a stdio server (tests and the shutdown use it); null for http. */
  Process process() {
    return process == null ? null : process.process();
  }

  private CompletableFuture<Void> bind(List<McpSchema.Tool> tools) {
    List<ToolDefinition> definitions = definitions(tools);
    return gateway
        .spawning()
        .issueSpawnToken(
            sessionId, config.name()) // what a restart names (Gateway.spawning().restarting)
        .thenCompose(
            token -> {
              link = gateway.transports().acceptAuthenticating(this);
              link.receive(Auth.withToken(token));
              return authenticated;
            })
        .thenCompose(
            none -> {
              Hello.Builder hello =
                  Hello.builder(config.name())
                      .session(sessionId)
                      .tools(definitions.toArray(ToolDefinition[]::new));
              if (config.maxConcurrentCalls() > 0) {
                // The gateway's own limit, as a provider declares it: calls past it wait in its
                // queue.
                hello.concurrency(
                    new Concurrency(config.maxConcurrentCalls(), ConcurrencyScope.PROVIDER));
              }
              link.receive(hello.build());
              return bound;
            });
  }

  private List<ToolDefinition> definitions(List<McpSchema.Tool> tools) {
    List<String> skipped = new ArrayList<>();
    List<ToolDefinition> definitions = McpResults.definitions(tools, config.toolPrefix(), skipped);
    if (!skipped.isEmpty()) {
      log.note(
          "tools left out, their names are not in the gateway's grammar [A-Za-z0-9_.-]{1,128}: "
              + skipped);
    }
    return definitions;
  }

  // ---- from the gateway (on its loop: hand off, never block) ----

  @Override
  public boolean send(GatewayMessage message) {
    if (message instanceof Sessions) {
      authenticated.complete(null);
    } else if (message instanceof HelloAck) {
      bound.complete(null);
    } else if (message instanceof ErrorMessage error) {
      refused(error);
    } else if (message instanceof ToolCall call) {
      startCall(call);
    } else if (message instanceof ToolCancel cancel) {
      cancelCall(cancel);
    } else if (message instanceof SessionLifecycle lifecycle
        && lifecycle.state() == LifecycleState.SHUTDOWN_PENDING) {
      CompletableFuture.runAsync(() -> shutdown(lifecycle.deadline()));
    }
    return true;
  }

  private void refused(ErrorMessage error) {
    String text = "the gateway refused it: " + error.code().wireName() + " " + error.message();
    if (!bound.isDone()) {
      IllegalStateException refusal = new IllegalStateException(text);
      authenticated.completeExceptionally(refusal);
      bound.completeExceptionally(refusal);
    } else {
      log.note(text);
    }
  }

  @Override
  public void close(CloseReason reason) {
    if (over.compareAndSet(false, true)) {
      CompletableFuture.runAsync(() -> stopServer(Duration.ofSeconds(4)));
      ended.ended("the gateway closed its connection (" + reason + ")", false);
    }
  }

  @Override
  public String describe() {
    return "mcp:" + config.name();
  }

  // ---- calls ----

  private void startCall(ToolCall call) {
    String tool = call.tool().substring(config.toolPrefix().length());
    McpSchema.CallToolRequest request =
        McpSchema.CallToolRequest.builder()
            .name(tool)
            .arguments(McpResults.arguments(call.args()))
            .progressToken(call.id())
            .build();
    Disposable.Swap subscription = Disposables.swap();
    calls.put(call.id(), subscription);
    subscription.update(
        client
            .callTool(request)
            .subscribe(
                result -> answer(call.id(), McpResults.result(call.id(), result)),
                failure ->
                    answer(
                        call.id(),
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
  private void answer(String callId, ToolResult result) {
    if (result.errorCode() != null && serverDown()) {
      return;
    }
    if (calls.remove(callId) != null) {
      transport.forget(callId);
      ProviderLink current = link;
      if (current != null) {
        current.receive(result);
      }
    }
  }

  private void cancelCall(ToolCancel cancel) {
    Disposable call = calls.remove(cancel.id());
    if (call != null) {
      call.dispose();
      transport.cancel(
          cancel.id(), "cancelled by the provider gateway (" + cancel.reason().wireName() + ")");
      link.receive(ToolResult.cancelled(cancel.id()));
    }
  }

  private Mono<Void> progress(McpSchema.ProgressNotification notification) {
    String callId = String.valueOf(notification.progressToken());
    ProviderLink current = link;
    if (current != null && calls.containsKey(callId)) {
      String message =
          notification.message() != null
              ? notification.message()
              : notification.total() != null
                  ? format(notification.progress()) + " / " + format(notification.total())
                  : format(notification.progress());
      current.receive(new ToolProgress(callId, message));
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

  private void toolsChanged(List<McpSchema.Tool> tools) {
    ProviderLink current = link;
    if (current != null && bound.isDone() && !bound.isCompletedExceptionally()) {
      log.note("the server's tools changed (list_changed): " + tools.size() + " tools");
      current.receive(ToolsUpdate.replaceAll(definitions(tools)));
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

  /** The server went away by itself: the connection closes, and the supervisor may restart it. */
  private void serverGone(String why) {
    if (over.compareAndSet(false, true)) {
      calls.values().forEach(Disposable::dispose); // no late answer: they end DISCONNECTED below
      calls.clear();
      ended.ended(
          why, true); // before the tools leave, so whoever sees them leave sees it restarting
      ProviderLink current = link;
      if (current != null) {
        current.closed(); // the engine ends calls in flight DISCONNECTED and removes the tools
      }
      client.close();
      stopServer(Duration.ZERO);
    }
  }

  /** The session is ending: stop the server within the deadline, then say so. */
  private void shutdown(Duration deadline) {
    if (over.compareAndSet(false, true)) {
      Duration grace = deadline == null ? Duration.ofSeconds(4) : deadline.dividedBy(2);
      stopServer(grace);
      // STOPPED before the gateway hears shutdown.ready: whoever sees the session end sees it
      // stopped.
      ended.ended("the session ended", false);
      ProviderLink current = link;
      if (current != null) {
        current.receive(new ShutdownReady(sessionId));
        current.receive(new Goodbye("the session ended"));
      }
    }
  }

  /** Stops this run for good (the app is stopping). */
  void stop(Duration grace) {
    if (over.compareAndSet(false, true)) {
      stopServer(grace);
      ProviderLink current = link;
      if (current != null) {
        current.receive(new Goodbye("the MCP server was stopped"));
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
