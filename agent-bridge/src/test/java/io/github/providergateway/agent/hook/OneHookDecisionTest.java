package io.github.providergateway.agent.hook;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.gateway.policy.PolicyVerdict;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.SessionInfo;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How many times one hook decision goes to the engine (issue 63, decision 77). The hook's path asks
 * the gateway once ({@link HostApi#preToolUse(io.github.providergateway.host.api.HookCall)}: the
 * engine chooses the session, waits for its providers and evaluates on its loop; it asked three
 * times before: its sessions, whether the session's providers had settled, the evaluation), and the
 * guard, a policy of the engine, asks it never: as an in-process provider it asked again from
 * inside its gate ({@code tools}, {@code providers}, or {@code sessions} for a session it had not
 * heard of).
 */
class OneHookDecisionTest {

  private static final String PROJECT = "/code/agent";

  @TempDir Path temp;

  private final AtomicInteger policyAsked = new AtomicInteger();

  /** Tasks the gateway's loop was given. */
  private final AtomicInteger loopTasks = new AtomicInteger();

  private final GatewayFixture f =
      GatewayFixture.with(
          backend ->
              backend.withLoopExecutor(
                  task -> {
                    loopTasks.incrementAndGet();
                    task.run();
                  }),
          b ->
              b.policy(
                  "guard",
                  call -> {
                    policyAsked.incrementAndGet();
                    return CompletableFuture.completedFuture(PolicyVerdict.allow());
                  },
                  Runnable::run));

  @AfterEach
  void close() {
    f.close();
  }

  /**
   * Claude Code's hook call of {@code ls} in {@link #PROJECT}, from its session {@code agent-1}.
   */
  private static final byte[] LS =
      ("{\"cwd\":\""
              + PROJECT
              + "\",\"session_id\":\"agent-1\",\"tool_name\":\"Bash\","
              + "\"tool_input\":{\"command\":\"ls\"}}")
          .getBytes(StandardCharsets.UTF_8);

  /** Where the decisions here take what is not the gateway's own, with {@code pins}. */
  private HookDecisions.Context context(SessionPins pins) {
    return new HookDecisions.Context(
        () -> HomeGates.View.of(HookGateRecord.Contents.NONE),
        f.clock,
        f.gateway.transports().clock(),
        temp,
        decision -> {},
        () -> GuardFactory.defaults(temp),
        pins);
  }

  /** {@code f.gateway}, counting the calls made to it by name. */
  private HostApi counting(Map<String, Integer> calls) {
    return counting(calls, false);
  }

  /**
   * {@code f.gateway}, counting the calls made to it by name; with {@code elsewhere}, as a gateway
   * in another process is reached: the hook's one request by {@link HostApi}'s default.
   */
  private HostApi counting(Map<String, Integer> calls, boolean elsewhere) {
    return (HostApi)
        Proxy.newProxyInstance(
            HostApi.class.getClassLoader(),
            new Class<?>[] {HostApi.class},
            (proxy, method, args) -> {
              calls.merge(method.getName(), 1, Integer::sum);
              if (elsewhere && method.getName().equals("preToolUse") && args.length == 1) {
                return InvocationHandler.invokeDefault(proxy, method, args);
              }
              try {
                return method.invoke(f.gateway, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  /**
   * Decides {@link #LS} through {@code gateway} in a session of {@link #PROJECT} whose providers
   * have settled, counting the loop's tasks from the call on.
   */
  private HookVerdict decideLsInASession(HostApi gateway) {
    f.startSession(SessionSpec.of("claude-code", PROJECT));
    f.settle();
    HookRequest request = HookRequests.read(AgentKind.CLAUDE, LS).request();
    loopTasks.set(0);
    return done(
        HookDecisions.decide(gateway, request, AgentKind.CLAUDE, context(new SessionPins())));
  }

  @Test
  void aHookDecisionInASessionAsksTheEngineOnceAndThePolicyOnceWithoutCallingBack() {
    Map<String, Integer> calls = new ConcurrentHashMap<>();

    HookVerdict verdict = decideLsInASession(counting(calls));

    assertThat(verdict.allowed()).as(verdict.reason()).isTrue();
    assertThat(verdict.note()).contains("gateway session ");
    assertThat(policyAsked).hasValue(1);
    assertThat(calls).containsOnly(entry("preToolUse", 1));
    assertThat(loopTasks).as("one task on the gateway's loop, the wait not needed").hasValue(1);
  }

  /**
   * A gateway in another process (the hook's own, {@link HookAdapter}) is reached by {@link
   * HostApi}'s default, which composes the three requests the hook made before: the same decision,
   * three tasks on the gateway's loop where the embedded gateway takes one.
   */
  @Test
  void aGatewayElsewhereIsAskedTheThreeRequestsTheDefaultComposes() {
    Map<String, Integer> calls = new ConcurrentHashMap<>();

    HookVerdict verdict = decideLsInASession(counting(calls, true));

    assertThat(verdict.allowed()).as(verdict.reason()).isTrue();
    assertThat(policyAsked).hasValue(1);
    assertThat(calls)
        .containsOnly(
            entry("preToolUse", 2), // the one request, and the evaluation it composes
            entry("sessions", 1),
            entry("providersSettled", 1));
    assertThat(loopTasks).hasValue(3);
  }

  /**
   * A choice of the session that fails inside the gateway's one request (the pins throw, on the
   * gateway's loop) fails the request, and the endpoint answers it with a deny that says the call
   * could not be checked: never an allow, never a hook left to its timeout.
   */
  @Test
  void aChoiceOfTheSessionThatFailsInsideTheOneRequestIsADeny() {
    f.startSession(SessionSpec.of("claude-code", PROJECT));
    SessionPins broken =
        new SessionPins() {
          @Override
          synchronized Optional<Optional<SessionInfo>> pinned(
              AgentKind agent, String agentSession, List<SessionInfo> sessions) {
            throw new IllegalStateException("the pins are broken");
          }
        };
    HookEndpoint endpoint = new HookEndpoint(f.gateway, context(broken));

    HookEndpoint.Answer answer = done(endpoint.answer(AgentKind.CLAUDE, LS));

    assertThat(answer.word()).isEqualTo("deny");
    assertThat(answer.body())
        .contains("\"permissionDecision\":\"deny\"")
        .contains("provider gateway could not check the call (")
        .contains("the pins are broken");
    assertThat(policyAsked).as("nothing evaluated").hasValue(0);
  }
}
