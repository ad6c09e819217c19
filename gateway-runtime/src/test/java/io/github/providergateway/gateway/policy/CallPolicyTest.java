package io.github.providergateway.gateway.policy;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingAskChannel;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The engine's policies (decision 77): asked about every call before the providers' rules, on the
 * executor they were given, and failing closed (decision 61) on the manual clock.
 */
class CallPolicyTest {

  /** What each policy was told, in order, by name. */
  private final List<String> asked = new CopyOnWriteArrayList<>();

  private final List<PolicyCall> calls = new CopyOnWriteArrayList<>();
  private final List<Decision> audit = new CopyOnWriteArrayList<>();
  private GatewayFixture f;

  @AfterEach
  void close() {
    if (f != null) {
      f.close();
    }
  }

  /** A gateway with {@code policy} registered as {@code name}, running on the test's thread. */
  private String gatewayWith(String name, CallPolicy policy) {
    return gatewayWith(b -> b.policy(name, recorded(name, policy), Runnable::run));
  }

  private String gatewayWith(
      java.util.function.Consumer<io.github.providergateway.gateway.Gateway.Builder> builder) {
    f = GatewayFixture.with(builder);
    f.onDecided(audit::add);
    return f.startSession(SessionSpec.of("alpha", "/code").withHostTools(Set.of("shell")));
  }

  private CallPolicy recorded(String name, CallPolicy policy) {
    return call -> {
      asked.add(name);
      calls.add(call);
      return policy.decide(call);
    };
  }

  private static CallPolicy answering(Function<PolicyCall, PolicyVerdict> verdict) {
    return call -> CompletableFuture.completedFuture(verdict.apply(call));
  }

  private HookDecision shell(String session, String command) {
    return done(
        f.gateway.preToolUse(session, "shell", json("{\"command\": \"" + command + "\"}"), true));
  }

  /** A provider bound to {@code session} with one gate, {@code g}, on every call. */
  private RecordingProviderConnection gatekeeper(String session) {
    return f.bound(
        Hello.builder("gatekeeper")
            .session(session)
            .hooks(new Hooks(List.of(HookRule.gate(null, "g")), null))
            .build());
  }

  @Test
  void anAllowLetsTheCallGoOnAndThePolicyIsToldTheCallAsTheGatewayKnowsIt() {
    String session = gatewayWith("team", answering(call -> PolicyVerdict.allow()));

    HookDecision decision = shell(session, "ls");

    assertThat(decision.allowed()).isTrue();
    assertThat(calls).hasSize(1);
    PolicyCall call = calls.get(0);
    assertThat(call.sessionId()).isEqualTo(session);
    assertThat(call.project()).isEqualTo(Path.of("/code"));
    assertThat(call.tool()).isEqualTo("shell");
    assertThat(call.args().get("command").asText()).isEqualTo("ls");
    assertThat(call.annotations()).isNull();
    assertThat(call.toolProvider()).isNull();
  }

  @Test
  void aDenyStopsTheCallWithItsReasonAndIsAuditedAsTheGateNameSlashRule() {
    String session =
        gatewayWith("guard", answering(call -> PolicyVerdict.deny("guard: no: because", "no")));

    HookDecision decision = shell(session, "rm -rf /");

    assertThat(decision.allowed()).isFalse();
    assertThat(decision.reason()).isEqualTo("guard: no: because");
    assertThat(audit)
        .filteredOn(d -> d.kind() == DecisionKind.PRE_TOOL_USE)
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.outcome()).isEqualTo(Decision.Outcome.DENY);
              assertThat(d.gates())
                  .singleElement()
                  .satisfies(
                      gate -> {
                        assertThat(gate.provider()).isEqualTo("guard");
                        // The rule that denied, so that an export filters by it (issue 78).
                        assertThat(gate.gateId()).isEqualTo("no");
                        assertThat(gate.decision()).isEqualTo("deny");
                        assertThat(gate.reason()).isEqualTo("guard: no: because");
                      });
            });
  }

  @Test
  void anAskComesBackToAHostThatAsksItsPersonItself() {
    String session = gatewayWith("guard", answering(call -> PolicyVerdict.ask("Push? Run it?")));

    HookDecision decision = shell(session, "git push");

    assertThat(decision.ask()).isTrue();
    assertThat(decision.reason()).isEqualTo("Push? Run it?");
  }

  @Test
  void anAskWithNobodyToAskIsADenyThatSaysSo() {
    String session = gatewayWith("guard", answering(call -> PolicyVerdict.ask("Push?")));

    HookDecision decision =
        done(f.gateway.preToolUse(session, "shell", json("{\"command\": \"git push\"}"), false));

    assertThat(decision.allowed()).isFalse();
    assertThat(decision.reason()).contains("guard");
  }

  /**
   * Issue 75, decision 82: a policy hears the person's yes only when the gateway put its question
   * to the person on its own channel; a question handed back to a host that asks its person itself
   * (an agent's hook: the agent's prompt, whose answer the gateway never learns) tells it nothing,
   * nor does a no.
   */
  @Test
  void aPolicyHearsThePersonsYesOnlyFromTheGatewaysOwnChannel() {
    List<String> heard = new CopyOnWriteArrayList<>();
    CallPolicy asking =
        new CallPolicy() {
          @Override
          public java.util.concurrent.CompletionStage<PolicyVerdict> decide(PolicyCall call) {
            return CompletableFuture.completedFuture(PolicyVerdict.ask("Push?"));
          }

          @Override
          public void personAllowed(PolicyCall call, String by) {
            heard.add(call.args().get("command").asText() + " by " + by);
          }
        };
    String session = gatewayWith(b -> b.policy("guard", asking, Runnable::run));
    RecordingAskChannel console = new RecordingAskChannel("console");
    f.gateway.asks().add(console);

    assertThat(shell(session, "git push origin").ask()).isTrue();
    CompletableFuture<HookDecision> no =
        f.gateway.preToolUse(session, "shell", json("{\"command\": \"git push no\"}"), false);
    assertThat(done(f.gateway.answerQuestion(console.last().askId(), false, "console"))).isTrue();
    assertThat(done(no).allowed()).isFalse();
    CompletableFuture<HookDecision> yes =
        f.gateway.preToolUse(session, "shell", json("{\"command\": \"git push yes\"}"), false);
    assertThat(done(f.gateway.answerQuestion(console.last().askId(), true, "console"))).isTrue();

    assertThat(done(yes).allowed()).isTrue();
    assertThat(heard).containsExactly("git push yes by console");
  }

  @Test
  void aPolicyThatThrowsDeniesAndSaysSo() {
    String session =
        gatewayWith(
            "guard",
            call -> {
              throw new IllegalStateException("broken policy");
            });

    HookDecision decision = shell(session, "ls");

    assertThat(decision.allowed()).isFalse();
    assertThat(decision.reason())
        .isEqualTo(
            "Policy 'guard' failed (java.lang.IllegalStateException: broken policy); the call is"
                + " denied.");
  }

  @Test
  void aPolicyThatFailsLaterOrAnswersNullDenies() {
    String session =
        gatewayWith(
            "guard", call -> CompletableFuture.failedFuture(new IllegalStateException("later")));
    assertThat(shell(session, "ls").reason()).contains("failed").contains("later");
    f.close();

    session = gatewayWith("other", call -> null);
    assertThat(shell(session, "ls").allowed()).isFalse();
    assertThat(shell(session, "ls").reason()).contains("gave no verdict");
  }

  @Test
  void aPolicyWhoseExecutorRefusesDenies() {
    Executor down =
        task -> {
          throw new RejectedExecutionException("shut down");
        };
    String session =
        gatewayWith(b -> b.policy("guard", answering(call -> PolicyVerdict.allow()), down));

    HookDecision decision = shell(session, "ls");

    assertThat(decision.allowed()).isFalse();
    assertThat(decision.reason()).startsWith("Policy 'guard' cannot be reached (");
  }

  @Test
  void aSilentPolicyDeniesAtTheGateTimeoutOnTheManualClock() {
    CompletableFuture<PolicyVerdict> never = new CompletableFuture<>();
    String session = gatewayWith("guard", call -> never);

    CompletableFuture<HookDecision> decision =
        f.gateway.preToolUse(session, "shell", json("{\"command\": \"ls\"}"), true);
    f.clock.advance(Duration.ofMillis(4_999));
    assertThat(decision).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(done(decision).allowed()).isFalse();
    assertThat(done(decision).reason()).isEqualTo("Policy 'guard' did not respond in time.");
    // Its answer after the deny changes nothing.
    never.complete(PolicyVerdict.allow());
    assertThat(done(decision).allowed()).isFalse();
  }

  @Test
  void policiesComeFirstInRegistrationOrderThenTheProvidersGates() {
    String session =
        gatewayWith(
            b ->
                b.policy(
                        "org",
                        recorded("org", answering(c -> PolicyVerdict.allow())),
                        Runnable::run)
                    .policy(
                        "team",
                        recorded("team", answering(c -> PolicyVerdict.allow())),
                        Runnable::run));
    RecordingProviderConnection gate = gatekeeper(session);

    CompletableFuture<HookDecision> decision =
        f.gateway.preToolUse(session, "shell", json("{\"command\": \"ls\"}"), true);
    assertThat(asked).containsExactly("org", "team");
    GateCheck check = gate.next(GateCheck.class);
    gate.send(GateResult.deny(check.gateId(), check.callId(), "the gate says no"));

    assertThat(done(decision).reason()).isEqualTo("the gate says no");
    gate.assertNoMoreMessages();
  }

  @Test
  void aPolicysDenyMeansTheProvidersGateIsNeverAsked() {
    String session = gatewayWith("guard", answering(c -> PolicyVerdict.deny("no", "r")));
    RecordingProviderConnection gate = gatekeeper(session);

    assertThat(shell(session, "ls").reason()).isEqualTo("no");
    gate.assertNoMoreMessages();
  }

  @Test
  void aProviderToolsCallIsDecidedWithWhatTheToolDeclaredAndWhoOffersIt() {
    String session = gatewayWith("guard", answering(c -> PolicyVerdict.deny("no wiping", "wipe")));
    ToolAnnotations destructive = new ToolAnnotations(true, false, null, null);
    RecordingProviderConnection worker =
        f.bound(
            Hello.builder("worker")
                .session(session)
                .tools(
                    List.of(
                        new ToolDefinition(
                            "wipe", "wipes", json("{\"type\": \"object\"}"), null, destructive)))
                .build());

    CallResult result = done(f.call(session, "wipe", "{}"));

    assertThat(result.outcome())
        .isInstanceOf(io.github.providergateway.host.api.ToolOutcome.Denied.class);
    assertThat(calls)
        .singleElement()
        .satisfies(
            call -> {
              assertThat(call.annotations()).isEqualTo(destructive);
              assertThat(call.toolProvider()).isEqualTo("worker");
              assertThat(call.providerTrust()).isNotNull().isInstanceOf(TrustLevel.class);
            });
    worker.assertNoMoreMessages();
  }

  @Test
  void aGateThatRewritesTheArgumentsHasThePolicyAskedAgainAboutTheNewOnes() {
    List<String> commands = new ArrayList<>();
    String session =
        gatewayWith(
            "guard",
            answering(
                c -> {
                  commands.add(c.args().get("command").asText());
                  return PolicyVerdict.allow();
                }));
    RecordingProviderConnection rewriter =
        f.bound(
            Hello.builder("rewriter")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "g")), null))
                .extensions(io.github.providergateway.protocol.ProtocolExtension.GATE_ARGS)
                .build());

    CompletableFuture<HookDecision> decision =
        f.gateway.preToolUse(session, "shell", json("{\"command\": \"ls\"}"), true);
    GateCheck check = rewriter.next(GateCheck.class);
    rewriter.send(
        GateResult.rewrite(check.gateId(), check.callId(), json("{\"command\": \"ls -l\"}")));

    assertThat(done(decision).allowed()).isTrue();
    assertThat(commands).containsExactly("ls", "ls -l");
    assertThat(preToolUse().reason())
        .endsWith("re-checked from the first rule: guard/guard asked again");
  }

  /** The audit's one evaluation of the test's call. */
  private Decision preToolUse() {
    return audit.stream()
        .filter(d -> d.kind() == DecisionKind.PRE_TOOL_USE)
        .reduce((first, second) -> second)
        .orElseThrow();
  }

  /** What the audit records of the policy's answer: its word and its reason. */
  private List<String> policyAnswers() {
    return preToolUse().gates().stream()
        .filter(gate -> gate.provider().equals(gate.gateId()))
        .map(gate -> gate.decision() + ": " + gate.reason())
        .toList();
  }

  @Test
  void everyWayAPolicyAnswersIsInTheAuditTrailInItsOwnWord() {
    String allowing = gatewayWith("guard", answering(call -> PolicyVerdict.allow()));
    shell(allowing, "ls");
    assertThat(policyAnswers()).containsExactly("allow: null");
    f.close();

    String asking = gatewayWith("guard", answering(call -> PolicyVerdict.ask("Push?")));
    shell(asking, "git push");
    assertThat(policyAnswers()).containsExactly("ask: Push?");
    f.close();

    String throwing =
        gatewayWith(
            "guard",
            call -> {
              throw new IllegalStateException("broken");
            });
    shell(throwing, "ls");
    assertThat(policyAnswers())
        .singleElement()
        .asString()
        .startsWith("failed: Policy 'guard' failed");
    f.close();

    Executor down =
        task -> {
          throw new RejectedExecutionException("shut down");
        };
    String refused =
        gatewayWith(b -> b.policy("guard", answering(c -> PolicyVerdict.allow()), down));
    shell(refused, "ls");
    assertThat(policyAnswers())
        .singleElement()
        .asString()
        .startsWith("unreachable: Policy 'guard' cannot be reached");
    f.close();

    String silent = gatewayWith("guard", call -> new CompletableFuture<>());
    CompletableFuture<HookDecision> waiting =
        f.gateway.preToolUse(silent, "shell", json("{\"command\": \"ls\"}"), true);
    f.clock.advance(Duration.ofSeconds(5));
    assertThat(done(waiting).allowed()).isFalse();
    assertThat(policyAnswers()).containsExactly("timeout: no answer in 5000 ms");
  }

  @Test
  void aVerdictIsAValueThatKeepsItsRule() {
    PolicyVerdict deny = PolicyVerdict.deny("guard: fs.delete-root: no", "fs.delete-root");

    assertThat(deny.ruleId()).isEqualTo("fs.delete-root");
    assertThat(deny)
        .isEqualTo(PolicyVerdict.deny("guard: fs.delete-root: no", "fs.delete-root"))
        .hasSameHashCodeAs(PolicyVerdict.deny("guard: fs.delete-root: no", "fs.delete-root"))
        .isNotEqualTo(PolicyVerdict.deny("guard: fs.delete-root: no", "other"))
        .isNotEqualTo(PolicyVerdict.deny("guard: other", "fs.delete-root"))
        .isNotEqualTo(PolicyVerdict.ask("guard: fs.delete-root: no"))
        .isNotEqualTo("a string");
    assertThat(deny.hashCode()).isNotEqualTo(PolicyVerdict.allow().hashCode());
    assertThat(PolicyVerdict.allow().ruleId()).isNull();
    assertThat(deny).hasToString("PolicyVerdict[DENY, guard: fs.delete-root: no]");
    assertThat(PolicyVerdict.allow()).hasToString("PolicyVerdict[ALLOW]");
  }

  @Test
  void thePolicyIsToldTheSessionItself() {
    String session = gatewayWith("team", answering(call -> PolicyVerdict.allow()));

    shell(session, "ls");

    assertThat(calls.get(0).session().id()).isEqualTo(session);
    assertThat(calls.get(0).session().label()).isEqualTo("alpha");
    assertThat(calls.get(0).session().cwd()).isEqualTo("/code");
  }
}
