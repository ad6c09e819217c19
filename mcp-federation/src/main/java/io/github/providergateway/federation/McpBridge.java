package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.transport.stdio.ProcessLog;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
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
 * <p>Each run first probes the server with {@code server/discover} and serves it in its era
 * (decision 115) through one {@link EraClient}: {@link ModernServer} for 2026-07-28, whose tool
 * list is followed through {@code subscriptions/listen} ({@link ListenStream}), else {@link
 * LegacyServer} after {@code initialize}, as before; a server that refuses both is failed by name
 * ({@link Ended#refused}), never restarted. What follows holds in either era.
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
  interface Ended extends ListChanges.Supervisor {
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

    /**
     * The server answered and refused every era the gateway speaks (decision 115): it is not
     * started again, since a restart would be refused the same way.
     *
     * @param why what it answered, for the log and the status
     */
    void refused(String why);
  }

  /** The MCP revisions a server may be served in, chosen by the probe (decision 115). */
  enum Era {
    /** 2026-07-28: {@code server/discover}, stateless requests, through {@link ModernServer}. */
    MODERN,
    /** 2025-11-25 and before: {@code initialize}, through the SDK's legacy client. */
    LEGACY
  }

  /** A call in flight: the session's link it came on and the gateway's id of it there. */
  private record Call(McpSessionLink link, String callId, Disposable.Swap subscription) {}

  private static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(new ObjectMapper());

  /**
   * How long {@code server/discover} may go unanswered before the server is taken for one of the
   * 2025 era (one that ignores an unknown request before {@code initialize}).
   */
  static final Duration PROBE_TIMEOUT = Duration.ofSeconds(10);

  private final McpServerConfig config;
  private final Gateway gateway;
  private final ProcessLog log;
  private final Ended ended;
  private final ToolsRelister relister = new ToolsRelister(this::listAgain);
  private final StdioServerProcess process;
  private final Scheduler scheduler;

  /** The 2025 era's client: {@code initialize} if the probe does not choose the modern era. */
  private final LegacyServer legacy;

  /** The 2026-07-28 client: the probe, then the era's requests if it is chosen. */
  private final ModernServer modern;

  /** The 2026-07-28 transport over the process of a stdio server; null for http. */
  private final ModernStdioTransport modernStdio;

  /** A modern server's {@code subscriptions/listen}. */
  private final ListenStream listen;

  /** The era the probe chose, and its client; null until it did. */
  private volatile Era era;

  private volatile EraClient served;

  /** What the probe heard, for a refusal's message; null when it heard nothing. */
  private volatile String probeHeard;

  /** Calls in flight by their progress token, {@code <session>/<call id>}. */
  private final Map<String, Call> calls = new ConcurrentHashMap<>();

  /** The sessions served, by id; guarded by this for changes that decide the server's end. */
  private final Map<String, McpSessionLink> links = new LinkedHashMap<>();

  /** Sessions that joined before the server was initialized, bound once it is; guarded by this. */
  private final Map<String, CompletableFuture<Void>> waiting = new LinkedHashMap<>();

  private final AtomicBoolean over = new AtomicBoolean();

  /** The server's tools as last listed; set once initialized, guarded by this. */
  private List<ToolDefinition> tools;

  McpBridge(
      McpServerConfig config, Gateway gateway, ProcessLog log, Scheduler scheduler, Ended ended) {
    this.config = config;
    this.gateway = gateway;
    this.log = log;
    this.ended = ended;
    this.scheduler = scheduler;
    io.modelcontextprotocol.modern.client.transport.McpClientTransport modernTransport;
    if (config.isStdio()) {
      process = new StdioServerProcess(config, MAPPER, log, this::serverGone);
      modernStdio = new ModernStdioTransport(process, MAPPER);
      modernTransport = modernStdio;
    } else {
      process = null;
      modernStdio = null;
      modernTransport =
          io.modelcontextprotocol.modern.client.transport.HttpClientMcpTransport.builder(
                  config.url())
              .jsonMapper(MAPPER)
              .build();
    }
    ListChanges changes = new ListChanges(relister::changed, ended::offersChanged);
    legacy = new LegacyServer(config, MAPPER, process, changes, this::serverGone, gateway);
    modern = new ModernServer(config, modernTransport, MAPPER, this::serverGone, gateway);
    listen = new ListenStream(modern, scheduler, log, changes, this::serverGone);
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
    CompletableFuture<Void> begun = CompletableFuture.completedFuture(null);
    if (modernStdio != null) {
      try {
        // The process, its lines to the probe: started here, on the caller's thread, as before the
        // probe, so that servers asked for one after another start in that order.
        modernStdio.start();
      } catch (IllegalStateException notStarted) {
        begun = CompletableFuture.failedFuture(notStarted);
      }
    }
    begun
        .thenCompose(none -> modern.probe(scheduler, PROBE_TIMEOUT))
        .thenCompose(this::served)
        .thenAccept(this::initialized)
        .whenComplete(
            (ok, failure) -> {
              if (failure == null) {
                if (era == Era.MODERN) {
                  listen.open();
                }
              } else if (refusal(failure)) {
                refused(Failures.rootMessage(failure));
              } else {
                serverGone("it did not start: " + Failures.whyNotStarted(config, failure));
              }
            });
    return CompletableFuture.allOf(joins.toArray(CompletableFuture[]::new));
  }

  /**
   * The era the probe chose, and the server's tools in it: a server listing 2026-07-28 in {@code
   * server/discover} is served in it; any other is initialized as before the probe (decision 115).
   */
  private CompletableFuture<List<ToolDefinition>> served(ModernServer.Probe probe) {
    probeHeard = probe.heard() ? probe.answered() : null;
    List<String> skipped = new ArrayList<>();
    CompletableFuture<List<ToolDefinition>> listed;
    if (probe.modern()) {
      era = Era.MODERN;
      served = modern;
      log.note("serving it in the 2026-07-28 era (" + probe.answered() + ")");
      listed = modern.tools(skipped);
    } else {
      era = Era.LEGACY;
      served = legacy;
      log.note("initializing it, the 2025 era (" + probe.answered() + ")");
      listed = legacy.initialize(skipped);
    }
    return listed.thenApply(
        definitions -> {
          noteSkipped(skipped);
          return definitions;
        });
  }

  private void noteSkipped(List<String> skipped) {
    if (!skipped.isEmpty()) {
      log.note(
          "tools left out (a name outside the gateway's grammar [A-Za-z0-9_.-]{1,128}, or an"
              + " invalid x-mcp-header): "
              + skipped);
    }
  }

  /**
   * Whether a start failed because the server answered and refused, rather than died or stayed
   * silent: it answered {@code initialize} with a JSON-RPC error or a version the SDK does not
   * speak, still running (stdio); or, over HTTP, it answered the probe and then refused {@code
   * initialize} with anything but a broken connection.
   */
  private boolean refusal(Throwable failure) {
    Process running = process();
    return !over.get()
        && era == Era.LEGACY
        && (running == null || running.isAlive()) // else it died: a crash, restarted
        && LegacyServer.refused(failure, !config.isStdio(), probeHeard != null);
  }

  /** The server refused both eras: it is failed by name, and not started again. */
  private void refused(String answer) {
    if (over.compareAndSet(false, true)) {
      String why =
          "it supports neither MCP era the gateway speaks (2026-07-28 and 2025-11-25): "
              + (probeHeard == null ? "server/discover had no answer" : probeHeard)
              + "; initialize answered: "
              + answer;
      listen.close();
      failWaiting(why);
      ended.refused(why);
      for (McpSessionLink link : linksNow()) {
        link.serverGone();
      }
      stopServer(Duration.ofSeconds(2));
    }
  }

  /** {@return the era the probe chose, or null before it did} */
  Era era() {
    return era;
  }

  /** {@return the era's client from its probe until the run is over, else null (decision 123)} */
  EraClient served() {
    return over.get() ? null : served;
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
                ended.ended("it did not start: " + Failures.rootMessage(refused), false);
              }
            });
  }

  /** The process of a stdio server (tests and the shutdown use it); null for http. */
  Process process() {
    return process == null ? null : process.process();
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
    String token = token(link, call.id());
    Disposable.Swap subscription = Disposables.swap();
    calls.put(token, new Call(link, call.id(), subscription));
    subscription.update(
        served.call(
            call.tool().substring(config.toolPrefix().length()),
            call.args(),
            token,
            call.id(),
            text -> {
              Call running = calls.get(token);
              if (running != null) {
                running.link().receive(new ToolProgress(running.callId(), text));
              }
            },
            result -> answer(token, result)));
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
      served.ended(token);
      call.link().receive(result);
    }
  }

  void cancelCall(McpSessionLink link, ToolCancel cancel) {
    String token = token(link, cancel.id());
    Call call = calls.remove(token);
    if (call != null) {
      call.subscription().dispose();
      served.cancelled(
          token, "cancelled by the provider gateway (" + cancel.reason().wireName() + ")");
      link.receive(ToolResult.cancelled(cancel.id()));
    }
  }

  /** Lists its tools again after {@code list_changed}, coalesced ({@link ToolsRelister}). */
  private CompletableFuture<?> listAgain() {
    EraClient client = served;
    if (over.get() || client == null) {
      return CompletableFuture.completedFuture(null);
    }
    List<String> skipped = new ArrayList<>();
    return client
        .tools(skipped)
        .whenComplete(
            (listed, failure) -> {
              if (failure != null) {
                if (!serverDown()) {
                  log.note(
                      "listing its tools after a change failed: " + Failures.rootMessage(failure));
                }
              } else {
                noteSkipped(skipped);
                toolsChanged(listed, listed.size());
              }
            });
  }

  private void toolsChanged(List<ToolDefinition> definitions, int listed) {
    List<McpSessionLink> bound = new ArrayList<>();
    synchronized (this) {
      tools = definitions;
      for (McpSessionLink link : links.values()) {
        if (link.isBound()) {
          bound.add(link);
        }
      }
    }
    log.note("the server's tools changed (list_changed): " + listed + " tools");
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
      listen.close();
      if (modernStdio != null) {
        modernStdio.ended(why);
      }
      calls.values().forEach(call -> call.subscription().dispose()); // no late answers
      calls.clear();
      failWaiting(why);
      ended.ended(
          why, true); // before the tools leave, so whoever sees them leave sees it restarting
      for (McpSessionLink link : linksNow()) {
        link.serverGone(); // the engine ends calls in flight DISCONNECTED and removes the tools
      }
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
                served.cancelled(entry.getKey(), "the session ended");
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
    listen.close();
    legacy.close();
    if (process != null) {
      process.stop(grace);
    } else if (era == Era.LEGACY) {
      legacy.closeGracefully();
    }
  }
}
