package io.github.providergateway.agent.mcp;

import static io.github.providergateway.loop.base.Durations.requirePositive;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.internal.BearerTokens;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.loop.Scheduler;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The MCP front door on Streamable HTTP (MCP 2025-03-26 and later, "Streamable HTTP"): {@code
 * POST}, {@code GET} and {@code DELETE} on {@value #PATH} of the gateway's own loopback port, for
 * agents that speak MCP only over HTTP. Each session ({@code Mcp-Session-Id}) is one agent session
 * served exactly as {@code gateway mcp} serves one over stdio ({@link McpFrontDoor}): same tools,
 * results, pushes, resources and prompt; only the carrier differs.
 *
 * <pre>{@code
 * McpHttpFrontDoor mcp = McpHttpFrontDoor.builder(gateway, ClientTokens.mcpHttp(home))
 *     .clock(clock).scheduler(scheduler).build();
 * WebSocketServer.builder(gateway).route(McpHttpFrontDoor.PATH, mcp.maxBodyBytes(), mcp.route())...
 * }</pre>
 *
 * <p><b>Who gets in.</b> The server has checked the peer, {@code Host} and {@code Origin} before
 * the route sees a request (403 otherwise: DNS rebinding, browsers). Every request then needs
 * {@code Authorization: Bearer <token>} with a token of {@link ClientTokens} (401 with {@code
 * WWW-Authenticate: Bearer} otherwise), and reaches only the sessions its own token opened. A
 * client's token opens a stranger's session ({@code openedBy} {@code mcp-http:<client>}); a token
 * of the agent's kind ({@link ClientTokens.Kind#AGENT}, which {@code gateway setup} writes into the
 * agent's own settings) opens the agent's own ({@code agent:<client>}). A session whose client
 * offers no root has no project (no {@code cwd}) unless {@link Builder#workingDirectory} gives one.
 * The route checks the token from the headers ({@link HttpRoute#admit}), so a request without one
 * is answered and its connection closed before the server reads or holds a byte of its body: a
 * process without a token cannot make the gateway receive anything.
 *
 * <p><b>Bounds</b> (each refused request is answered, and nobody else is affected): {@link
 * Builder#maxSessions} in all (503) and {@link Builder#maxSessionsPerClient} per token (past it the
 * client's least recently used session without a request in progress ends; 429 when none); {@link
 * Builder#maxPendingRequests} requests in progress per session (429); a body of at most {@link
 * Builder#maxBodyBytes} (413, by the server); per session the last {@link Builder#replayEvents}
 * events kept for resumption, within {@link Builder#replayBytes}; a session unused for {@link
 * Builder#idleTimeout} ends (404 afterwards), on the injected clock.
 *
 * <p>Thread-safe; {@link #route} never blocks.
 */
public final class McpHttpFrontDoor implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(McpHttpFrontDoor.class.getName());

  /** Where the front door is on the gateway's port. */
  public static final String PATH = "/mcp";

  static final String PROTOCOL_HEADER = "MCP-Protocol-Version";
  static final String EVENT_STREAM = "text/event-stream";

  /**
   * The protocol a client that sends no {@code MCP-Protocol-Version} is taken to speak (MCP
   * 2025-06-18).
   */
  static final String ASSUMED_PROTOCOL = "2025-03-26";

  private final HostApi gateway;
  private final ClientTokens tokens;
  private final Clock clock;
  private final Scheduler scheduler;
  private final RandomGenerator random;
  private final McpHttpSession.Settings settings;
  private final int maxSessions;
  private final int maxSessionsPerClient;
  private final long maxBodyBytes;

  /** The live sessions by id. Guarded by this. */
  private final Map<String, McpHttpSession> sessions = new HashMap<>();

  /**
   * The token file's generation when the sessions were last checked against it. Guarded by this.
   */
  private long tokensSeen = -1;

  /** Set by close: no session opens after it. Guarded by this. */
  private boolean closed;

  /**
   * The periodic look at the token file, so a revoked client's open stream ends without a request.
   */
  private Scheduler.Cancellable tokenCheck;

  private McpHttpFrontDoor(Builder builder) {
    this.gateway = builder.gateway;
    this.tokens = builder.tokens;
    this.clock = builder.clock;
    this.scheduler = builder.scheduler;
    this.random = builder.random;
    this.maxSessions = builder.maxSessions;
    this.maxSessionsPerClient = builder.maxSessionsPerClient;
    this.maxBodyBytes = builder.maxBodyBytes;
    this.settings =
        new McpHttpSession.Settings(
            builder.jsonWait,
            builder.idleTimeout,
            builder.handshakeOnlyTimeout,
            builder.maxPendingRequests,
            builder.replayEvents,
            builder.replayBytes,
            builder.version,
            builder.workingDirectory);
    scheduleTokenCheck();
  }

  /**
   * Starts describing a front door for {@code gateway}, admitting the clients of {@code tokens}.
   *
   * @param gateway the gateway the sessions are hosts of (an embedded {@code Gateway}, say)
   * @param tokens the clients admitted
   * @return a builder with the defaults of the class description
   */
  public static Builder builder(HostApi gateway, ClientTokens tokens) {
    return new Builder(gateway, tokens);
  }

  /**
   * {@return the route to register at {@link #PATH}: it admits a request ({@link HttpRoute#admit})
   * only with a client's token, before the server reads any of its body}
   */
  public HttpRoute route() {
    return new HttpRoute() {
      @Override
      public Optional<HttpRefusal> admit(HttpRequest head) {
        // Every request looks at the token file, refused or not: a revoked client's sessions end.
        endSessionsOfRevokedClients();
        return refusal(head, clientOf(head));
      }

      @Override
      public void handle(HttpRequest request, HttpReply reply) {
        McpHttpFrontDoor.this.handle(request, reply);
      }
    };
  }

  /** {@return the largest body a request may have: register the route with it} */
  public long maxBodyBytes() {
    return maxBodyBytes;
  }

  /** {@return how many sessions are open now} */
  public synchronized int sessionCount() {
    return sessions.size();
  }

  /** Ends every session (their gateway sessions end too) and opens no more. Idempotent. */
  @Override
  public void close() {
    List<McpHttpSession> open;
    synchronized (this) {
      closed = true;
      open = new ArrayList<>(sessions.values());
      if (tokenCheck != null) {
        tokenCheck.cancel();
      }
    }
    open.forEach(McpHttpSession::close);
  }

  // ---- requests ----

  private void handle(HttpRequest request, HttpReply reply) {
    endSessionsOfRevokedClients();
    // Admitted already from the same headers; asked again, since the token may have been revoked
    // since then, and the route may be called without admission.
    Optional<ClientTokens.Client> client = clientOf(request);
    Optional<HttpRefusal> refusal = refusal(request, client);
    if (refusal.isPresent()) {
      reply.send(refusal.get());
      return;
    }
    switch (request.method()) {
      case "POST" -> post(request, client.get(), reply);
      case "GET" -> get(request, client.get(), reply);
      case "DELETE" -> delete(request, client.get(), reply);
      default ->
          throw new IllegalStateException(
              "refusal() lets only POST, GET and DELETE through, not " + request.method());
    }
  }

  /** The client whose bearer token a request carries, if it is one of the file's. */
  private Optional<ClientTokens.Client> clientOf(HttpRequest request) {
    return BearerTokens.of(request).flatMap(tokens::clientOf);
  }

  /**
   * What a request gets from its request line and headers alone, or empty when it may go on: 404
   * off {@link #PATH}, 401 without a client's token, 405 for a method other than {@code POST},
   * {@code GET} and {@code DELETE}. The server asks this before it reads a byte of the body, so
   * that a process without a token never makes it receive one (issue 32).
   */
  private Optional<HttpRefusal> refusal(HttpRequest request, Optional<ClientTokens.Client> client) {
    if (!request.path().equals(PATH)) {
      return Optional.of(
          errorAnswer(404, -32000, "Not Found: the MCP endpoint is " + PATH, Map.of()));
    }
    if (client.isEmpty()) {
      // RFC 6750: a request without credentials gets the challenge alone, a bad token its error.
      return Optional.of(
          errorAnswer(
              401,
              -32001,
              "Unauthorized: send Authorization: Bearer <token>; get a token with: gateway mcp --print-config http",
              Map.of("WWW-Authenticate", BearerTokens.challenge(request))));
    }
    return switch (request.method()) {
      case "POST", "GET", "DELETE" -> Optional.empty();
      default ->
          Optional.of(
              errorAnswer(
                  405,
                  -32000,
                  "Method Not Allowed: POST, GET or DELETE",
                  Map.of("Allow", "GET, POST, DELETE")));
    };
  }

  private void post(HttpRequest request, ClientTokens.Client client, HttpReply reply) {
    // The client must take both: the server chooses per request (MCP: Sending messages, item 2).
    if (!accepts(request, McpHttpSession.JSON) || !accepts(request, EVENT_STREAM)) {
      error(
          reply,
          406,
          null,
          -32000,
          "Not Acceptable: Accept must list application/json and text/event-stream",
          Map.of());
      return;
    }
    String type = request.header("Content-Type").map(McpHttpFrontDoor::essence).orElse("");
    if (!type.equals(McpHttpSession.JSON)) {
      error(
          reply,
          415,
          null,
          -32000,
          "Unsupported Media Type: the body must be application/json",
          Map.of());
      return;
    }
    JsonNode tree;
    try {
      tree = Json.MAPPER.readTree(request.body());
    } catch (IOException e) {
      error(reply, 400, null, -32700, "Parse error: the body is not JSON", Map.of());
      return;
    }
    String problem = JsonRpcLineGuard.problemOf(tree);
    if (problem != null) {
      JsonNode id = tree != null && tree.isObject() ? tree.get("id") : null;
      error(
          reply,
          400,
          id == null ? null : Json.plain(id),
          -32600,
          "Invalid Request: " + problem,
          Map.of());
      return;
    }
    McpSchema.JSONRPCMessage message;
    try {
      // The body as it came (valid UTF-8: it parsed), as the stdio path hands the SDK its line:
      // not the tree written out again for the SDK to parse a third time.
      message = McpSchema.deserializeJsonRpcMessage(Json.MCP, request.bodyText());
    } catch (IOException | RuntimeException e) {
      error(reply, 400, null, -32600, "Invalid Request: not an MCP message", Map.of());
      return;
    }
    Optional<String> sessionId = request.header(McpHttpSession.SESSION_HEADER);
    boolean initialize =
        message instanceof McpSchema.JSONRPCRequest r
            && McpSchema.METHOD_INITIALIZE.equals(r.method());
    if (initialize) {
      if (sessionId.isPresent()) {
        error(
            reply,
            400,
            ((McpSchema.JSONRPCRequest) message).id(),
            -32600,
            "Invalid Request: initialize opens a new session and is sent without Mcp-Session-Id",
            Map.of());
        return;
      }
      open(client, reply)
          .ifPresent(session -> session.request((McpSchema.JSONRPCRequest) message, reply));
      return;
    }
    Optional<McpHttpSession> session = session(request, sessionId, client, reply);
    if (session.isEmpty()) {
      return;
    }
    if (message instanceof McpSchema.JSONRPCRequest call) {
      session.get().request(call, reply);
    } else {
      McpHttpSession target = session.get();
      target.accept(message, () -> reply.send(202, null, target.headers(), new byte[0]));
    }
  }

  private void get(HttpRequest request, ClientTokens.Client client, HttpReply reply) {
    if (!accepts(request, EVENT_STREAM)) {
      error(reply, 406, null, -32000, "Not Acceptable: GET opens a text/event-stream", Map.of());
      return;
    }
    session(request, request.header(McpHttpSession.SESSION_HEADER), client, reply)
        .ifPresent(session -> session.get(request.header("Last-Event-ID").orElse(null), reply));
  }

  private void delete(HttpRequest request, ClientTokens.Client client, HttpReply reply) {
    session(request, request.header(McpHttpSession.SESSION_HEADER), client, reply)
        .ifPresent(
            session -> {
              session.close();
              reply.send(204, null, Map.of(), new byte[0]);
            });
  }

  /**
   * The session a request names: 400 without {@code Mcp-Session-Id} or with a protocol version we
   * do not speak; 404 for a session that is not (or no longer) there, or is another client's.
   */
  private Optional<McpHttpSession> session(
      HttpRequest request,
      Optional<String> sessionId,
      ClientTokens.Client client,
      HttpReply reply) {
    if (sessionId.isEmpty()) {
      error(
          reply,
          400,
          null,
          -32000,
          "Bad Request: Mcp-Session-Id is required (send initialize first to get one)",
          Map.of());
      return Optional.empty();
    }
    String version = request.header(PROTOCOL_HEADER).orElse(ASSUMED_PROTOCOL);
    if (!HttpSessionTransport.PROTOCOL_VERSIONS.contains(version)) {
      error(
          reply,
          400,
          null,
          -32000,
          "Bad Request: unsupported MCP-Protocol-Version "
              + shorten(version)
              + "; supported: "
              + String.join(", ", HttpSessionTransport.PROTOCOL_VERSIONS),
          Map.of());
      return Optional.empty();
    }
    McpHttpSession session;
    synchronized (this) {
      session = sessions.get(sessionId.get());
    }
    // Another client's session is as unknown to this one as a session that never was.
    if (session == null || !session.client.equals(client)) {
      sessionNotFound(reply);
      return Optional.empty();
    }
    return Optional.of(session);
  }

  /**
   * A new session for {@code client}, or empty with 503 or 429 answered when the bounds say no. A
   * client at its most sessions loses the one it used longest ago among those with no request in
   * progress, instead of being refused: clients leave sessions without {@code DELETE} (the
   * TypeScript SDK's {@code close()} does), and a stream they dropped is noticed only at the next
   * write (the keep-alive, 15 s), so an open {@code GET} stream does not protect a session here.
   */
  private Optional<McpHttpSession> open(ClientTokens.Client client, HttpReply reply) {
    McpHttpSession victim = null;
    McpHttpSession session;
    synchronized (this) {
      if (closed) {
        error(reply, 503, null, -32000, "Service Unavailable: the gateway is stopping", Map.of());
        return Optional.empty();
      }
      List<McpHttpSession> own =
          sessions.values().stream().filter(s -> s.client.equals(client)).toList();
      if (own.size() >= maxSessionsPerClient) {
        victim =
            own.stream()
                .filter(s -> !s.hasRequestsInProgress())
                .min(java.util.Comparator.comparing(McpHttpSession::lastActive))
                .orElse(null);
        if (victim == null) {
          LOG.log(
              Level.WARNING,
              "MCP over HTTP: session refused to client {0}: its {1} sessions all have requests in progress",
              client.name(),
              maxSessionsPerClient);
          error(
              reply,
              429,
              null,
              -32000,
              "Too Many Requests: this client's "
                  + maxSessionsPerClient
                  + " MCP sessions all have requests in progress; end one (DELETE) first",
              Map.of());
          return Optional.empty();
        }
        sessions.remove(victim.id); // its slot is this initialize's
      } else if (sessions.size() >= maxSessions) {
        LOG.log(
            Level.WARNING,
            "MCP over HTTP: session refused to client {0}: {1} sessions are open, the most",
            client.name(),
            maxSessions);
        error(
            reply,
            503,
            null,
            -32000,
            "Service Unavailable: the gateway has "
                + maxSessions
                + " MCP sessions open, its most; end one (DELETE) or wait for one to expire",
            Map.of());
        return Optional.empty();
      }
      byte[] bits = new byte[32];
      random.nextBytes(bits);
      // Built under the lock, so that two initializes at once cannot both take the last slot;
      // building runs no request and does no I/O.
      session =
          new McpHttpSession(
              Base64.getUrlEncoder().withoutPadding().encodeToString(bits),
              client,
              gateway,
              settings,
              clock,
              scheduler,
              this::ended);
      sessions.put(session.id, session);
    }
    if (victim != null) {
      LOG.log(
          Level.INFO,
          "MCP over HTTP: client {0} is at its {1} sessions: its session {2}, used longest ago, ended for a new one",
          client.name(),
          maxSessionsPerClient,
          victim.id);
      victim.close();
    }
    LOG.log(
        Level.INFO, "MCP over HTTP: session {0} opened for client {1}", session.id, client.name());
    return Optional.of(session);
  }

  private void ended(McpHttpSession session) {
    synchronized (this) {
      sessions.remove(session.id, session);
    }
  }

  /** Ends the sessions whose client's token was revoked or replaced since the last look. */
  private void endSessionsOfRevokedClients() {
    List<McpHttpSession> revoked = new ArrayList<>();
    long generation = tokens.generation();
    synchronized (this) {
      if (generation == tokensSeen) {
        return;
      }
      tokensSeen = generation;
      for (McpHttpSession session : sessions.values()) {
        if (!tokens.isCurrent(session.client)) {
          revoked.add(session);
        }
      }
    }
    for (McpHttpSession session : revoked) {
      LOG.log(
          Level.INFO,
          "MCP over HTTP: client {0}''s token was revoked: session {1} ended",
          session.client.name(),
          session.id);
      session.close();
    }
  }

  private void scheduleTokenCheck() {
    Scheduler.Cancellable next =
        scheduler.schedule(
            TOKEN_CHECK,
            () -> {
              endSessionsOfRevokedClients();
              synchronized (this) {
                if (!closed) {
                  scheduleTokenCheck();
                }
              }
            });
    synchronized (this) {
      tokenCheck = next;
    }
  }

  /** How often the token file is looked at when no request comes. */
  static final Duration TOKEN_CHECK = Duration.ofSeconds(10);

  // ---- answers ----

  /** A JSON-RPC error as the body of an HTTP error, as the TypeScript SDK's server answers them. */
  static void error(
      HttpReply reply,
      int status,
      Object id,
      int code,
      String message,
      Map<String, String> headers) {
    reply.send(status, McpHttpSession.JSON, headers, errorBody(id, code, message));
  }

  /** {@link #error} as a refusal, for a request that names no id (the body is not read yet). */
  private static HttpRefusal errorAnswer(
      int status, int code, String message, Map<String, String> headers) {
    return new HttpRefusal(status, McpHttpSession.JSON, headers, errorBody(null, code, message));
  }

  private static byte[] errorBody(Object id, int code, String message) {
    ObjectNode body = Json.MAPPER.createObjectNode();
    body.put("jsonrpc", McpSchema.JSONRPC_VERSION);
    body.set("id", Json.tree(id));
    body.putObject("error").put("code", code).put("message", message);
    return Json.text(body).getBytes(StandardCharsets.UTF_8);
  }

  static void sessionNotFound(HttpReply reply) {
    // MCP: a request with an unknown or ended session's id gets 404; the client starts a new one.
    error(
        reply,
        404,
        null,
        -32001,
        "Session not found: it ended or expired; send initialize for a new one",
        Map.of());
  }

  /**
   * Whether the request's {@code Accept} takes {@code type}: a range naming it, its family or
   * {@code *}{@code /*}, without {@code q=0}. A request without {@code Accept} takes anything (RFC
   * 9110).
   */
  static boolean accepts(HttpRequest request, String type) {
    Optional<String> accept = request.header("Accept");
    if (accept.isEmpty()) {
      return true;
    }
    String family = type.substring(0, type.indexOf('/')) + "/*";
    for (String range : accept.get().split(",")) {
      String media = essence(range);
      if ((media.equals(type) || media.equals(family) || media.equals("*/*")) && !refused(range)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a media range carries {@code q=0}: "not acceptable". */
  private static boolean refused(String range) {
    String[] parameters = range.split(";");
    for (int i = 1; i < parameters.length; i++) {
      String parameter = parameters[i].strip().toLowerCase(Locale.ROOT);
      if (parameter.startsWith("q=")) {
        try {
          return Double.parseDouble(parameter.substring(2)) == 0;
        } catch (NumberFormatException e) {
          return false;
        }
      }
    }
    return false;
  }

  /** A media type without its parameters, lower case. */
  static String essence(String mediaType) {
    int semicolon = mediaType.indexOf(';');
    return (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon))
        .strip()
        .toLowerCase(Locale.ROOT);
  }

  private static String shorten(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "…";
  }

  /** Builds a {@link McpHttpFrontDoor}. */
  public static final class Builder {
    private final HostApi gateway;
    private final ClientTokens tokens;
    private Clock clock = Clock.systemUTC();
    private Scheduler scheduler;
    private RandomGenerator random = new SecureRandom();
    private Duration idleTimeout = Duration.ofMinutes(2);
    private Duration handshakeOnlyTimeout = Duration.ofSeconds(15);
    private Duration jsonWait = Duration.ofSeconds(1);
    private int maxSessions = 32;
    private int maxSessionsPerClient = 8;
    private int maxPendingRequests = 32;
    private long maxBodyBytes = 4L * 1024 * 1024;
    private int replayEvents = 256;
    private long replayBytes = 1024 * 1024;
    private String version = "dev";
    private Path workingDirectory;

    private Builder(HostApi gateway, ClientTokens tokens) {
      this.gateway = requireNonNull(gateway, "gateway");
      this.tokens = requireNonNull(tokens, "tokens");
    }

    /**
     * The clock sessions' idle time is measured on (default: the system's UTC clock).
     *
     * @param clock the clock
     * @return this builder
     */
    public Builder clock(Clock clock) {
      this.clock = requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Where the timers run: idle expiry, the switch from a JSON answer to an event stream, the look
     * at the token file. Required.
     *
     * @param scheduler the scheduler
     * @return this builder
     */
    public Builder scheduler(Scheduler scheduler) {
      this.scheduler = requireNonNull(scheduler, "scheduler");
      return this;
    }

    /**
     * Where session ids come from (default: a {@link SecureRandom}); tests pin them.
     *
     * @param random the source of session ids
     * @return this builder
     */
    public Builder random(RandomGenerator random) {
      this.random = requireNonNull(random, "random");
      return this;
    }

    /**
     * How long a session may go unused (no request in progress, no open stream, no request) before
     * it ends (default 2 minutes). A client that keeps its {@code GET} stream open, as the MCP
     * SDKs' clients do, is never idle; one that comes back later gets 404 and, as MCP's Streamable
     * HTTP requires, starts a new session. Sessions it abandons (and the providers a gateway
     * started for them) go soon.
     *
     * @param timeout the idle time after which a session ends
     * @return this builder
     */
    public Builder idleTimeout(Duration timeout) {
      this.idleTimeout = requirePositive(timeout, "idleTimeout");
      return this;
    }

    /**
     * How long a session that has made no request but {@code initialize} may go unused before it
     * ends (default 15 seconds): a health check ({@code claude mcp list}) connects, initializes and
     * goes without a {@code DELETE}.
     *
     * @param timeout the idle time after which such a session ends
     * @return this builder
     */
    public Builder handshakeOnlyTimeout(Duration timeout) {
      this.handshakeOnlyTimeout = requirePositive(timeout, "handshakeOnlyTimeout");
      return this;
    }

    /**
     * How long a request's answer may take to be sent as plain JSON; after it, the answer becomes
     * an event stream (default 1 s; it must stay under the server's handshake timeout, 5 s).
     *
     * @param wait the wait
     * @return this builder
     */
    public Builder jsonWait(Duration wait) {
      this.jsonWait = requirePositive(wait, "jsonWait");
      return this;
    }

    /**
     * Sessions open at once, all clients together (default 32); one more gets 503.
     *
     * @param count the most sessions
     * @return this builder
     */
    public Builder maxSessions(int count) {
      this.maxSessions = atLeastOne(count, "maxSessions");
      return this;
    }

    /**
     * Sessions open at once for one client's token (default 8); one more ends the client's least
     * recently used session that has no request in progress, or gets 429 when all have one.
     *
     * @param count the most sessions of one client
     * @return this builder
     */
    public Builder maxSessionsPerClient(int count) {
      this.maxSessionsPerClient = atLeastOne(count, "maxSessionsPerClient");
      return this;
    }

    /**
     * Requests of one session waiting for their answers (default 32); one more gets 429.
     *
     * @param count the most requests in progress
     * @return this builder
     */
    public Builder maxPendingRequests(int count) {
      this.maxPendingRequests = atLeastOne(count, "maxPendingRequests");
      return this;
    }

    /**
     * The largest request body (default 4 MiB); the server answers a larger one 413.
     *
     * @param bytes the largest body
     * @return this builder
     */
    public Builder maxBodyBytes(long bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("maxBodyBytes must be at least 1024, was " + bytes);
      }
      this.maxBodyBytes = bytes;
      return this;
    }

    /**
     * What one session keeps for clients that resume: its last {@code events} events, within {@code
     * bytes} (counted as two bytes a character; defaults 256 and 1 MiB).
     *
     * @param events how many events a session keeps
     * @param bytes how many bytes they may take
     * @return this builder
     */
    public Builder replay(int events, long bytes) {
      this.replayEvents = atLeastOne(events, "events");
      if (bytes < 1) {
        throw new IllegalArgumentException("bytes must be positive, was " + bytes);
      }
      this.replayBytes = bytes;
      return this;
    }

    /**
     * The version the server reports in {@code initialize} (default {@code dev}).
     *
     * @param version the version string
     * @return this builder
     */
    public Builder version(String version) {
      this.version = requireNonNull(version, "version");
      return this;
    }

    /**
     * The sessions' cwd when the client offers no roots (default: none). Without it such a session
     * has no project: no hook call's folder is inside it (a hook adapter never takes it for the
     * agent's session of any project), and providers are told no {@code cwd}. The gateway's own
     * folder is nobody's project, so the gateway leaves this unset.
     *
     * @param directory the directory, made absolute; null for none
     * @return this builder
     */
    public Builder workingDirectory(Path directory) {
      this.workingDirectory = directory == null ? null : directory.toAbsolutePath().normalize();
      return this;
    }

    /**
     * {@return the front door}
     *
     * @throws NullPointerException without a scheduler
     */
    public McpHttpFrontDoor build() {
      requireNonNull(scheduler, "scheduler");
      return new McpHttpFrontDoor(this);
    }

    private static int atLeastOne(int count, String name) {
      if (count < 1) {
        throw new IllegalArgumentException(name + " must be at least 1, was " + count);
      }
      return count;
    }
  }
}
