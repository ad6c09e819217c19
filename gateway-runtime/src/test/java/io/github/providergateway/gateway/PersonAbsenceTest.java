package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.policy.CallPolicy;
import io.github.providergateway.gateway.policy.PersonAbsence;
import io.github.providergateway.gateway.policy.PolicyVerdict;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingAskChannel;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The person away (decision 322): a gate's or a policy's question that the gateway would put to its
 * channels is a deny at once while {@link PersonAbsence} says the person is away, no channel is
 * asked, and the absence's record of the held call is in the audit trail; an absence that fails
 * denies (fail closed); a host that asks its person itself gets its question back as before.
 */
class PersonAbsenceTest {

  private static final String AWAY = "the person is away: kept for their return";

  /** What the absence answers now; a test switches it. */
  private volatile PersonAbsence now = PersonAbsence.NEVER;

  private GatewayFixture f;
  private String session;
  private RecordingProviderConnection worker;

  /** The audit trail's records, in order. */
  private final List<Decision> decisions = new CopyOnWriteArrayList<>();

  @AfterEach
  void close() {
    if (f != null) {
      worker.assertNoMoreMessages();
      f.close();
    }
  }

  /** The gateway, with the absence of {@link #now} and {@code more}; a session and its worker. */
  private void gateway(Consumer<Gateway.Builder> more) {
    f =
        GatewayFixture.with(
            builder -> {
              builder.personAbsence(question -> now.away(question));
              more.accept(builder);
            });
    f.onDecided(decisions::add);
    session = f.startSession(SessionSpec.of("alpha", "/code").withHostTools(Set.of("shell")));
    worker = f.bound("worker", session, tool("deploy"));
  }

  private void gateway() {
    gateway(builder -> {});
  }

  /** A gate that asks the person about every call. */
  private RecordingProviderConnection asker() {
    return f.bound(
        Hello.builder("guard")
            .session(session)
            .hooks(new Hooks(List.of(HookRule.gate(null, "confirm-deploy")), null))
            .extensions(ProtocolExtension.GATE_ASK)
            .build());
  }

  private static void ask(RecordingProviderConnection gate, String question) {
    GateCheck check = gate.next(GateCheck.class);
    gate.send(GateResult.ask(check.gateId(), check.callId(), question, null));
  }

  /**
   * A channel that allows every question at once, as a person who is there would: what a deny in
   * the person's absence must never reach.
   */
  private AskChannel yesToEverything(List<PersonQuestion> asked) {
    return new AskChannel() {
      @Override
      public String name() {
        return "yes";
      }

      @Override
      public void ask(PersonQuestion question) {
        asked.add(question);
        f.gateway.answerQuestion(question.askId(), true, "yes");
      }
    };
  }

  /** The absence's answer while away: {@link #AWAY}, and a record of the held call. */
  private static Optional<PersonAbsence.Away> away(PersonQuestion question) {
    return Optional.of(
        new PersonAbsence.Away(
            AWAY + ": " + question.question(),
            Decision.builder(
                    java.time.Instant.EPOCH, DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
                .code("PERSON_AWAY")
                .sessionId(question.sessionId())
                .call(question.tool(), question.callId())
                .reason("held: " + question.question())
                .build()));
  }

  private ToolCall runs() {
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(ToolResult.success(sent.id(), json("\"deployed\"")));
    return sent;
  }

  @Test
  void whileAwayAGatesQuestionIsDeniedAtOnceAndNoChannelIsAsked() {
    gateway();
    List<PersonQuestion> asked = new CopyOnWriteArrayList<>();
    f.gateway.asks().add(yesToEverything(asked));
    RecordingAskChannel console = new RecordingAskChannel("console");
    f.gateway.asks().add(console);
    List<PersonQuestion> told = new CopyOnWriteArrayList<>();
    now =
        question -> {
          told.add(question);
          return away(question);
        };
    RecordingProviderConnection guard = asker();

    CompletableFuture<CallResult> call = f.call(session, "deploy", "{\"to\":\"prod\"}");
    ask(guard, "Deploy to production?");

    assertThat(done(call).outcome())
        .isEqualTo(new ToolOutcome.Denied(AWAY + ": Deploy to production?"));
    assertThat(asked).as("no channel hears of it").isEmpty();
    assertThat(console.asked).isEmpty();
    assertThat(done(f.gateway.asks().questions())).as("nothing waits").isEmpty();
    assertThat(told)
        .singleElement()
        .satisfies(
            question -> {
              assertThat(question.question()).isEqualTo("Deploy to production?");
              assertThat(question.tool()).isEqualTo("deploy");
              assertThat(question.args()).isEqualTo(json("{\"to\":\"prod\"}"));
              assertThat(question.gate()).isEqualTo("guard/confirm-deploy");
            });
    List<Decision> denied = decisions.stream().filter(d -> d.kind() == DecisionKind.ASK).toList();
    assertThat(denied)
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.outcome()).isEqualTo(Decision.Outcome.DENY);
              assertThat(d.reason()).isEqualTo(AWAY + ": Deploy to production?");
            });
    assertThat(decisions)
        .as("the held call's record, for the person's return")
        .anySatisfy(
            d -> {
              assertThat(d.code()).isEqualTo("PERSON_AWAY");
              assertThat(d.reason()).isEqualTo("held: Deploy to production?");
              assertThat(d.sessionId()).isEqualTo(session);
            });
  }

  /** Once back, the same question is put to the channels again and a yes runs the call. */
  @Test
  void onceThePersonIsBackTheQuestionIsAskedAgain() {
    gateway();
    List<PersonQuestion> asked = new CopyOnWriteArrayList<>();
    f.gateway.asks().add(yesToEverything(asked));
    RecordingProviderConnection guard = asker();
    now = PersonAbsenceTest::away;
    CompletableFuture<CallResult> whileAway = f.call(session, "deploy", "{}");
    ask(guard, "Deploy?");
    assertThat(done(whileAway).outcome()).isInstanceOf(ToolOutcome.Denied.class);

    now = PersonAbsence.NEVER;
    CompletableFuture<CallResult> back = f.call(session, "deploy", "{}");
    ask(guard, "Deploy?");
    runs();

    assertThat(asked).hasSize(1);
    assertThat(done(back).outcome()).isEqualTo(ToolOutcome.success(json("\"deployed\"")));
  }

  /** A policy's question (decision 77, the app's guard) meets the absence as a gate's does. */
  @Test
  void whileAwayAPolicysQuestionIsDeniedAtOnceToo() {
    CallPolicy asking =
        call -> CompletableFuture.completedFuture(PolicyVerdict.ask("Push to main?"));
    gateway(builder -> builder.policy("guard", asking, Runnable::run));
    List<PersonQuestion> asked = new CopyOnWriteArrayList<>();
    f.gateway.asks().add(yesToEverything(asked));
    now = PersonAbsenceTest::away;

    CompletableFuture<CallResult> call = f.call(session, "deploy", "{}");

    assertThat(done(call).outcome()).isEqualTo(new ToolOutcome.Denied(AWAY + ": Push to main?"));
    assertThat(asked).isEmpty();
  }

  /**
   * Fail closed (decision 322): an absence that throws, or answers null, cannot say the person is
   * there, so the call is denied saying so, and the channel that would have said yes never hears.
   */
  @Test
  void anAbsenceThatFailsDeniesTheCallFailClosed() {
    gateway();
    List<PersonQuestion> asked = new CopyOnWriteArrayList<>();
    f.gateway.asks().add(yesToEverything(asked));
    RecordingProviderConnection guard = asker();

    now =
        question -> {
          throw new IllegalStateException("the away file cannot be looked at");
        };
    CompletableFuture<CallResult> threw = f.call(session, "deploy", "{}");
    ask(guard, "Deploy?");
    now = question -> null;
    CompletableFuture<CallResult> nothing = f.call(session, "deploy", "{}");
    ask(guard, "Deploy?");

    assertThat(done(threw).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied ->
                assertThat(denied.reason())
                    .startsWith("Whether the person is there to be asked could not be told")
                    .contains("the away file cannot be looked at")
                    .endsWith(
                        "gate 'confirm-deploy' of provider 'guard' asks the person, and the call"
                            + " is denied rather than asked."));
    assertThat(done(nothing).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied -> assertThat(denied.reason()).contains("could not be told (no answer)"));
    assertThat(asked).as("the yes never came").isEmpty();
  }

  /**
   * A host that asks its person itself (an agent's hook) gets the question back: the absence is not
   * asked, the host answers for the person's absence in its own terms (decision 321).
   */
  @Test
  void aHostThatAsksItselfGetsTheQuestionBackAndTheAbsenceIsNotAsked() {
    gateway();
    List<PersonQuestion> told = new CopyOnWriteArrayList<>();
    now =
        question -> {
          told.add(question);
          return away(question);
        };
    RecordingProviderConnection guard = asker();

    CompletableFuture<HookDecision> decision =
        f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push\"}"), true);
    ask(guard, "Push to main?");

    assertThat(done(decision).ask()).isTrue();
    assertThat(done(decision).reason()).isEqualTo("Push to main?");
    assertThat(told).isEmpty();
  }

  @Test
  void anAwayAnswerSaysWhy() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new PersonAbsence.Away(" ", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("says why");
  }
}
