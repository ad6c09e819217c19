package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingAskChannel;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Gates that ask the person: the opt-in {@code gate.ask} extension (architecture, decision 35;
 * docs/hooks.md, "Gates that ask the person"), every deadline on the manual clock.
 */
class GateAskTest {

  private GatewayFixture f = GatewayFixture.create();
  private String session =
      f.startSession(SessionSpec.of("alpha", "/code").withHostTools(Set.of("shell")));
  private RecordingProviderConnection worker = f.bound("worker", session, tool("deploy"));

  /** The gate {@link #deployAsked} asks with, once made. */
  private RecordingProviderConnection guard;

  @AfterEach
  void close() {
    worker.assertNoMoreMessages();
    f.close();
  }

  /** A gateway with other limits, its session and worker made anew. */
  private void limits(Consumer<Limits.Builder> change) {
    f.close();
    f = GatewayFixture.withLimits(change);
    session = f.startSession(SessionSpec.of("alpha", "/code").withHostTools(Set.of("shell")));
    worker = f.bound("worker", session, tool("deploy"));
  }

  private RecordingAskChannel channel(String name) {
    RecordingAskChannel channel = new RecordingAskChannel(name);
    f.gateway.asks().add(channel);
    return channel;
  }

  /** A provider that speaks {@code gate.ask}, with one gate on every call. */
  private RecordingProviderConnection asker(String name, String gateId) {
    return f.bound(
        Hello.builder(name)
            .session(session)
            .hooks(new Hooks(List.of(HookRule.gate(null, gateId)), null))
            .extensions(ProtocolExtension.GATE_ASK)
            .build());
  }

  /**
   * The gate's answer to its pending check: ask {@code question}, within {@code timeout} (null: the
   * default).
   */
  private static GateCheck ask(
      RecordingProviderConnection gate, String question, Duration timeout) {
    GateCheck check = gate.next(GateCheck.class);
    gate.send(GateResult.ask(check.gateId(), check.callId(), question, timeout));
    return check;
  }

  /**
   * The gate of {@code guard} (made on first use) asks "Deploy?" about a call of {@code deploy}.
   */
  private CompletableFuture<CallResult> deployAsked() {
    if (guard == null) {
      guard = asker("guard", "confirm-deploy");
    }
    CompletableFuture<CallResult> call = f.call(session, "deploy", "{}");
    ask(guard, "Deploy?", null);
    return call;
  }

  private boolean answer(PersonQuestion question, boolean allow, String by) {
    return done(f.gateway.answerQuestion(question.askId(), allow, by));
  }

  /** The worker runs the call it was sent. */
  private ToolCall runs() {
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(ToolResult.success(sent.id(), json("\"deployed\"")));
    return sent;
  }

  /**
   * The audit trail's records of questions to the person from now on, as {@code outcome [by
   * channel]}.
   */
  private List<Decision> decisions() {
    List<Decision> decisions = new CopyOnWriteArrayList<>();
    f.onDecided(
        decision -> {
          if (decision.kind() == DecisionKind.ASK) {
            decisions.add(decision);
          }
        });
    return decisions;
  }

  private static List<String> asks(List<Decision> decisions) {
    return decisions.stream()
        .map(d -> d.outcome().wireName() + (d.answeredBy() == null ? "" : " by " + d.answeredBy()))
        .toList();
  }

  // ---- the extension is opt-in ----

  @Test
  void helloAckAcceptsGateAskForTrustThatMayGateAndNotForExternalProviders() {
    RecordingProviderConnection project = f.authenticated();
    project.send(
        Hello.builder("guard").session(session).extensions(ProtocolExtension.GATE_ASK).build());
    RecordingProviderConnection paired = f.paired(session, sessions -> {});
    paired.send(
        Hello.builder("tab").session(session).extensions(ProtocolExtension.GATE_ASK).build());

    assertThat(project.next(HelloAck.class).extensions()).containsExactly("gate.ask");
    assertThat(paired.next(HelloAck.class).extensions())
        .as("external trust: no gates, no gate.ask")
        .isEmpty();
  }

  @Test
  void askFromAProviderThatDidNotNegotiateItDeniesAtOnceAndTheProviderIsTold() {
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection plain =
        f.bound(
            Hello.builder("plain")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "g")), null))
                .build());

    var call = f.call(session, "deploy", "{}");
    ask(plain, "Deploy?", null);

    assertThat(done(call).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied -> assertThat(denied.reason()).contains("without the gate.ask extension"));
    ErrorMessage error = plain.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message()).contains("gate.ask");
    assertThat(console.asked).as("nobody is asked").isEmpty();
    plain.assertNoMoreMessages();
  }

  // ---- yes, no, nobody ----

  @Test
  void aYesLetsTheCallRunAndEveryChannelHearsWhoAnswered() {
    List<Decision> decisions = decisions();
    RecordingAskChannel console = channel("console");
    RecordingAskChannel page = channel("status page");
    RecordingProviderConnection guard = asker("guard", "confirm-deploy");

    var call = f.call(session, "deploy", "{\"branch\":\"main\"}");
    GateCheck check = ask(guard, "Deploy main to production?", null);

    PersonQuestion question = console.last();
    assertThat(page.last()).isEqualTo(question);
    assertThat(question.question()).isEqualTo("Deploy main to production?");
    assertThat(question.gate()).isEqualTo("guard/confirm-deploy");
    assertThat(question.tool()).isEqualTo("deploy");
    assertThat(question.args()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(question.sessionId()).isEqualTo(session);
    assertThat(question.deadline()).isEqualTo(f.clock.instant().plus(Duration.ofSeconds(60)));
    assertThat(call).as("waiting for the person").isNotDone();
    worker.assertNoMoreMessages();

    assertThat(answer(question, true, "console")).isTrue();

    ToolCall sent = runs();
    assertThat(sent.args()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("\"deployed\"")));
    assertThat(console.ended).containsExactly(question.askId() + " allowed by console");
    assertThat(page.ended)
        .as("the other channel withdraws it")
        .containsExactly(question.askId() + " allowed by console");
    assertThat(asks(decisions)).containsExactly("asked", "allow by console");
    assertThat(decisions.get(0).reason())
        .contains(
            "gate 'confirm-deploy' of provider 'guard'", "console, status page", "Deploy main");
    assertThat(decisions.get(0).callId()).isEqualTo(question.callId()).isNotNull();
    assertThat(decisions.get(1).latency()).isEqualTo(Duration.ZERO);
    assertThat(check.callId()).isNotNull();
  }

  /** A console that opens late reads what waits: every question not yet ended, oldest first. */
  @Test
  void theQuestionsWaitingAreListedOldestFirstUntilEachEnds() {
    RecordingAskChannel console = channel("console");
    deployAsked();
    PersonQuestion first = console.last();
    deployAsked();
    PersonQuestion second = console.last();

    assertThat(done(f.gateway.asks().questions())).containsExactly(first, second);
    answer(first, true, "console");
    runs();

    assertThat(done(f.gateway.asks().questions())).containsExactly(second);
  }

  @Test
  void aNoDeniesTheCallWithTheQuestionAndWhoSaidNo() {
    List<Decision> decisions = decisions();
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard = asker("guard", "confirm-deploy");

    var call = f.call(session, "deploy", "{}");
    ask(guard, "Deploy to production?", null);
    answer(console.last(), false, "console");

    assertThat(done(call).outcome())
        .isEqualTo(
            new ToolOutcome.Denied(
                "The person said no (on console) to gate 'confirm-deploy' of provider 'guard': Deploy to production?"));
    assertThat(console.ended).containsExactly(console.last().askId() + " denied by console");
    assertThat(asks(decisions)).containsExactly("asked", "deny by console");
  }

  @Test
  void nobodyAnsweringDeniesAtTheDeadlineNotOneTickBefore() {
    List<Decision> decisions = decisions();
    RecordingAskChannel console = channel("console");
    var call = deployAsked();
    f.clock.advance(Duration.ofSeconds(60).minusMillis(1));
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(done(call).outcome())
        .isEqualTo(
            new ToolOutcome.Denied(
                "Nobody answered the question of gate 'confirm-deploy' of provider 'guard' within 60 s: Deploy?"));
    assertThat(console.ended).containsExactly(console.last().askId() + " timeout");
    assertThat(answer(console.last(), true, "console")).as("too late: decides nothing").isFalse();
    assertThat(asks(decisions)).containsExactly("asked", "timeout");
  }

  @Test
  void theGatesAskTimeoutIsTheDeadlineAndIsCappedAtFiveMinutes() {
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard = asker("guard", "confirm-deploy");

    var quick = f.call(session, "deploy", "{}");
    ask(guard, "Quick?", Duration.ofSeconds(2));
    assertThat(console.last().deadline()).isEqualTo(f.clock.instant().plusSeconds(2));
    f.clock.advance(Duration.ofMillis(1999));
    assertThat(quick).isNotDone();
    f.clock.advance(Duration.ofMillis(1));
    assertThat(done(quick).outcome()).isInstanceOf(ToolOutcome.Denied.class);

    var slow = f.call(session, "deploy", "{}");
    ask(guard, "Take an hour?", Duration.ofHours(1));
    assertThat(console.last().deadline()).isEqualTo(f.clock.instant().plus(Duration.ofMinutes(5)));
    f.clock.advance(Duration.ofMinutes(5).minusMillis(1));
    assertThat(slow).isNotDone();
    f.clock.advance(Duration.ofMillis(1));
    assertThat(done(slow).outcome()).isInstanceOf(ToolOutcome.Denied.class);
  }

  @Test
  void thePersonsTimeDoesNotCountAgainstTheToolsTimeout() {
    RecordingProviderConnection builder =
        f.bound("builder", session, tool("build").withTimeout(Duration.ofSeconds(10)));
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard = asker("guard", "confirm");

    var call = f.call(session, "build", "{}");
    f.clock.advance(Duration.ofSeconds(3)); // the gate takes 3 s of the call's 10
    ask(guard, "Build?", null);
    f.clock.advance(Duration.ofSeconds(59));
    answer(console.last(), true, "console");
    ToolCall sent = builder.next(ToolCall.class);
    f.clock.advance(Duration.ofSeconds(7).minusMillis(1));
    assertThat(call).as("the call had 7 s left when the person was asked").isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(done(call).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Failure.class,
            failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.TIMEOUT));
    assertThat(builder.next(ToolCancel.class).id()).isEqualTo(sent.id());
  }

  // ---- channels ----

  @Test
  void withNoChannelTheCallIsDeniedAtOnce() {
    List<Decision> decisions = decisions();
    RecordingAskChannel closedPage = channel("status page");
    closedPage.reaches = false;
    var call = deployAsked();

    assertThat(done(call).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied ->
                assertThat(denied.reason())
                    .startsWith("No one to ask: gate 'confirm-deploy' of provider 'guard'"));
    assertThat(closedPage.asked)
        .as("a channel that does not reach the session is not asked")
        .isEmpty();
    assertThat(asks(decisions)).containsExactly("deny");
  }

  @Test
  void theSessionsOwnHostIsAChannelForItsSessionOnly() {
    RecordingAskChannel own = new RecordingAskChannel("host");
    RecordingSessionHost host = new RecordingSessionHost();
    host.askChannel = own;
    String other = done(f.gateway.startSession(SessionSpec.of("beta", "/beta"), host)).id();
    worker.drain(); // sessions.updated
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard")
                .session(other)
                .tools(tool("deploy"))
                .hooks(new Hooks(List.of(HookRule.gate(null, "g")), null))
                .extensions(ProtocolExtension.GATE_ASK)
                .build());

    var call = f.call(other, "deploy", "{}");
    ask(guard, "Deploy?", null);
    assertThat(own.last().sessionId()).isEqualTo(other);
    answer(own.last(), true, "host");

    ToolCall sent = guard.next(ToolCall.class);
    guard.send(ToolResult.success(sent.id(), json("\"ok\"")));
    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("\"ok\"")));
  }

  @Test
  void theFirstAnswerWinsAndLaterOnesDecideNothing() {
    RecordingAskChannel console = channel("console");
    RecordingAskChannel page = channel("status page");
    var call = deployAsked();
    PersonQuestion question = console.last();

    assertThat(answer(question, false, "status page")).isTrue();
    assertThat(answer(question, true, "console")).isFalse();

    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Denied.class);
    assertThat(console.ended).containsExactly(question.askId() + " denied by status page");
    assertThat(done(f.gateway.asks().questions())).isEmpty();
  }

  @Test
  void aChannelThatThrowsIsLeftOutAndAloneItMeansNobodyToAsk() {
    f.gateway
        .asks()
        .add(
            new AskChannel() {
              @Override
              public String name() {
                return "broken";
              }

              @Override
              public void ask(PersonQuestion question) {
                throw new IllegalStateException("broken channel");
              }
            });
    var call = deployAsked();

    assertThat(done(call).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied -> assertThat(denied.reason()).startsWith("No one to ask"));
  }

  @Test
  void aRemovedChannelIsAskedNothingNewAndAloneItMeantNobodyToAsk() {
    RecordingAskChannel console = channel("console");
    f.gateway.asks().remove(console);
    var call = deployAsked();

    assertThat(done(call).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied -> assertThat(denied.reason()).startsWith("No one to ask"));
    assertThat(console.asked).isEmpty();
  }

  // ---- withdrawn ----

  @Test
  void cancellingTheCallWithdrawsItsQuestion() {
    List<Decision> decisions = decisions();
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard = asker("guard", "confirm-deploy");

    CompletableFuture<CallResult> call = f.call(session, "deploy", "{}");
    ask(guard, "Deploy?", null);
    call.cancel(false);

    assertThat(console.ended).containsExactly(console.last().askId() + " withdrawn");
    assertThat(done(f.gateway.asks().questions())).isEmpty();
    assertThat(answer(console.last(), true, "console")).isFalse();
    assertThat(asks(decisions)).containsExactly("asked", "withdrawn");
  }

  @Test
  void interruptingTheSessionWithdrawsItsQuestions() {
    RecordingAskChannel console = channel("console");
    var call = deployAsked();
    done(f.gateway.interrupt(session));

    assertThat(done(call).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Failure.class,
            failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.CANCELLED));
    assertThat(console.ended).containsExactly(console.last().askId() + " withdrawn");
  }

  @Test
  void theGatesProviderLeavingWithdrawsItsQuestionAndDenies() {
    RecordingAskChannel console = channel("console");
    var call = deployAsked();
    guard.drop();

    assertThat(done(call).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied -> assertThat(denied.reason()).contains("Gate provider 'guard' disconnected"));
    assertThat(console.ended).containsExactly(console.last().askId() + " withdrawn");
  }

  @Test
  void theSessionEndingWithdrawsItsQuestions() {
    RecordingAskChannel console = channel("console");
    var call = deployAsked();
    f.gateway.endSession(session, Duration.ofSeconds(1));
    f.clock.advance(Duration.ofSeconds(1));

    assertThat(call).isDone();
    assertThat(done(call).outcome()).isNotInstanceOf(ToolOutcome.Success.class);
    assertThat(console.ended).containsExactly(console.last().askId() + " withdrawn");
    assertThat(done(f.gateway.asks().questions())).isEmpty();
    worker.drain(); // its shutdown.pending
    guard.drain();
  }

  // ---- chained gates ----

  @Test
  void aLaterGateIsAskedOnlyOnceThePersonAllowed() {
    RecordingAskChannel console = channel("console");
    guard = asker("guard", "confirm-deploy");
    RecordingProviderConnection ci =
        f.bound(
            Hello.builder("ci")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "ci-green")), null))
                .build());

    var call = deployAsked();
    ci.assertNoMoreMessages();
    answer(console.last(), true, "console");
    GateCheck second = ci.next(GateCheck.class);
    ci.send(GateResult.allow(second.gateId(), second.callId()));

    runs();
    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Success.class);
  }

  @Test
  void aNoMeansTheLaterGateIsNeverAsked() {
    RecordingAskChannel console = channel("console");
    guard = asker("guard", "confirm-deploy");
    RecordingProviderConnection ci =
        f.bound(
            Hello.builder("ci")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "ci-green")), null))
                .build());

    var call = deployAsked();
    answer(console.last(), false, "console");

    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Denied.class);
    ci.assertNoMoreMessages();
  }

  @Test
  void thePersonIsAskedAboutTheArgumentsAGateRewroteTo() {
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("deploy"), "pin")), null))
                .extensions(ProtocolExtension.GATE_ARGS, ProtocolExtension.GATE_ASK)
                .build());

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    GateCheck check = guard.next(GateCheck.class);
    guard.send(
        new GateResult(
            check.gateId(),
            check.callId(),
            io.github.providergateway.protocol.GateDecision.ASK,
            "Deploy main instead of feature?",
            json("{\"branch\":\"main\"}"),
            null));
    assertThat(console.last().args()).isEqualTo(json("{\"branch\":\"main\"}"));
    answer(console.last(), true, "console");

    assertThat(runs().args()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(done(call).updatedArgs()).isEqualTo(json("{\"branch\":\"main\"}"));
  }

  /** A provider whose gate on every shell call may rewrite it (extension {@code gate.args}). */
  private RecordingProviderConnection shellRewriter() {
    return f.bound(
        Hello.builder("project")
            .session(session)
            .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("shell"), "tidy")), null))
            .extensions(ProtocolExtension.GATE_ARGS)
            .build());
  }

  /** The reasons of the audit trail's {@code pre_tool_use} records from now on. */
  private List<String> preToolUseReasons() {
    List<String> reasons = new CopyOnWriteArrayList<>();
    f.gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void decided(Decision decision) {
                if (decision.kind() == DecisionKind.PRE_TOOL_USE) {
                  reasons.add(decision.reason());
                }
              }
            });
    return reasons;
  }

  /** Where {@link #allowedThenRewrittenTo} left the call: the gate has asked a second time. */
  private record AskedAgain(
      CompletableFuture<HookDecision> decision,
      RecordingAskChannel console,
      GateCheck again,
      List<String> audit) {}

  /**
   * The person allows "git status" on the console; then the gate of {@link #shellRewriter} rewrites
   * it to {@code rewritten}, and the confirming gate, asked again, asks again.
   */
  private AskedAgain allowedThenRewrittenTo(String rewritten) {
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection confirm = asker("confirm", "confirm-shell");
    RecordingProviderConnection project = shellRewriter();
    List<String> audit = preToolUseReasons();

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git status\"}"));
    ask(confirm, "Run this command?", null);
    answer(console.last(), true, "console");
    GateCheck tidy = project.next(GateCheck.class);
    project.send(GateResult.rewrite(tidy.gateId(), tidy.callId(), json(rewritten)));
    GateCheck again = ask(confirm, "Run this command?", null);
    project.assertNoMoreMessages();
    return new AskedAgain(decision, console, again, audit);
  }

  /** Issue 32, finding 2: the person allowed "git status"; a later gate made it a forced push. */
  @Test
  void thePersonsAllowDoesNotCoverArgumentsALaterGateRewroteTo() {
    AskedAgain asked = allowedThenRewrittenTo("{\"command\":\"git push --force origin main\"}");

    assertThat(asked.again().args())
        .isEqualTo(json("{\"command\":\"git push --force origin main\"}"));
    assertThat(asked.console().asked).hasSize(2);
    assertThat(asked.console().last().args())
        .as("the person is asked about what would run")
        .isEqualTo(json("{\"command\":\"git push --force origin main\"}"));
    answer(asked.console().last(), false, "console");
    assertThat(done(asked.decision()).allowed()).isFalse();
    assertThat(asked.audit())
        .singleElement()
        .asString()
        .startsWith(
            "The person said no (on console) to gate 'confirm-shell' of provider 'confirm'");
  }

  @Test
  void theAuditTrailSaysThePersonWasAskedAgainAfterARewrite() {
    AskedAgain asked = allowedThenRewrittenTo("{\"command\":\"git status --short\"}");
    answer(asked.console().last(), true, "console");

    assertThat(done(asked.decision()).allowed()).isTrue();
    assertThat(done(asked.decision()).updatedArgs())
        .isEqualTo(json("{\"command\":\"git status --short\"}"));
    assertThat(asked.audit())
        .containsExactly(
            "2 rules matched; arguments rewritten by project/tidy; re-checked from the first rule:"
                + " confirm/confirm-shell asked again; the person asked again");
  }

  /**
   * Review of issue 32: an ask that came with a rewrite its own rule no longer matches is still
   * put.
   */
  @Test
  void aGatesAskThatCameWithItsRewriteIsPutEvenWhereItsRuleNoLongerMatches() {
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard")
                .session(session)
                .hooks(
                    new Hooks(
                        List.of(
                            HookRule.gate(HookMatch.toolAndArgs("shell", "rm -rf /"), "no-root")),
                        null))
                .extensions(ProtocolExtension.GATE_ARGS, ProtocolExtension.GATE_ASK)
                .build());

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"rm -rf /\"}"));
    GateCheck check = guard.next(GateCheck.class);
    guard.send(
        new GateResult(
            check.gateId(),
            check.callId(),
            io.github.providergateway.protocol.GateDecision.ASK,
            "Remove ./build instead?",
            json("{\"command\":\"rm -rf ./build\"}"),
            null));

    assertThat(console.last().args()).isEqualTo(json("{\"command\":\"rm -rf ./build\"}"));
    assertThat(console.last().question()).isEqualTo("Remove ./build instead?");
    answer(console.last(), false, "console");
    assertThat(done(decision).allowed()).isFalse();
    guard.assertNoMoreMessages();
  }

  // ---- bounds ----

  @Test
  void onceASessionHasItsQuestionsWaitingOneMoreIsDeniedAtOnce() {
    limits(l -> l.maxPendingAsksPerSession(2));
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard = asker("guard", "confirm-deploy");

    List<CompletableFuture<CallResult>> calls = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      calls.add(f.call(session, "deploy", "{}"));
      ask(guard, "Deploy " + i + "?", null);
    }

    assertThat(console.asked).hasSize(2);
    assertThat(calls.get(0)).isNotDone();
    assertThat(calls.get(1)).isNotDone();
    assertThat(done(calls.get(2)).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied ->
                assertThat(denied.reason())
                    .startsWith(
                        "Too many questions wait for the person of session " + session + " (2)"));
  }

  @Test
  void onceTheGatewayHasItsQuestionsWaitingOneMoreIsDeniedAtOnceWhateverTheSession() {
    limits(l -> l.maxPendingAsks(1));
    RecordingAskChannel console = channel("console");
    String other = f.startSession("beta");
    worker.drain(); // sessions.updated
    RecordingProviderConnection guard = asker("guard", "confirm-deploy");
    RecordingProviderConnection otherGuard =
        f.bound(
            Hello.builder("guard2")
                .session(other)
                .tools(tool("ship"))
                .hooks(new Hooks(List.of(HookRule.gate(null, "g")), null))
                .extensions(ProtocolExtension.GATE_ASK)
                .build());

    var first = f.call(session, "deploy", "{}");
    ask(guard, "Deploy?", null);
    var second = f.call(other, "ship", "{}");
    ask(otherGuard, "Ship?", null);

    assertThat(first).isNotDone();
    assertThat(done(second).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied ->
                assertThat(denied.reason())
                    .startsWith("Too many questions wait for the person in this gateway (1)"));
    assertThat(console.asked).hasSize(1);
  }

  @Test
  void aQuestionLongerThanTheBoundIsDeniedNotCut() {
    limits(l -> l.maxAskQuestionChars(10));
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard = asker("guard", "confirm-deploy");

    var exact = f.call(session, "deploy", "{}");
    ask(guard, "0123456789", null);
    assertThat(exact).isNotDone();
    var longer = f.call(session, "deploy", "{}");
    ask(guard, "0123456789a", null);

    assertThat(done(longer).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Denied.class,
            denied -> assertThat(denied.reason()).contains("11 characters long, more than the 10"));
    assertThat(console.asked).hasSize(1);
  }

  // ---- hosts that ask the person themselves ----

  @Test
  void aHostThatAsksItselfGetsTheQuestionBackAndNoChannelIsAsked() {
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard = asker("guard", "confirm-push");

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push\"}"), true);
    ask(guard, "Push to main?", null);

    HookDecision asked = done(decision);
    assertThat(asked.ask()).isTrue();
    assertThat(asked.allowed()).as("fail closed for a host that reads only allowed").isFalse();
    assertThat(asked.permission()).isEqualTo("ask");
    assertThat(asked.reason()).isEqualTo("Push to main?");
    assertThat(console.asked).isEmpty();
  }

  @Test
  void forAHostThatAsksItselfAQuestionLongerThanTheBoundIsDeniedNotCut() {
    limits(l -> l.maxAskQuestionChars(10));
    RecordingProviderConnection guard = asker("guard", "confirm-push");

    var exact = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push\"}"), true);
    ask(guard, "0123456789", null);
    assertThat(done(exact).reason()).isEqualTo("0123456789");
    var longer = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push\"}"), true);
    ask(guard, "0123456789a", null);

    HookDecision denied = done(longer);
    assertThat(denied.ask()).isFalse();
    assertThat(denied.allowed()).isFalse();
    assertThat(denied.reason()).contains("11 characters long, more than the 10");
  }

  @Test
  void forAHostThatAsksItselfOnlyTheQuestionsAboutTheArgumentsThatWillRunComeBack() {
    RecordingProviderConnection confirm = asker("confirm", "confirm-shell");
    RecordingProviderConnection project = shellRewriter();

    var decision =
        f.gateway.preToolUse(session, "shell", json("{\"command\":\"git status\"}"), true);
    ask(confirm, "Run git status?", null);
    GateCheck tidy = project.next(GateCheck.class);
    project.send(
        GateResult.rewrite(
            tidy.gateId(), tidy.callId(), json("{\"command\":\"git push --force\"}")));
    ask(confirm, "Run git push --force?", null);

    HookDecision asked = done(decision);
    assertThat(asked.ask()).isTrue();
    assertThat(asked.reason()).isEqualTo("Run git push --force?");
    assertThat(asked.updatedArgs()).isEqualTo(json("{\"command\":\"git push --force\"}"));
    project.assertNoMoreMessages();
  }

  @Test
  void forAHostThatAsksItselfALaterDenyWinsOverAnAsk() {
    RecordingProviderConnection guard = asker("guard", "confirm-push");
    RecordingProviderConnection ci =
        f.bound(
            Hello.builder("ci")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "ci-green")), null))
                .build());

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push\"}"), true);
    ask(guard, "Push to main?", null);
    GateCheck second = ci.next(GateCheck.class);
    ci.send(GateResult.deny(second.gateId(), second.callId(), "CI is red"));

    assertThat(done(decision)).isEqualTo(HookDecision.deny("CI is red", List.of()));
  }

  @Test
  void aHostsPreToolUseWithoutAskingItselfIsAskedThroughTheChannels() {
    RecordingAskChannel console = channel("console");
    RecordingProviderConnection guard = asker("guard", "confirm-push");

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push\"}"));
    ask(guard, "Push to main?", null);
    assertThat(console.last().callId()).as("no call: the host runs its own tool").isNull();
    answer(console.last(), true, "console");

    assertThat(done(decision)).isEqualTo(HookDecision.allow(List.of()));
  }

  @Test
  void aDecisionThatAsksIsNeverAllowedAndCarriesItsQuestion() {
    assertThat(HookDecision.ask("Push?", List.of(), null).permission()).isEqualTo("ask");
    assertThat(HookDecision.allow(List.of()).permission()).isEqualTo("allow");
    assertThat(HookDecision.deny("no", List.of()).permission()).isEqualTo("deny");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> new HookDecision(true, "q", List.of(), null, true))
        .isInstanceOf(IllegalArgumentException.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> HookDecision.ask(null, List.of(), null))
        .isInstanceOf(NullPointerException.class);
  }
}
