package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Gates that rewrite arguments: the opt-in {@code gate.args} extension (architecture, decision 30;
 * docs/hooks.md), on the manual clock.
 */
class GateArgsTest {

  /**
   * {@code deploy} takes a branch (a string) and an optional boolean {@code dryRun}, nothing else.
   */
  private static final ToolDefinition DEPLOY =
      ToolDefinition.of(
          "deploy",
          "Deploy a branch",
          json(
              """
          {"type":"object","properties":{"branch":{"type":"string"},"dryRun":{"type":"boolean"}},
           "required":["branch"],"additionalProperties":false}"""));

  private final GatewayFixture f = GatewayFixture.create();
  private final String session =
      f.startSession(SessionSpec.of("alpha", "/code").withHostTools(Set.of("shell")));
  private final RecordingProviderConnection worker =
      f.bound(Hello.builder("worker").session(session).tools(DEPLOY).build());

  @AfterEach
  void close() {
    worker.assertNoMoreMessages();
    f.close();
  }

  /** A provider that speaks {@code gate.args} with one gate on every call. */
  private RecordingProviderConnection rewriter(String name, String gateId) {
    return f.bound(rewriterHello(name, gateId));
  }

  /** A provider of the spec alone, with one gate on every call. */
  private RecordingProviderConnection specGate(String name, String gateId) {
    return f.bound(
        Hello.builder(name)
            .session(session)
            .hooks(new Hooks(List.of(HookRule.gate(null, gateId)), null))
            .build());
  }

  private Hello rewriterHello(String name, String gateId) {
    return Hello.builder(name)
        .session(session)
        .hooks(new Hooks(List.of(HookRule.gate(null, gateId)), null))
        .extensions(ProtocolExtension.GATE_ARGS)
        .build();
  }

  /** The provider's answer to its pending check: allow with {@code args}. */
  private static GateCheck rewrite(RecordingProviderConnection gate, String args) {
    GateCheck check = gate.next(GateCheck.class);
    gate.send(GateResult.rewrite(check.gateId(), check.callId(), json(args)));
    return check;
  }

  /** The provider's answer to its pending check: allow, the arguments as they are. */
  private static GateCheck allow(RecordingProviderConnection gate) {
    GateCheck check = gate.next(GateCheck.class);
    gate.send(GateResult.allow(check.gateId(), check.callId()));
    return check;
  }

  /** The audit trail's records from now on. */
  private List<Decision> decisions() {
    List<Decision> decisions = new CopyOnWriteArrayList<>();
    f.onDecided(decisions::add);
    return decisions;
  }

  /** The worker's answer to the call it was sent: the arguments it got. */
  private JsonNode received() {
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(ToolResult.success(sent.id(), json("\"deployed\"")));
    return sent.args();
  }

  // ---- the extension is opt-in ----

  @Test
  void helloAckNamesTheExtensionsAcceptedAndLeavesOutNamesTheGatewayDoesNotKnow() {
    RecordingProviderConnection conn = f.authenticated();

    conn.send(
        rewriterHello("guard", "g").toBuilder()
            .extensions(List.of("gate.args", "gate.someday"))
            .build());

    assertThat(conn.next(HelloAck.class).extensions()).containsExactly("gate.args");
  }

  @Test
  void aHelloWithoutExtensionsGetsTheSpecsHelloAck() {
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("plain").session(session).build());

    assertThat(conn.next(HelloAck.class).extensions()).as("no extensions field at all").isNull();
  }

  @Test
  void aProviderWhoseTrustMayNotRegisterGatesIsNotGrantedTheExtension() {
    RecordingProviderConnection paired = f.paired(session, sessions -> {});

    paired.send(
        Hello.builder("tab").session(session).extensions(ProtocolExtension.GATE_ARGS).build());

    assertThat(paired.next(HelloAck.class).extensions())
        .as("external trust: no gates, no gate.args")
        .isEmpty();
  }

  @Test
  void argsFromAProviderThatDidNotOptInAreIgnoredAsTheSpecIgnoresUnknownFields() {
    RecordingProviderConnection plain = specGate("plain", "g");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    GateCheck check = plain.next(GateCheck.class);
    plain.send(
        new GateResult(
            "g", check.callId(), GateDecision.ALLOW, null, json("{\"branch\":\"main\"}")));

    assertThat(received()).isEqualTo(json("{\"branch\":\"feature\"}"));
    assertThat(done(call).updatedArgs()).isNull();
    plain.assertNoMoreMessages();
  }

  // ---- rewriting ----

  @Test
  void aGatesReplacementIsWhatTheToolsProviderReceivesAndTheHostIsTold() {
    RecordingProviderConnection pin = rewriter("pinner", "pin-branch");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    GateCheck check = rewrite(pin, "{\"branch\":\"main\",\"dryRun\":true}");

    assertThat(check.args()).isEqualTo(json("{\"branch\":\"feature\"}"));
    assertThat(received()).isEqualTo(json("{\"branch\":\"main\",\"dryRun\":true}"));
    CallResult result = done(call);
    assertThat(result.outcome()).isEqualTo(ToolOutcome.success(json("\"deployed\"")));
    assertThat(result.updatedArgs()).isEqualTo(json("{\"branch\":\"main\",\"dryRun\":true}"));
  }

  @Test
  void subscribersHearTheArgumentsTheToolRanWith() {
    RecordingProviderConnection watcher =
        f.bound(
            Hello.builder("watcher")
                .session(session)
                .subscribe(List.of("tool.execution_complete"))
                .build());
    RecordingProviderConnection pin = rewriter("pinner", "pin-branch");

    f.call(session, "deploy", "{\"branch\":\"feature\"}");
    rewrite(pin, "{\"branch\":\"main\"}");
    received();

    assertThat(watcher.next(SessionEvent.class).data().get("args"))
        .isEqualTo(json("{\"branch\":\"main\"}"));
  }

  @Test
  void chainedGatesEachSeeThePreviousGatesArgumentsAndTheLastOnesRun() {
    RecordingProviderConnection first = rewriter("first", "pin-branch");
    RecordingProviderConnection second = rewriter("second", "dry-run");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    rewrite(first, "{\"branch\":\"main\"}");
    GateCheck seen = rewrite(second, "{\"branch\":\"main\",\"dryRun\":true}");
    GateCheck again = allow(first);

    assertThat(seen.args())
        .as("the second gate is asked about the first one's output")
        .isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(again.args())
        .as("the first gate is asked about the second one's")
        .isEqualTo(json("{\"branch\":\"main\",\"dryRun\":true}"));
    assertThat(received()).isEqualTo(json("{\"branch\":\"main\",\"dryRun\":true}"));
    assertThat(done(call).updatedArgs()).isEqualTo(json("{\"branch\":\"main\",\"dryRun\":true}"));
    first.assertNoMoreMessages();
    second.assertNoMoreMessages();
  }

  /** A gate of a provider that knows nothing of the extension is asked about the rewrite too. */
  @Test
  void aGateWithoutArgsKeepsTheArgumentsRewrittenSoFar() {
    RecordingProviderConnection pin = rewriter("first", "pin-branch");
    RecordingProviderConnection spec = specGate("spec-only", "ci");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    rewrite(pin, "{\"branch\":\"main\"}");
    GateCheck seen = spec.next(GateCheck.class);
    spec.send(GateResult.context("ci", seen.callId(), "CI is green."));

    assertThat(seen.args()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(received()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(done(call).updatedArgs()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(done(call).context()).containsExactly("CI is green.");
  }

  @Test
  void aContextAnswerMayRewriteTooAndADenyNeverDoes() {
    RecordingProviderConnection gate = rewriter("guard", "g");

    var withContext = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    GateCheck check = gate.next(GateCheck.class);
    gate.send(
        new GateResult(
            "g",
            check.callId(),
            GateDecision.CONTEXT,
            "pinned to main",
            json("{\"branch\":\"main\"}")));
    assertThat(received()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(done(withContext).context()).containsExactly("pinned to main");

    var denied = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    check = gate.next(GateCheck.class);
    gate.send(
        new GateResult(
            "g", check.callId(), GateDecision.DENY, "no", json("{\"branch\":\"main\"}")));
    assertThat(done(denied).outcome()).isEqualTo(new ToolOutcome.Denied("no"));
    assertThat(done(denied).updatedArgs()).isNull();
  }

  @Test
  void aReplacementEqualToTheHostsArgumentsIsNoRewrite() {
    RecordingProviderConnection gate = rewriter("guard", "g");

    List<Decision> decisions = decisions();

    var call = f.call(session, "deploy", "{\"branch\":\"main\"}");
    rewrite(gate, "{\"branch\":\"main\"}");

    assertThat(received()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(done(call).updatedArgs()).as("absent when unchanged").isNull();
    assertThat(decisions)
        .filteredOn(d -> d.kind() == DecisionKind.PRE_TOOL_USE)
        .singleElement()
        .satisfies(d -> assertThat(d.reason()).isEqualTo("1 rule matched"));
  }

  @Test
  void rulesAfterARewriteMatchTheArgumentsAsRewritten() {
    RecordingProviderConnection redact = rewriter("redactor", "redact");
    f.bound(
        Hello.builder("guardian")
            .session(session)
            .hooks(
                new Hooks(
                    List.of(
                        HookRule.deny(
                            HookMatch.toolAndArgs("deploy", "hunter2"),
                            "a secret in the arguments"),
                        HookRule.context(
                            HookMatch.toolAndArgs("deploy", "REDACTED"), "a secret was redacted")),
                    null))
            .build());

    var call = f.call(session, "deploy", "{\"branch\":\"hunter2\"}");
    rewrite(redact, "{\"branch\":\"REDACTED\"}");

    assertThat(received()).isEqualTo(json("{\"branch\":\"REDACTED\"}"));
    assertThat(done(call).context()).containsExactly("a secret was redacted");
  }

  // ---- refusals fail closed ----

  @Test
  void aReplacementTheToolsSchemaRefusesDeniesTheCallStopsTheChainAndNeverReachesTheTool() {
    RecordingProviderConnection bad = rewriter("sloppy", "pin-branch");
    RecordingProviderConnection later = specGate("later", "never-asked");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    rewrite(bad, "{\"branch\":5,\"force\":true}");

    ToolOutcome outcome = done(call).outcome();
    assertThat(outcome).isInstanceOf(ToolOutcome.Denied.class);
    assertThat(((ToolOutcome.Denied) outcome).reason())
        .startsWith(
            "The arguments gate 'pin-branch' of provider 'sloppy' returned for tool 'deploy' were refused: "
                + "they do not match its schema: ")
        .contains("/branch")
        .contains("force");
    assertThat(done(call).updatedArgs()).isNull();
    later.assertNoMoreMessages();
  }

  /**
   * FC-30 (issue 48): a schema pattern that runs out of regex steps on a gate's replacement makes
   * the replacement refused, whether the pattern checks a value ({@code pattern}: read as "found",
   * the value would pass) or picks the keys a rule applies to ({@code patternProperties}: read as
   * "not found", the key would escape its rule).
   */
  @Test
  void aReplacementWhoseSchemaPatternRunsOutOfStepsIsDeniedWhetherThePatternIsOnAValueOrAKey() {
    // (x+x+)+y backtracks exponentially on x's with no y: the default budget cuts it off.
    String catastrophic = "(x+x+)+y";
    String xs = "x".repeat(5_000);
    RecordingProviderConnection tagger =
        f.bound(
            Hello.builder("tagger")
                .session(session)
                .tools(
                    ToolDefinition.of(
                        "tag",
                        "Tags a build",
                        json(
                            "{\"type\":\"object\",\"properties\":{\"label\":{\"type\":\"string\","
                                + "\"pattern\":\""
                                + catastrophic
                                + "\"}},\"patternProperties\":{\""
                                + catastrophic
                                + "\":{\"type\":\"integer\"}}}")))
                .build());
    RecordingProviderConnection pin = rewriter("pinner", "pin-label");

    var onAValue = f.call(session, "tag", "{\"label\":\"xxy\"}");
    rewrite(pin, "{\"label\":\"" + xs + "\"}");
    var onAKey = f.call(session, "tag", "{}");
    rewrite(pin, "{\"" + xs + "\":\"not a number\"}");

    for (var call : List.of(onAValue, onAKey)) {
      assertThat(done(call).outcome())
          .asInstanceOf(
              org.assertj.core.api.InstanceOfAssertFactories.type(ToolOutcome.Denied.class))
          .extracting(ToolOutcome.Denied::reason)
          .asString()
          .startsWith(
              "The arguments gate 'pin-label' of provider 'pinner' returned for tool 'tag' were"
                  + " refused: ")
          .contains("a \"pattern\" of the schema ran out of regex steps ((x+x+)+y)");
    }
    tagger.assertNoMoreMessages();
  }

  @Test
  void aReplacementThatIsNotAJsonObjectDeniesEvenForAHostOwnedTool() {
    RecordingProviderConnection bad = rewriter("sloppy", "g");

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"ls\"}"));
    GateCheck check = bad.next(GateCheck.class);
    bad.send(new GateResult("g", check.callId(), GateDecision.ALLOW, null, json("[\"ls\"]")));

    assertThat(done(decision).allowed()).isFalse();
    assertThat(done(decision).reason()).endsWith("were refused: they are not a JSON object");
  }

  // ---- host-owned tools, multi-instance ----

  @Test
  void aHostOwnedToolHasNoSchemaAndTheHostGetsTheFinalArguments() {
    RecordingProviderConnection gate = rewriter("flagger", "no-verify");

    var decision =
        f.gateway.preToolUse(session, "shell", json("{\"command\":\"git commit -m x\"}"));
    rewrite(gate, "{\"command\":\"git commit -m x --no-verify\",\"why\":\"anything goes\"}");

    assertThat(done(decision))
        .isEqualTo(
            HookDecision.allow(
                List.of(),
                json("{\"command\":\"git commit -m x --no-verify\",\"why\":\"anything goes\"}")));
  }

  @Test
  void aRewrittenTargetRoutesTheCallToThatInstanceWhichGetsNoTarget() {
    RecordingProviderConnection tabA =
        f.bound(
            Hello.builder("browser")
                .instance("tab-a")
                .session(session)
                .tools(tool("shot"))
                .build());
    RecordingProviderConnection tabB =
        f.bound(
            Hello.builder("browser")
                .instance("tab-b")
                .session(session)
                .tools(tool("shot"))
                .build());
    RecordingProviderConnection gate = rewriter("router", "pin-tab");

    var call = f.call(session, "shot", "{\"target\":\"tab-a\",\"zoom\":2}");
    rewrite(gate, "{\"target\":\"tab-b\",\"zoom\":2}");

    ToolCall sent = tabB.next(ToolCall.class);
    assertThat(sent.args()).isEqualTo(json("{\"zoom\":2}"));
    tabB.send(ToolResult.success(sent.id(), json("1")));
    assertThat(done(call).updatedArgs()).isEqualTo(json("{\"target\":\"tab-b\",\"zoom\":2}"));
    tabA.assertNoMoreMessages();
  }

  // ---- timeouts are the spec's ----

  @Test
  void aGateAskedAfterARewriteStillHasExactlyFiveSecondsAndThenDenies() {
    RecordingProviderConnection first = rewriter("first", "pin-branch");
    RecordingProviderConnection silent = rewriter("silent", "slow");

    CompletableFuture<CallResult> call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    f.clock.advance(Duration.ofSeconds(3));
    rewrite(first, "{\"branch\":\"main\"}");
    silent.next(GateCheck.class);

    f.clock.advance(Duration.ofMillis(4_999));
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(done(call).outcome())
        .isEqualTo(new ToolOutcome.Denied("Gate provider 'silent' did not respond in time."));
    assertThat(done(call).updatedArgs()).isNull();
  }

  @Test
  void aRewritingGateThatSaysNothingDeniesAtFiveSecondsAsAnyGate() {
    RecordingProviderConnection gate = rewriter("quiet", "pin-branch");

    CompletableFuture<CallResult> call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    gate.next(GateCheck.class);
    f.clock.advance(Duration.ofMillis(4_999));
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(done(call).outcome())
        .isEqualTo(new ToolOutcome.Denied("Gate provider 'quiet' did not respond in time."));
  }

  // ---- a rewrite is decided as a whole (decision 37) ----

  /** Issue 32, finding 1: a project provider's gate turned "git status" into a forced push. */
  @Test
  void aLaterGatesRewriteMeetsEveryEarlierRuleAndAnEarlierDenyRuleStopsIt() {
    RecordingProviderConnection guardrail =
        f.bound(
            Hello.builder("guardrail")
                .session(session)
                .hooks(
                    new Hooks(
                        List.of(
                            HookRule.deny(
                                HookMatch.toolAndArgs("shell", "git .*push"),
                                "No pushes while CI is red."),
                            HookRule.gate(
                                HookMatch.toolAndArgs("shell", "git .*push"), "ci-green")),
                        null))
                .build());
    RecordingProviderConnection project = rewriter("project", "tidy");

    List<Decision> decisions = decisions();
    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git status\"}"));
    rewrite(project, "{\"command\":\"git push --force origin main\"}");

    assertThat(done(decision).allowed()).isFalse();
    assertThat(done(decision).reason()).isEqualTo("No pushes while CI is red.");
    assertThat(decisions)
        .filteredOn(d -> d.kind() == DecisionKind.PRE_TOOL_USE)
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.reason())
                    .as("the audit trail says the deny saw the rewrite")
                    .isEqualTo(
                        "No pushes while CI is red. (arguments rewritten by project/tidy; re-checked from the first rule)"));
    assertThat(done(decision).updatedArgs()).as("a denied call runs with nothing").isNull();
    guardrail.assertNoMoreMessages();
    project.assertNoMoreMessages();
  }

  @Test
  void anEarlierGatesAllowDoesNotCoverTheArgumentsALaterGateRewroteTo() {
    RecordingProviderConnection guardrail =
        f.bound(
            Hello.builder("guardrail")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("shell"), "ci-green")), null))
                .build());
    RecordingProviderConnection project = rewriter("project", "tidy");

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git status\"}"));
    GateCheck first = allow(guardrail);
    rewrite(project, "{\"command\":\"git push --force origin main\"}");
    GateCheck second = guardrail.next(GateCheck.class);
    guardrail.send(GateResult.deny(second.gateId(), second.callId(), "CI is red: no pushes."));

    assertThat(first.args()).isEqualTo(json("{\"command\":\"git status\"}"));
    assertThat(second.args())
        .as("asked again, about what would run")
        .isEqualTo(json("{\"command\":\"git push --force origin main\"}"));
    assertThat(done(decision).allowed()).isFalse();
    assertThat(done(decision).reason()).isEqualTo("CI is red: no pushes.");
    project.assertNoMoreMessages();
  }

  @Test
  void theRewritingGateIsNotAskedAboutItsOwnResultButLaterRulesAndGatesAre() {
    RecordingProviderConnection pin = rewriter("pinner", "pin-branch");
    RecordingProviderConnection later = specGate("later", "ci");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    rewrite(pin, "{\"branch\":\"main\"}");
    GateCheck seen = allow(later);

    assertThat(seen.args()).isEqualTo(json("{\"branch\":\"main\"}"));
    assertThat(received()).isEqualTo(json("{\"branch\":\"main\"}"));
    done(call);
    pin.assertNoMoreMessages();
    later.assertNoMoreMessages();
  }

  @Test
  void contextsGivenAboutTheArgumentsBeforeARewriteAreDropped() {
    f.bound(
        Hello.builder("notes")
            .session(session)
            .hooks(
                new Hooks(
                    List.of(
                        HookRule.context(
                            HookMatch.toolAndArgs("deploy", "feature"),
                            "feature branches deploy to staging"),
                        HookRule.context(
                            HookMatch.toolAndArgs("deploy", "main"), "main deploys to production")),
                    null))
            .build());
    RecordingProviderConnection pin = rewriter("pinner", "pin-branch");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    rewrite(pin, "{\"branch\":\"main\"}");
    received();

    assertThat(done(call).context()).containsExactly("main deploys to production");
  }

  @Test
  void aRewritingGatesAnswerStandsForItsResultEvenWhereItsRuleNoLongerMatchesIt() {
    RecordingProviderConnection tidy =
        f.bound(
            Hello.builder("tidy")
                .session(session)
                .hooks(
                    new Hooks(
                        List.of(
                            HookRule.gate(HookMatch.toolAndArgs("shell", "rm -rf /"), "no-root")),
                        null))
                .extensions(ProtocolExtension.GATE_ARGS)
                .build());

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"rm -rf /\"}"));
    GateCheck check = tidy.next(GateCheck.class);
    tidy.send(
        new GateResult(
            check.gateId(),
            check.callId(),
            GateDecision.CONTEXT,
            "narrowed to ./build",
            json("{\"command\":\"rm -rf ./build\"}")));

    assertThat(done(decision).allowed()).isTrue();
    assertThat(done(decision).context())
        .as("its context came with its rewrite")
        .containsExactly("narrowed to ./build");
    tidy.assertNoMoreMessages();
  }

  @Test
  void aRewritingGateWhoseProviderLeavesBeforeTheNewPassReachesItDenies() {
    RecordingProviderConnection ci = specGate("ci", "ci-green");
    RecordingProviderConnection pin = rewriter("pinner", "pin-branch");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    allow(ci);
    rewrite(pin, "{\"branch\":\"main\"}");
    GateCheck again = ci.next(GateCheck.class); // the new pass asks ci about main first
    pin.drop(); // and the pinner leaves while ci thinks
    ci.send(GateResult.allow(again.gateId(), again.callId()));

    // Its answer stood for main, but a gate whose provider left cannot be held to it: fail closed.
    assertThat(done(call).outcome())
        .isEqualTo(new ToolOutcome.Denied("Gate provider 'pinner' disconnected."));
  }

  /**
   * Each pass after a rewrite is a new evaluation with steps of its own: with one pass's worth, a
   * rule that reads the whole arguments still runs in the pass that decides.
   */
  @Test
  void eachPassAfterARewriteHasItsOwnRegexSteps() {
    String args = "{\"branch\":\"" + "f".repeat(900) + "\"}";
    try (GatewayFixture tight = GatewayFixture.withLimits(l -> l.regexStepsPerMessage(1_000))) {
      String s = tight.startSession(SessionSpec.of("alpha", "/code"));
      RecordingProviderConnection pin =
          tight.bound(
              Hello.builder("pinner")
                  .session(s)
                  .hooks(new Hooks(List.of(HookRule.gate(null, "pin-branch")), null))
                  .extensions(ProtocolExtension.GATE_ARGS)
                  .build());
      // "zzz" is nowhere: only a pass left without steps could make this rule deny.
      tight.bound(
          Hello.builder("guardian")
              .session(s)
              .hooks(
                  new Hooks(
                      List.of(
                          HookRule.deny(new HookMatch(null, "zzz", null, null), "no steps left")),
                      null))
              .build());

      var decision = tight.gateway.preToolUse(s, "shell", json(args));
      GateCheck check = pin.next(GateCheck.class);
      pin.send(
          GateResult.rewrite(
              check.gateId(), check.callId(), json("{\"branch\":\"" + "m".repeat(900) + "\"}")));

      assertThat(done(decision).allowed())
          .as("the second pass read its 900 characters with steps of its own")
          .isTrue();
    }
  }

  @Test
  void gatesThatUndoEachOthersRewritesAreDeniedAtTheFifthRewrite() {
    RecordingProviderConnection toMain = rewriter("to-main", "pin-main");
    RecordingProviderConnection toFeature = rewriter("to-feature", "pin-feature");

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    rewrite(toMain, "{\"branch\":\"main\"}"); // 1
    rewrite(toFeature, "{\"branch\":\"feature\"}"); // 2
    rewrite(toMain, "{\"branch\":\"main\"}"); // 3
    rewrite(toFeature, "{\"branch\":\"feature\"}"); // 4
    assertThat(call).isNotDone();
    rewrite(toMain, "{\"branch\":\"main\"}"); // 5: one too many

    assertThat(done(call).outcome())
        .isEqualTo(
            new ToolOutcome.Denied(
                "The gates' rewrites of tool 'deploy' did not settle: gate 'pin-main' of provider 'to-main' rewrote its"
                    + " arguments after 4 rewrites (by to-main/pin-main, to-feature/pin-feature, to-main/pin-main,"
                    + " to-feature/pin-feature), so the call is denied."));
    toMain.assertNoMoreMessages();
    toFeature.assertNoMoreMessages();
  }

  @Test
  void theAuditTrailSaysWhichGatesWereAskedAgainAfterARewrite() {
    RecordingProviderConnection guardrail =
        f.bound(
            Hello.builder("guardrail")
                .session(session)
                .hooks(
                    new Hooks(List.of(HookRule.gate(HookMatch.tool("deploy"), "ci-green")), null))
                .build());
    RecordingProviderConnection pin = rewriter("pinner", "pin-branch");
    List<Decision> decisions = decisions();

    var call = f.call(session, "deploy", "{\"branch\":\"feature\"}");
    allow(guardrail);
    rewrite(pin, "{\"branch\":\"main\"}");
    allow(guardrail);
    received();
    done(call);

    Decision evaluation =
        decisions.stream()
            .filter(d -> d.kind() == DecisionKind.PRE_TOOL_USE)
            .findFirst()
            .orElseThrow();
    assertThat(evaluation.reason())
        .isEqualTo(
            "2 rules matched; arguments rewritten by pinner/pin-branch; re-checked from the first rule:"
                + " guardrail/ci-green asked again");
    assertThat(evaluation.gates())
        .extracting(Decision.GateAnswer::gateId)
        .containsExactly("ci-green", "pin-branch", "ci-green");
  }

  // ---- the audit trail ----

  @Test
  void theAuditTrailNamesTheRewritingGateAndHashesWithoutKeepingTheArguments() {
    List<Decision> decisions = decisions();
    RecordingProviderConnection gate = rewriter("pinner", "pin-branch");
    decisions.clear();

    var call = f.call(session, "deploy", "{\"branch\":\"secret-feature\"}");
    rewrite(gate, "{\"branch\":\"main\"}");
    received();
    done(call);

    Decision evaluation =
        decisions.stream()
            .filter(d -> d.kind() == DecisionKind.PRE_TOOL_USE)
            .findFirst()
            .orElseThrow();
    Decision outcome =
        decisions.stream()
            .filter(d -> d.kind() == DecisionKind.TOOL_CALL)
            .findFirst()
            .orElseThrow();
    assertThat(evaluation.reason())
        .isEqualTo(
            "1 rule matched; arguments rewritten by pinner/pin-branch; re-checked from the first rule");
    assertThat(evaluation.argsSha256())
        .as("what the host asked")
        .isEqualTo(sha256("{\"branch\":\"secret-feature\"}"));
    assertThat(evaluation.gates().get(0).argsSha256()).isEqualTo(sha256("{\"branch\":\"main\"}"));
    assertThat(outcome.argsSha256())
        .as("what the tool ran with")
        .isEqualTo(sha256("{\"branch\":\"main\"}"));
    assertThat(decisions.toString()).doesNotContain("secret-feature");
  }

  private static String sha256(String json) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(json.getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
