package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolsUpdate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code "all"}-bound in-process providers and session churn (spec: "all" binding). */
class AllBindingTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String alpha = f.startSession("alpha");
  private final String beta = f.startSession("beta");

  @AfterEach
  void close() {
    f.close();
  }

  private RecordingProviderConnection tap(Hello.Builder hello) {
    RecordingProviderConnection tap = f.connectLocal(null);
    tap.send(hello.allSessions().build());
    HelloAck ack = tap.next(HelloAck.class);
    assertThat(ack.sessionId()).isEqualTo("all");
    return tap;
  }

  private List<String> tools(String session) {
    return done(f.gateway.tools(session)).stream().map(HostTool::name).toList();
  }

  @Test
  void atHelloItIsRegisteredInEveryActiveSessionAndToldEachStarted() {
    RecordingProviderConnection tap =
        tap(Hello.builder("tap").tools(tool("tap_tool")).context("tap context"));

    assertThat(tap.next(SessionLifecycle.class).sessionId()).isEqualTo(alpha);
    assertThat(tap.next(SessionLifecycle.class).sessionId()).isEqualTo(beta);
    assertThat(tools(alpha)).containsExactly("tap_tool");
    assertThat(tools(beta)).containsExactly("tap_tool");
    assertThat(done(f.gateway.onPrompt(beta, Map.of())).context()).containsExactly("tap context");
  }

  @Test
  void aNewSessionGetsNothingUntilSessionReady() {
    RecordingProviderConnection tap =
        tap(
            Hello.builder("tap")
                .tools(tool("tap_tool"))
                .context("ctx")
                .hooks(new Hooks(List.of(HookRule.gate(null, "tap-gate")), null)));
    tap.drain();

    String gamma = f.startSession("gamma");

    tap.next(SessionsUpdated.class);
    tap.assertNoMoreMessages();
    assertThat(tools(gamma)).isEmpty();
    assertThat(done(f.gateway.onPrompt(gamma, Map.of())).context()).isEmpty();

    tap.send(new SessionReady(gamma));

    SessionLifecycle started = tap.next(SessionLifecycle.class);
    assertThat(started.sessionId()).isEqualTo(gamma);
    assertThat(started.state()).isEqualTo(LifecycleState.STARTED);
    assertThat(tools(gamma)).containsExactly("tap_tool");
    assertThat(done(f.gateway.onPrompt(gamma, Map.of())).context()).containsExactly("ctx");
    f.gateway.preToolUse(gamma, "shell", GatewayFixture.json("{}"));
    assertThat(tap.next(GateCheck.class).sessionId()).isEqualTo(gamma);
  }

  /** An "all"-bound provider whose gate sees every call, told of every session so far. */
  private RecordingProviderConnection gatedTap() {
    RecordingProviderConnection tap =
        tap(Hello.builder("tap").hooks(new Hooks(List.of(HookRule.gate(null, "tap-gate")), null)));
    tap.drain();
    return tap;
  }

  /** A new session, which {@code tap} has heard of and not yet said session.ready for. */
  private String startedAwaitingReady(RecordingProviderConnection tap) {
    String gamma = f.startSession("gamma");
    tap.next(SessionsUpdated.class);
    return gamma;
  }

  /**
   * Issue 44: the guard every home runs is an "all"-bound provider, and a session's first call must
   * meet its gate, not slip through before its session.ready.
   */
  @Test
  void aCallBeforeSessionReadyWaitsForItsRulesInsteadOfPassingWithoutThem() {
    RecordingProviderConnection tap = gatedTap();
    String gamma = startedAwaitingReady(tap);

    var early = f.gateway.preToolUse(gamma, "shell", GatewayFixture.json("{}"));

    assertThat(early).as("held, not allowed without the gate").isNotDone();
    tap.send(new SessionReady(gamma));
    tap.next(SessionLifecycle.class);
    GateCheck check = tap.next(GateCheck.class);
    assertThat(check.sessionId()).isEqualTo(gamma);
    assertThat(check.tool()).isEqualTo("shell");
    tap.send(
        new io.github.providergateway.protocol.GateResult(
            "tap-gate",
            check.callId(),
            io.github.providergateway.protocol.GateDecision.DENY,
            "no"));
    assertThat(done(early).allowed()).isFalse();
  }

  @Test
  void aProviderThatNeverSaysSessionReadyHoldsTheSessionsCallsAtMostReadyWait() {
    RecordingProviderConnection tap = gatedTap();
    String gamma = startedAwaitingReady(tap);

    var early = f.gateway.preToolUse(gamma, "shell", GatewayFixture.json("{}"));
    f.clock.advance(Duration.ofSeconds(5).minusMillis(1));
    assertThat(early).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(done(early).allowed()).as("its rules never came to the session").isTrue();
    tap.assertNoMoreMessages();
  }

  @Test
  void aProviderLeavingBeforeSessionReadyReleasesTheCallsItHeld() {
    RecordingProviderConnection tap = gatedTap();
    String gamma = startedAwaitingReady(tap);
    var early = f.gateway.preToolUse(gamma, "shell", GatewayFixture.json("{}"));

    tap.drop();

    assertThat(done(early).allowed()).isTrue();
  }

  @Test
  void sessionReadyForASessionNotAwaitingItIsInvalidSession() {
    RecordingProviderConnection tap = tap(Hello.builder("tap"));
    tap.drain();

    tap.send(new SessionReady(alpha));

    assertThat(tap.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
  }

  /** session.ready is said once per session: a second one would bind the provider twice. */
  @Test
  void aSecondSessionReadyForTheSameSessionIsInvalidSession() {
    RecordingProviderConnection tap = tap(Hello.builder("tap").tools(tool("tap_tool")));
    tap.drain();
    String gamma = f.startSession("gamma");
    tap.send(new SessionReady(gamma));
    tap.drain();

    tap.send(new SessionReady(gamma));

    assertThat(tap.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
    tap.assertNoMoreMessages();
    assertThat(tools(gamma)).containsExactly("tap_tool");
  }

  @Test
  void whenOneSessionEndsItGetsShutdownPendingAndStaysBoundToTheOthers() {
    RecordingProviderConnection tap = tap(Hello.builder("tap").tools(tool("tap_tool")));
    tap.drain();

    var ended = f.gateway.endSession(alpha, Duration.ofSeconds(10));
    SessionLifecycle pending = tap.next(SessionLifecycle.class);
    assertThat(pending.state()).isEqualTo(LifecycleState.SHUTDOWN_PENDING);
    assertThat(pending.sessionId()).isEqualTo(alpha);
    tap.send(new ShutdownReady(alpha));

    assertThat(ended).isDone();
    assertThat(tools(beta)).containsExactly("tap_tool");
    assertThat(tap.isClosed()).isFalse();
  }

  @Test
  void itsPushMustNameASessionOrBroadcast() {
    RecordingProviderConnection tap = tap(Hello.builder("tap"));
    tap.drain();

    tap.send(Push.event(PushLevel.SURFACE, "where?"));
    assertThat(tap.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);

    tap.send(new Push(null, beta, "to beta", null, PushLevel.SURFACE, null, null));
    tap.send(new Push(null, null, "to all", null, PushLevel.SURFACE, null, true));

    assertThat(f.host(alpha).loggedTexts()).containsExactly("to all");
    assertThat(f.host(beta).loggedTexts()).containsExactly("to beta", "to all");
  }

  @Test
  void itsStreamQueryMustNameASession() {
    RecordingProviderConnection tap = tap(Hello.builder("tap"));
    tap.drain();

    tap.send(new StreamQuery("q", null, List.of("tap"), 10));

    assertThat(tap.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_SESSION);
  }

  @Test
  void anUpdateWithoutSessionIsAckedOncePerSessionWithSessionRevisions() {
    RecordingProviderConnection tap = tap(Hello.builder("tap"));
    tap.drain();
    tap.send(new ContextUpdate("c1", beta, "only beta"));
    tap.next(Ack.class);

    tap.send(new ContextUpdate("c2", null, "everywhere"));

    Ack first = tap.next(Ack.class);
    Ack second = tap.next(Ack.class);
    assertThat(List.of(first.sessionId(), second.sessionId())).containsExactly(alpha, beta);
    assertThat(first.revision()).isEqualTo(1);
    assertThat(second.revision()).as("revisions are per session").isEqualTo(2);
  }

  @Test
  void aToolsUpdateNamingOneSessionChangesThatSessionOnly() {
    RecordingProviderConnection tap = tap(Hello.builder("tap").tools(tool("a")));
    tap.drain();

    tap.send(new ToolsUpdate(null, beta, List.of(tool("b")), null));

    assertThat(tools(alpha)).containsExactly("a");
    assertThat(tools(beta)).containsExactly("b");
  }

  @Test
  void aToolsUpdateNamingNoSessionChangesEveryBoundSession() {
    RecordingProviderConnection tap = tap(Hello.builder("tap").tools(tool("a")));
    tap.drain();

    tap.send(new ToolsUpdate(null, null, List.of(tool("b")), null));

    assertThat(tools(alpha)).containsExactly("b");
    assertThat(tools(beta)).containsExactly("b");
  }

  @Test
  void updatesNamingNoSessionAlsoShapeSessionsThatStartLater() {
    RecordingProviderConnection tap =
        tap(Hello.builder("tap").tools(tool("old"), tool("kept")).context("old context"));
    tap.send(new ToolsUpdate(null, null, List.of(tool("new")), List.of("old")));
    tap.send(
        new HooksUpdate(
            null,
            null,
            new Hooks(List.of(HookRule.deny(HookMatch.tool("shell"), "no shell")), null)));
    tap.send(new ContextUpdate(null, null, "new context"));
    tap.send(new FilterSet(null, null, null, List.of(new FilterRule("noise", FilterOutcome.DROP))));
    String gamma = f.startSession("gamma");
    tap.drain();

    tap.send(new SessionReady(gamma));

    tap.next(SessionLifecycle.class);
    assertThat(tools(gamma)).containsExactly("kept", "new");
    assertThat(done(f.gateway.onPrompt(gamma, Map.of())).context()).containsExactly("new context");
    assertThat(done(f.gateway.preToolUse(gamma, "shell", GatewayFixture.json("{}"))).reason())
        .isEqualTo("no shell");
    tap.send(new Push(null, gamma, "noise", null, PushLevel.SURFACE, null, null));
    tap.send(new Push(null, gamma, "signal", null, PushLevel.SURFACE, null, null));
    assertThat(f.host(gamma).loggedTexts()).containsExactly("signal");
  }

  @Test
  void boundToAllWithNoSessionItWaitsForTheFirst() {
    try (GatewayFixture empty = GatewayFixture.create()) {
      RecordingProviderConnection tap = empty.connectLocal(null);
      tap.send(Hello.builder("tap").allSessions().tools(tool("t")).build());
      tap.next(HelloAck.class);

      String first = empty.startSession("first");
      tap.next(SessionsUpdated.class);
      tap.send(new SessionReady(first));

      tap.next(SessionLifecycle.class);
      assertThat(done(empty.gateway.tools(first))).extracting(HostTool::name).containsExactly("t");
    }
  }
}
