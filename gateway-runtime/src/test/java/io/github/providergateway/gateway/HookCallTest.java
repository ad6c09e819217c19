package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.policy.PolicyVerdict;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.HookCall;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.protocol.SessionInfo;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link HostApi#preToolUse(HookCall)}: an agent hook's call decided as one request to the engine
 * (issue 63, decision 77). The gateway chooses the session with the host's chooser, waits for its
 * providers at most the host's wait (on the manual clock), lets the host's own check answer first,
 * and evaluates; the default method, for a gateway in another process, composes the same requests.
 */
class HookCallTest {

  /** The sessions the policy was asked about, by label: what was evaluated, and where. */
  private final List<String> evaluatedIn = new ArrayList<>();

  private final GatewayFixture f =
      GatewayFixture.with(
          b ->
              b.policy(
                  "team",
                  call -> {
                    evaluatedIn.add(call.session().label());
                    return CompletableFuture.completedFuture(
                        call.args().path("command").asText().equals("deploy")
                            ? PolicyVerdict.deny("no deploys", "team.no-deploy")
                            : PolicyVerdict.allow());
                  },
                  Runnable::run));

  private final String alpha = f.startSession("alpha");
  private final String beta = f.startSession("beta");

  @AfterEach
  void close() {
    f.close();
  }

  /**
   * A hook call of {@code command}, choosing with {@code chooser}, answering with {@code before}.
   */
  private static final class Call implements HookCall {
    private final String command;
    private final Function<List<SessionInfo>, Optional<SessionInfo>> chooser;
    private final Duration wait;
    private final Predicate<SessionInfo> before;
    final List<String> steps = new ArrayList<>();

    Call(
        String command,
        Function<List<SessionInfo>, Optional<SessionInfo>> chooser,
        Duration wait,
        Predicate<SessionInfo> before) {
      this.command = command;
      this.chooser = chooser;
      this.wait = wait;
      this.before = before;
    }

    @Override
    public String tool() {
      return "Bash";
    }

    @Override
    public JsonNode args() {
      return json("{\"command\":\"" + command + "\"}");
    }

    @Override
    public Optional<SessionInfo> choose(List<SessionInfo> sessions) {
      steps.add("choose " + sessions.size());
      return chooser.apply(sessions);
    }

    @Override
    public Duration readyWait() {
      steps.add("wait " + wait.toSeconds());
      return wait;
    }

    @Override
    public boolean answeredBefore(SessionInfo session) {
      steps.add("before " + session.label());
      return before.test(session);
    }
  }

  private static Function<List<SessionInfo>, Optional<SessionInfo>> labelled(String label) {
    return sessions -> sessions.stream().filter(s -> s.label().equals(label)).findFirst();
  }

  private static Call call(String command, String label, Duration wait) {
    return new Call(command, labelled(label), wait, session -> false);
  }

  @Test
  void itEvaluatesInTheSessionTheHostChoseOnceItsProvidersSettled() {
    Call deploy = call("deploy", "beta", Duration.ofSeconds(4));

    HookDecision decision = done(f.gateway.preToolUse(deploy));

    assertThat(deploy.steps).containsExactly("choose 2", "wait 4", "before beta");
    assertThat(evaluatedIn).containsExactly("beta");
    assertThat(decision.allowed()).isFalse();
    assertThat(decision.reason()).contains("no deploys");
  }

  @Test
  void theWaitForAProviderThatIsStartingEndsAtTheHostsBoundOnTheGatewaysClock() {
    f.gateway.spawning().issueSpawnToken(beta, "never-comes");
    Call ls = call("ls", "beta", Duration.ofSeconds(4));

    CompletableFuture<HookDecision> decision = f.gateway.preToolUse(ls);
    f.clock.advance(Duration.ofSeconds(4).minusMillis(1));
    assertThat(decision).isNotDone();
    assertThat(evaluatedIn).isEmpty();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(decision).isCompleted();
    assertThat(done(decision).allowed()).isTrue();
    assertThat(evaluatedIn).containsExactly("beta");
  }

  @Test
  void aCallWhoseWaitIsOverIsEvaluatedAtOnceThoughAProviderIsStarting() {
    f.gateway.spawning().issueSpawnToken(alpha, "never-comes");

    CompletableFuture<HookDecision> decision =
        f.gateway.preToolUse(call("ls", "alpha", Duration.ZERO));

    assertThat(decision).isCompleted();
    assertThat(evaluatedIn).containsExactly("alpha");
  }

  @Test
  void noSessionChosenIsNoEvaluation() {
    Call nowhere = call("deploy", "gamma", Duration.ofSeconds(4));

    assertThat(done(f.gateway.preToolUse(nowhere))).isNull();
    assertThat(nowhere.steps).containsExactly("choose 2");
    assertThat(evaluatedIn).isEmpty();
  }

  @Test
  void aChooserThatThrowsFailsTheDecisionAndNothingIsEvaluated() {
    Call broken =
        new Call(
            "ls",
            sessions -> {
              throw new IllegalStateException("pins broken");
            },
            Duration.ofSeconds(4),
            session -> false);

    CompletableFuture<HookDecision> decision = f.gateway.preToolUse(broken);

    assertThat(decision).isCompletedExceptionally();
    assertThat(evaluatedIn).isEmpty();
  }

  @Test
  void aHostCheckThatAnswersIsNotEvaluated() {
    Call held = new Call("ls", labelled("alpha"), Duration.ofSeconds(4), session -> true);

    assertThat(done(f.gateway.preToolUse(held))).isNull();
    assertThat(held.steps).containsExactly("choose 2", "wait 4", "before alpha");
    assertThat(evaluatedIn).isEmpty();
  }

  @Test
  void aHostCheckThatThrowsAfterTheWaitFailsTheDecision() {
    f.gateway.spawning().issueSpawnToken(alpha, "never-comes");
    Call broken =
        new Call(
            "ls",
            labelled("alpha"),
            Duration.ofSeconds(4),
            session -> {
              throw new IllegalStateException("home's rules unreadable");
            });

    CompletableFuture<HookDecision> decision = f.gateway.preToolUse(broken);
    f.clock.advance(Duration.ofSeconds(4));

    assertThat(decision).isCompletedExceptionally();
    assertThat(evaluatedIn).isEmpty();
  }

  /** {@code f.gateway} as a gateway in another process sees it: only the default composes. */
  private HostApi remote() {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getName().equals("preToolUse") && args.length == 1) {
            return InvocationHandler.invokeDefault(proxy, method, args);
          }
          try {
            return method.invoke(f.gateway, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return (HostApi)
        Proxy.newProxyInstance(
            HostApi.class.getClassLoader(), new Class<?>[] {HostApi.class}, handler);
  }

  @Test
  void theDefaultForARemoteGatewayTakesTheSameSteps() {
    Call deploy = call("deploy", "alpha", Duration.ofSeconds(4));
    Call held = new Call("ls", labelled("beta"), Duration.ofSeconds(4), session -> true);
    Call nowhere = call("ls", "gamma", Duration.ofSeconds(4));

    HookDecision denied = remote().preToolUse(deploy).join();

    assertThat(deploy.steps).containsExactly("choose 2", "wait 4", "before alpha");
    assertThat(denied.allowed()).isFalse();
    assertThat(remote().preToolUse(held).join()).isNull();
    assertThat(remote().preToolUse(nowhere).join()).isNull();
    assertThat(evaluatedIn).containsExactly("alpha");
  }
}
