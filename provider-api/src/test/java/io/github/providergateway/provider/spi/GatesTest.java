package io.github.providergateway.provider.spi;

import static io.github.providergateway.provider.spi.RuntimeHarness.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.provider.GateVerdict;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Gate checks on the runtime alone: one answer per check, and silence whenever in doubt. */
class GatesTest {

  private static final HookMatch PUSH = HookMatch.toolAndArgs("shell", "git push");

  private final RuntimeHarness h = new RuntimeHarness();

  @AfterEach
  void nothingUnexpectedWasSent() {
    h.channel.assertNoMoreMessages();
  }

  @Test
  void helloDeclaresTheGateRule() {
    AtomicReference<ProviderSession> session = new AtomicReference<>();

    Hello hello =
        h.bind(h.provider().gate(PUSH, "ci", check -> verdict(GateVerdict.allow())), session);

    assertThat(hello.hooksOrNone().onPreToolUse()).containsExactly(HookRule.gate(PUSH, "ci"));
  }

  @Test
  void aGateCheckIsAnsweredWithTheHandlersVerdict() {
    List<GateCheck> asked = new ArrayList<>();
    h.bind(
        h.provider()
            .gate(
                PUSH,
                "ci",
                check -> {
                  asked.add(check);
                  return verdict(GateVerdict.deny("CI is red"));
                }));

    h.deliver(check("g-1"));

    assertThat(asked).containsExactly(check("g-1"));
    assertThat(h.channel.next(GateResult.class))
        .isEqualTo(GateResult.deny("ci", "g-1", "CI is red"));
  }

  @Test
  void aVerdictGivenLaterIsSentWhenGivenAndOnlyOnce() {
    CompletableFuture<GateVerdict> verdict = new CompletableFuture<>();
    h.bind(h.provider().gate(PUSH, "ci", check -> verdict));

    h.deliver(check("g-1"));
    h.deliver(check("g-1")); // a duplicate of an open check is not asked again
    h.channel.assertNoMoreMessages();
    verdict.complete(GateVerdict.context("CI is green"));

    assertThat(h.channel.next(GateResult.class))
        .isEqualTo(GateResult.context("ci", "g-1", "CI is green"));
  }

  @Test
  void aThrowingHandlerSendsNothingSoTheGatewayFailsClosed() {
    h.bind(
        h.provider()
            .gate(
                PUSH,
                "ci",
                check -> {
                  throw new IllegalStateException("cannot reach CI");
                }));

    h.deliver(check("g-1"));

    h.channel.assertNoMoreMessages();
  }

  @Test
  void aFailedOrEmptyVerdictSendsNothing() {
    List<CompletableFuture<GateVerdict>> verdicts =
        List.of(
            CompletableFuture.failedFuture(new IllegalStateException("no")),
            CompletableFuture.completedFuture(null));
    int[] next = {0};
    h.bind(h.provider().gate(PUSH, "ci", check -> verdicts.get(next[0]++)));

    h.deliver(check("g-1"));
    h.deliver(check("g-2"));

    h.channel.assertNoMoreMessages();
  }

  @Test
  void aVerdictGivenAfterTheConnectionDroppedGoesNowhere() {
    CompletableFuture<GateVerdict> verdict = new CompletableFuture<>();
    h.bind(h.provider().gate(PUSH, "ci", check -> verdict));
    h.deliver(check("g-1"));

    h.drop(true);
    FakeProviderChannel next = new FakeProviderChannel();
    h.open(next);
    next.next(Hello.class);
    verdict.complete(GateVerdict.allow());

    next.assertNoMoreMessages();
  }

  @Test
  void aCheckForAGateTheProviderDoesNotHaveIsDenied() {
    h.bind(h.provider());

    h.deliver(check("g-1"));

    assertThat(h.channel.next(GateResult.class).decision()).isEqualTo(GateDecision.DENY);
  }

  @Test
  void aGateRuleWithoutAHandlerIsRefusedUpFront() {
    JavaProvider.Builder unhandled = h.provider().onPreToolUse(HookRule.gate(PUSH, "ci"));
    assertThatThrownBy(unhandled::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("gate 'ci' has no GateHandler");

    ProviderSession session = h.bind(h.provider());
    assertThatThrownBy(
            () -> session.updateHooks(new Hooks(List.of(HookRule.gate(PUSH, "ci")), null)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  // ---- extension gate.args ----

  @Test
  void aProviderOptsIntoRewritingArgumentsInItsHello() {
    Hello hello =
        h.bind(
            h.provider()
                .extension(ProtocolExtension.GATE_ARGS)
                .gate(PUSH, "ci", check -> verdict(GateVerdict.allow())),
            new AtomicReference<>());

    assertThat(hello.extensions()).containsExactly("gate.args");
    RuntimeHarness plain = new RuntimeHarness();
    assertThat(plain.bind(plain.provider(), new AtomicReference<>()).extensions())
        .as("no opt-in, the spec's hello")
        .isNull();
  }

  @Test
  void aRewriteIsSentAsTheGateResultsArgsWhenTheGatewayAcceptedTheExtension() {
    h.bind(
        h.provider()
            .extension(ProtocolExtension.GATE_ARGS)
            .gate(
                PUSH,
                "ci",
                check ->
                    verdict(
                        GateVerdict.context("dry run only")
                            .withArgs(json("{\"command\":\"git push --dry-run\"}")))),
        new AtomicReference<>(),
        new HelloAck(2, "p-1", "s-1", null, null, List.of("gate.args")));

    h.deliver(check("g-1"));

    assertThat(h.channel.next(GateResult.class))
        .isEqualTo(
            new GateResult(
                "ci",
                "g-1",
                GateDecision.CONTEXT,
                "dry run only",
                json("{\"command\":\"git push --dry-run\"}")));
  }

  @Test
  void aRewriteTheGatewayWouldIgnoreIsSentAsADenyInstead() {
    h.bind(
        h.provider()
            .extension(ProtocolExtension.GATE_ARGS)
            .gate(
                PUSH,
                "ci",
                check ->
                    verdict(GateVerdict.rewrite(json("{\"command\":\"git push --dry-run\"}")))),
        new AtomicReference<>(),
        new HelloAck(2, "p-1", "s-1", null, null, List.of()));

    h.deliver(check("g-1"));

    GateResult answer = h.channel.next(GateResult.class);
    assertThat(answer.decision()).isEqualTo(GateDecision.DENY);
    assertThat(answer.args()).isNull();
    assertThat(answer.reason()).contains("did not accept extension gate.args");
  }

  @Test
  void aVerdictCannotDenyWithArgumentsNorRewriteToAnythingButAnObject() {
    assertThatThrownBy(() -> GateVerdict.deny("no").withArgs(json("{}")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GateVerdict.rewrite(json("[1]")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("JSON object");
  }

  // ---- extension gate.ask ----

  @Test
  void anAskIsSentWithItsQuestionAndDeadlineWhenTheGatewayAcceptedTheExtension() {
    h.bind(
        h.provider()
            .extension(ProtocolExtension.GATE_ASK)
            .gate(
                PUSH,
                "ci",
                check ->
                    verdict(GateVerdict.ask("Push to main?", java.time.Duration.ofSeconds(30)))),
        new AtomicReference<>(),
        new HelloAck(2, "p-1", "s-1", null, null, List.of("gate.ask")));

    h.deliver(check("g-1"));

    assertThat(h.channel.next(GateResult.class))
        .isEqualTo(GateResult.ask("ci", "g-1", "Push to main?", java.time.Duration.ofSeconds(30)));
  }

  @Test
  void anAskTheGatewayWouldNotKnowIsSentAsADenyInstead() {
    h.bind(
        h.provider()
            .extension(ProtocolExtension.GATE_ASK)
            .gate(PUSH, "ci", check -> verdict(GateVerdict.ask("Push to main?", null))),
        new AtomicReference<>(),
        new HelloAck(2, "p-1", "s-1", null, null, List.of("gate.args")));

    h.deliver(check("g-1"));

    GateResult answer = h.channel.next(GateResult.class);
    assertThat(answer.decision()).isEqualTo(GateDecision.DENY);
    assertThat(answer.reason()).contains("asks the person", "did not accept extension gate.ask");
  }

  @Test
  void anAskNeedsAQuestionAndOnlyAnAskHasADeadline() {
    assertThatThrownBy(() -> GateVerdict.ask(null, null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(
            () -> new GateVerdict(GateDecision.ALLOW, null, null, java.time.Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GateVerdict.ask("q", java.time.Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static GateCheck check(String callId) {
    return new GateCheck("ci", callId, "s-1", "shell", json("{\"command\":\"git push\"}"));
  }

  private static CompletableFuture<GateVerdict> verdict(GateVerdict verdict) {
    return CompletableFuture.completedFuture(verdict);
  }
}
