package io.github.providergateway.agent.hook;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.github.providergateway.gateway.policy.PolicyVerdict;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.SessionSpec;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How many times one hook decision goes to the engine (issue 63, decision 77). With the guard a
 * policy of the engine, the hook's path asks the gateway three times (its sessions, whether the
 * session's providers have settled, the pre-tool evaluation) and the guard asks it never: as an
 * in-process provider it asked again from inside its gate ({@code tools}, {@code providers}, or
 * {@code sessions} for a session it had not heard of).
 */
class OneHookDecisionTest {

  private static final String PROJECT = "/code/agent";

  @TempDir Path temp;

  private final AtomicInteger policyAsked = new AtomicInteger();

  private final GatewayFixture f =
      GatewayFixture.with(
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

  /** {@code f.gateway}, counting the calls made to it by name. */
  private HostApi counting(Map<String, Integer> calls) {
    return (HostApi)
        Proxy.newProxyInstance(
            HostApi.class.getClassLoader(),
            new Class<?>[] {HostApi.class},
            (proxy, method, args) -> {
              calls.merge(method.getName(), 1, Integer::sum);
              try {
                return method.invoke(f.gateway, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  @Test
  void aHookDecisionInASessionAsksTheEngineThreeTimesAndThePolicyOnceWithoutCallingBack() {
    f.startSession(SessionSpec.of("claude-code", PROJECT));
    Map<String, Integer> calls = new ConcurrentHashMap<>();
    HookDecisions.Context context =
        new HookDecisions.Context(
            () -> HomeGates.View.of(HookGateRecord.Contents.NONE),
            f.clock,
            f.gateway.transports().clock(),
            temp,
            decision -> {},
            () -> GuardFactory.defaults(temp));
    String input =
        "{\"cwd\":\""
            + PROJECT
            + "\",\"session_id\":\"agent-1\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";
    HookRequest request =
        HookRequests.read(AgentKind.CLAUDE, input.getBytes(StandardCharsets.UTF_8)).request();

    HookVerdict verdict =
        done(HookDecisions.decide(counting(calls), request, AgentKind.CLAUDE, context));

    assertThat(verdict.allowed()).as(verdict.reason()).isTrue();
    assertThat(policyAsked).hasValue(1);
    assertThat(calls)
        .containsOnly(entry("sessions", 1), entry("providersSettled", 1), entry("preToolUse", 1));
  }
}
