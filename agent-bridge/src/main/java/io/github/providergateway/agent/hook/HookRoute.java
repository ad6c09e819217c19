package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.internal.BearerTokens;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

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
 * route takes is held past the server's 5 s handshake deadline, at most {@link #MAX_IN_PROGRESS} at
 * once with at most {@link #MAX_HELD_BODY_BYTES} of bodies between them (503 past either).
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
   * Hook calls waiting for their decision at once, beyond which a call gets 503: each is held past
   * the server's handshake deadline ({@link HttpReply#holdPastDeadline}), so this bounds the
   * sockets a token holder can keep open through this route. Far more than agents make: each waits
   * for its hook before its next call.
   */
  public static final int MAX_IN_PROGRESS = 32;

  /**
   * Bodies of the calls waiting for their decision, at most, together (as {@link HookSocket}'s).
   */
  public static final long MAX_HELD_BODY_BYTES = HookSocket.MAX_HELD_BODY_BYTES;

  private static final String HOW_TO_GET_A_TOKEN = "gateway hook --print-config claude";

  private final HookSocket.Answerer endpoint;
  private final ClientTokens tokens;
  private final HookSocket.Denial denial;

  /** Calls waiting for their decision, and their bodies' bytes. Guarded by this. */
  private int inProgress;

  private long heldBodyBytes;

  /**
   * A route answering from {@code endpoint} for the clients of {@code tokens}.
   *
   * @param endpoint where the decision is made
   * @param tokens the hook tokens admitted
   */
  public HookRoute(HookEndpoint endpoint, ClientTokens tokens) {
    this(requireNonNull(endpoint, "endpoint")::answer, tokens);
  }

  /**
   * Fault-injection seam for tests (issue 48): a route answering from {@code endpoint}, which a
   * test makes fail, as {@link HookEndpoint#answer} never does, to see what the agent reads then.
   */
  HookRoute(HookSocket.Answerer endpoint, ClientTokens tokens) {
    this(endpoint, tokens, HookEndpoint::failed);
  }

  /**
   * Fault-injection seam for tests (issue 48): as {@link #HookRoute(HookSocket.Answerer,
   * ClientTokens)}, the deny of a failed decision built by {@code denial}, which a test makes throw
   * to see the one case that is answered with an error.
   */
  HookRoute(HookSocket.Answerer endpoint, ClientTokens tokens, HookSocket.Denial denial) {
    this.endpoint = requireNonNull(endpoint, "endpoint");
    this.tokens = requireNonNull(tokens, "tokens");
    this.denial = requireNonNull(denial, "denial");
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
        Optional<HttpRefusal> refusal = refusal(request);
        if (refusal.isPresent()) {
          reply.send(refusal.get());
          return;
        }
        long bytes = request.body().length;
        if (!hold(bytes)) {
          reply.send(
              HttpRefusal.text(
                  503, "Service Unavailable: too many hook calls are waiting for their gates\n"));
          return;
        }
        // Gates take up to 5 s each, so the answer may come after the server's 5 s handshake
        // deadline; cutting the connection then would be a failed hook, which an older Claude Code
        // lets through. The decision is bounded by the gateway's gate timeouts instead.
        reply.holdPastDeadline();
        AgentKind agent = agentOf(request.path()).orElseThrow();
        CompletableFuture<HookEndpoint.Answer> decided;
        try {
          decided = endpoint.answer(agent, request.body());
        } catch (RuntimeException e) {
          decided = CompletableFuture.failedFuture(e);
        }
        decided.whenComplete(
            (answer, failure) -> {
              release(bytes);
              HookEndpoint.Answer spoken = answer;
              if (failure != null) {
                // An explicit deny, not an error: a 5xx is a failed hook, which Claude Code before
                // 2.1.295, and any hook without "onFailure": "block", lets run (issue 48).
                try {
                  spoken = denial.of(agent, failure);
                } catch (RuntimeException none) {
                  reply.send(HttpRefusal.text(500, "provider gateway failed: " + none + "\n"));
                  return;
                }
              }
              reply.send(
                  200,
                  "application/json",
                  Map.of(),
                  (spoken.body() + "\n").getBytes(StandardCharsets.UTF_8));
            });
      }
    };
  }

  /**
   * Counts a call waiting for its decision, with its body's bytes; false, counting nothing, past
   * either bound.
   */
  private synchronized boolean hold(long bytes) {
    if (inProgress + 1 > MAX_IN_PROGRESS || heldBodyBytes + bytes > MAX_HELD_BODY_BYTES) {
      return false;
    }
    inProgress++;
    heldBodyBytes += bytes;
    return true;
  }

  private synchronized void release(long bytes) {
    inProgress--;
    heldBodyBytes -= bytes;
  }

  /** What a request gets from its request line and headers alone, or empty when it may go on. */
  private Optional<HttpRefusal> refusal(HttpRequest request) {
    Optional<AgentKind> agent = agentOf(request.path());
    if (agent.isEmpty()) {
      return Optional.of(
          HttpRefusal.text(
              404, "Not Found: the hooks are " + PATH + "/claude and " + PATH + "/copilot\n"));
    }
    if (BearerTokens.of(request).flatMap(tokens::clientOf).isEmpty()) {
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
