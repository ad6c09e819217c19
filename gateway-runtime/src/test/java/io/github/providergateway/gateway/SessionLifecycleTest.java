package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.tuple;

import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingGatewayListener;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.protocol.TransformRule;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sessions coming and going, and what providers see of it (spec: session.lifecycle). */
class SessionLifecycleTest {

  private final GatewayFixture f = GatewayFixture.create();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void everyAuthenticatedConnectionHearsOfNewAndEndedSessions() {
    String a = f.startSession("alpha");
    RecordingProviderConnection bound = f.bound("watcher", a);
    RecordingProviderConnection waiting = f.authenticated();
    RecordingProviderConnection stranger = f.connect();

    String b = f.startSession("beta");

    assertThat(bound.next(SessionsUpdated.class).active())
        .extracting(SessionInfo::id)
        .containsExactly(a, b);
    assertThat(waiting.next(SessionsUpdated.class).active())
        .extracting(SessionInfo::id)
        .containsExactly(a, b);
    stranger.assertNoMoreMessages();

    done(f.gateway.endSession(b, Duration.ofSeconds(10)));

    assertThat(waiting.next(SessionsUpdated.class).active())
        .extracting(SessionInfo::id)
        .containsExactly(a);
    assertThat(bound.next(SessionsUpdated.class).active())
        .extracting(SessionInfo::id)
        .containsExactly(a);
    assertThat(done(f.gateway.sessions())).extracting(SessionInfo::id).containsExactly(a);
    waiting
        .assertNoMoreMessages(); // told once, when the session left the list, not again at teardown
    bound.assertNoMoreMessages();
  }

  /**
   * Decision 68: providers learn who opened each session, as its kind only, and a front-door
   * client's session comes after the others, so that "the first listed" is never a decoy that
   * merely started first; the host keeps the whole {@code openedBy}.
   */
  @Test
  void providersAreToldWhoOpenedEachSessionAndHearOfClientSessionsLast() {
    RecordingProviderConnection waiting = f.authenticated();
    String decoy =
        f.startSession(SessionSpec.of("claude", "/code/app").openedFor("mcp-http:decoy"));
    assertThat(waiting.next(SessionsUpdated.class).active())
        .containsExactly(new SessionInfo(decoy, "claude", "/code/app", null, "client"));

    String agent = f.startSession(SessionSpec.of("claude", "/code/app").openedFor("agent"));
    String console = f.startSession("console");

    SessionInfo agentSeen = new SessionInfo(agent, "claude", "/code/app", null, "agent");
    SessionInfo consoleSeen = new SessionInfo(console, "console", "/code/console", null);
    SessionInfo decoySeen = new SessionInfo(decoy, "claude", "/code/app", null, "client");
    assertThat(waiting.next(SessionsUpdated.class).active()).containsExactly(agentSeen, decoySeen);
    assertThat(waiting.next(SessionsUpdated.class).active())
        .containsExactly(agentSeen, consoleSeen, decoySeen);
    RecordingProviderConnection late = f.connect();
    late.send(Auth.withToken(f.gateway.credentials().providerToken()));
    assertThat(late.next(Sessions.class).active())
        .containsExactly(agentSeen, consoleSeen, decoySeen);
    assertThat(done(f.gateway.sessions()))
        .extracting(SessionInfo::id, SessionInfo::openedBy)
        .containsExactly(
            tuple(decoy, "mcp-http:decoy"), tuple(agent, "agent"), tuple(console, null));
  }

  /** Ending a session takes it off the list at once, not when its providers' deadline ends. */
  @Test
  void anEndingSessionLeavesTheListBeforeItsBoundProvidersAreReady() {
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    RecordingProviderConnection inB = f.bound("slow", b);
    RecordingProviderConnection waiting = f.authenticated();

    var ended = f.gateway.endSession(b, Duration.ofSeconds(10));

    assertThat(ended).isNotDone();
    assertThat(done(f.gateway.sessions())).extracting(SessionInfo::id).containsExactly(a);
    assertThat(waiting.next(SessionsUpdated.class).active())
        .extracting(SessionInfo::id)
        .containsExactly(a);
    f.clock.advance(Duration.ofSeconds(10));
    assertThat(ended).isCompleted();
    assertThat(done(f.gateway.sessions())).extracting(SessionInfo::id).containsExactly(a);
    waiting.assertNoMoreMessages();
    inB.drain();
  }

  @Test
  void idleReachesBoundProvidersOnly() {
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    RecordingProviderConnection inA = f.bound("a", a);
    RecordingProviderConnection inB = f.bound("b", b);

    done(f.gateway.idle(a));

    SessionLifecycle idle = inA.next(SessionLifecycle.class);
    assertThat(idle.state()).isEqualTo(LifecycleState.IDLE);
    assertThat(idle.sessionId()).isEqualTo(a);
    inB.assertNoMoreMessages();
  }

  @Test
  void endingASessionSendsShutdownPendingAndWaitsForShutdownReady() {
    String a = f.startSession("alpha");
    RecordingProviderConnection first = f.bound("first", a, tool("t1"));
    RecordingProviderConnection second = f.bound("second", a, tool("t2"));

    var ended = f.gateway.endSession(a, Duration.ofSeconds(10));

    SessionLifecycle pending = first.next(SessionLifecycle.class);
    assertThat(pending.state()).isEqualTo(LifecycleState.SHUTDOWN_PENDING);
    assertThat(pending.deadline()).isEqualTo(Duration.ofSeconds(10));
    assertThat(second.next(SessionLifecycle.class).sessionId()).isEqualTo(a);
    first.send(new ShutdownReady(a));
    assertThat(ended).isNotDone();

    second.send(new Goodbye("session ending"));

    assertThat(ended).isDone();
    assertThat(second.closeReason()).isEqualTo(CloseReason.NORMAL);
    assertThat(first.isClosed()).as("a provider whose session ended stays connected").isFalse();
  }

  @Test
  void whileASessionEndsTheToolsOfAProviderThatLeavesAreWithdrawnFromTheHost() {
    String a = f.startSession("alpha");
    f.bound("stays", a, tool("t1"));
    RecordingProviderConnection leaves = f.bound("leaves", a, tool("t2"));
    f.settle();

    f.gateway.endSession(a, Duration.ofSeconds(10));
    leaves.send(new Goodbye(null));
    f.settle();

    assertThat(f.host(a).registeredNames()).containsExactly("t1");
  }

  @Test
  void shutdownReadyWithoutSessionIdAnswersTheOneSessionEnding() {
    String a = f.startSession("alpha");
    RecordingProviderConnection p = f.bound("worker", a);
    var ended = f.gateway.endSession(a, Duration.ofSeconds(10));
    p.next(SessionLifecycle.class);

    p.send(new ShutdownReady(null));

    assertThat(ended).isDone();
  }

  @Test
  void shutdownReadyWithoutSessionIdIsInvalidWhenNoneOrSeveralAreEnding() {
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    RecordingProviderConnection everywhere = f.connectLocal(null);
    everywhere.send(Hello.builder("everywhere").allSessions().build());
    everywhere.drain();

    everywhere.send(new ShutdownReady(null));
    assertThat(everywhere.next(ErrorMessage.class).message())
        .isEqualTo("No session is shutting down for this provider");
    var endedA = f.gateway.endSession(a, Duration.ofSeconds(10));
    var endedB = f.gateway.endSession(b, Duration.ofSeconds(10));
    everywhere.drain();
    everywhere.send(new ShutdownReady(null));

    assertThat(everywhere.next(ErrorMessage.class).message())
        .isEqualTo("Several sessions are shutting down; name one in sessionId");
    assertThat(endedA).isNotDone();
    assertThat(endedB).isNotDone();
  }

  @Test
  void teardownHappensAtTheDeadlineWhenAProviderStaysSilent() {
    String a = f.startSession("alpha");
    RecordingProviderConnection silent = f.bound("silent", a, tool("t"));

    var ended = f.gateway.endSession(a, Duration.ofSeconds(10));
    silent.next(SessionLifecycle.class);

    f.clock.advance(Duration.ofMillis(9_999));
    assertThat(ended).isNotDone();
    f.clock.advance(Duration.ofMillis(1));
    assertThat(ended).isDone();
  }

  @Test
  void aSessionWithoutProvidersEndsAtOnce() {
    String a = f.startSession("alpha");

    assertThat(f.gateway.endSession(a, Duration.ofSeconds(10))).isDone();
  }

  @Test
  void teardownEndsTheSessionsCallsAndUnbindsItsProviders() {
    String a = f.startSession("alpha");
    RecordingProviderConnection p = f.bound("worker", a, tool("slow"));
    var call = f.call(a, "slow", "{}");
    p.next(ToolCall.class);

    f.gateway.endSession(a, Duration.ofSeconds(1));
    p.next(SessionLifecycle.class);
    assertThat(p.next(SessionsUpdated.class).active())
        .as("an ending session leaves the list")
        .isEmpty();
    f.clock.advance(Duration.ofSeconds(1));

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code())
        .isEqualTo(ToolErrorCode.CANCELLED);
    assertThat(p.next(ToolCancel.class).reason())
        .isEqualTo(io.github.providergateway.protocol.CancelReason.SESSION_ENDED);
    assertThat(done(f.gateway.providers())).isEmpty();
    // The provider is Unbound now: a push is refused, a new hello is not.
    p.drain();
    p.send(Push.event(PushLevel.KEEP, "still here"));
    assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    String b = f.startSession("beta");
    p.next(SessionsUpdated.class);
    p.send(Hello.builder("worker").session(b).build());
    p.next(HelloAck.class);
  }

  /**
   * A gate and a callback transform still waiting when teardown comes end with it: the gate denies
   * and the section keeps its current text at once, long before their own timeouts (5 s and 2 s);
   * answers arriving afterwards change nothing.
   */
  @Test
  void teardownDeniesAPendingGateAndKeepsTheCurrentTextOfAPendingTransform() {
    String a = f.startSession("alpha");
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard")
                .session(a)
                .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("shell"), "ci")), null))
                .build());
    RecordingProviderConnection rules =
        f.bound(
            Hello.builder("rules")
                .session(a)
                .hooks(
                    new Hooks(
                        null, Map.of("code_change_rules", Optional.of(TransformRule.callback()))))
                .build());
    var decision = f.gateway.preToolUse(a, "shell", GatewayFixture.json("{}"));
    String gateCallId = guard.next(GateCheck.class).callId();
    var prompt = f.gateway.onPrompt(a, Map.of("code_change_rules", "Small diffs."));
    String transformCallId = rules.next(TransformRequest.class).callId();

    var ended = f.gateway.endSession(a, Duration.ofMillis(500));
    f.clock.advance(Duration.ofMillis(499));
    assertThat(decision).isNotDone();
    assertThat(prompt).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(ended).isDone();
    assertThat(done(decision).allowed()).isFalse();
    assertThat(done(prompt).sections()).containsEntry("code_change_rules", "Small diffs.");
    guard.send(GateResult.allow("ci", gateCallId));
    rules.send(new TransformResult(transformCallId, "Too late."));
    assertThat(done(decision).allowed()).isFalse();
    assertThat(done(prompt).sections()).containsEntry("code_change_rules", "Small diffs.");
  }

  @Test
  void anUnboundProviderGetsNoSessionTraffic() {
    String a = f.startSession("alpha");
    RecordingProviderConnection p = f.bound("worker", a, tool("t"));
    var ended = f.gateway.endSession(a, Duration.ofSeconds(1));
    p.send(new ShutdownReady(a));
    done(ended);
    String b = f.startSession("beta");
    p.drain();

    f.gateway.idle(b);
    f.call(b, "t", "{}");

    p.assertNoMoreMessages();
  }

  @Test
  void shutdownReadyForASessionNotEndingIsInvalidSession() {
    String a = f.startSession("alpha");
    RecordingProviderConnection p = f.bound("worker", a);

    p.send(new ShutdownReady(a));

    assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
  }

  @Test
  void goodbyeUnbindsAtOnceAndClosesTheConnection() {
    String a = f.startSession("alpha");
    RecordingProviderConnection p = f.bound("leaver", a, tool("t"));
    f.settle();

    p.send(new Goodbye(null));

    assertThat(p.closeReason()).isEqualTo(CloseReason.NORMAL);
    assertThat(done(f.gateway.tools(a))).isEmpty();
    f.settle();
    assertThat(f.host(a).registeredNames()).isEmpty();
  }

  @Test
  void goodbyeTakesTheProvidersHookRulesTransformsAndContextOutAtOnce() {
    String a = f.startSession("alpha");
    RecordingProviderConnection worker = f.bound("worker", a, tool("deploy"));
    RecordingProviderConnection p =
        f.bound(
            Hello.builder("leaver")
                .session(a)
                .hooks(
                    new Hooks(
                        List.of(HookRule.deny(HookMatch.tool("deploy"), "frozen")),
                        Map.of(
                            "custom_instructions",
                            Optional.of(TransformRule.append("from leaver")))))
                .context("leaver was here")
                .build());

    p.send(new Goodbye("done"));

    assertThat(p.closeReason()).isEqualTo(CloseReason.NORMAL);
    PromptResult prompt = done(f.gateway.onPrompt(a, Map.of("custom_instructions", "Be brief.")));
    assertThat(prompt.context()).isEmpty();
    assertThat(prompt.sections()).containsEntry("custom_instructions", "Be brief.");
    var call = f.call(a, "deploy", "{}");
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(ToolResult.success(sent.id(), GatewayFixture.json("\"ok\"")));
    assertThat(done(call).outcome().status()).isEqualTo(ToolOutcome.Status.SUCCESS);
  }

  /**
   * A component beside the gateway (the reference app's spawner) reports into a session's timeline
   * under its own name while the session lasts, and writes nothing once it has ended.
   */
  @Test
  void aReporterBesideTheGatewayWritesToTheTimelineOfALiveSessionOnly() {
    String a = f.startSession("alpha");
    f.gateway.spawning().log(a, "spawner", "starting ci-watch");
    f.gateway.spawning().log("nope", "spawner", "to nobody");
    done(f.gateway.endSession(a, Duration.ofSeconds(1)));

    f.gateway.spawning().log(a, "spawner", "too late");

    assertThat(f.host(a).logs)
        .containsExactly(new RecordingSessionHost.Line(a, "spawner", "starting ci-watch"));
  }

  @Test
  void anEmbeddedGatewayKeepsRunningWhenItsLastSessionEnds() {
    String a = f.startSession("alpha");
    done(f.gateway.endSession(a, Duration.ofSeconds(1)));

    String b = f.startSession("beta");
    RecordingProviderConnection p = f.bound("later", b, tool("t"));

    assertThat(p.isClosed()).isFalse();
  }

  @Test
  void aTransportClosingItsConnectionAfterTheGatewayStoppedHearsNothingOfIt(@TempDir Path home) {
    // The reference app stops the gateway, then its WebSocket server, whose connections then
    // report closed() to a gateway whose loop has stopped (a RejectedExecutionException at quit).
    Gateway stopped = Gateway.builder().home(home).build();
    RecordingProviderConnection connection = new RecordingProviderConnection("late");
    ProviderLink link = stopped.transports().acceptWebSocket(connection);
    stopped.close();

    assertThatCode(link::closed).doesNotThrowAnyException();
  }

  @Test
  void closingTheGatewayEndsEveryCallAndClosesEveryConnection() {
    String a = f.startSession("alpha");
    RecordingProviderConnection p = f.bound("worker", a, tool("t"));
    var call = f.call(a, "t", "{}");

    f.gateway.close();

    assertThat(((ToolOutcome.Failure) done(call).outcome()).code())
        .isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(p.closeReason()).isEqualTo(CloseReason.GATEWAY_STOPPING);
  }

  @Test
  void closingTheGatewayEndsEverySessionAndLeavesNoTimerBehind() {
    RecordingGatewayListener heard = new RecordingGatewayListener();
    f.gateway.monitor().addListener(heard);
    String a = f.startSession("alpha");
    String b = f.startSession("beta");
    RecordingProviderConnection worker =
        f.bound("worker", a, tool("t")); // its registration is pending
    f.call(a, "t", "{}"); // its timeout is pending
    f.bound("leaver", a, tool("u")).drop(); // its reconnect window is pending
    f.bound("slow", b, tool("v"));
    var ending = f.gateway.endSession(b, Duration.ofSeconds(10)); // its deadline is pending
    f.authenticated(); // its bind deadline is pending
    heard.drain();

    f.gateway.close();

    assertThat(f.clock.pendingTasks()).isZero();
    assertThat(ending).isDone();
    assertThat(heard.drain()).contains("ended " + a, "ended " + b);
    assertThat(worker.closeReason()).isEqualTo(CloseReason.GATEWAY_STOPPING);
  }

  /**
   * A host may start a session from a callback while the gateway stops (here, as the last one
   * ends): it is refused, since a session started then would never be torn down.
   */
  @Test
  void aSessionStartedWhileTheGatewayStopsIsRefused() {
    var restarted =
        new java.util.concurrent.atomic.AtomicReference<
            java.util.concurrent.CompletableFuture<SessionInfo>>();
    f.gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void sessionEnded(String sessionId) {
                restarted.compareAndSet(
                    null,
                    f.gateway.startSession(
                        SessionSpec.of("again", "/code"), new RecordingSessionHost()));
              }
            });
    f.startSession("alpha");

    f.close();

    assertThat(restarted.get())
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOfSatisfying(
            HostException.class, e -> assertThat(e.code()).isEqualTo(HostErrorCode.GATEWAY_CLOSED));
  }
}
