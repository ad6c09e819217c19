package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.Decision.Outcome;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ConcurrencyScope;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The audit trail (issue 19): each kind of decision the gateway takes produces exactly one {@link
 * Decision} with the right fields, and no record ever carries a token or a pairing code.
 */
class AuditTrailTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final List<Decision> decisions = new CopyOnWriteArrayList<>();

  /** Every record of the test, which it does not clear: what the check after it searches. */
  private final List<Decision> everyDecision = new CopyOnWriteArrayList<>();

  /** Secrets a test made up itself, by what they are; {@link #secretsGiven} adds the gateway's. */
  private final Map<String, String> secrets = new LinkedHashMap<>();

  private final String session = f.startSession("alpha");

  {
    listen(
        f,
        decision -> {
          decisions.add(decision);
          everyDecision.add(decision);
        });
  }

  /** Hands each decision {@code fixture}'s gateway takes to {@code to}. */
  private static void listen(GatewayFixture fixture, java.util.function.Consumer<Decision> to) {
    fixture
        .gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void decided(Decision decision) {
                to.accept(decision);
              }
            });
  }

  @AfterEach
  void noRecordCarriesASecret() {
    try {
      Map<String, String> given = secretsGiven();
      for (Decision decision : everyDecision) {
        given.forEach(
            (secret, kind) ->
                assertThat(decision.toString())
                    .as("the %s record must not carry a %s", decision.kind(), kind)
                    .doesNotContain(secret));
      }
    } finally {
      f.close();
    }
  }

  /**
   * Every secret the test saw, by what it is: the gateway token, each spawn token the fixture
   * issued, each reconnect token a {@code hello.ack} carried, each external token a {@code
   * sessions} carried, and those the test made up.
   */
  private Map<String, String> secretsGiven() {
    Map<String, String> given = new LinkedHashMap<>(secrets);
    given.put(f.gateway.credentials().providerToken(), "gateway token");
    f.spawnTokensIssued().forEach(token -> given.put(token, "spawn token"));
    for (RecordingProviderConnection conn : f.connections()) {
      for (GatewayMessage message : conn.history()) {
        if (message instanceof HelloAck ack && ack.reconnectToken() != null) {
          given.put(ack.reconnectToken(), "reconnect token");
        } else if (message instanceof Sessions sessions && sessions.token() != null) {
          given.put(sessions.token(), "external token");
        }
      }
    }
    return given;
  }

  private List<Decision> of(DecisionKind kind) {
    return decisions.stream().filter(d -> d.kind() == kind).toList();
  }

  private Decision only(DecisionKind kind) {
    assertThat(of(kind)).as("records of kind %s in %s", kind, decisions).hasSize(1);
    return of(kind).get(0);
  }

  private RecordingProviderConnection worker() {
    RecordingProviderConnection worker =
        f.bound(
            Hello.builder("worker")
                .session(session)
                .tools(
                    tool("fast"), ToolDefinition.of("strict", "s", json("{\"required\":[\"n\"]}")))
                .build());
    decisions.clear();
    return worker;
  }

  /**
   * A gate answers later than the call's hooks were started (issue 44: the guard gates every call):
   * the evaluation is still recorded before the call it decided.
   */
  @Test
  void aGatedCallsEvaluationIsRecordedBeforeTheCall() {
    RecordingProviderConnection worker = worker();
    RecordingProviderConnection gate =
        f.bound(
            Hello.builder("gatekeeper")
                .session(session)
                .hooks(
                    new io.github.providergateway.protocol.Hooks(
                        List.of(io.github.providergateway.protocol.HookRule.gate(null, "g")), null))
                .build());
    decisions.clear();

    var call = f.gateway.callTool(session, "fast", json("{}"), null);
    io.github.providergateway.protocol.GateCheck check =
        gate.next(io.github.providergateway.protocol.GateCheck.class);
    gate.send(
        new io.github.providergateway.protocol.GateResult(
            "g", check.callId(), io.github.providergateway.protocol.GateDecision.DENY, "no"));

    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Denied.class);
    assertThat(decisions)
        .extracting(Decision::kind)
        .containsExactly(DecisionKind.PRE_TOOL_USE, DecisionKind.TOOL_CALL);
    worker.assertNoMoreMessages();
  }

  @Test
  void anAcceptedTokenIsOneAuthOkWithItsTrust() {
    f.authenticated();

    Decision auth = only(DecisionKind.AUTH);
    assertThat(auth.outcome()).isEqualTo(Outcome.OK);
    assertThat(auth.trust()).isEqualTo(TrustLevel.PROJECT);
    assertThat(auth.connection()).startsWith("conn#");
  }

  @Test
  void aWrongTokenIsOneAuthRefusedWithItsCode() {
    RecordingProviderConnection conn = f.connect();
    secrets.put("ptk-guessed-wrong", "refused token");
    conn.send(Auth.withToken("ptk-guessed-wrong"));
    conn.next(ErrorMessage.class);

    Decision auth = only(DecisionKind.AUTH);
    assertThat(auth.outcome()).isEqualTo(Outcome.REFUSED);
    assertThat(auth.code()).isEqualTo("AUTH_FAILED");
    assertThat(auth.reason()).isEqualTo("Invalid token");
  }

  @Test
  void pairingIsRequestedThenConfirmedAndTheConnectionAuthenticatedExternal() {
    f.paired(session, sessions -> {});
    String code = f.pairingCode(session);

    assertThat(of(DecisionKind.PAIRING))
        .extracting(Decision::outcome)
        .containsExactly(Outcome.REQUESTED, Outcome.CONFIRMED);
    // Six digits could appear by chance in an id or a time: the code is looked for where text is.
    assertThat(of(DecisionKind.PAIRING))
        .extracting(Decision::reason)
        .noneMatch(reason -> reason.contains(code));
    assertThat(only(DecisionKind.AUTH).trust()).isEqualTo(TrustLevel.EXTERNAL);
  }

  @Test
  void aSpawnedProviderThatReconnectsIsAnAuthOkAndAHelloOkEachTime() {
    RecordingProviderConnection first = f.spawned(session, "worker");
    first.send(Hello.builder("worker").tools(tool("fast")).build());
    HelloAck firstAck = first.next(HelloAck.class);
    first.drop();

    RecordingProviderConnection back = f.spawned(session, "worker");
    back.send(
        Hello.builder("worker")
            .tools(tool("fast"))
            .reconnectToken(firstAck.reconnectToken())
            .build());

    assertThat(back.next(HelloAck.class).providerId())
        .as("its identity, taken back")
        .isEqualTo(firstAck.providerId());
    assertThat(of(DecisionKind.AUTH))
        .extracting(Decision::outcome, Decision::trust)
        .containsExactly(
            tuple(Outcome.OK, TrustLevel.PROJECT), tuple(Outcome.OK, TrustLevel.PROJECT));
    assertThat(of(DecisionKind.HELLO))
        .extracting(Decision::outcome, Decision::provider, Decision::sessionId)
        .containsExactly(
            tuple(Outcome.OK, "worker", session), tuple(Outcome.OK, "worker", session));
    // The check after each test searches for these: make sure it has some to search for.
    assertThat(secretsGiven().values())
        .as("secrets searched for")
        .contains("spawn token", "reconnect token");
  }

  /**
   * Issue 62: a provider for every session (the guard) that binds before any session opens was
   * recorded as "bound to " and nothing, a blank row on the status page.
   */
  @Test
  void aProviderForEverySessionThatBindsBeforeAnyOpensSaysItWaits() {
    try (GatewayFixture empty = GatewayFixture.create()) {
      List<Decision> hellos = new CopyOnWriteArrayList<>();
      listen(
          empty,
          decision -> {
            if (decision.kind() == DecisionKind.HELLO) {
              hellos.add(decision);
            }
          });
      RecordingProviderConnection tap = empty.connectLocal(null);
      tap.send(Hello.builder("tap").allSessions().tools(tool("t")).build());
      tap.next(HelloAck.class);

      assertThat(hellos)
          .singleElement()
          .satisfies(
              d -> assertThat(d.reason()).isEqualTo("connected, waiting for its first session"));
    }
    f.bound("worker", session, tool("fast"));
    assertThat(only(DecisionKind.HELLO).reason()).isEqualTo("bound to " + session);
  }

  @Test
  void aBoundHelloIsOneHelloOkAndARefusedOneSaysWhy() {
    f.bound("worker", session, tool("fast"));
    Decision bound = only(DecisionKind.HELLO);
    assertThat(bound.outcome()).isEqualTo(Outcome.OK);
    assertThat(bound.provider()).isEqualTo("worker");
    assertThat(bound.sessionId()).isEqualTo(session);
    decisions.clear();

    RecordingProviderConnection copycat = f.authenticated();
    decisions.clear();
    copycat.send(Hello.builder("copycat").session(session).tools(tool("fast")).build());
    copycat.next(ErrorMessage.class);

    Decision refused = only(DecisionKind.HELLO);
    assertThat(refused.outcome()).isEqualTo(Outcome.REFUSED);
    assertThat(refused.code()).isEqualTo("TOOL_CONFLICT");
    assertThat(refused.provider()).isEqualTo("copycat");
  }

  @Test
  void aCallIsOneToolCallRecordWithItsLatencyAndTheHashOfItsArguments() throws Exception {
    RecordingProviderConnection worker = worker();

    var call = f.call(session, "fast", "{\"q\":\"secret query\"}");
    ToolCall sent = worker.next(ToolCall.class);
    f.clock.advance(Duration.ofMillis(1500));
    worker.send(ToolResult.success(sent.id(), json("1")));
    done(call);

    Decision record = only(DecisionKind.TOOL_CALL);
    assertThat(record.outcome()).isEqualTo(Outcome.SUCCESS);
    assertThat(record.tool()).isEqualTo("fast");
    assertThat(record.provider()).isEqualTo("worker");
    assertThat(record.callId()).isEqualTo(sent.id());
    assertThat(record.sessionId()).isEqualTo(session);
    assertThat(record.latency()).isEqualTo(Duration.ofMillis(1500));
    assertThat(record.argsSha256()).isEqualTo(sha256("{\"q\":\"secret query\"}"));
    assertThat(record.toString()).doesNotContain("secret query");
    assertThat(of(DecisionKind.PRE_TOOL_USE)).as("no rule, nothing evaluated").isEmpty();
  }

  @Test
  void theCallsRecordIsKeptBeforeTheHostHasItsOutcome() throws Exception {
    RecordingProviderConnection worker = worker();
    List<Decision> knownWhenAnswered = new CopyOnWriteArrayList<>();

    var call = f.call(session, "fast", "{}");
    // Runs on the thread that completes the future, the moment it does: what a host that asks the
    // trail about the call it was just answered (audit.query, the console's audit) would find.
    var answered = call.thenRun(() -> knownWhenAnswered.addAll(of(DecisionKind.TOOL_CALL)));
    worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("1")));
    done(answered);

    assertThat(knownWhenAnswered).extracting(Decision::outcome).containsExactly(Outcome.SUCCESS);
  }

  @Test
  void aGatewayBuiltToKeepArgumentsPutsThemInTheCallAndItsEvaluation() {
    try (GatewayFixture keeping = GatewayFixture.with(b -> b.auditArguments(true))) {
      List<Decision> kept = new CopyOnWriteArrayList<>();
      keeping
          .gateway
          .monitor()
          .addListener(
              new GatewayListener() {
                @Override
                public void decided(Decision decision) {
                  kept.add(decision);
                }
              });
      String alpha = keeping.startSession("alpha");
      keeping.bound(
          Hello.builder("guard")
              .session(alpha)
              .tools(tool("fast"))
              .hooks(new Hooks(List.of(HookRule.context(null, "careful")), null))
              .build());

      var call = keeping.call(alpha, "fast", "{\"q\":\"kept query\"}", Duration.ofSeconds(1));
      keeping.clock.advance(Duration.ofSeconds(1));
      done(call);

      assertThat(kept)
          .filteredOn(
              d -> d.kind() == DecisionKind.TOOL_CALL || d.kind() == DecisionKind.PRE_TOOL_USE)
          .hasSize(2)
          .allSatisfy(d -> assertThat(d.args()).isEqualTo(json("{\"q\":\"kept query\"}")));
    }
  }

  @Test
  void byDefaultNoDecisionCarriesArguments() {
    RecordingProviderConnection worker = worker();
    var call = f.call(session, "fast", "{\"q\":\"secret query\"}");
    worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("1")));
    done(call);

    assertThat(decisions).allSatisfy(d -> assertThat(d.args()).isNull());
  }

  @Test
  void failuresCarryTheirCodeTimeoutsAndInvalidArgumentsIncluded() {
    worker();

    done(f.call(session, "strict", "{}"));
    var slow = f.call(session, "fast", "{}", Duration.ofSeconds(1));
    f.clock.advance(Duration.ofSeconds(1));
    done(slow);

    assertThat(of(DecisionKind.TOOL_CALL))
        .extracting(Decision::outcome, Decision::code)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Outcome.FAILURE, "INVALID_ARGS"),
            org.assertj.core.groups.Tuple.tuple(Outcome.FAILURE, "TIMEOUT"));
  }

  /** The worker, and a provider "guard" whose gate {@code gateId} checks every call; no record. */
  private RecordingProviderConnection workerAndGuard(String gateId) {
    worker();
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, gateId)), null))
                .build());
    decisions.clear();
    return guard;
  }

  /** A call whose gate check {@code guard} answers {@code millis} ms later with {@code answer}. */
  private java.util.concurrent.CompletableFuture<?> answered(
      RecordingProviderConnection guard,
      long millis,
      java.util.function.Function<GateCheck, GateResult> answer) {
    var call = f.call(session, "fast", "{}");
    GateCheck check = guard.next(GateCheck.class);
    f.clock.advance(Duration.ofMillis(millis));
    guard.send(answer.apply(check));
    return call;
  }

  /** What the audit trail records of gate ci-green of "guard" answering after {@code millis}. */
  private static Decision.GateAnswer guardAnswered(String decision, String reason, long millis) {
    return new Decision.GateAnswer(
        "guard", "ci-green", decision, reason, Duration.ofMillis(millis), false, null);
  }

  @Test
  void aGatesDenialIsOnePreToolUseRecordNamingTheGateItsReasonAndLatency() {
    RecordingProviderConnection guard = workerAndGuard("ci-green");

    done(answered(guard, 40, check -> GateResult.deny("ci-green", check.callId(), "CI is red")));

    Decision evaluation = only(DecisionKind.PRE_TOOL_USE);
    assertThat(evaluation.outcome()).isEqualTo(Outcome.DENY);
    assertThat(evaluation.reason()).isEqualTo("CI is red");
    assertThat(evaluation.gates()).containsExactly(guardAnswered("deny", "CI is red", 40));
    Decision outcome = only(DecisionKind.TOOL_CALL);
    assertThat(outcome.outcome()).isEqualTo(Outcome.DENIED);
    assertThat(outcome.callId()).isEqualTo(evaluation.callId());
  }

  @Test
  void aSilentGateIsATimeoutThatFailsClosed() {
    workerAndGuard("slow");

    var call = f.call(session, "fast", "{}");
    f.clock.advance(f.gateway.limits().calls().gateTimeout());
    done(call);

    Decision.GateAnswer answer = only(DecisionKind.PRE_TOOL_USE).gates().get(0);
    assertThat(answer.decision()).isEqualTo("timeout");
    assertThat(answer.failedOpen()).isFalse();
    assertThat(answer.latency()).isEqualTo(f.gateway.limits().calls().gateTimeout());
  }

  /**
   * A gate whose provider leaves while it is asked, or that answers "ask" without the extension,
   * denies; the record names that answer, so an auditor tells it from a gate that said no.
   */
  @Test
  void aGateThatLeftOrAnsweredAskWithoutTheExtensionIsRecordedAsSuch() {
    RecordingProviderConnection guard = workerAndGuard("ci-green");

    done(answered(guard, 30, check -> GateResult.ask("ci-green", check.callId(), "Deploy?", null)));
    guard.drain();
    var left = f.call(session, "fast", "{}");
    guard.next(GateCheck.class);
    f.clock.advance(Duration.ofMillis(20));
    guard.drop();
    done(left);

    assertThat(of(DecisionKind.PRE_TOOL_USE))
        .allSatisfy(d -> assertThat(d.outcome()).isEqualTo(Outcome.DENY))
        .extracting(Decision::gates)
        .containsExactly(
            List.of(guardAnswered("invalid", "ask without the gate.ask extension", 30)),
            List.of(guardAnswered("gone", "its provider left", 20)));
  }

  @Test
  void aCallThatWaitedForItsSlotSaysHowLong() {
    RecordingProviderConnection worker =
        f.bound(
            Hello.builder("worker")
                .session(session)
                .concurrency(new Concurrency(1, ConcurrencyScope.PROVIDER))
                .tools(tool("fast"))
                .build());
    decisions.clear();

    f.call(session, "fast", "{}");
    var second = f.call(session, "fast", "{}");
    String first = worker.next(ToolCall.class).id();
    f.clock.advance(Duration.ofSeconds(2));
    worker.send(ToolResult.success(first, json("1")));
    worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("2")));
    done(second);

    assertThat(of(DecisionKind.TOOL_CALL))
        .extracting(Decision::queueWait)
        .containsExactly(null, Duration.ofSeconds(2));
  }

  @Test
  void aPushRefusedIsOnePushRecord() {
    RecordingProviderConnection worker = worker();
    String other = f.startSession("beta");
    worker.drain();

    worker.send(new Push(null, other, "sneaky", null, PushLevel.INJECT, null, null));
    worker.next(ErrorMessage.class);

    Decision push = only(DecisionKind.PUSH);
    assertThat(push.outcome()).isEqualTo(Outcome.REFUSED);
    assertThat(push.code()).isEqualTo("INVALID_SESSION");
  }

  @Test
  void aGatewayNobodyAuditsBuildsNoDecision() {
    GatewayFixture quiet = GatewayFixture.create();
    try {
      String s = quiet.startSession("quiet");
      RecordingProviderConnection worker = quiet.bound("worker", s, tool("fast"));
      var call = quiet.call(s, "fast", "{}");
      worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("1")));
      assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Success.class);
    } finally {
      quiet.close();
    }
  }

  private static String sha256(String json) throws Exception {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256").digest(json.getBytes(StandardCharsets.UTF_8)));
  }
}
