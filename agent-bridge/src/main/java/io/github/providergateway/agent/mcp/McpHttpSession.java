package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.ServerSentEvents;
import io.github.providergateway.loop.Scheduler;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One Streamable HTTP session ({@code Mcp-Session-Id}): one agent session of the front door ({@link
 * AgentSession} and its SDK server, exactly as {@code gateway mcp} has over stdio) with the HTTP
 * side's state: the requests waiting for their answers, the {@code GET} stream, the events kept for
 * a client that reconnects ({@link EventLog}), and when it was last used.
 *
 * <p><b>Where a message goes.</b> A response goes to the {@code POST} that carried its request: as
 * {@code application/json} when it is ready within {@link Settings#jsonWait}, else on an event
 * stream that the {@code POST} became once the wait ran out (or its first progress notification
 * came), closed after the response. {@code notifications/progress} goes to its request's stream.
 * Everything else the server says unasked (tool list changes, log lines, resource updates, {@code
 * roots/list}) goes to the {@code GET} stream, and waits in the log while none is open. Every event
 * has an id; a {@code GET} with {@code Last-Event-ID} gets that id's stream back from after it (MCP
 * Streamable HTTP, "Resumability and redelivery").
 *
 * <p><b>Threads.</b> HTTP requests arrive on the server's I/O threads, the SDK answers on Reactor's
 * and the gateway's threads, timers fire on the scheduler's: the state here is guarded by this
 * object's lock. Nothing done under it blocks: event streams and HTTP answers never wait for the
 * client, and the SDK is handed messages outside it.
 */
final class McpHttpSession implements McpHttpSessions.Entry {

  private static final System.Logger LOG = System.getLogger(McpHttpSession.class.getName());

  static final String SESSION_HEADER = "Mcp-Session-Id";
  static final String JSON = "application/json";

  /** The front door's bounds and times, as one session needs them. */
  record Settings(
      Duration jsonWait,
      Duration idleTimeout,
      Duration handshakeOnlyTimeout,
      int maxPendingRequests,
      int replayEvents,
      long replayBytes,
      String version,
      java.nio.file.Path workingDirectory) {}

  /** What a session tells the front door. */
  interface Owner {
    /** The session ended (deleted, expired, or its initialize failed): forget it. */
    void ended(McpHttpSession session);
  }

  /** How a request's answer goes out. */
  private enum Mode {
    /** The {@code POST} waits for a JSON answer. */
    JSON,
    /** The {@code POST}'s answer is an event stream, open now. */
    EVENTS,
    /** The event stream was lost before the response: events wait in the log for a resume. */
    DETACHED
  }

  /** One request waiting for its response, and the stream its events belong to. */
  private static final class Exchange {
    final String key;
    final long stream;
    final Object progressToken;
    final boolean initialize;
    Mode mode = Mode.JSON;

    /** The {@code POST}'s answer while in {@link Mode#JSON}. */
    HttpReply reply;

    /** The open stream in {@link Mode#EVENTS}. */
    ServerSentEvents events;

    Scheduler.Cancellable jsonTimer;

    Exchange(String key, long stream, Object progressToken, boolean initialize, HttpReply reply) {
      this.key = key;
      this.stream = stream;
      this.progressToken = progressToken;
      this.initialize = initialize;
      this.reply = reply;
    }
  }

  final String id;

  /**
   * What its gateway session's {@code openedBy} starts with, before the client's name: a session
   * opened with a front-door client's token, never the agent's for a hook adapter.
   */
  static final String OPENED_BY = "mcp-http:";

  /**
   * The same for a token of an agent's kind ({@link ClientTokens.Kind#AGENT}, written by {@code
   * gateway setup} into the agent's own settings): {@code agent:<client>}, the agent's own session
   * for hooks, providers and the status page (decision 68's {@code agent:<detail>}).
   */
  static final String OPENED_BY_AGENT = "agent:";

  /** The client whose token opened it; only that token reaches it. */
  final ClientTokens.Client client;

  private final Settings settings;
  private final Clock clock;
  private final Scheduler scheduler;
  private final Owner owner;
  private final HttpSessionTransport carrier;
  private final AgentSession agent;
  private final McpAsyncServer server;

  /** What was sent, for resumes. Guarded by this. */
  private final EventLog events;

  /** Requests waiting for a response, by the JSON-RPC id's key. Guarded by this. */
  private final Map<String, Exchange> pending = new HashMap<>();

  /** The same, by their stream. Guarded by this. */
  private final Map<Long, Exchange> pendingByStream = new HashMap<>();

  /** The number the next request stream gets. Guarded by this. */
  private long nextStream = EventLog.STANDALONE + 1;

  /** The open {@code GET} stream, or null. Guarded by this. */
  private ServerSentEvents standalone;

  /** The seq of the last standalone event written to a {@code GET} stream. Guarded by this. */
  private long standaloneSentThrough;

  /** When a request last came or a stream last closed. Guarded by this. */
  private Instant lastActive;

  /** Whether it has made a request other than {@code initialize}. Guarded by this. */
  private boolean used;

  private Scheduler.Cancellable expiry;

  /** Set once, when the session ends. Guarded by this. */
  private boolean closed;

  /**
   * Whether its client may answer its own questions (issue 75), as checked when it opened: told to
   * its agent session, which offers the gateway its client's elicitation only then.
   */
  void clientChecked(CompletableFuture<java.util.Optional<String>> refusal) {
    agent.clientChecked(refusal);
  }

  McpHttpSession(
      String id,
      ClientTokens.Client client,
      java.nio.file.Path folder,
      HostApi gateway,
      Settings settings,
      Clock clock,
      Scheduler scheduler,
      Owner owner) {
    this.id = id;
    this.client = client;
    this.settings = settings;
    this.clock = clock;
    this.scheduler = scheduler;
    this.owner = owner;
    this.events = new EventLog(settings.replayEvents(), settings.replayBytes());
    this.carrier = new HttpSessionTransport(this::outbound);
    this.agent =
        new AgentSession(
            CompletableFuture.completedFuture(gateway),
            () -> {},
            folder,
            openedBy(client),
            false, // a session the gateway ended stays ended: the client hears 404
            carrier,
            scheduler);
    this.server = McpFrontDoor.server(agent, settings.version());
    synchronized (this) {
      lastActive = clock.instant();
      expiry = scheduler.schedule(settings.handshakeOnlyTimeout(), this::checkIdle);
    }
  }

  /**
   * Whom the gateway session is opened for: see {@link #OPENED_BY} and {@link #OPENED_BY_AGENT}.
   */
  static String openedBy(ClientTokens.Client client) {
    return switch (client.kind()) {
      case AGENT -> OPENED_BY_AGENT + client.name();
      case CLIENT -> OPENED_BY + client.name();
    };
  }

  // ---- what the client sends ----

  /** A request POSTed: answered on {@code reply}, as JSON or as an event stream. */
  void request(McpSchema.JSONRPCRequest request, HttpReply reply) {
    String key = key(request.id());
    Exchange exchange;
    synchronized (this) {
      if (closed) {
        McpHttpError.sessionNotFound().send(reply);
        return;
      }
      if (pending.containsKey(key)) {
        new McpHttpError(
                400,
                request.id(),
                McpHttpError.INVALID_REQUEST,
                "Invalid Request: a request with id " + request.id() + " is still in progress",
                headers())
            .send(reply);
        return;
      }
      if (pending.size() >= settings.maxPendingRequests()) {
        new McpHttpError(
                429,
                request.id(),
                McpHttpError.TRANSPORT,
                "Too many requests in progress on this session (at most "
                    + settings.maxPendingRequests()
                    + "); try again when one is answered",
                headers())
            .send(reply);
        return;
      }
      exchange =
          new Exchange(
              key,
              nextStream++,
              progressToken(request),
              McpSchema.METHOD_INITIALIZE.equals(request.method()),
              reply);
      pending.put(key, exchange);
      pendingByStream.put(exchange.stream, exchange);
      lastActive = clock.instant();
      if (!exchange.initialize) {
        used = true;
      }
      exchange.jsonTimer =
          scheduler.schedule(
              settings.jsonWait(),
              () -> {
                synchronized (this) {
                  toEvents(exchange);
                }
              });
    }
    carrier
        .deliver(request)
        .subscribe(
            null,
            failure -> {
              LOG.log(
                  Level.WARNING,
                  "MCP over HTTP: session {0}: {1} failed: {2}",
                  id,
                  request.method(),
                  failure.toString());
              outbound(
                  new McpSchema.JSONRPCResponse(
                      McpSchema.JSONRPC_VERSION,
                      request.id(),
                      null,
                      new McpSchema.JSONRPCResponse.JSONRPCError(
                          McpSchema.ErrorCodes.INTERNAL_ERROR, "Internal error", null)));
            });
  }

  /**
   * A notification or a response POSTed: counted as activity, acknowledged ({@code 202}), then
   * handed on. The activity is counted before the client hears back, so that whatever it does next
   * sees this session as used now (which session a client at its most loses depends on it).
   */
  void accept(McpSchema.JSONRPCMessage message, Runnable acknowledge) {
    boolean open;
    synchronized (this) {
      open = !closed;
      if (open) {
        lastActive = clock.instant();
      }
    }
    acknowledge.run();
    if (!open) {
      return;
    }
    carrier
        .deliver(message)
        .subscribe(
            null,
            failure ->
                LOG.log(
                    Level.DEBUG,
                    "MCP over HTTP: session {0}: message not handled: {1}",
                    id,
                    failure.toString()));
    if (message instanceof McpSchema.JSONRPCNotification notification
        && SessionTap.CANCELLED.equals(notification.method())
        && notification.params() instanceof Map<?, ?> params
        && params.get("requestId") != null) {
      cancelled(params.get("requestId"));
    }
  }

  /**
   * Tells the client its tool, prompt and resource lists changed, on the {@code GET} stream (kept
   * in the log until one opens): a session made again from its window's kept {@code initialize}
   * ({@link McpHttpRenewal}) is served by a gateway started again, whose lists the window's agent
   * has not seen.
   */
  void listsChanged() {
    for (String method :
        List.of(
            McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED,
            McpSchema.METHOD_NOTIFICATION_PROMPTS_LIST_CHANGED,
            McpSchema.METHOD_NOTIFICATION_RESOURCES_LIST_CHANGED)) {
      outbound(new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION, method, null));
    }
  }

  /**
   * The client cancelled a request: no response will come (MCP: the receiver does not answer a
   * cancelled request), so its {@code POST} ends here, with 202 and no body while it waited for
   * JSON, or by closing its event stream.
   */
  private void cancelled(Object requestId) {
    synchronized (this) {
      Exchange exchange = pending.get(key(requestId));
      if (exchange == null) {
        return;
      }
      finish(exchange);
      switch (exchange.mode) {
        case JSON -> exchange.reply.send(202, null, headers(), new byte[0]);
        case EVENTS -> exchange.events.close();
        case DETACHED -> {}
      }
    }
  }

  /**
   * A {@code GET}: the standalone stream, or with {@code lastEventId} the stream that id names,
   * from after it.
   */
  void get(String lastEventId, HttpReply reply) {
    synchronized (this) {
      if (closed) {
        McpHttpError.sessionNotFound().send(reply);
        return;
      }
      lastActive = clock.instant();
      if (lastEventId == null) {
        if (standalone != null && standalone.isOpen()) {
          // One GET stream a session, as the TypeScript SDK's server has it: a second would split
          // the notifications between two readers. A client that lost its stream resumes it with
          // Last-Event-ID, which takes it over.
          new McpHttpError(
                  409,
                  null,
                  McpHttpError.TRANSPORT,
                  "Conflict: this session's GET stream is open already; resume it with Last-Event-ID",
                  headers())
              .send(reply);
          return;
        }
        openStandalone(reply, standaloneSentThrough);
        return;
      }
      EventLog.Position position = EventLog.parse(lastEventId);
      if (position == null
          || position.stream() >= nextStream
          || position.seq() > events.lastSeq()) {
        new McpHttpError(
                400,
                null,
                McpHttpError.TRANSPORT,
                "Bad Request: Last-Event-ID "
                    + shown(lastEventId)
                    + " names no event of this session",
                headers())
            .send(reply);
        return;
      }
      if (position.stream() == EventLog.STANDALONE) {
        if (standalone != null) {
          ServerSentEvents old = standalone;
          standalone = null;
          old.close(); // the client says it lost it: the new connection takes over
        }
        openStandalone(reply, position.seq());
        return;
      }
      resume(position, reply);
    }
  }

  /** {@code DELETE}, or the end of the front door: ends the session and its gateway session. */
  @Override
  public void close() {
    List<Runnable> after = new ArrayList<>();
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      if (expiry != null) {
        expiry.cancel();
      }
      for (Exchange exchange : new ArrayList<>(pending.values())) {
        finish(exchange);
        switch (exchange.mode) {
          case JSON -> McpHttpError.sessionNotFound().send(exchange.reply);
          case EVENTS -> after.add(exchange.events::close);
          case DETACHED -> {}
        }
      }
      if (standalone != null) {
        after.add(standalone::close);
        standalone = null;
      }
    }
    after.forEach(Runnable::run);
    server.close();
    ModernDoor door;
    synchronized (this) {
      door = modern;
    }
    if (door != null) {
      door.close(); // its subscriptions end with their results
    }
    agent.closed(); // ends the gateway session (idempotent: closing the server may have done it)
    owner.ended(this);
    endActions.forEach(Runnable::run);
  }

  // ---- the 2026-07-28 era (McpHttpModern) ----

  /** Run once the session has ended, after its owner heard. */
  private final List<Runnable> endActions = new java.util.concurrent.CopyOnWriteArrayList<>();

  /** The modern era's door on this session's agent, made at its first modern request. */
  private ModernDoor modern;

  /** Modern requests being answered: the session is not idle while one is. */
  private int modernInFlight;

  /** Runs {@code action} once this session has ended (at once if it has). */
  void onEnd(Runnable action) {
    endActions.add(action);
    if (isClosed() && endActions.remove(action)) {
      action.run();
    }
  }

  /**
   * Serves a 2026-07-28 request in this session: it counts as the session's use, as a legacy
   * request does, so that the session lives as long as its client keeps asking.
   */
  void modern(JsonNode tree, ModernDoor.Replies replies) {
    ModernDoor door;
    synchronized (this) {
      lastActive = clock.instant();
      // A discover alone is a probe (a health check): the session then ends as a legacy one that
      // only initialized does.
      used |= !ModernEra.DISCOVER.equals(tree.path("method").asText());
      modernInFlight++;
      if (modern == null) {
        modern = new ModernDoor(agent, agent, settings.version());
      }
      door = modern;
    }
    door.handle(tree, finishing(replies));
  }

  /** {@code replies}, counting the request out of {@link #modernInFlight} when it is answered. */
  private ModernDoor.Replies finishing(ModernDoor.Replies replies) {
    Runnable done =
        () -> {
          synchronized (this) {
            modernInFlight--;
            lastActive = clock.instant();
          }
        };
    return new ModernDoor.Replies() {
      @Override
      public void send(io.modelcontextprotocol.modern.JsonRpc.JSONRPCMessage answer) {
        done.run();
        replies.send(answer);
      }

      @Override
      public reactor.core.Disposable stream(
          reactor.core.publisher.Flux<io.modelcontextprotocol.modern.JsonRpc.JSONRPCMessage>
              messages) {
        return replies.stream(messages.doFinally(signal -> done.run()));
      }

      @Override
      public void accepted() {
        done.run();
        replies.accepted();
      }

      @Override
      public void refuse(JsonNode id, int code, String text) {
        done.run();
        replies.refuse(id, code, text);
      }
    };
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /** Whether nothing uses it now: no request in progress, no open {@code GET} stream. */
  synchronized boolean isIdle() {
    return pending.isEmpty() && modernInFlight == 0 && (standalone == null || !standalone.isOpen());
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public ClientTokens.Client client() {
    return client;
  }

  @Override
  public synchronized boolean hasRequestsInProgress() {
    return !pending.isEmpty();
  }

  /** When a request last came or a stream last closed. */
  @Override
  public synchronized Instant lastActive() {
    return lastActive;
  }

  // ---- what the server sends ----

  private void outbound(McpSchema.JSONRPCMessage message) {
    String text;
    try {
      text = Json.MAPPER.writeValueAsString(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("an MCP message that does not serialize: " + message, e);
    }
    boolean initializeFailed = false;
    synchronized (this) {
      if (closed) {
        return;
      }
      if (message instanceof McpSchema.JSONRPCResponse response) {
        Exchange exchange = pending.get(key(response.id()));
        if (exchange == null) {
          LOG.log(
              Level.DEBUG,
              "MCP over HTTP: session {0}: response to {1}, which nobody waits for",
              id,
              response.id());
          return;
        }
        finish(exchange);
        lastActive = clock.instant();
        initializeFailed = exchange.initialize && response.error() != null;
        if (exchange.mode == Mode.JSON) {
          exchange.reply.send(
              200,
              JSON,
              initializeFailed ? Map.of() : headers(),
              text.getBytes(StandardCharsets.UTF_8));
        } else {
          EventLog.Event event = events.add(exchange.stream, text);
          if (exchange.mode == Mode.EVENTS) {
            exchange.events.send(event.id(), null, text);
            exchange.events.close(); // the response ends a request's stream (MCP: SHOULD close)
          }
        }
      } else {
        Exchange exchange = progressExchange(message);
        if (exchange != null) {
          if (exchange.mode == Mode.JSON) {
            toEvents(exchange); // progress needs a stream: the answer will be one
          }
          EventLog.Event event = events.add(exchange.stream, text);
          if (exchange.mode == Mode.EVENTS) {
            exchange.events.send(event.id(), null, text);
          }
        } else {
          EventLog.Event event = events.add(EventLog.STANDALONE, text);
          if (standalone != null && standalone.send(event.id(), null, text)) {
            standaloneSentThrough = event.seq();
          }
        }
      }
    }
    if (initializeFailed) {
      close(); // an initialize the server refused opened no session
    }
  }

  /** The pending request a {@code notifications/progress} is about, or null. */
  private Exchange progressExchange(McpSchema.JSONRPCMessage message) {
    if (!(message instanceof McpSchema.JSONRPCNotification notification)
        || !McpSchema.METHOD_NOTIFICATION_PROGRESS.equals(notification.method())) {
      return null;
    }
    Object token =
        notification.params() instanceof Map<?, ?> params ? params.get("progressToken") : null;
    if (token == null && notification.params() instanceof McpSchema.ProgressNotification progress) {
      token = progress.progressToken();
    }
    if (token == null) {
      return null;
    }
    String wanted = key(token);
    for (Exchange exchange : pending.values()) {
      if (exchange.progressToken != null && key(exchange.progressToken).equals(wanted)) {
        return exchange;
      }
    }
    return null;
  }

  // ---- streams (all under the lock) ----

  /**
   * Turns a request still waiting for JSON into an event stream: its answer is taking long (or
   * progress came first), and a plain answer must come within the server's handshake timeout.
   */
  private void toEvents(Exchange exchange) {
    if (exchange.mode != Mode.JSON || !pending.containsKey(exchange.key)) {
      return;
    }
    exchange.jsonTimer.cancel();
    HttpReply reply = exchange.reply;
    exchange.reply = null;
    Optional<ServerSentEvents> opened = reply.openEvents(headers());
    if (opened.isEmpty()) {
      // The server holds its most event streams; the client got 503. What follows waits in the log.
      exchange.mode = Mode.DETACHED;
      return;
    }
    attach(exchange, opened.get());
    // A priming event: an id and no data, so that a client that loses the stream before the first
    // real event can still resume it (MCP 2025-11-25, SSE polling).
    exchange.events.send(EventLog.id(exchange.stream, events.nextSeq()), null, "");
  }

  private void attach(Exchange exchange, ServerSentEvents stream) {
    exchange.mode = Mode.EVENTS;
    exchange.events = stream;
    stream.onClose(
        () -> {
          synchronized (this) {
            lastActive = clock.instant();
            if (exchange.events == stream && pending.get(exchange.key) == exchange) {
              exchange.mode = Mode.DETACHED;
              exchange.events = null;
            }
          }
        });
  }

  /** Resumes request stream {@code position.stream()}: what it missed, then the rest of it. */
  private void resume(EventLog.Position position, HttpReply reply) {
    Optional<ServerSentEvents> opened = reply.openEvents(headers());
    if (opened.isEmpty()) {
      return;
    }
    ServerSentEvents stream = opened.get();
    for (EventLog.Event event : events.after(position.stream(), position.seq())) {
      stream.send(event.id(), null, event.data());
    }
    Exchange exchange = pendingByStream.get(position.stream());
    if (exchange == null) {
      stream.close(); // answered already: what was left of it, then its end
      return;
    }
    ServerSentEvents old = exchange.events;
    if (exchange.mode == Mode.JSON) {
      exchange.jsonTimer.cancel();
      exchange.reply = null; // cannot happen: a client knows a stream's ids only from its events
    }
    attach(exchange, stream);
    if (old != null) {
      old.close(); // the client says it lost it; attach made the new one current first
    }
  }

  private void openStandalone(HttpReply reply, long afterSeq) {
    Optional<ServerSentEvents> opened = reply.openEvents(headers());
    if (opened.isEmpty()) {
      return;
    }
    ServerSentEvents stream = opened.get();
    standalone = stream;
    stream.onClose(
        () -> {
          synchronized (this) {
            lastActive = clock.instant();
            if (standalone == stream) {
              standalone = null;
            }
          }
        });
    for (EventLog.Event event : events.after(EventLog.STANDALONE, afterSeq)) {
      if (stream.send(event.id(), null, event.data())) {
        standaloneSentThrough = Math.max(standaloneSentThrough, event.seq());
      }
    }
    if (events.standaloneLostAfter(afterSeq)) {
      // Some of what the client missed is no longer kept. Most of it is about the tool list, so
      // tell it to list the tools again, and say why in its log.
      announce(stream, McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED, null);
      ObjectNode warning = Json.MAPPER.createObjectNode();
      warning
          .put("level", "warning")
          .put("logger", McpFrontDoor.SERVER_NAME)
          .put(
              "data",
              "Some notifications were lost while this client was away (the gateway keeps the last "
                  + settings.replayEvents()
                  + " events of a session, "
                  + settings.replayBytes() / 1024
                  + " KiB at most): list the tools again.");
      announce(stream, McpSchema.METHOD_NOTIFICATION_MESSAGE, warning);
    }
  }

  private void announce(ServerSentEvents stream, String method, ObjectNode params) {
    ObjectNode notification = Json.MAPPER.createObjectNode();
    notification.put("jsonrpc", McpSchema.JSONRPC_VERSION).put("method", method);
    if (params != null) {
      notification.set("params", params);
    }
    String text = Json.text(notification);
    EventLog.Event event = events.add(EventLog.STANDALONE, text);
    if (stream.send(event.id(), null, text)) {
      standaloneSentThrough = event.seq();
    }
  }

  /** The request is over: no more waiting for it. */
  private void finish(Exchange exchange) {
    pending.remove(exchange.key);
    pendingByStream.remove(exchange.stream);
    if (exchange.jsonTimer != null) {
      exchange.jsonTimer.cancel();
    }
  }

  // ---- idle expiry ----

  /**
   * The idle timer: a session with no request in progress, no open stream and no request for the
   * idle timeout ends; one in use is looked at again when it could next be idle that long.
   */
  private void checkIdle() {
    synchronized (this) {
      if (closed) {
        return;
      }
      Instant now = clock.instant();
      if (!isIdle()) {
        lastActive = now;
      }
      Duration idle = Duration.between(lastActive, now);
      Duration limit = idleLimit();
      if (idle.compareTo(limit) < 0) {
        expiry = scheduler.schedule(limit.minus(idle), this::checkIdle);
        return;
      }
    }
    LOG.log(
        Level.INFO,
        "MCP over HTTP: session {0} of client {1} idle for {2}: ended",
        id,
        client.name(),
        idleLimit());
    close();
  }

  /**
   * How long this session may stay idle: {@link Settings#idleTimeout}, or, while it has made no
   * request but {@code initialize} (a health check: {@code claude mcp list} connects and goes), the
   * shorter {@link Settings#handshakeOnlyTimeout}. Guarded by this.
   */
  private Duration idleLimit() {
    return used ? settings.idleTimeout() : settings.handshakeOnlyTimeout();
  }

  // ---- helpers ----

  /** The headers every answer of this session carries. */
  Map<String, String> headers() {
    return Map.of(SESSION_HEADER, id);
  }

  /** A JSON-RPC id as a map key: {@code 1} and {@code "1"} are different ids. */
  private static String key(Object id) {
    if (id instanceof Number number) {
      return "n:" + number.longValue();
    }
    return "s:" + id;
  }

  private static Object progressToken(McpSchema.JSONRPCRequest request) {
    if (request.params() instanceof Map<?, ?> params
        && params.get("_meta") instanceof Map<?, ?> meta) {
      return meta.get("progressToken");
    }
    return null;
  }

  private static String shown(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "…";
  }
}
