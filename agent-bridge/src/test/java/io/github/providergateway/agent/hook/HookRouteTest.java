package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.http.ServerSentEvents;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HookRoute} on the gateway's manual clock, handed requests as the server hands them: a hook
 * whose gates take longer than the server's 5 s handshake deadline still gets its answer (the route
 * holds the request past the deadline), and the requests held so are bounded. Over a real socket:
 * {@code HttpHookTest} (reference-app) and {@code HttpRoutesTest} (transport-ws).
 */
class HookRouteTest {

  private static final String PUSH =
      "{\"cwd\":\"/code/agent\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git push origin main\"}}";

  @TempDir Path temp;
  private final GatewayFixture f = GatewayFixture.create();
  private HttpRoute route;
  private String token;

  @BeforeEach
  void aGuardedSession() throws Exception {
    route = routeOn(f, "home", 3);
  }

  /**
   * A route on {@code gateway} with a home of its own, {@code name} in {@link #temp}; its token is
   * {@link #token}.
   */
  private HttpRoute routeOn(GatewayFixture gateway, String name, int seed) throws Exception {
    ClientTokens tokens = tokensIn(name, seed);
    return new HookRoute(TestEndpoints.of(gateway, temp.resolve(name)), tokens).route();
  }

  /**
   * Hook tokens kept in an owner-only home {@code name} in {@link #temp}; one is {@link #token}.
   */
  private ClientTokens tokensIn(String name, int seed) throws Exception {
    Path home =
        Files.createDirectory(
            temp.resolve(name),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    ClientTokens tokens = ClientTokens.hooks(home, new SplittableRandom(seed));
    token = tokens.issue("claude");
    return tokens;
  }

  @AfterEach
  void close() {
    f.close();
  }

  /** Binds a provider whose gate {@code gateId} is asked about every {@code git push}. */
  private RecordingProviderConnection gate(String session, String name, String gateId) {
    return f.bound(
        Hello.builder(name)
            .session(session)
            .hooks(
                new Hooks(
                    List.of(HookRule.gate(new HookMatch("shell", "git push", null, null), gateId)),
                    null))
            .build());
  }

  /** A reply that keeps what the route did with it. */
  private static final class Reply implements HttpReply {
    boolean held;
    int status;
    String body;

    @Override
    public void holdPastDeadline() {
      held = true;
    }

    @Override
    public synchronized void send(
        int status, String contentType, Map<String, String> headers, byte[] body) {
      if (this.status != 0) {
        throw new IllegalStateException("answered twice");
      }
      this.status = status;
      this.body = new String(body, StandardCharsets.UTF_8);
    }

    @Override
    public Optional<ServerSentEvents> openEvents(Map<String, String> headers) {
      throw new AssertionError("a hook is never an event stream");
    }
  }

  private Reply post(String body) {
    HttpRequest request =
        new HttpRequest(
            "POST",
            "/hooks/claude",
            "",
            Map.of("authorization", "Bearer " + token, "content-type", "application/json"),
            body.getBytes(StandardCharsets.UTF_8));
    assertThat(route.admit(request)).isEmpty();
    Reply reply = new Reply();
    route.handle(request, reply);
    return reply;
  }

  @Test
  void gatesThatTakeLongerThanTheHandshakeDeadlineStillGetTheirAnswerToTheAgent() {
    String session = f.startSession(SessionSpec.of("claude", "/code/agent"));
    RecordingProviderConnection first = gate(session, "ci-guard", "ci-green");
    RecordingProviderConnection second = gate(session, "freeze", "release-freeze");
    f.settle();

    Reply reply = post(PUSH);
    assertThat(reply.held).as("taken out of the server's 5 s deadline").isTrue();
    GateCheck check = first.next(GateCheck.class);
    f.clock.advance(Duration.ofSeconds(4));
    first.sendText(
        "{\"type\":\"gate.result\",\"gateId\":\"ci-green\",\"callId\":\""
            + check.callId()
            + "\",\"decision\":\"allow\"}");
    second.next(GateCheck.class); // asked at 4 s, never answered
    f.clock.advance(Duration.ofSeconds(5).minusMillis(1));
    assertThat(reply.status).as("still waiting for the second gate at 8.999 s").isZero();

    f.clock.advance(Duration.ofMillis(1));

    assertThat(reply.status).isEqualTo(200);
    assertThat(reply.body)
        .contains("\"permissionDecision\":\"deny\"")
        .contains("Gate provider 'freeze' did not respond in time");
  }

  @Test
  void bodiesWaitingPastTheirBudgetGet503UntilOneIsAnswered() {
    String session = f.startSession(SessionSpec.of("claude", "/code/agent"));
    gate(session, "ci-guard", "ci-green");
    f.settle();
    String big =
        "{\"cwd\":\"/code/agent\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git push "
            + "x".repeat((int) HookRoute.MAX_BODY_BYTES - 100)
            + "\"}}";
    List<Reply> waiting = new ArrayList<>();
    long held = 0;
    while (held + big.length() <= HookRoute.MAX_HELD_BODY_BYTES) {
      waiting.add(post(big));
      held += big.length();
    }

    assertThat(post(big).status).isEqualTo(503);
    assertThat(waiting).allSatisfy(reply -> assertThat(reply.status).isZero());
    f.clock.advance(Duration.ofSeconds(5));
    assertThat(waiting).allSatisfy(reply -> assertThat(reply.status).isEqualTo(200));
    Reply after = post(big);
    assertThat(after.held).as("taken once the others gave their bytes back").isTrue();
  }

  @Test
  void hookCallsWaitingPastTheirBoundGet503AndTheRestAreAnswered() {
    String session = f.startSession(SessionSpec.of("claude", "/code/agent"));
    gate(session, "ci-guard", "ci-green");
    f.settle();
    List<Reply> waiting = new ArrayList<>();
    for (int i = 0; i < HookRoute.MAX_IN_PROGRESS; i++) {
      waiting.add(post(PUSH));
    }

    Reply over = post(PUSH);
    // A large body refused for the count must not free bytes it never held (review of issue 33).
    String big =
        "{\"cwd\":\"/code/agent\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git push "
            + "x".repeat((int) HookRoute.MAX_BODY_BYTES - 100)
            + "\"}}";
    for (int i = 0; i < 8; i++) {
      assertThat(post(big).status).isEqualTo(503);
    }

    assertThat(over.status).isEqualTo(503);
    assertThat(over.held).isFalse();
    f.clock.advance(Duration.ofSeconds(5)); // every gate times out: each call is denied
    assertThat(waiting).allSatisfy(reply -> assertThat(reply.status).isEqualTo(200));
    assertThat(
            post("{\"cwd\":\"/elsewhere\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}")
                .status)
        .as("room again once they are answered")
        .isEqualTo(200);
    List<Reply> bigOnes = new ArrayList<>();
    for (long held = 0;
        held + big.length() <= HookRoute.MAX_HELD_BODY_BYTES;
        held += big.length()) {
      bigOnes.add(post(big));
    }
    assertThat(post(big).status)
        .as("the byte budget is what it was: no bytes were freed twice")
        .isEqualTo(503);
    f.clock.advance(Duration.ofSeconds(5));
    assertThat(bigOnes).allSatisfy(reply -> assertThat(reply.status).isEqualTo(200));
  }

  // ---- decisions that fail (issue 48): an explicit deny, a 5xx only when none can be built ----

  private static final String DELETE_IN_PROJECT =
      "{\"cwd\":\"/code/agent\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"rm -rf /code/agent/build\"}}";

  private static void assertExplicitDeny(Reply reply, String reason) {
    assertThat(reply.status)
        .as("a 5xx is a failed hook, which older Claude Code runs")
        .isEqualTo(200);
    assertThat(reply.body)
        .contains("\"permissionDecision\":\"deny\"")
        .contains(reason)
        .doesNotContain("\"allow\"");
  }

  @Test
  void theGatewayClosingWhileACallWaitsForItsSessionIsAnExplicitDeny() throws Exception {
    TestEndpoints.StoppingLoop loop = new TestEndpoints.StoppingLoop();
    try (GatewayFixture closing = GatewayFixture.with(b -> b.executor(loop))) {
      route = routeOn(closing, "closing", 7);
      // The guard blocks a delete with no project, so the call waits for its session to join.
      Reply reply = post(DELETE_IN_PROJECT);
      assertThat(reply.status).as("waiting for its session").isZero();

      TestEndpoints.closeGateway(closing, loop);
      closing.clock.advance(HookDecisions.POLL); // it looks again: the gateway cannot be asked

      assertExplicitDeny(reply, "provider gateway could not check the call (");
    }
  }

  @Test
  void aCallTheGatewaysLoopRefusesIsAnExplicitDeny() throws Exception {
    // Its executor refuses while the gateway is open (an embedder's, shut down first): the
    // gateway's requests fail, and the call is denied, not read as one with no session.
    TestEndpoints.StoppingLoop loop = new TestEndpoints.StoppingLoop();
    try (GatewayFixture closing = GatewayFixture.with(b -> b.executor(loop))) {
      route = routeOn(closing, "closing", 7);
      loop.stop();

      assertExplicitDeny(post(PUSH), "provider gateway could not check the call (");
    }
  }

  /**
   * Issue 48: a gateway closed without its record of gates told first ({@link
   * HookGateRecorder#stopping}), on an executor that still runs what it is given (an embedder's):
   * its stopped engine lists no session and its record no gate, so only the endpoint's own check
   * keeps the push from being allowed.
   */
  @Test
  void aCallAfterTheGatewayClosedWithoutItsRecordToldIsAnExplicitDeny() {
    String session = f.startSession(SessionSpec.of("claude", "/code/agent"));
    gate(session, "ci-guard", "ci-green");
    f.settle();

    List<io.github.providergateway.gateway.Decision> audit = new ArrayList<>();
    f.gateway
        .monitor()
        .addListener(
            new io.github.providergateway.gateway.GatewayListener() {
              @Override
              public void decided(io.github.providergateway.gateway.Decision decision) {
                audit.add(decision);
              }
            });

    f.gateway.close();

    assertExplicitDeny(post(PUSH), "the provider gateway has stopped");
    assertThat(audit).as("not decided on the stopped engine, so no allow in the audit").isEmpty();
  }

  /** A push whose gate is being asked when {@code failure} happens: what the agent reads. */
  private Reply pushWhileTheGateIsAsked(
      java.util.function.BiConsumer<String, RecordingProviderConnection> failure) {
    String session = f.startSession(SessionSpec.of("claude", "/code/agent"));
    RecordingProviderConnection guard = gate(session, "ci-guard", "ci-green");
    f.settle();
    Reply reply = post(PUSH);
    guard.next(GateCheck.class);
    failure.accept(session, guard);
    f.settle();
    return reply;
  }

  @Test
  void theSessionEndingWhileItsGateIsAskedIsAnExplicitDeny() {
    Reply reply =
        pushWhileTheGateIsAsked((session, guard) -> f.gateway.endSession(session, Duration.ZERO));

    assertExplicitDeny(reply, "Gate provider 'ci-guard' disconnected");
  }

  @Test
  void theGatesProviderVanishingWhileItIsAskedIsAnExplicitDeny() {
    Reply reply = pushWhileTheGateIsAsked((session, guard) -> guard.drop());

    assertExplicitDeny(reply, "Gate provider 'ci-guard' disconnected");
  }

  /** The route on an answerer that fails as {@code failing} says (the route's seam). */
  private HttpRoute failingRoute(HookSocket.Answerer failing) throws Exception {
    return failingRoute(failing, HookEndpoint::failed);
  }

  /** As {@link #failingRoute(HookSocket.Answerer)}, its denies built by {@code denial}. */
  private HttpRoute failingRoute(HookSocket.Answerer failing, HookSocket.Denial denial)
      throws Exception {
    return new HookRoute(failing, tokensIn("other", 5), denial).route();
  }

  @Test
  void anAnswerThatFailsIsAnExplicitDenyNotAnError() throws Exception {
    route =
        failingRoute(
            (agent, input) ->
                java.util.concurrent.CompletableFuture.failedFuture(
                    new IllegalStateException("the adapter broke")));

    assertExplicitDeny(
        post(PUSH),
        "could not check the call (java.lang.IllegalStateException: the adapter broke)");
  }

  @Test
  void anAnswererThatThrowsIsAnExplicitDenyNotAnError() throws Exception {
    route =
        failingRoute(
            (agent, input) -> {
              throw new IllegalStateException("the adapter broke at once");
            });

    assertExplicitDeny(post(PUSH), "the adapter broke at once");
  }

  @Test
  void onlyWhenNoDenyCanBeBuiltIsTheAnswerA500() throws Exception {
    route =
        failingRoute(
            (agent, input) ->
                java.util.concurrent.CompletableFuture.failedFuture(
                    new IllegalStateException("the adapter broke")),
            (agent, failure) -> {
              throw new IllegalStateException("no deny either");
            });

    Reply reply = post(PUSH);

    assertThat(reply.status).isEqualTo(500);
    assertThat(reply.body).contains("no deny either");
  }
}
