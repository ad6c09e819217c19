package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A provider the host restarts is one change for the host (architecture, decision 34): {@link
 * io.github.providergateway.gateway.ProviderSpawning#restarting} holds its tools until a provider
 * spawned under the same name says {@code hello} in that session again, or the grace runs out; the
 * host is then told once (X-RELOAD-01..05). Its hook rules stay in force meanwhile (X-RELOAD-14).
 */
class RestartTest {

  private static final Duration GRACE = Duration.ofSeconds(10);

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");
  private final RecordingSessionHost host = f.host(session);

  /** How many registrations the host had when the restart began. */
  private int before;

  @AfterEach
  void close() {
    f.close();
  }

  /** A provider the host spawned as {@code spawnName} over a channel of its own, bound. */
  private RecordingProviderConnection spawned(
      String spawnName, String name, ToolDefinition... tools) {
    return spawnedFor(session, spawnName, name, tools);
  }

  /**
   * {@link #spawned} for {@code sessionId}: a config entry runs once in each session (decision 40).
   */
  private RecordingProviderConnection spawnedFor(
      String sessionId, String spawnName, String name, ToolDefinition... tools) {
    RecordingProviderConnection conn = f.connectSpawned(sessionId, spawnName);
    conn.next(Sessions.class);
    conn.send(Hello.builder(name).tools(tools).build());
    conn.next(HelloAck.class);
    conn.next(SessionLifecycle.class);
    return conn;
  }

  /**
   * The greeter, spawned as {@code greeter} with its tool {@code greet}, bound and registered; then
   * the host restarts it ({@link #before}: the registrations so far).
   */
  private RecordingProviderConnection greeterRestarting() {
    RecordingProviderConnection old = spawned("greeter", "greeter", tool("greet"));
    f.settle();
    before = host.registrations.size();
    done(f.gateway.spawning().restarting(session, "greeter", GRACE));
    return old;
  }

  private static ToolOutcome.Failure failure(CompletableFuture<CallResult> call) {
    ToolOutcome outcome = done(call).outcome();
    assertThat(outcome).isInstanceOf(ToolOutcome.Failure.class);
    return (ToolOutcome.Failure) outcome;
  }

  @Test
  void aRestartedProviderIsOneRegistrationForTheHostWithItsNewTools() {
    RecordingProviderConnection old = greeterRestarting();
    old.drop();
    f.clock.advance(Duration.ofSeconds(5));

    assertThat(host.registrations).as("the tools leaving is not told").hasSize(before);
    assertThat(done(f.gateway.tools(session))).extracting(HostTool::name).containsExactly("greet");

    spawned("greeter", "greeter", tool("greet"), tool("wave"));

    assertThat(host.registrations).hasSize(before + 1);
    assertThat(host.registeredNames()).containsExactly("greet", "wave");
    f.clock.advance(GRACE);
    assertThat(host.registrations).as("once, and nothing after").hasSize(before + 1);
  }

  @Test
  void aProviderBackWithTheSameToolsIsStillToldOnce() {
    RecordingProviderConnection old = greeterRestarting();
    old.drop();
    spawned("greeter", "greeter", tool("greet"));
    f.settle();

    assertThat(host.registrations).hasSize(before + 1);
    assertThat(host.registeredNames()).containsExactly("greet");
  }

  @Test
  void callsInFlightEndDisconnectedAndACallDuringTheGapFailsDisconnectedAtOnce() {
    RecordingProviderConnection old = spawned("greeter", "greeter", tool("greet"));
    f.settle();
    CompletableFuture<CallResult> inFlight = f.call(session, "greet", "{}");
    old.next(ToolCall.class);

    done(f.gateway.spawning().restarting(session, "greeter", GRACE));
    old.drop();
    CompletableFuture<CallResult> during = f.call(session, "greet", "{}");

    assertThat(failure(inFlight).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(failure(during).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(failure(during).error()).contains("restarting");

    RecordingProviderConnection back = spawned("greeter", "greeter", tool("greet"));
    CompletableFuture<CallResult> after = f.call(session, "greet", "{}");
    ToolCall call = back.next(ToolCall.class);
    back.send(ToolResult.success(call.id(), GatewayFixture.json("\"hi\"")));
    assertThat(done(after).outcome()).isInstanceOf(ToolOutcome.Success.class);
  }

  @Test
  void withoutItsHelloTheToolsGoAtTheGraceNotOneTickBeforeAndTheHostHearsOnce() {
    RecordingProviderConnection old = spawned("greeter", "greeter", tool("greet"));
    spawned("other", "other", tool("other_tool"));
    f.settle();
    int before = host.registrations.size();

    done(f.gateway.spawning().restarting(session, "greeter", GRACE));
    old.drop();
    f.clock.advance(GRACE.minusNanos(1000));

    assertThat(host.registrations).hasSize(before);
    assertThat(done(f.gateway.tools(session)))
        .extracting(HostTool::name)
        .containsExactly("other_tool", "greet");

    f.clock.advance(Duration.ofNanos(1000));

    assertThat(host.registrations).hasSize(before + 1);
    assertThat(host.registeredNames()).containsExactly("other_tool");
    assertThat(host.loggedTexts())
        .anyMatch(line -> line.contains("'greeter' did not come back within 10 s"));
    assertThat(failure(f.call(session, "greet", "{}")).code()).isEqualTo(ToolErrorCode.NOT_FOUND);
    f.settle();
    assertThat(host.registrations).hasSize(before + 1);
  }

  @Test
  void theNewRunTakesTheNameOverWhileTheOldConnectionIsStillOpen() {
    RecordingProviderConnection old = spawned("greeter", "greeter", tool("greet"));
    f.settle();
    CompletableFuture<CallResult> inFlight = f.call(session, "greet", "{}");
    old.next(ToolCall.class);
    int before = host.registrations.size();

    done(f.gateway.spawning().restarting(session, "greeter", GRACE));
    RecordingProviderConnection back = spawned("greeter", "greeter", tool("greet"));

    assertThat(old.isClosed()).as("the old run gives way: no DUPLICATE_INSTANCE").isTrue();
    assertThat(failure(inFlight).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(back.isClosed()).isFalse();
    assertThat(host.registrations).hasSize(before + 1);
    assertThat(done(f.gateway.providers()))
        .extracting(ProviderInfo::name)
        .containsExactly("greeter");
  }

  @Test
  void aRestartInOneSessionTakesOverThatSessionsRunAndNeverAnotherSessionsLiveOne() {
    String beta = f.startSession("beta");
    RecordingProviderConnection alphaOld = spawned("greeter", "greeter", tool("greet"));
    RecordingProviderConnection betaRun = spawnedFor(beta, "greeter", "greeter", tool("greet"));
    f.settle();
    int betaBefore = f.host(beta).registrations.size();

    done(f.gateway.spawning().restarting(session, "greeter", GRACE));
    RecordingProviderConnection alphaBack = spawned("greeter", "greeter", tool("greet"));

    // Beta's run is asked about first: a takeover matched by the name alone closes it too.
    assertThat(betaRun.isClosed())
        .as("beta's live greeter must not be taken over by alpha's restart")
        .isFalse();
    assertThat(alphaOld.isClosed()).as("alpha's old greeter gives way to alpha's new run").isTrue();
    assertThat(alphaBack.isClosed()).isFalse();
    assertThat(done(f.gateway.providers()))
        .as("one greeter bound in each session")
        .filteredOn(provider -> provider.name().equals("greeter"))
        .extracting(ProviderInfo::sessions)
        .containsExactlyInAnyOrder(List.of(session), List.of(beta));
    assertThat(f.host(beta).registrations)
        .as("beta hears nothing of alpha's restart")
        .hasSize(betaBefore);

    CompletableFuture<CallResult> inBeta = f.call(beta, "greet", "{}");
    ToolCall call = betaRun.next(ToolCall.class);
    betaRun.send(ToolResult.success(call.id(), GatewayFixture.json("\"hi\"")));
    assertThat(done(inBeta).outcome())
        .as("beta's greet, answered by beta's run")
        .isInstanceOf(ToolOutcome.Success.class);
  }

  @Test
  void withoutARestartASecondRunOfTheNameIsStillADuplicate() {
    spawned("greeter", "greeter", tool("greet"));
    RecordingProviderConnection second = f.connectSpawned(session, "greeter");
    second.next(Sessions.class);

    second.send(Hello.builder("greeter").tools(tool("greet")).build());

    assertThat(second.next(ErrorMessage.class).code())
        .isEqualTo(io.github.providergateway.protocol.ErrorCode.DUPLICATE_INSTANCE);
  }

  @Test
  void aProviderSpawnedUnderAnotherNameDoesNotEndTheRestartButItsToolsRideOnTheOneRegistration() {
    RecordingProviderConnection old = greeterRestarting();
    old.drop();
    spawned("other", "other", tool("other_tool"));
    f.settle();
    f.bound("by-hand", session, tool("manual"));
    f.settle();

    assertThat(host.registrations).as("the registration waits for the restart").hasSize(before);

    spawned("greeter", "greeter", tool("greet"));

    assertThat(host.registrations).hasSize(before + 1);
    assertThat(host.registeredNames()).containsExactly("other_tool", "manual", "greet");
  }

  @Test
  void twoRestartsInASessionAreOneChangeForTheHostWhenTheLastIsBack() {
    RecordingProviderConnection greeter = spawned("greeter", "greeter", tool("greet"));
    RecordingProviderConnection shouter = spawned("shouter", "shouter", tool("shout"));
    f.settle();
    int before = host.registrations.size();

    done(f.gateway.spawning().restarting(session, "greeter", GRACE));
    done(f.gateway.spawning().restarting(session, "shouter", GRACE));
    greeter.drop();
    shouter.drop();
    spawned("shouter", "shouter", tool("shout"));
    f.settle();
    assertThat(host.registrations).hasSize(before);

    spawned("greeter", "greeter", tool("greet"));

    assertThat(host.registrations).hasSize(before + 1);
    assertThat(host.registeredNames()).containsExactlyInAnyOrder("greet", "shout");
  }

  @Test
  void aProviderSpawnedWithATokenUnderTheNameIsHeldTheSameWay() {
    RecordingProviderConnection old = f.spawned(session, "ws-greeter");
    old.send(Hello.builder("greeter").tools(tool("greet")).build());
    old.next(HelloAck.class);
    f.settle();
    int before = host.registrations.size();

    done(f.gateway.spawning().restarting(session, "ws-greeter", GRACE));
    old.drop();
    f.settle();
    assertThat(host.registrations).hasSize(before);

    RecordingProviderConnection back = f.spawned(session, "ws-greeter");
    back.send(Hello.builder("greeter").tools(tool("greet")).build());
    back.next(HelloAck.class);

    assertThat(host.registrations).hasSize(before + 1);
    assertThat(host.registeredNames()).containsExactly("greet");
  }

  @Test
  void aSessionThatEndsDuringARestartTellsItsHostNothingMore() {
    RecordingProviderConnection old = spawned("greeter", "greeter", tool("greet"));
    f.settle();
    done(f.gateway.spawning().restarting(session, "greeter", GRACE));
    old.drop();
    f.gateway.endSession(session, Duration.ofSeconds(1));
    f.clock.advance(Duration.ofSeconds(1));
    int before = host.registrations.size();

    f.clock.advance(GRACE);

    assertThat(host.registrations).hasSize(before);
  }

  @Test
  void restartingNeedsAnActiveSessionAndAPositiveGrace() {
    assertThatThrownBy(() -> f.gateway.spawning().restarting(session, "greeter", Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    CompletableFuture<Void> unknown = f.gateway.spawning().restarting("s-nope", "greeter", GRACE);
    assertThatThrownBy(unknown::join)
        .isInstanceOf(CompletionException.class)
        .cause()
        .isInstanceOf(HostException.class)
        .extracting(e -> ((HostException) e).code())
        .isEqualTo(HostErrorCode.INVALID_SESSION);
  }

  /** A guardrail spawned as {@code guard}: denies deploys, gates pushes. */
  private RecordingProviderConnection guardrail() {
    RecordingProviderConnection conn = f.connectSpawned(session, "guard");
    conn.next(Sessions.class);
    conn.send(
        Hello.builder("guard")
            .hooks(
                new Hooks(
                    List.of(
                        HookRule.deny(HookMatch.tool("deploy"), "Deploys are frozen"),
                        HookRule.gate(HookMatch.tool("push"), "ci")),
                    null))
            .build());
    conn.next(HelloAck.class);
    conn.next(SessionLifecycle.class);
    return conn;
  }

  private HookDecision preToolUse(String tool) {
    return done(f.gateway.preToolUse(session, tool, GatewayFixture.json("{}")));
  }

  @Test
  void aRestartingGuardrailsRulesStayInForceUntilItIsBack() {
    RecordingProviderConnection old = guardrail();
    f.settle();
    done(f.gateway.spawning().restarting(session, "guard", GRACE));
    old.drop();

    HookDecision deploy = preToolUse("deploy");
    HookDecision push = preToolUse("push");
    assertThat(deploy.allowed()).as("its deny rule still denies").isFalse();
    assertThat(deploy.reason()).isEqualTo("Deploys are frozen");
    assertThat(push.allowed()).as("its gate cannot be asked, so it denies").isFalse();
    assertThat(push.reason()).contains("'guard' is restarting");
    assertThat(preToolUse("status").allowed()).isTrue();

    RecordingProviderConnection back = guardrail();
    CompletableFuture<HookDecision> asked =
        f.gateway.preToolUse(session, "push", GatewayFixture.json("{}"));
    GateCheck check = back.next(GateCheck.class);
    back.send(GateResult.allow("ci", check.callId()));
    assertThat(done(asked).allowed()).as("the new run's gate answers").isTrue();
  }

  @Test
  void aGuardrailThatDoesNotComeBackTakesItsRulesWithItAtTheGrace() {
    RecordingProviderConnection old = guardrail();
    f.settle();
    done(f.gateway.spawning().restarting(session, "guard", GRACE));
    old.drop();

    f.clock.advance(GRACE.minusMillis(1));
    assertThat(preToolUse("deploy").allowed()).as("one tick before the grace").isFalse();
    f.clock.advance(Duration.ofMillis(1));
    assertThat(preToolUse("deploy").allowed()).as("gone, as after a crash").isTrue();
    assertThat(preToolUse("push").allowed()).isTrue();
  }
}
