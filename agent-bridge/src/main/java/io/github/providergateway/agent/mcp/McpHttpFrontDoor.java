package io.github.providergateway.agent.mcp;

import static io.github.providergateway.loop.base.Durations.requirePositive;
import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
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
 *     .backend(Backend.system()).build();
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
 * offers no root has no project (no {@code cwd}) unless {@link Builder#workingDirectory} gives one,
 * or, with an agent's token, its {@code initialize} names the window's folder in the header {@code
 * Provider-Gateway-Project} (a stdio bridge's working directory; refused with a client's token).
 * The route checks the token from the headers ({@link HttpRoute#admit}), so a request without one
 * is answered and its connection closed before the server reads or holds a byte of its body: a
 * process without a token cannot make the gateway receive anything.
 *
 * <p><b>Windows.</b> A stdio window (the shell's bridge) names itself with {@code
 * Provider-Gateway-Window} on every request; the front door keeps its {@code initialize} in the
 * home ({@link McpHttpWindows}), and answers a later request of it whose session it no longer has
 * (the gateway was started again) in a new session made from what it kept, telling it the tools
 * changed ({@link McpHttpRenewal}, decision 78). Its {@code DELETE} removes what was kept.
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

  /** Where the front door is on the gateway's port. */
  public static final String PATH = "/mcp";

  private final HostApi gateway;
  private final Clock clock;

  /** The scheduler the builder's backend made for this front door, released by close. */
  private final Scheduler scheduler;

  private final McpHttpSession.Settings settings;
  private final long maxBodyBytes;

  /** Who a request comes from, and whose tokens were revoked. */
  private final McpHttpAuthentication authentication;

  /** The open sessions and their bounds. */
  private final McpHttpSessions<McpHttpSession> sessions;

  /** The windows' kept initializes, in the home of {@code tokens}. */
  private final McpHttpWindows windows;

  private final McpHttpModern modern; // the 2026-07-28 era's sessions (decision 112)

  /** Makes a window's session again from its kept initialize. */
  private final McpHttpRenewal renewal;

  /** Whether a session's client may answer its own session's questions (issue 75). */
  private final PersonCheck personCheck;

  /** The requests that reached the route, which stop the warm-up ({@link #warmUpOn}). */
  private final AtomicLong requestsSeen = new AtomicLong();

  /**
   * The header the stdio window's bridge names its client's process in, on the home's socket, which
   * cannot say who is at its other end: the agent that started the bridge ({@code $PPID}).
   */
  public static final String WINDOW_CLIENT_HEADER = "Provider-Gateway-Window-Client";

  private McpHttpFrontDoor(Builder builder) {
    this.gateway = builder.gateway;
    this.personCheck = builder.personCheck;
    Backend backend = builder.backend;
    this.clock = backend.clock();
    this.scheduler = backend.scheduler();
    RandomGenerator random = backend.random();
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
    this.authentication = new McpHttpAuthentication(builder.tokens);
    this.sessions =
        new McpHttpSessions<>(builder.maxSessions, builder.maxSessionsPerClient, random);
    this.windows = new McpHttpWindows(builder.tokens.file().toAbsolutePath().getParent());
    this.renewal =
        new McpHttpRenewal(windows, this::open, sessions::find, settings.workingDirectory());
    this.modern = new McpHttpModern(sessions::find, settings.workingDirectory(), this::open);
    // So that a revoked client's open stream ends without a request.
    authentication.watch(scheduler, this::endSessionsOfRevokedClients);
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
        requestsSeen.incrementAndGet();
        // Every request looks at the token file, refused or not: a revoked client's sessions end.
        endSessionsOfRevokedClients();
        return refusal(head, authentication.clientOf(head)).map(McpHttpError::refusal);
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
  public int sessionCount() {
    return sessions.count();
  }

  /** Ends every session (their gateway sessions end too) and opens no more. Idempotent. */
  @Override
  public void close() {
    authentication.stopWatching();
    sessions.closeAll();
    Backend.release(scheduler);
  }

  /**
   * Serves a made-up window's {@code initialize} on {@code executor}, off every request's path, a
   * few times, in a session it closes (no gateway session starts, nothing is written): a fresh
   * gateway's first window then finds the SDK's and the front door's classes loaded and run. A
   * request that reaches the route stops it before its next {@code initialize}, so that it never
   * takes the CPU a real window needs. {@code told} hears how many it served and how long that took
   * on the builder's clock, or that the executor refused.
   *
   * @param executor where the warm-up runs (a thread of its own: it waits for each answer)
   * @param told hears one line when the warm-up is done
   */
  public void warmUpOn(Executor executor, Consumer<String> told) {
    McpWarmUp.startOn(executor, clock, told, this::warmUpInitialize, requestsSeen::get);
  }

  /** One made-up {@code initialize} on the {@code POST} path; its session is closed after it. */
  private boolean warmUpInitialize() {
    McpWarmUp.Reply reply = new McpWarmUp.Reply();
    post(McpWarmUp.request(), McpWarmUp.CLIENT, reply);
    return reply.answered(
        id -> sessions.find(id, McpWarmUp.CLIENT).ifPresent(McpHttpSession::close));
  }

  private void handle(HttpRequest request, HttpReply reply) {
    requestsSeen.incrementAndGet();
    endSessionsOfRevokedClients();
    // Admitted already from the same headers; asked again, since the token may have been revoked
    // since then, and the route may be called without admission.
    Optional<ClientTokens.Client> client = authentication.clientOf(request);
    Optional<McpHttpError> refusal = refusal(request, client);
    if (refusal.isPresent()) {
      refusal.get().send(reply);
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

  /**
   * What a request gets from its request line and headers alone, or empty when it may go on: 404
   * off {@link #PATH}, 401 without a client's token, 405 for a method other than {@code POST},
   * {@code GET} and {@code DELETE}. The server asks this before it reads a byte of the body, so
   * that a process without a token never makes it receive one (issue 32).
   */
  private static Optional<McpHttpError> refusal(
      HttpRequest request, Optional<ClientTokens.Client> client) {
    return McpHttpNegotiation.offPath(request)
        .or(
            () ->
                client.isEmpty()
                    ? Optional.of(McpHttpAuthentication.unauthorized(request))
                    : Optional.empty())
        .or(() -> McpHttpNegotiation.unknownMethod(request));
  }

  private void post(HttpRequest request, ClientTokens.Client client, HttpReply reply) {
    Optional<McpHttpError> wrongHeaders =
        McpHttpNegotiation.postHeaders(request).or(() -> McpHttpWindows.badId(request));
    if (wrongHeaders.isPresent()) {
      wrongHeaders.get().send(reply);
      return;
    }
    McpHttpNegotiation.Body body = McpHttpNegotiation.body(request);
    Optional<McpHttpError> refused =
        Optional.ofNullable(body.error())
            .or(() -> McpHttpModern.legacyOnlyProbe(request, client, body.tree()));
    if (refused.isPresent()) {
      refused.get().send(reply);
      return;
    }
    if (McpHttpModern.serves(request, client, body.tree())) {
      modern.post(request, client, body.tree(), reply);
      return;
    }
    if (body.isInitialize()) {
      McpSchema.JSONRPCRequest initialize = (McpSchema.JSONRPCRequest) body.message();
      Optional<McpHttpError> named = McpHttpNegotiation.initializeHeaders(request, initialize);
      if (named.isPresent()) {
        named.get().send(reply);
        return;
      }
      McpHttpProject.Named project = McpHttpProject.of(request, client, UserHome.get());
      if (project.refusal() != null) {
        project.refusal().send(reply);
        return;
      }
      Path folder = project.folder() != null ? project.folder() : settings.workingDirectory();
      McpHttpWindows.id(request).ifPresent(window -> modern.supersede(client, folder, window));
      Optional<McpHttpSession> opened = open(client, folder, request, reply);
      opened.ifPresent(
          session -> {
            McpHttpWindows.id(request)
                .ifPresent(
                    window ->
                        windows.keep(
                            window,
                            client,
                            request.header(McpHttpProject.HEADER).orElse(null),
                            initialize,
                            session.id()));
            session.request(initialize, reply);
          });
      return;
    }
    withSession(
        request,
        client,
        reply,
        target -> {
          if (body.message() instanceof McpSchema.JSONRPCRequest call) {
            target.request(call, reply);
          } else {
            target.accept(
                body.message(), () -> reply.send(202, null, target.headers(), new byte[0]));
          }
        });
  }

  private void get(HttpRequest request, ClientTokens.Client client, HttpReply reply) {
    Optional<McpHttpError> wrongHeaders = McpHttpNegotiation.getHeaders(request);
    if (wrongHeaders.isPresent()) {
      wrongHeaders.get().send(reply);
      return;
    }
    Optional<McpHttpError> badWindow = McpHttpWindows.badId(request);
    if (badWindow.isPresent()) {
      badWindow.get().send(reply);
      return;
    }
    String lastEventId = request.header("Last-Event-ID").orElse(null);
    withSession(
        request,
        client,
        reply,
        session ->
            session.get(session.id().equals(requestedId(request)) ? lastEventId : null, reply));
  }

  private void delete(HttpRequest request, ClientTokens.Client client, HttpReply reply) {
    session(request, client, reply)
        .ifPresent(
            session -> {
              windows.deleted(session.id());
              session.close();
              reply.send(204, null, Map.of(), new byte[0]);
            });
  }

  /**
   * Hands {@code then} the session a request names; for one the front door does not know, the
   * session made again from the request's window ({@link McpHttpRenewal}); or answers the error (as
   * {@link #session}, and 404 with no window kept for this client).
   */
  private void withSession(
      HttpRequest request,
      ClientTokens.Client client,
      HttpReply reply,
      java.util.function.Consumer<McpHttpSession> then) {
    Optional<McpHttpError> wrongHeaders = McpHttpNegotiation.sessionHeaders(request);
    if (wrongHeaders.isPresent()) {
      wrongHeaders.get().send(reply);
      return;
    }
    // A session closing (its idle expiry, say at a laptop's wake) is listed until its close ends:
    // a window's request that meets it then is renewed as for one already gone, not refused.
    Optional<McpHttpSession> session =
        sessions.find(requestedId(request), client).filter(found -> !found.isClosed());
    if (session.isPresent()) {
      then.accept(session.get());
    } else {
      renewal.renew(request, client, reply, then);
    }
  }

  private static String requestedId(HttpRequest request) {
    return request.header(McpHttpSession.SESSION_HEADER).orElseThrow();
  }

  /**
   * The session a request names, or empty with the error answered: 400 for headers that name none
   * or a protocol we do not speak, 404 for a session that is not (or no longer) there, or is
   * another client's.
   */
  private Optional<McpHttpSession> session(
      HttpRequest request, ClientTokens.Client client, HttpReply reply) {
    Optional<McpHttpError> wrongHeaders = McpHttpNegotiation.sessionHeaders(request);
    if (wrongHeaders.isPresent()) {
      wrongHeaders.get().send(reply);
      return Optional.empty();
    }
    Optional<McpHttpSession> session =
        sessions.find(request.header(McpHttpSession.SESSION_HEADER).orElseThrow(), client);
    if (session.isEmpty()) {
      McpHttpError.sessionNotFound().send(reply);
    }
    return session;
  }

  /**
   * A new session for {@code client} in {@code folder} (null: none), or empty with the table's
   * refusal (503, 429) answered.
   */
  private Optional<McpHttpSession> open(
      ClientTokens.Client client, Path folder, HttpRequest request, HttpReply reply) {
    McpHttpSessions.Opening<McpHttpSession> opening =
        sessions.open(
            client,
            id ->
                // Building runs no request and does no I/O: fine under the table's lock.
                new McpHttpSession(
                    id,
                    client,
                    folder,
                    gateway,
                    settings,
                    clock,
                    scheduler,
                    ended -> {
                      sessions.ended(ended);
                      windows.ended(ended.id());
                    }));
    if (opening.refusal() != null) {
      opening.refusal().send(reply);
    }
    if (opening.session() != null) {
      // Known before the session's first question (its client's first call may ask at once): the
      // check reads the process table, once a session, on the request's thread, outside the
      // table's lock, at most McpClientCheck.WAIT; one slower than that refuses.
      opening.session().clientChecked(McpClientCheck.waited(personCheck, request));
    }
    return Optional.ofNullable(opening.session());
  }

  /** Ends the sessions whose client's token was revoked or replaced since the last look. */
  private void endSessionsOfRevokedClients() {
    authentication.revokedSinceLastLook().ifPresent(sessions::endRevoked);
  }

  /** Builds a {@link McpHttpFrontDoor}. */
  public static final class Builder {
    private final HostApi gateway;
    private final ClientTokens tokens;
    private Backend backend;
    private PersonCheck personCheck = PersonCheck.ANYONE;
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
     * Where the front door's time and session ids come from: the clock idle time is measured on,
     * the scheduler its timers run on, and the generator of its session ids. Tests pass {@code
     * ManualClock.backend()}; a production front door {@link Backend#system()}. A scheduler the
     * backend makes is the front door's: {@link McpHttpFrontDoor#close()} releases it ({@link
     * Backend#release}). Required.
     *
     * @param backend the source of time and session ids
     * @return this builder
     */
    public Builder backend(Backend backend) {
      this.backend = requireNonNull(backend, "backend");
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
     * Whether a session's client may answer its own session's questions (issue 75): checked once a
     * session, when it opens; a client the check refuses gets no {@code elicitation/create}, and
     * the gateway asks the person on its other channels. Default {@link PersonCheck#ANYONE}.
     *
     * @param check the check
     * @return this builder
     */
    public Builder personCheck(PersonCheck check) {
      this.personCheck = requireNonNull(check, "check");
      return this;
    }

    /**
     * {@return the front door}
     *
     * @throws NullPointerException without a {@link #backend}
     */
    public McpHttpFrontDoor build() {
      requireNonNull(backend, "backend");
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
