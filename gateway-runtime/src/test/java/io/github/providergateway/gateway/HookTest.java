package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingGatewayListener;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.RegexSteps;
import io.github.providergateway.protocol.ToolCall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pre-tool hooks: deny, context and gate rules (spec: Hook rules — declarative API). */
class HookTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session =
      f.startSession(SessionSpec.of("alpha", "/code").withHostTools(Set.of("shell", "edit")));
  private final RecordingProviderConnection worker =
      f.bound("worker", session, tool("deploy"), tool("status"));

  @AfterEach
  void close() {
    f.close();
  }

  private RecordingProviderConnection guard(String name, HookRule... rules) {
    return f.bound(
        Hello.builder(name).session(session).hooks(new Hooks(List.of(rules), null)).build());
  }

  private static ToolOutcome outcome(java.util.concurrent.CompletableFuture<CallResult> call) {
    return done(call).outcome();
  }

  // ---- static rules ----

  @Test
  void aMatchingDenyRuleBlocksTheCallAndTheProviderNeverSeesIt() {
    guard("guardian", HookRule.deny(HookMatch.tool("deploy"), "Deploys are frozen"));

    var call = f.call(session, "deploy", "{}");

    assertThat(outcome(call)).isEqualTo(new ToolOutcome.Denied("Deploys are frozen"));
    worker.assertNoMoreMessages();
  }

  @Test
  void aContextRuleLetsTheCallRunAndAddsItsContentWithoutAskingAnyone() {
    RecordingProviderConnection guardian =
        guard("guardian", HookRule.context(HookMatch.tool("deploy"), "Remember the changelog."));

    var call = f.call(session, "deploy", "{}");
    guardian.assertNoMoreMessages();
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(io.github.providergateway.protocol.ToolResult.success(sent.id(), json("\"ok\"")));

    assertThat(done(call).context()).containsExactly("Remember the changelog.");
    assertThat(outcome(call).status()).isEqualTo(ToolOutcome.Status.SUCCESS);
  }

  @Test
  void argsRegexIsFoundAnywhereInTheStringifiedArguments() {
    guard("guardian", HookRule.deny(HookMatch.toolAndArgs("shell", "git push"), "CI is red"));

    HookDecision push =
        done(
            f.gateway.preToolUse(
                session, "shell", json("{\"command\":\"cd x && git push origin main\"}")));
    HookDecision status =
        done(f.gateway.preToolUse(session, "shell", json("{\"command\":\"git status\"}")));

    assertThat(push.allowed()).isFalse();
    assertThat(push.reason()).isEqualTo("CI is red");
    assertThat(status.allowed()).isTrue();
  }

  @Test
  void argsAreStringifiedExactlyAsJavaScriptWould() {
    guard(
        "guardian",
        HookRule.deny(
            new HookMatch(null, "^\\{\"b\":1,\"a\":\"é\\\\n\",\"c\":1e\\+21\\}$", null, null),
            "exact"));

    HookDecision decision =
        done(
            f.gateway.preToolUse(
                session, "anything", json("{\"b\":1.0,\"a\":\"é\\n\",\"c\":1e21}")));

    assertThat(decision.allowed()).isFalse();
  }

  @Test
  void theFirst64KibOfTheArgumentsTakePartInMatchingAndNotOneCharacterMore() {
    guard("guardian", HookRule.deny(new HookMatch(null, "NEEDLE", null, null), "found"));
    String prefix = "{\"a\":\""; // the stringified args start with these 6 characters
    int fill = 64 * 1024 - prefix.length() - "NEEDLE".length();

    HookDecision endingAtTheLimit =
        done(f.gateway.preToolUse(session, "t", json(prefix + "x".repeat(fill) + "NEEDLE\"}")));
    HookDecision endingOnePast =
        done(f.gateway.preToolUse(session, "t", json(prefix + "x".repeat(fill + 1) + "NEEDLE\"}")));

    assertThat(endingAtTheLimit.allowed()).as("NEEDLE ends on character 65,536").isFalse();
    assertThat(endingOnePast.allowed()).as("its last E is character 65,537").isTrue();
  }

  @Test
  void providerMatchLimitsARuleToThatProvidersTools() {
    guard("guardian", HookRule.deny(new HookMatch(null, null, "worker", null), "no worker tools"));

    assertThat(outcome(f.call(session, "deploy", "{}"))).isInstanceOf(ToolOutcome.Denied.class);
    assertThat(done(f.gateway.preToolUse(session, "shell", json("{}"))).allowed())
        .as("host-owned tools have no provider")
        .isTrue();
  }

  @Test
  void fileMatchIsAGlobOnThePathFileOrFilePathArgument() {
    guard(
        "guardian",
        new HookRule(
            new HookMatch("edit", null, null, "*.sql"),
            HookAction.CONTEXT,
            null,
            "This is a migration file. Ensure backward compatibility.",
            null,
            null));

    assertThat(
            done(f.gateway.preToolUse(
                    session, "edit", json("{\"path\":\"db/migrations/001.sql\"}")))
                .context())
        .containsExactly("This is a migration file. Ensure backward compatibility.");
    assertThat(
            done(f.gateway.preToolUse(session, "edit", json("{\"filePath\":\"a.SQL.txt\"}")))
                .context())
        .isEmpty();
    assertThat(done(f.gateway.preToolUse(session, "edit", json("{\"file\":\"x.sql\"}"))).context())
        .hasSize(1);
    assertThat(
            done(f.gateway.preToolUse(session, "edit", json("{\"content\":\"x.sql\"}"))).context())
        .as("no file argument: no match")
        .isEmpty();
  }

  @Test
  void rulesOfSeveralProvidersRunInRegistrationOrderAndContextsAccumulate() {
    // Names sort the other way round: registration order, not name order, decides.
    guard("zeta", HookRule.context(HookMatch.tool("deploy"), "one"));
    guard(
        "alpha",
        HookRule.context(HookMatch.tool("deploy"), "two"),
        HookRule.context(null, "three"));

    HookDecision decision = done(f.gateway.preToolUse(session, "deploy", json("{}")));

    assertThat(decision.context()).containsExactly("one", "two", "three");
  }

  @Test
  void theFirstDenyDecidesAndLaterRulesAreNotEvaluated() {
    guard("first", HookRule.context(null, "before"), HookRule.deny(null, "stop"));
    RecordingProviderConnection later = guard("later", HookRule.gate(null, "never-asked"));

    HookDecision decision = done(f.gateway.preToolUse(session, "deploy", json("{}")));

    assertThat(decision.allowed()).isFalse();
    assertThat(decision.context()).containsExactly("before");
    later.assertNoMoreMessages();
  }

  @Test
  void rulesApplyOnlyInTheProvidersBoundSession() {
    String other = f.startSession("beta");
    worker.drain();
    guard("guardian", HookRule.deny(null, "alpha only"));

    assertThat(done(f.gateway.preToolUse(other, "shell", json("{}"))).allowed()).isTrue();
  }

  @Test
  void hooksUpdateReplacesTheRuleListOnlyWhenItCarriesOne() {
    RecordingProviderConnection guardian = guard("guardian", HookRule.deny(null, "old"));

    guardian.send(new HooksUpdate(null, null, new Hooks(null, java.util.Map.of())));
    assertThat(done(f.gateway.preToolUse(session, "x", json("{}"))).reason()).isEqualTo("old");

    guardian.send(
        new HooksUpdate(null, null, new Hooks(List.of(HookRule.context(null, "new")), null)));
    HookDecision decision = done(f.gateway.preToolUse(session, "x", json("{}")));
    assertThat(decision.allowed()).isTrue();
    assertThat(decision.context()).containsExactly("new");
  }

  // ---- registration checks ----

  @Test
  void aHooksUpdateIsCheckedLikeAHelloAndARefusedOneChangesNothing() {
    RecordingProviderConnection guardian = guard("guardian", HookRule.deny(null, "old"));
    List<HookRule> fiftyOne = new ArrayList<>();
    for (int i = 0; i < 51; i++) {
      fiftyOne.add(HookRule.deny(null, "new " + i));
    }

    guardian.send(new HooksUpdate("too-many", null, new Hooks(fiftyOne, null)));
    assertThat(guardian.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    guardian.send(
        new HooksUpdate(
            "bad-regex",
            null,
            new Hooks(
                List.of(
                    new HookRule(
                        HookMatch.toolAndArgs("shell", "(unclosed"),
                        HookAction.GATE,
                        null,
                        null,
                        "g1",
                        null)),
                null)));
    assertThat(guardian.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    guardian.send(
        new HooksUpdate(
            "long-glob",
            null,
            new Hooks(
                List.of(
                    new HookRule(
                        new HookMatch(null, null, null, "a".repeat(1025)),
                        HookAction.GATE,
                        null,
                        null,
                        "g1",
                        null)),
                null)));
    assertThat(guardian.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

    assertThat(done(f.gateway.preToolUse(session, "x", json("{}"))).reason())
        .as("the rules from before every refused update")
        .isEqualTo("old");
    guardian.send(new HooksUpdate("fifty", null, new Hooks(fiftyOne.subList(1, 51), null)));
    assertThat(guardian.next(io.github.providergateway.protocol.Ack.class).requestId())
        .isEqualTo("fifty");
  }

  @Test
  void anInvalidRegexIsRefusedAtRegistrationNamingTheRule() {
    RecordingProviderConnection conn = f.authenticated();

    conn.send(
        Hello.builder("broken")
            .session(session)
            .hooks(
                new Hooks(
                    List.of(
                        new HookRule(
                            HookMatch.toolAndArgs("shell", "(unclosed"),
                            HookAction.GATE,
                            null,
                            null,
                            "g1",
                            null)),
                    null))
            .build());

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message()).contains("onPreToolUse[0]").contains("g1").contains("match.args");
  }

  @Test
  void aHooksUpdateWithAnInvalidRegexIsRefusedAndTheRulesBeforeItStay() {
    RecordingProviderConnection guardian = guard("guardian", HookRule.deny(null, "old"));

    guardian.send(
        new HooksUpdate(
            null,
            null,
            new Hooks(
                List.of(HookRule.deny(HookMatch.toolAndArgs("x", "(unclosed"), "new")), null)));

    assertThat(guardian.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(done(f.gateway.preToolUse(session, "x", json("{}"))).reason()).isEqualTo("old");
  }

  @Test
  void aRegexOrGlobOfMoreThan1024CharactersIsTooLargeAnd1024AreAccepted() {
    RecordingProviderConnection conn = f.authenticated();
    String longest = "a".repeat(1024);

    conn.send(helloWithMatch("long-args", HookMatch.toolAndArgs("shell", longest + "a")));
    assertThat(conn.next(ErrorMessage.class))
        .satisfies(
            error -> {
              assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
              assertThat(error.message()).contains("match.args").contains("1025");
            });
    conn.send(helloWithMatch("long-glob", new HookMatch(null, null, null, longest + "a")));
    assertThat(conn.next(ErrorMessage.class).message()).contains("match.file").contains("1025");

    conn.send(helloWithMatch("longest", new HookMatch(null, longest, null, longest)));
    conn.next(io.github.providergateway.protocol.HelloAck.class);
  }

  private Hello helloWithMatch(String name, HookMatch match) {
    return Hello.builder(name)
        .session(session)
        .hooks(
            new Hooks(List.of(new HookRule(match, HookAction.GATE, null, null, "g1", null)), null))
        .build();
  }

  @Test
  void moreThanFiftyRulesAreTooLarge() {
    List<HookRule> rules = new ArrayList<>();
    for (int i = 0; i < 51; i++) {
      rules.add(HookRule.context(null, "c" + i));
    }
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("chatty").session(session).hooks(new Hooks(rules, null)).build());
    assertThat(conn.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

    conn.send(
        Hello.builder("chatty")
            .session(session)
            .hooks(new Hooks(rules.subList(0, 50), null))
            .build());
    conn.next(io.github.providergateway.protocol.HelloAck.class);
  }

  // ---- regex steps (issue 32, finding 9: work, not time) ----

  /**
   * A gateway whose matches may read {@code steps} characters each, with a guardian of {@code
   * rules}.
   */
  private static GatewayFixture guardedBy(int steps, HookRule... rules) {
    GatewayFixture fixture = GatewayFixture.withLimits(l -> l.regexStepsPerMatch(steps));
    String s = fixture.startSession("steps");
    fixture.bound(
        Hello.builder("guardian").session(s).hooks(new Hooks(List.of(rules), null)).build());
    return fixture;
  }

  private static HookDecision preToolUse(GatewayFixture fixture, String args) {
    String s = done(fixture.gateway.sessions()).get(0).id();
    return done(fixture.gateway.preToolUse(s, "t", json(args)));
  }

  /** 1,000 characters in which "zzz" is nowhere: a match reads them all to say so. */
  private static final String LONG_ARGS = "{\"a\":\"" + "b".repeat(1000) + "\"}";

  /** What finding {@code regex} in {@code args} reads, counted by the engine the gateway uses. */
  private static long steps(String regex, String args) {
    String text = io.github.providergateway.protocol.json.JsStringifier.stringify(json(args));
    return RegexSteps.find(RegexSteps.compile(regex), text, Long.MAX_VALUE).steps();
  }

  @Test
  void aMatchThatRunsOutOfStepsCountsAsMatchedForDenyRulesAndNotForContextRules() {
    try (GatewayFixture few =
        guardedBy(
            100,
            HookRule.context(new HookMatch(null, "zzz", null, null), "should not appear"),
            HookRule.deny(new HookMatch(null, "zzz", null, null), "a private key"))) {

      HookDecision decision = preToolUse(few, LONG_ARGS);

      // "zzz" is nowhere in the text: only the step budget can make the deny rule match. The
      // denial says it is a fail-safe one: the rule's reason would tell the agent its call holds
      // a private key (issue 47, row 5).
      assertThat(decision.allowed()).isFalse();
      assertThat(decision.reason())
          .startsWith("Not checked: a rule of provider 'guardian' could not be run")
          .doesNotContain("a private key");
      assertThat(decision.context()).isEmpty();
    }
  }

  /**
   * Issue 47, row 5: an agent's parallel tool calls (40 writes of 16 KiB at once) against one
   * provider's two credential rules are all decided by the rules, none denied for want of steps; a
   * burst four times as large is not (the allowance is a rate, not a blank cheque).
   */
  @Test
  void anAgentsBurstOfFortyParallelWritesIsDecidedInFullByTheRules() {
    try (GatewayFixture fixture = GatewayFixture.withLimits(l -> {})) {
      String s = fixture.startSession("burst");
      fixture.bound(
          Hello.builder("secrets")
              .session(s)
              .hooks(
                  new Hooks(
                      List.of(
                          HookRule.deny(
                              new HookMatch(null, "BEGIN RSA PRIVATE KEY", null, null),
                              "a private key"),
                          HookRule.deny(
                              new HookMatch(
                                  null,
                                  "(?i)(aws_secret_access_key|api[_-]?key|token|password|secret)\\s*[:=]\\s*['\"]?[A-Za-z0-9/+=]{16,}",
                                  null,
                                  null),
                              "a credential")),
                      null))
              .build());
      String write = "{\"path\":\"notes.md\",\"content\":\"" + "lorem ipsum ".repeat(1365) + "\"}";

      List<CompletableFuture<HookDecision>> burst = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        burst.add(fixture.gateway.preToolUse(s, "edit", json(write)).toCompletableFuture());
      }

      assertThat(burst)
          .extracting(decision -> done(decision).allowed())
          .as("every one of the 40 decided by the rules, which find nothing")
          .containsOnly(true);
      // The clock stands still: no refill. Past the bucket's four seconds' worth the rules go
      // unrun, and the denial says so.
      int more = 0;
      HookDecision last;
      do {
        last = done(fixture.gateway.preToolUse(s, "edit", json(write)));
        more++;
      } while (last.allowed() && more < 2_000);
      assertThat(last.allowed()).as("the allowance is a bound: %d more calls", more).isFalse();
      assertThat(last.reason()).startsWith("Not checked:");
    }
  }

  @Test
  void aGateRuleWhoseMatchRunsOutOfStepsAsksItsGate() {
    try (GatewayFixture few = GatewayFixture.withLimits(l -> l.regexStepsPerMatch(100))) {
      String s = few.startSession("steps");
      RecordingProviderConnection ci =
          few.bound(
              Hello.builder("ci-watcher")
                  .session(s)
                  .hooks(
                      new Hooks(
                          List.of(HookRule.gate(new HookMatch(null, "zzz", null, null), "ci")),
                          null))
                  .build());

      var decision = few.gateway.preToolUse(s, "t", json(LONG_ARGS));

      // "zzz" is nowhere in the text: only the step budget can make the gate rule match.
      GateCheck check = ci.next(GateCheck.class);
      assertThat(check.gateId()).isEqualTo("ci");
      assertThat(decision).isNotDone();
      ci.send(GateResult.deny("ci", check.callId(), "asked, since the match ran out of steps"));
      assertThat(done(decision).reason()).isEqualTo("asked, since the match ran out of steps");
    }
  }

  /**
   * The spec's deadline as a count: a match that needs exactly its budget finishes, one more step
   * does not.
   */
  @Test
  void aMatchIsStoppedOnceItWouldReadMoreThanItsStepsAndNotBefore() {
    HookRule deny = HookRule.deny(new HookMatch(null, "zzz", null, null), "stopped, so denied");
    int needed = Math.toIntExact(steps("zzz", LONG_ARGS));

    try (GatewayFixture exact = guardedBy(needed, deny);
        GatewayFixture oneShort = guardedBy(needed - 1, deny)) {
      HookDecision atTheBudget = preToolUse(exact, LONG_ARGS);
      HookDecision pastIt = preToolUse(oneShort, LONG_ARGS);

      assertThat(needed).as("every character read once, about").isBetween(900, 1100);
      assertThat(atTheBudget.allowed())
          .as("exactly the steps it needs: finished, nothing found")
          .isTrue();
      assertThat(pastIt.allowed()).as("one step short: stopped").isFalse();
      assertThat(pastIt.reason()).startsWith("Not checked:");
    }
  }

  @Test
  void aPatternThatRunsOutOfStepsIsWarnedOncePerProviderAndPattern() {
    try (GatewayFixture few = GatewayFixture.withLimits(l -> l.regexStepsPerMatch(100))) {
      RecordingGatewayListener heard = new RecordingGatewayListener();
      few.gateway.monitor().addListener(heard);
      String s = few.startSession("steps");
      few.bound(
          Hello.builder("sentry")
              .session(s)
              .hooks(
                  new Hooks(
                      List.of(HookRule.context(new HookMatch(null, "zzz", null, null), "c")), null))
              .build());
      few.bound(
          Hello.builder("guardian")
              .session(s)
              .hooks(
                  new Hooks(
                      List.of(
                          HookRule.context(new HookMatch(null, "yyy", null, null), "c"),
                          HookRule.deny(new HookMatch(null, "zzz", null, null), "d")),
                      null))
              .build());

      for (int i = 0; i < 3; i++) {
        few.gateway.preToolUse(s, "t", json(LONG_ARGS));
      }

      assertThat(heard.warnings())
          .containsExactlyInAnyOrder(
              "Hook regex of provider 'guardian' ran out of steps (it failed safe): yyy",
              "Hook regex of provider 'guardian' ran out of steps (it failed safe): zzz",
              "Hook regex of provider 'sentry' ran out of steps (it failed safe): zzz");
    }
  }

  /** {@code (x+x+)+y} backtracks exponentially: on 5,000 x's, unguarded, it would never end. */
  private static final String CATASTROPHIC = "(x+x+)+y";

  private static final String EVIL_ARGS = "{\"x\":\"" + "x".repeat(5_000) + "\"}";

  @Test
  void catastrophicBacktrackingIsCutOffByTheDefaultBudgetAndADenyRuleCountsItAsMatched() {
    guard("guardian", HookRule.deny(new HookMatch(null, CATASTROPHIC, null, null), "stuck"));

    HookDecision decision = done(f.gateway.preToolUse(session, "t", json(EVIL_ARGS)));

    assertThat(decision.allowed()).as("cut off: a deny rule counts it as matched").isFalse();
    assertThat(decision.reason()).startsWith("Not checked:");
  }

  /** Context rules whose {@code args} regex or {@code file} glob backtracks catastrophically. */
  private static List<HookRule> catastrophicContextRules(int count, String args, String file) {
    List<HookRule> rules = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rules.add(HookRule.context(new HookMatch(null, args, null, file), "never " + i));
    }
    return rules;
  }

  @Test
  void allRulesOfOneEvaluationShareOneBudgetAndRulesLeftFailSafeWithoutRunning() {
    // Each catastrophic rule spends a whole match's steps; five spend the message's.
    List<HookRule> rules = catastrophicContextRules(5, CATASTROPHIC, null);
    // "zzz" is nowhere in the text: only a rule left without steps can make it deny.
    rules.add(HookRule.deny(new HookMatch(null, "zzz", null, null), "no steps left, so denied"));
    guard("guardian", rules.toArray(HookRule[]::new));

    HookDecision decision = done(f.gateway.preToolUse(session, "t", json(EVIL_ARGS)));

    assertThat(decision.allowed()).isFalse();
    assertThat(decision.reason()).startsWith("Not checked:");
  }

  @Test
  void fourMatchesSpendingTheirWholeBudgetLeaveTheMessageEnoughForACheapRule() {
    List<HookRule> rules = catastrophicContextRules(4, CATASTROPHIC, null);
    rules.add(HookRule.deny(new HookMatch(null, "zzz", null, null), "no steps left, so denied"));
    guard("guardian", rules.toArray(HookRule[]::new));

    HookDecision decision = done(f.gateway.preToolUse(session, "t", json(EVIL_ARGS)));

    assertThat(decision.allowed()).as("the fifth match had a whole match's steps left").isTrue();
  }

  @Test
  void aProvidersRulesGetTenMatchesOfStepsASecondWhoeverCallsAndRefillWithTheGatewaysClock() {
    // Four whole matches (4 of the message's 5) and a cheap rule found at once ("{" is the first
    // character) per evaluation. The bucket holds four seconds' worth, 40 whole matches: nine
    // evaluations run the cheap rule, the tenth has spent the rest on its four matches.
    List<HookRule> rules = catastrophicContextRules(4, CATASTROPHIC, null);
    rules.add(HookRule.context(new HookMatch(null, "\\{", null, null), "the cheap rule ran"));
    guard("guardian", rules.toArray(HookRule[]::new));
    java.util.function.Supplier<List<String>> evaluate =
        () -> done(f.gateway.preToolUse(session, "t", json(EVIL_ARGS))).context();

    int inFull = 0;
    while (inFull < 100 && evaluate.get().contains("the cheap rule ran")) {
      inFull++;
    }
    List<String> stillSpent = evaluate.get();
    f.clock.advance(Duration.ofSeconds(1));
    List<String> aSecondLater = evaluate.get();

    assertThat(inFull).as("four seconds' worth at once, no more").isEqualTo(9);
    assertThat(stillSpent).as("no time has passed: nothing refilled").isEmpty();
    assertThat(aSecondLater)
        .as("a second refills ten matches' worth")
        .containsExactly("the cheap rule ran");
  }

  @Test
  void aFileGlobRunsUnderTheRegexGuardToo() {
    guard(
        "guardian",
        HookRule.deny(new HookMatch(null, null, null, "*a*a*a*a*a*a*a*a*a*a*a*b"), "stuck glob"));

    HookDecision decision =
        done(
            f.gateway.preToolUse(
                session, "edit", json("{\"path\":\"" + "a".repeat(3_000) + "\"}")));

    // Through an unguarded PathMatcher this glob runs for minutes on this name.
    assertThat(decision.allowed()).as("cut off: a deny rule counts it as matched").isFalse();
    assertThat(decision.reason()).startsWith("Not checked:");
  }

  /**
   * {@code java.util.regex} recurses once a character through a repeated alternation; 60,000 of
   * them overflow a thread's usual stack at a length that depends on the JIT, so such a match runs
   * again on a stack of its own and is decided like any other.
   */
  @Test
  void aMatchThatRecursesPastTheCallersStackIsDecidedOnADeepStack() {
    guard(
        "guardian",
        HookRule.context(new HookMatch(null, "\"x\":\"(?:a|b)*\"", null, null), "found it"));

    HookDecision decision =
        done(f.gateway.preToolUse(session, "t", json("{\"x\":\"" + "a".repeat(60_000) + "\"}")));

    assertThat(decision.context()).containsExactly("found it");
  }

  @Test
  void aPatternThatRepeatsAPartThatCanMatchNothingIsRefusedAtRegistration() {
    RecordingProviderConnection conn = f.authenticated();

    conn.send(
        Hello.builder("spinner")
            .session(session)
            .hooks(
                new Hooks(
                    List.of(
                        HookRule.deny(
                            new HookMatch(null, "(?:(?:){1000}){1000}x", null, null), "d")),
                    null))
            .build());

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message())
        .startsWith(
            "onPreToolUse[0] match.args is refused: '{1000}' repeats, at least 1000 times, a part that"
                + " can match nothing (at index 7)");
  }

  // ---- gates ----

  @Test
  void aMatchingGateAsksItsProviderWithTheCallsToolAndArgs() {
    RecordingProviderConnection ci =
        guard(
            "ci-watcher",
            HookRule.gate(HookMatch.toolAndArgs("shell", "git push"), "check-before-push"));

    var decision =
        f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push origin main\"}"));

    GateCheck check = ci.next(GateCheck.class);
    assertThat(check.gateId()).isEqualTo("check-before-push");
    assertThat(check.callId()).startsWith("gate-");
    assertThat(check.sessionId()).isEqualTo(session);
    assertThat(check.tool()).isEqualTo("shell");
    assertThat(check.args()).isEqualTo(json("{\"command\":\"git push origin main\"}"));
    assertThat(decision).isNotDone();
  }

  /**
   * Issue 47, row 7 (decision 67): while a {@code git push} waits on a gate, the gate's own
   * provider adds a {@code deny} on {@code push}; the gate then allows. The rules in force decide:
   * the deny applies to this call, not only to the next. A call whose gate allows and to which the
   * added rule does not apply is allowed, and a gate added meanwhile is not asked.
   */
  @Test
  void aDenyAddedWhileTheCallWaitsOnAGateAppliesToThatCall() {
    RecordingProviderConnection ci =
        guard("ci-watcher", HookRule.gate(HookMatch.tool("shell"), "ci"));

    var push = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push origin\"}"));
    GateCheck asked = ci.next(GateCheck.class);
    ci.send(
        new HooksUpdate(
            null,
            null,
            new Hooks(
                List.of(
                    HookRule.gate(HookMatch.tool("shell"), "ci"),
                    HookRule.gate(HookMatch.tool("shell"), "added-gate"),
                    HookRule.deny(new HookMatch(null, "push", null, null), "no pushes today")),
                null)));
    ci.send(GateResult.allow("ci", asked.callId()));

    assertThat(done(push).allowed()).isFalse();
    assertThat(done(push).reason()).isEqualTo("no pushes today");

    var status = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git status\"}"));
    GateCheck first = ci.next(GateCheck.class);
    ci.send(GateResult.allow(first.gateId(), first.callId()));
    GateCheck second = ci.next(GateCheck.class);
    ci.send(GateResult.allow(second.gateId(), second.callId()));
    assertThat(done(status).allowed()).as("the added rule does not apply to it").isTrue();
  }

  @Test
  void gateAnswersAllowDenyAndContext() {
    RecordingProviderConnection ci =
        guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));

    var allowed = f.call(session, "deploy", "{}");
    ci.send(GateResult.allow("ci", ci.next(GateCheck.class).callId()));
    worker.next(ToolCall.class);
    assertThat(allowed).isNotDone();

    var denied = f.call(session, "deploy", "{}");
    ci.send(
        GateResult.deny(
            "ci",
            ci.next(GateCheck.class).callId(),
            "CI is failing on this branch. Fix tests first."));
    assertThat(outcome(denied))
        .isEqualTo(new ToolOutcome.Denied("CI is failing on this branch. Fix tests first."));

    var withContext = f.call(session, "deploy", "{}");
    ci.send(
        GateResult.context(
            "ci", ci.next(GateCheck.class).callId(), "Deploying during office hours."));
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(io.github.providergateway.protocol.ToolResult.success(sent.id(), json("1")));
    assertThat(done(withContext).context()).containsExactly("Deploying during office hours.");
  }

  /** {@code allow} is this gate's answer, not the call's: rules registered after it still run. */
  @Test
  void aGateAllowLetsTheCallRunOnlyIfNoLaterRuleDenies() {
    RecordingProviderConnection ci =
        guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    guard("freezer", HookRule.deny(HookMatch.tool("deploy"), "Deploys are frozen"));

    var call = f.call(session, "deploy", "{}");
    ci.send(GateResult.allow("ci", ci.next(GateCheck.class).callId()));

    assertThat(outcome(call)).isEqualTo(new ToolOutcome.Denied("Deploys are frozen"));
    worker.assertNoMoreMessages();
  }

  @Test
  void aSilentGateDeniesAfterFiveSeconds() {
    RecordingProviderConnection ci =
        guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    var call = f.call(session, "deploy", "{}");
    ci.next(GateCheck.class);

    f.clock.advance(Duration.ofMillis(4_999));
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(outcome(call))
        .isEqualTo(new ToolOutcome.Denied("Gate provider 'ci-watcher' did not respond in time."));
    worker.assertNoMoreMessages();
  }

  /**
   * The deadline starts when the gate is asked, not when the loop gets round to it after sending:
   * here the clock passes five seconds while the question is being sent (as a descheduled loop
   * thread, or a test's clock, can let it), and the gate is still denied at five seconds.
   */
  @Test
  void aSilentGatesFiveSecondsStartBeforeItsQuestionIsSent() {
    RecordingProviderConnection ci =
        guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    ci.onSend(
        message -> {
          if (message instanceof GateCheck) {
            f.clock.advance(Duration.ofSeconds(5));
          }
        });

    var call = f.call(session, "deploy", "{}");

    assertThat(outcome(call))
        .isEqualTo(new ToolOutcome.Denied("Gate provider 'ci-watcher' did not respond in time."));
  }

  @Test
  void aFailOpenGateAllowsAfterFiveSecondsOfSilence() {
    RecordingProviderConnection ci =
        guard(
            "ci-watcher",
            new HookRule(HookMatch.tool("deploy"), HookAction.GATE, null, null, "ci", true));
    var call = f.call(session, "deploy", "{}");
    ci.next(GateCheck.class);

    f.clock.advance(Duration.ofMillis(4_999));
    worker.assertNoMoreMessages();
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    worker.next(ToolCall.class);
  }

  @Test
  void aGateWhoseProviderDisconnectsDeniesEvenWhenFailOpen() {
    RecordingProviderConnection ci =
        guard(
            "ci-watcher",
            new HookRule(HookMatch.tool("deploy"), HookAction.GATE, null, null, "ci", true));
    var call = f.call(session, "deploy", "{}");
    ci.next(GateCheck.class);

    ci.drop();

    assertThat(outcome(call))
        .isEqualTo(new ToolOutcome.Denied("Gate provider 'ci-watcher' disconnected."));
    worker.assertNoMoreMessages();
  }

  @Test
  void aGateWhoseProviderRebindsIsDeniedAndNeverAnsweredByTheNewBinding() {
    RecordingProviderConnection ci =
        guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    var call = f.call(session, "deploy", "{}");
    String callId = ci.next(GateCheck.class).callId();

    ci.send(Hello.builder("ci-watcher").session(session).build());
    ci.send(GateResult.allow("ci", callId));

    assertThat(outcome(call))
        .isEqualTo(new ToolOutcome.Denied("Gate provider 'ci-watcher' disconnected."));
    worker.assertNoMoreMessages();
  }

  @Test
  void anAnsweredGateTakesItsTimeoutWithIt() {
    RecordingProviderConnection ci =
        guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    f.settle();
    var call = f.call(session, "deploy", "{}");
    int withTheGate = f.clock.pendingTasks(); // the call's timeout and the gate's

    ci.send(GateResult.allow("ci", ci.next(GateCheck.class).callId()));

    worker.next(ToolCall.class);
    assertThat(f.clock.pendingTasks()).isEqualTo(withTheGate - 1);
    assertThat(call).isNotDone();
  }

  @Test
  void aGateWhoseProviderDropsTakesItsTimeoutWithIt() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(null, "ci"));
    f.settle();
    f.gateway.preToolUse(session, "shell", json("{}"));
    ci.next(GateCheck.class);

    ci.drop();
    f.settle();

    assertThat(f.clock.pendingTasks())
        .as("only the dropped provider's reconnect window")
        .isEqualTo(1);
  }

  @Test
  void aGateResultAfterTheGateTimedOutChangesNothing() {
    RecordingProviderConnection first = guard("first", HookRule.gate(null, "g1"));
    RecordingProviderConnection second = guard("second", HookRule.gate(null, "g2"));
    var decision = f.gateway.preToolUse(session, "shell", json("{}"));
    String callId = first.next(GateCheck.class).callId();
    f.clock.advance(Duration.ofSeconds(5));
    assertThat(done(decision).allowed()).isFalse();

    first.send(GateResult.allow("g1", callId));

    second.assertNoMoreMessages();
    first.assertNoMoreMessages();
  }

  @Test
  void aGateThatCannotBeReachedDenies() {
    RecordingProviderConnection ci =
        guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    ci.refuseSends();

    var call = f.call(session, "deploy", "{}");

    assertThat(outcome(call)).isInstanceOf(ToolOutcome.Denied.class);
  }

  @Test
  void gatesAreAskedOneAtATimeInRegistrationOrder() {
    RecordingProviderConnection first = guard("first", HookRule.gate(null, "g1"));
    RecordingProviderConnection second = guard("second", HookRule.gate(null, "g2"));

    var decision = f.gateway.preToolUse(session, "shell", json("{}"));
    GateCheck one = first.next(GateCheck.class);
    second.assertNoMoreMessages();

    first.send(GateResult.context("g1", one.callId(), "from first"));
    GateCheck two = second.next(GateCheck.class);
    second.send(GateResult.allow("g2", two.callId()));

    assertThat(done(decision)).isEqualTo(HookDecision.allow(List.of("from first")));
  }

  @Test
  void aGateDenyStopsLaterGates() {
    RecordingProviderConnection first = guard("first", HookRule.gate(null, "g1"));
    RecordingProviderConnection second = guard("second", HookRule.gate(null, "g2"));

    var decision = f.gateway.preToolUse(session, "shell", json("{}"));
    first.send(GateResult.deny("g1", first.next(GateCheck.class).callId(), "no"));

    assertThat(done(decision).allowed()).isFalse();
    second.assertNoMoreMessages();
  }

  @Test
  void aGateDenyingByTimeoutStopsLaterGates() {
    RecordingProviderConnection silent = guard("silent", HookRule.gate(null, "g1"));
    RecordingProviderConnection second = guard("second", HookRule.gate(null, "g2"));
    var decision = f.gateway.preToolUse(session, "shell", json("{}"));
    silent.next(GateCheck.class);

    f.clock.advance(Duration.ofSeconds(5));

    assertThat(done(decision).reason())
        .isEqualTo("Gate provider 'silent' did not respond in time.");
    second.assertNoMoreMessages();
  }

  @Test
  void aGateDenyingByDisconnectStopsLaterGates() {
    RecordingProviderConnection leaving = guard("leaving", HookRule.gate(null, "g1"));
    RecordingProviderConnection second = guard("second", HookRule.gate(null, "g2"));
    var decision = f.gateway.preToolUse(session, "shell", json("{}"));
    leaving.next(GateCheck.class);

    leaving.drop();

    assertThat(done(decision).allowed()).isFalse();
    second.assertNoMoreMessages();
  }

  @Test
  void aGateResultFromAnotherProviderIsIgnored() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(null, "ci"));
    RecordingProviderConnection forger = guard("forger");
    var decision = f.gateway.preToolUse(session, "shell", json("{}"));
    String callId = ci.next(GateCheck.class).callId();

    forger.send(GateResult.allow("ci", callId));

    assertThat(decision).isNotDone();
    ci.send(GateResult.deny("ci", callId, "real answer"));
    assertThat(done(decision).reason()).isEqualTo("real answer");
  }
}
