package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingGatewayListener;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
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
import io.github.providergateway.protocol.ToolCall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pre-tool hooks: deny, context and gate rules (spec: Hook rules — declarative API). */
class HookTest {

  private final AtomicLong nanos = new AtomicLong();
  private final java.util.concurrent.atomic.AtomicBoolean clockJumps = new java.util.concurrent.atomic.AtomicBoolean();
  private final GatewayFixture f =
      GatewayFixture.with(
          b -> b.regexTimer(() -> nanos.addAndGet(clockJumps.get() ? 1_000_000_000L : 1)));
  private final String session = f.startSession(SessionSpec.of("alpha", "/code").withHostTools(Set.of("shell", "edit")));
  private final RecordingProviderConnection worker = f.bound("worker", session, tool("deploy"), tool("status"));

  @AfterEach
  void close() {
    f.close();
  }

  private RecordingProviderConnection guard(String name, HookRule... rules) {
    return f.bound(Hello.builder(name).session(session).hooks(new Hooks(List.of(rules), null)).build());
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

    HookDecision push = done(f.gateway.preToolUse(session, "shell", json("{\"command\":\"cd x && git push origin main\"}")));
    HookDecision status = done(f.gateway.preToolUse(session, "shell", json("{\"command\":\"git status\"}")));

    assertThat(push.allowed()).isFalse();
    assertThat(push.reason()).isEqualTo("CI is red");
    assertThat(status.allowed()).isTrue();
  }

  @Test
  void argsAreStringifiedExactlyAsJavaScriptWould() {
    guard("guardian", HookRule.deny(new HookMatch(null, "^\\{\"b\":1,\"a\":\"é\\\\n\",\"c\":1e\\+21\\}$", null, null), "exact"));

    HookDecision decision =
        done(f.gateway.preToolUse(session, "anything", json("{\"b\":1.0,\"a\":\"é\\n\",\"c\":1e21}")));

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
        .as("host-owned tools have no provider").isTrue();
  }

  @Test
  void fileMatchIsAGlobOnThePathFileOrFilePathArgument() {
    guard(
        "guardian",
        new HookRule(new HookMatch("edit", null, null, "*.sql"), HookAction.CONTEXT, null,
            "This is a migration file. Ensure backward compatibility.", null, null));

    assertThat(done(f.gateway.preToolUse(session, "edit", json("{\"path\":\"db/migrations/001.sql\"}"))).context())
        .containsExactly("This is a migration file. Ensure backward compatibility.");
    assertThat(done(f.gateway.preToolUse(session, "edit", json("{\"filePath\":\"a.SQL.txt\"}"))).context()).isEmpty();
    assertThat(done(f.gateway.preToolUse(session, "edit", json("{\"file\":\"x.sql\"}"))).context()).hasSize(1);
    assertThat(done(f.gateway.preToolUse(session, "edit", json("{\"content\":\"x.sql\"}"))).context())
        .as("no file argument: no match").isEmpty();
  }

  @Test
  void rulesOfSeveralProvidersRunInRegistrationOrderAndContextsAccumulate() {
    // Names sort the other way round: registration order, not name order, decides.
    guard("zeta", HookRule.context(HookMatch.tool("deploy"), "one"));
    guard("alpha", HookRule.context(HookMatch.tool("deploy"), "two"), HookRule.context(null, "three"));

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

    guardian.send(new HooksUpdate(null, null, new Hooks(List.of(HookRule.context(null, "new")), null)));
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
    guardian.send(new HooksUpdate("bad-regex", null, new Hooks(
        List.of(new HookRule(HookMatch.toolAndArgs("shell", "(unclosed"), HookAction.GATE, null, null, "g1", null)), null)));
    assertThat(guardian.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    guardian.send(new HooksUpdate("long-glob", null, new Hooks(
        List.of(new HookRule(new HookMatch(null, null, null, "a".repeat(1025)), HookAction.GATE, null, null, "g1", null)), null)));
    assertThat(guardian.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

    assertThat(done(f.gateway.preToolUse(session, "x", json("{}"))).reason())
        .as("the rules from before every refused update")
        .isEqualTo("old");
    guardian.send(new HooksUpdate("fifty", null, new Hooks(fiftyOne.subList(1, 51), null)));
    assertThat(guardian.next(io.github.providergateway.protocol.Ack.class).requestId()).isEqualTo("fifty");
  }

  @Test
  void anInvalidRegexIsRefusedAtRegistrationNamingTheRule() {
    RecordingProviderConnection conn = f.authenticated();

    conn.send(Hello.builder("broken").session(session)
        .hooks(new Hooks(List.of(new HookRule(HookMatch.toolAndArgs("shell", "(unclosed"), HookAction.GATE, null, null, "g1", null)), null))
        .build());

    ErrorMessage error = conn.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message()).contains("onPreToolUse[0]").contains("g1").contains("match.args");
  }

  @Test
  void aHooksUpdateWithAnInvalidRegexIsRefusedAndTheRulesBeforeItStay() {
    RecordingProviderConnection guardian = guard("guardian", HookRule.deny(null, "old"));

    guardian.send(new HooksUpdate(null, null, new Hooks(List.of(HookRule.deny(HookMatch.toolAndArgs("x", "(unclosed"), "new")), null)));

    assertThat(guardian.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(done(f.gateway.preToolUse(session, "x", json("{}"))).reason()).isEqualTo("old");
  }

  @Test
  void aRegexOrGlobOfMoreThan1024CharactersIsTooLargeAnd1024AreAccepted() {
    RecordingProviderConnection conn = f.authenticated();
    String longest = "a".repeat(1024);

    conn.send(helloWithMatch("long-args", HookMatch.toolAndArgs("shell", longest + "a")));
    assertThat(conn.next(ErrorMessage.class)).satisfies(error -> {
      assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
      assertThat(error.message()).contains("match.args").contains("1025");
    });
    conn.send(helloWithMatch("long-glob", new HookMatch(null, null, null, longest + "a")));
    assertThat(conn.next(ErrorMessage.class).message()).contains("match.file").contains("1025");

    conn.send(helloWithMatch("longest", new HookMatch(null, longest, null, longest)));
    conn.next(io.github.providergateway.protocol.HelloAck.class);
  }

  private Hello helloWithMatch(String name, HookMatch match) {
    return Hello.builder(name).session(session)
        .hooks(new Hooks(List.of(new HookRule(match, HookAction.GATE, null, null, "g1", null)), null))
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

    conn.send(Hello.builder("chatty").session(session).hooks(new Hooks(rules.subList(0, 50), null)).build());
    conn.next(io.github.providergateway.protocol.HelloAck.class);
  }

  // ---- regex deadline ----

  @Test
  void aMatchThatRunsOutOfTimeCountsAsMatchedForDenyRulesAndNotForContextRules() {
    guard("guardian",
        HookRule.context(new HookMatch(null, "zzz", null, null), "should not appear"),
        HookRule.deny(new HookMatch(null, "zzz", null, null), "timed out, so denied"));
    // From now on each read of the regex timer jumps a second: every match runs out of time.
    clockJumps.set(true);

    HookDecision decision =
        done(f.gateway.preToolUse(session, "t", json("{\"a\":\"" + "b".repeat(1000) + "\"}")));

    // "zzz" is nowhere in the text: only the deadline can make the deny rule match.
    assertThat(decision.allowed()).isFalse();
    assertThat(decision.reason()).isEqualTo("timed out, so denied");
    assertThat(decision.context()).isEmpty();
  }

  @Test
  void aGateRuleWhoseMatchRunsOutOfTimeAsksItsGate() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(new HookMatch(null, "zzz", null, null), "ci"));
    clockJumps.set(true);

    var decision = f.gateway.preToolUse(session, "t", json("{\"a\":\"" + "b".repeat(1000) + "\"}"));

    // "zzz" is nowhere in the text: only the deadline can make the gate rule match.
    GateCheck check = ci.next(GateCheck.class);
    assertThat(check.gateId()).isEqualTo("ci");
    assertThat(decision).isNotDone();
    ci.send(GateResult.deny("ci", check.callId(), "asked, since the match ran out of time"));
    assertThat(done(decision).reason()).isEqualTo("asked, since the match ran out of time");
  }

  /**
   * The 1 ms deadline to the nanosecond. The regex timer reads each evaluation's start first and
   * then, on every later read, that the match has run {@code ran}; a match reads it every 256
   * characters, so on 1,000 characters it learns how long it has run before it ends.
   */
  @Test
  void aMatchIsStoppedOnceItHasRunLongerThanOneMillisecondAndNotBefore() {
    AtomicLong start = new AtomicLong();
    AtomicLong ran = new AtomicLong();
    java.util.concurrent.atomic.AtomicBoolean started = new java.util.concurrent.atomic.AtomicBoolean();
    try (GatewayFixture timed = GatewayFixture.with(
        b -> b.regexTimer(() -> started.getAndSet(true) ? start.get() + ran.get() : start.get()))) {
      String s = timed.startSession("timed");
      timed.bound(Hello.builder("guardian").session(s).hooks(new Hooks(
          List.of(HookRule.deny(new HookMatch(null, "zzz", null, null), "stopped, so denied")), null)).build());
      var args = json("{\"a\":\"" + "b".repeat(1000) + "\"}");
      java.util.function.Function<Duration, HookDecision> matchRunning = runs -> {
        start.addAndGet(Duration.ofSeconds(1).toNanos()); // a second on: the regex allowance is full
        ran.set(runs.toNanos());
        started.set(false);
        return done(timed.gateway.preToolUse(s, "t", args));
      };
      matchRunning.apply(Duration.ZERO); // the provider's allowance is made (a timer read) on its first match

      HookDecision atTheDeadline = matchRunning.apply(Duration.ofMillis(1));
      HookDecision pastIt = matchRunning.apply(Duration.ofMillis(1).plusNanos(1));

      // "zzz" is nowhere in the text: only a stopped match makes the deny rule match.
      assertThat(atTheDeadline.allowed()).as("ran exactly 1 ms: finished, nothing found").isTrue();
      assertThat(pastIt.allowed()).as("ran 1 ms and 1 ns: stopped").isFalse();
      assertThat(pastIt.reason()).isEqualTo("stopped, so denied");
    }
  }

  @Test
  void aPatternThatRunsOutOfTimeIsWarnedOncePerProviderAndPattern() {
    RecordingGatewayListener heard = new RecordingGatewayListener();
    f.gateway.addListener(heard);
    guard("sentry", HookRule.context(new HookMatch(null, "zzz", null, null), "c"));
    guard("guardian",
        HookRule.context(new HookMatch(null, "yyy", null, null), "c"),
        HookRule.deny(new HookMatch(null, "zzz", null, null), "d"));
    clockJumps.set(true);

    for (int i = 0; i < 3; i++) {
      f.gateway.preToolUse(session, "t", json("{}"));
    }

    assertThat(heard.warnings())
        .containsExactlyInAnyOrder(
            "Hook regex of provider 'guardian' ran out of time: yyy",
            "Hook regex of provider 'guardian' ran out of time: zzz",
            "Hook regex of provider 'sentry' ran out of time: zzz");
  }

  @Test
  void catastrophicBacktrackingIsCutOffQuickly() {
    try (GatewayFixture real = GatewayFixture.with(b -> b.regexTimer(System::nanoTime))) {
      String s = real.startSession("real");
      real.bound(Hello.builder("guardian").session(s)
          .hooks(new Hooks(List.of(HookRule.deny(new HookMatch(null, "(a+)+$", null, null), "stuck")), null)).build());
      String evil = "{\"x\":\"" + "a".repeat(5_000) + "b\"}";

      long start = System.nanoTime();
      HookDecision decision = done(real.gateway.preToolUse(s, "t", json(evil)));
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

      // Unguarded, (a+)+$ on this text would run for longer than the universe has existed.
      assertThat(decision.allowed()).as("a deny rule that times out counts as matched").isFalse();
      assertThat(elapsedMillis).isLessThan(2_000);
    }
  }

  /** Every read of this regex timer moves it 10 µs on: a catastrophic match costs what it reads. */
  private static final long TICK = 10_000;

  /** Context rules whose {@code args} regex or {@code file} glob backtracks catastrophically. */
  private static List<HookRule> catastrophicContextRules(int count, String args, String file) {
    List<HookRule> rules = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rules.add(HookRule.context(new HookMatch(null, args, null, file), "never " + i));
    }
    return rules;
  }

  @Test
  void allRulesOfOneEvaluationShareOneRegexBudgetAndRulesLeftFailSafeWithoutRunning() {
    AtomicLong clock = new AtomicLong();
    try (GatewayFixture timed = GatewayFixture.with(b -> b.regexTimer(() -> clock.addAndGet(TICK)))) {
      String s = timed.startSession("timed");
      List<HookRule> rules = catastrophicContextRules(49, "(a+)+$", null);
      // "zzz" is nowhere in the text: only a rule left without time can make it deny.
      rules.add(HookRule.deny(new HookMatch(null, "zzz", null, null), "no time left, so denied"));
      timed.bound(Hello.builder("guardian").session(s).hooks(new Hooks(rules, null)).build());
      String evil = "{\"x\":\"" + "a".repeat(5_000) + "b\"}";

      long before = clock.get();
      HookDecision decision = done(timed.gateway.preToolUse(s, "t", json(evil)));
      long spent = clock.get() - before;

      // With a 1 ms deadline per rule alone, 49 rules cost 49 ms of the loop per evaluation.
      assertThat(spent).isLessThanOrEqualTo(Duration.ofMillis(5).toNanos() + 10 * TICK);
      assertThat(decision.allowed()).isFalse();
      assertThat(decision.reason()).isEqualTo("no time left, so denied");
    }
  }

  @Test
  void aProvidersRulesGetTenMillisecondsOfRegexTimeASecondWhoeverCallsAndRefillWithTime() {
    AtomicLong clock = new AtomicLong();
    try (GatewayFixture timed = GatewayFixture.with(b -> b.regexTimer(() -> clock.addAndGet(TICK)))) {
      String s = timed.startSession("timed");
      List<HookRule> rules = catastrophicContextRules(50, "(a+)+$", null);
      timed.bound(Hello.builder("guardian").session(s).hooks(new Hooks(rules, null)).build());
      String evil = "{\"x\":\"" + "a".repeat(5_000) + "b\"}";
      long[] spent = new long[4];

      for (int i = 0; i < 3; i++) {
        long before = clock.get();
        done(timed.gateway.preToolUse(s, "t", json(evil)));
        spent[i] = clock.get() - before;
      }
      clock.addAndGet(Duration.ofSeconds(1).toNanos());
      long before = clock.get();
      done(timed.gateway.preToolUse(s, "t", json(evil)));
      spent[3] = clock.get() - before;

      long fiveMillis = Duration.ofMillis(5).toNanos();
      assertThat(spent[0]).isBetween(fiveMillis - 10 * TICK, fiveMillis + 10 * TICK);
      assertThat(spent[1]).isBetween(fiveMillis - 10 * TICK, fiveMillis + 10 * TICK);
      // 10 ms a second are spent; what 10 ms of clock refilled (0.1 ms) is all the third gets.
      assertThat(spent[2]).as("the third evaluation in the same second").isLessThan(Duration.ofMillis(1).toNanos());
      assertThat(spent[3]).as("a second later").isGreaterThan(fiveMillis - 10 * TICK);
    }
  }

  @Test
  void aFileGlobRunsUnderTheRegexGuardToo() {
    AtomicLong clock = new AtomicLong();
    try (GatewayFixture timed = GatewayFixture.with(b -> b.regexTimer(() -> clock.addAndGet(TICK)))) {
      String s = timed.startSession("timed");
      List<HookRule> rules = catastrophicContextRules(50, null, "*a*a*a*a*a*a*a*a*a*a*a*b");
      timed.bound(Hello.builder("guardian").session(s).hooks(new Hooks(rules, null)).build());

      long before = clock.get();
      HookDecision decision =
          done(timed.gateway.preToolUse(s, "edit", json("{\"path\":\"" + "a".repeat(3_000) + "\"}")));
      long spent = clock.get() - before;

      // Through an unguarded PathMatcher, each of these globs runs for minutes on this name.
      assertThat(decision.context()).isEmpty();
      assertThat(spent).isLessThanOrEqualTo(Duration.ofMillis(5).toNanos() + 10 * TICK);
    }
  }

  // ---- gates ----

  @Test
  void aMatchingGateAsksItsProviderWithTheCallsToolAndArgs() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(HookMatch.toolAndArgs("shell", "git push"), "check-before-push"));

    var decision = f.gateway.preToolUse(session, "shell", json("{\"command\":\"git push origin main\"}"));

    GateCheck check = ci.next(GateCheck.class);
    assertThat(check.gateId()).isEqualTo("check-before-push");
    assertThat(check.callId()).startsWith("gate-");
    assertThat(check.sessionId()).isEqualTo(session);
    assertThat(check.tool()).isEqualTo("shell");
    assertThat(check.args()).isEqualTo(json("{\"command\":\"git push origin main\"}"));
    assertThat(decision).isNotDone();
  }

  @Test
  void gateAnswersAllowDenyAndContext() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));

    var allowed = f.call(session, "deploy", "{}");
    ci.send(GateResult.allow("ci", ci.next(GateCheck.class).callId()));
    worker.next(ToolCall.class);
    assertThat(allowed).isNotDone();

    var denied = f.call(session, "deploy", "{}");
    ci.send(GateResult.deny("ci", ci.next(GateCheck.class).callId(), "CI is failing on this branch. Fix tests first."));
    assertThat(outcome(denied)).isEqualTo(new ToolOutcome.Denied("CI is failing on this branch. Fix tests first."));

    var withContext = f.call(session, "deploy", "{}");
    ci.send(GateResult.context("ci", ci.next(GateCheck.class).callId(), "Deploying during office hours."));
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(io.github.providergateway.protocol.ToolResult.success(sent.id(), json("1")));
    assertThat(done(withContext).context()).containsExactly("Deploying during office hours.");
  }

  /** {@code allow} is this gate's answer, not the call's: rules registered after it still run. */
  @Test
  void aGateAllowLetsTheCallRunOnlyIfNoLaterRuleDenies() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    guard("freezer", HookRule.deny(HookMatch.tool("deploy"), "Deploys are frozen"));

    var call = f.call(session, "deploy", "{}");
    ci.send(GateResult.allow("ci", ci.next(GateCheck.class).callId()));

    assertThat(outcome(call)).isEqualTo(new ToolOutcome.Denied("Deploys are frozen"));
    worker.assertNoMoreMessages();
  }

  @Test
  void aSilentGateDeniesAfterFiveSeconds() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    var call = f.call(session, "deploy", "{}");
    ci.next(GateCheck.class);

    f.clock.advance(Duration.ofMillis(4_999));
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(outcome(call)).isEqualTo(new ToolOutcome.Denied("Gate provider 'ci-watcher' did not respond in time."));
    worker.assertNoMoreMessages();
  }

  @Test
  void aFailOpenGateAllowsAfterFiveSecondsOfSilence() {
    RecordingProviderConnection ci = guard("ci-watcher",
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
    RecordingProviderConnection ci = guard("ci-watcher",
        new HookRule(HookMatch.tool("deploy"), HookAction.GATE, null, null, "ci", true));
    var call = f.call(session, "deploy", "{}");
    ci.next(GateCheck.class);

    ci.drop();

    assertThat(outcome(call)).isEqualTo(new ToolOutcome.Denied("Gate provider 'ci-watcher' disconnected."));
    worker.assertNoMoreMessages();
  }

  @Test
  void aGateWhoseProviderRebindsIsDeniedAndNeverAnsweredByTheNewBinding() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
    var call = f.call(session, "deploy", "{}");
    String callId = ci.next(GateCheck.class).callId();

    ci.send(Hello.builder("ci-watcher").session(session).build());
    ci.send(GateResult.allow("ci", callId));

    assertThat(outcome(call)).isEqualTo(new ToolOutcome.Denied("Gate provider 'ci-watcher' disconnected."));
    worker.assertNoMoreMessages();
  }

  @Test
  void anAnsweredGateTakesItsTimeoutWithIt() {
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
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

    assertThat(f.clock.pendingTasks()).as("only the dropped provider's reconnect window").isEqualTo(1);
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
    RecordingProviderConnection ci = guard("ci-watcher", HookRule.gate(HookMatch.tool("deploy"), "ci"));
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

    assertThat(done(decision).reason()).isEqualTo("Gate provider 'silent' did not respond in time.");
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
