package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.internal.BearerTokens;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * The agents' hooks over HTTP on the gateway's own port: {@code POST /hooks/claude} is Claude
 * Code's {@code "type": "http"} PreToolUse hook (docs/agents.md), {@code POST /hooks/copilot} the
 * same for a Copilot CLI hook input. The body is what the agent would write on a command hook's
 * stdin; a 200 answer's body is what the command hook would print: a deny with its reason, an
 * {@code ask}, {@code updatedInput} for rewritten arguments, or no decision for allow. The decision
 * is {@link HookEndpoint}'s, the same the command hook reaches. A decision that fails is a 200 with
 * an explicit deny, never a 5xx, which Claude Code before 2.1.295 (and any hook without {@code
 * "onFailure": "block"}) counts as a failed hook and runs the call; a 500 only when not even that
 * deny can be built. The answer may take as long as the session's gates (5 s each): a request the
 * route takes is held past the server's 5 s handshake deadline.
 *
 * <p><b>Parallel calls</b> (issue 47, row 6). At most {@link #MAX_IN_PROGRESS} calls are decided at
 * once, with at most {@link #MAX_HELD_BODY_BYTES} of bodies between them. Calls past that wait,
 * first come first served for each token, the tokens taking turns: at most {@link
 * #MAX_WAITING_PER_TOKEN} calls and {@link #MAX_WAITING_BYTES_PER_TOKEN} of bodies for one token,
 * {@link #MAX_WAITING} and {@link #MAX_WAITING_BYTES} for all together, so that an agent's parallel
 * tool calls (100 at once) are all answered; a call past those bounds, and one that could not start
 * within {@link #MAX_WAIT}, is answered with a deny that says it was not checked, so that it is
 * answered inside the agent's hook timeout (60 s as {@code gateway setup} installs it), never run
 * unchecked.
 *
 * <p>Who may ask: the server's checks first (loopback peer, {@code Host} naming this server, no
 * foreign {@code Origin}: 403), then a hook token of {@link ClientTokens} ({@code Authorization:
 * Bearer hook-…}; 401 with {@code WWW-Authenticate} without one, and for a revoked one), all from
 * the headers, before a byte of the body is read. A hook token opens only this route. Then: 404 for
 * an agent this route does not know, 405 for a method other than {@code POST}, 415 for a body that
 * is not {@code application/json}, 413 (the server) for one over {@link #MAX_BODY_BYTES}. Claude
 * Code counts any of these, and a time-out, as a failed hook: with {@code "onFailure": "block"} the
 * call is blocked; without it (Claude Code before 2.1.295) it runs.
 *
 * <pre>{@code
 * WebSocketServer.builder(gateway)
 *     .route(HookRoute.PATH, HookRoute.MAX_BODY_BYTES, new HookRoute(new HookEndpoint(gateway), ClientTokens.hooks(home)).route())
 * }</pre>
 */
public final class HookRoute {

  /** The route's path; each agent's hook is under it ({@code /hooks/claude}). */
  public static final String PATH = "/hooks";

  /**
   * The largest hook input taken: far more than an agent's tool input (a file an agent writes is
   * what its model can say in one answer), and what the MCP front door takes.
   */
  public static final long MAX_BODY_BYTES = HookRequests.MAX_INPUT_BYTES;

  /**
   * Hook calls being decided at once, all tokens together; further calls wait their turn (up to
   * {@link #MAX_WAITING}). Each holds its body several times over while it is decided (its tree,
   * its answer: docs/security.md), and its gates' checks go to providers.
   */
  public static final int MAX_IN_PROGRESS = 32;

  /**
   * Bodies of the calls being decided, at most, together (as {@link HookSocket}'s); a call whose
   * body does not fit waits its turn.
   */
  public static final long MAX_HELD_BODY_BYTES = HookSocket.MAX_HELD_BODY_BYTES;

  /**
   * Calls of one token waiting to be decided, at most: an agent's parallel tool calls (100 in the
   * attack run of issue 47) fit with room to spare. Each is a socket held past the server's
   * handshake deadline ({@link HttpReply#holdPastDeadline}), so with {@link #MAX_IN_PROGRESS} this
   * bounds the sockets a token holder keeps open through this route.
   */
  public static final int MAX_WAITING_PER_TOKEN = 128;

  /** Bodies of one token's waiting calls, at most (two of the largest hook inputs). */
  public static final long MAX_WAITING_BYTES_PER_TOKEN = 8L << 20;

  /** Calls waiting to be decided, all tokens together, at most. */
  public static final int MAX_WAITING = 256;

  /** Bodies of all waiting calls together, at most; a waiting body is held once, as it came. */
  public static final long MAX_WAITING_BYTES = 16L << 20;

  /**
   * How long a call may wait for its turn: one that has not started by then is denied as not
   * checked, so that with its decision (two gates' 5 s each, the command hook's {@code --timeout})
   * it is answered within 20 s, inside the agents' 60 s hook timeout.
   */
  public static final Duration MAX_WAIT = Duration.ofSeconds(10);

  private static final String HOW_TO_GET_A_TOKEN = "gateway hook --print-config claude";

  private final HookSocket.Answerer endpoint;
  private final ClientTokens tokens;
  private final HookSocket.Denial denial;

  /** Times each waiting call's {@link #MAX_WAIT}. */
  private final Scheduler scheduler;

  /**
   * Starts a call that waited: not on the thread that finished the one before, which may be the
   * gateway's loop, since starting parses the body.
   */
  private final Executor starter;

  /** Calls being decided, and their bodies' bytes. Guarded by this. */
  private int inProgress;

  private long heldBodyBytes;

  /**
   * Calls waiting to be decided, by token, each first come first served; the token served last goes
   * to the end, so tokens take turns. Guarded by this.
   */
  private final Map<ClientTokens.Client, ArrayDeque<Call>> waiting = new LinkedHashMap<>();

  /** How many calls wait, and their bodies' bytes, all tokens together. Guarded by this. */
  private int waitingCount;

  private long waitingBytes;

  /**
   * A route answering from {@code endpoint} for the clients of {@code tokens}.
   *
   * @param endpoint where the decision is made
   * @param tokens the hook tokens admitted
   */
  public HookRoute(HookEndpoint endpoint, ClientTokens tokens) {
    this(
        requireNonNull(endpoint, "endpoint")::answer,
        tokens,
        HookEndpoint::failed,
        endpoint.scheduler(),
        STARTERS);
  }

  /**
   * Fault-injection seam for tests (issue 48): a route answering from {@code endpoint}, which a
   * test makes fail, as {@link HookEndpoint#answer} never does, the deny of a failed decision built
   * by {@code denial}, which a test makes throw to see the one case that is answered with an error;
   * waiting calls timed by {@code scheduler} (a manual clock) and started by {@code starter}.
   */
  HookRoute(
      HookSocket.Answerer endpoint,
      ClientTokens tokens,
      HookSocket.Denial denial,
      Scheduler scheduler,
      Executor starter) {
    this.endpoint = requireNonNull(endpoint, "endpoint");
    this.tokens = requireNonNull(tokens, "tokens");
    this.denial = requireNonNull(denial, "denial");
    this.scheduler = requireNonNull(scheduler, "scheduler");
    this.starter = requireNonNull(starter, "starter");
  }

  /** Threads that start waiting calls, shared by every route; idle ones end. */
  private static final Executor STARTERS =
      Executors.newCachedThreadPool(DaemonThreads.factory("gateway-hook-route"));

  /** One call taken: what it asked, where its answer goes, and while it waits, its deadline. */
  private static final class Call {
    final ClientTokens.Client client;
    final AgentKind agent;
    final byte[] body;
    final HttpReply reply;

    /** Whether it waits its turn, and its {@link #MAX_WAIT} once armed. Guarded by the route. */
    boolean waiting;

    Scheduler.Cancellable deadline;

    /** Where it came from: its connection's far end and ours, or null when unknown. */
    final java.net.InetSocketAddress peer;

    final java.net.InetSocketAddress local;

    Call(ClientTokens.Client client, AgentKind agent, HttpRequest request, HttpReply reply) {
      this.client = client;
      this.agent = agent;
      this.body = request.body();
      this.peer = request.peer();
      this.local = request.local();
      this.reply = reply;
    }

    /**
     * The process that sent it, the agent itself over its HTTP hook (issue 75): read from the
     * system's socket table, only for an agent session met for the first time.
     */
    java.util.OptionalLong process() {
      if (peer == null || local == null) {
        return java.util.OptionalLong.empty();
      }
      return io.github.providergateway.loop.base.LoopbackPeers.of(peer, local)
          .map(holder -> java.util.OptionalLong.of(holder.pid()))
          .orElse(java.util.OptionalLong.empty());
    }
  }

  /** {@return the route to register at {@link #PATH} with {@link #MAX_BODY_BYTES}} */
  public HttpRoute route() {
    return new HttpRoute() {
      @Override
      public Optional<HttpRefusal> admit(HttpRequest head) {
        return refusal(head);
      }

      @Override
      public void handle(HttpRequest request, HttpReply reply) {
        // Asked again: the route may be called without admission, and the token revoked since.
        // One look at the token file for both (each look checks the file and its directories).
        Optional<ClientTokens.Client> client = BearerTokens.of(request).flatMap(tokens::clientOf);
        Optional<HttpRefusal> refusal = refusal(request, client);
        if (refusal.isPresent()) {
          reply.send(refusal.get());
          return;
        }
        Call call =
            new Call(client.orElseThrow(), agentOf(request.path()).orElseThrow(), request, reply);
        switch (take(call)) {
          case START -> {
            holdPastGates(reply);
            decide(call);
          }
          case WAIT -> {
            holdPastGates(reply);
            armDeadline(call);
          }
          case REFUSE ->
              // A deny rather than a 503: Claude Code before 2.1.295, and any hook without
              // "onFailure": "block", runs a call whose hook failed.
              answerDeny(
                  call,
                  () ->
                      HookEndpoint.notChecked(
                          call.agent,
                          "the gateway already holds the most hook calls it lets wait ("
                              + MAX_WAITING_PER_TOKEN
                              + " a token, "
                              + MAX_WAITING
                              + " in all)"));
        }
      }
    };
  }

  /**
   * Gates take up to 5 s each, so the answer may come after the server's 5 s handshake deadline;
   * cutting the connection then would be a failed hook, which an older Claude Code lets through.
   * The decision is bounded by the gateway's gate timeouts instead, and a wait by {@link
   * #MAX_WAIT}.
   */
  private static void holdPastGates(HttpReply reply) {
    reply.holdPastDeadline();
  }

  /** What becomes of a call taken. */
  private enum Taken {
    /** Decided now. */
    START,
    /** Waits its turn. */
    WAIT,
    /** Past the bounds on waiting work: denied as not checked. */
    REFUSE
  }

  /**
   * Starts {@code call} when there is room and nobody waits, else has it wait when the bounds on
   * waiting work allow, else refuses it.
   */
  private synchronized Taken take(Call call) {
    long bytes = call.body.length;
    if (waitingCount == 0
        && inProgress < MAX_IN_PROGRESS
        && heldBodyBytes + bytes <= MAX_HELD_BODY_BYTES) {
      inProgress++;
      heldBodyBytes += bytes;
      return Taken.START;
    }
    ArrayDeque<Call> own = waiting.get(call.client);
    int ownCount = own == null ? 0 : own.size();
    long ownBytes = own == null ? 0 : own.stream().mapToLong(c -> c.body.length).sum();
    if (waitingCount + 1 > MAX_WAITING
        || waitingBytes + bytes > MAX_WAITING_BYTES
        || ownCount + 1 > MAX_WAITING_PER_TOKEN
        || ownBytes + bytes > MAX_WAITING_BYTES_PER_TOKEN) {
      return Taken.REFUSE;
    }
    waiting.computeIfAbsent(call.client, c -> new ArrayDeque<>()).addLast(call);
    call.waiting = true;
    waitingCount++;
    waitingBytes += bytes;
    return Taken.WAIT;
  }

  /**
   * Times {@code call}'s wait; scheduled outside the route's lock (a scheduler may run a task due
   * on the thread that schedules), and cancelled when the call started meanwhile.
   */
  private void armDeadline(Call call) {
    Scheduler.Cancellable deadline = scheduler.schedule(MAX_WAIT, () -> waitedTooLong(call));
    synchronized (this) {
      if (call.waiting) {
        call.deadline = deadline;
        return;
      }
    }
    deadline.cancel();
  }

  /** Asks for {@code call}'s decision, counted in progress, and answers it when it comes. */
  private void decide(Call call) {
    CompletableFuture<HookEndpoint.Answer> decided;
    try {
      decided = endpoint.answer(call.agent, call.body, call::process);
    } catch (RuntimeException e) {
      decided = CompletableFuture.failedFuture(e);
    }
    decided.whenComplete(
        (answer, failure) -> {
          finished(call.body.length);
          if (failure != null) {
            // An explicit deny, not an error: a 5xx is a failed hook, which Claude Code before
            // 2.1.295, and any hook without "onFailure": "block", lets run (issue 48).
            answerDeny(call, () -> denial.of(call.agent, failure));
          } else {
            answer(call, answer);
          }
        });
  }

  /** A call decided: its place goes to the calls waiting. */
  private void finished(long bytes) {
    synchronized (this) {
      inProgress--;
      heldBodyBytes -= bytes;
    }
    startWaiting();
  }

  /** Starts the waiting calls there is room for, tokens taking turns. */
  private void startWaiting() {
    List<Call> next = new ArrayList<>();
    synchronized (this) {
      while (inProgress < MAX_IN_PROGRESS && !waiting.isEmpty()) {
        Map.Entry<ClientTokens.Client, ArrayDeque<Call>> turn =
            waiting.entrySet().iterator().next();
        Call first = turn.getValue().peekFirst();
        if (heldBodyBytes + first.body.length > MAX_HELD_BODY_BYTES) {
          break; // it waits for bytes to come back, keeping its place
        }
        turn.getValue().removeFirst();
        waiting.remove(turn.getKey());
        if (!turn.getValue().isEmpty()) {
          waiting.put(turn.getKey(), turn.getValue()); // to the end: the next token's turn
        }
        waitingCount--;
        waitingBytes -= first.body.length;
        first.waiting = false;
        if (first.deadline != null) {
          first.deadline.cancel();
        }
        inProgress++;
        heldBodyBytes += first.body.length;
        next.add(first);
      }
    }
    for (Call call : next) {
      try {
        starter.execute(() -> decide(call));
      } catch (RejectedExecutionException closing) {
        decide(call);
      }
    }
  }

  /**
   * {@code call} waited {@link #MAX_WAIT} without starting: denied as not checked, unless it
   * started meanwhile.
   */
  private void waitedTooLong(Call call) {
    synchronized (this) {
      if (!call.waiting) {
        return; // started meanwhile
      }
      call.waiting = false;
      ArrayDeque<Call> own = waiting.get(call.client);
      own.remove(call);
      if (own.isEmpty()) {
        waiting.remove(call.client);
      }
      waitingCount--;
      waitingBytes -= call.body.length;
    }
    startWaiting(); // those behind it may fit where it did not
    answerDeny(
        call,
        () ->
            HookEndpoint.notChecked(
                call.agent,
                "the gateway was deciding "
                    + MAX_IN_PROGRESS
                    + " hook calls and this one waited "
                    + MAX_WAIT.toSeconds()
                    + " s for its turn"));
  }

  /** Answers {@code call} with the deny {@code deny} builds; 500 when it cannot be built. */
  private static void answerDeny(Call call, Supplier<HookEndpoint.Answer> deny) {
    HookEndpoint.Answer spoken;
    try {
      spoken = deny.get();
    } catch (RuntimeException none) {
      call.reply.send(HttpRefusal.text(500, "provider gateway failed: " + none + "\n"));
      return;
    }
    answer(call, spoken);
  }

  private static void answer(Call call, HookEndpoint.Answer spoken) {
    call.reply.send(
        200, "application/json", Map.of(), (spoken.body() + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** What a request gets from its request line and headers alone, or empty when it may go on. */
  private Optional<HttpRefusal> refusal(HttpRequest request) {
    return refusal(request, BearerTokens.of(request).flatMap(tokens::clientOf));
  }

  /** As {@link #refusal(HttpRequest)}, with the request's token looked up: its {@code client}. */
  private Optional<HttpRefusal> refusal(HttpRequest request, Optional<ClientTokens.Client> client) {
    Optional<AgentKind> agent = agentOf(request.path());
    if (agent.isEmpty()) {
      return Optional.of(
          HttpRefusal.text(
              404, "Not Found: the hooks are " + PATH + "/claude and " + PATH + "/copilot\n"));
    }
    if (client.isEmpty()) {
      return Optional.of(BearerTokens.unauthorized(request, HOW_TO_GET_A_TOKEN));
    }
    if (!request.method().equals("POST")) {
      return Optional.of(
          new HttpRefusal(
              405,
              "text/plain; charset=utf-8",
              Map.of("Allow", "POST"),
              "Method Not Allowed: POST the agent's hook input\n"
                  .getBytes(StandardCharsets.UTF_8)));
    }
    String type = request.header("Content-Type").map(HookRoute::essence).orElse("application/json");
    if (!type.equals("application/json")) {
      return Optional.of(
          HttpRefusal.text(415, "Unsupported Media Type: the body must be application/json\n"));
    }
    return Optional.empty();
  }

  /**
   * The agent whose hook {@code path} is ({@code /hooks/claude}), if any: Claude Code has HTTP
   * hooks, and Copilot CLI's input is taken too; the other agents run command hooks only, which
   * reach the gateway through {@link HookSocket}.
   */
  private static Optional<AgentKind> agentOf(String path) {
    for (AgentKind agent : List.of(AgentKind.CLAUDE, AgentKind.COPILOT)) {
      if (path.equals(PATH + "/" + agent.word())) {
        return Optional.of(agent);
      }
    }
    return Optional.empty();
  }

  /** A media type without its parameters, in lower case. */
  private static String essence(String mediaType) {
    int semicolon = mediaType.indexOf(';');
    return (semicolon < 0 ? mediaType : mediaType.substring(0, semicolon))
        .strip()
        .toLowerCase(Locale.ROOT);
  }
}
