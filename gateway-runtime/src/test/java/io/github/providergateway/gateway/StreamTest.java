package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingGatewayListener;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.StreamQuery;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Push budgets, inject gating, stream filters and stream queries (spec: Push loop prevention,
 * filter.set, stream.query, Stream access control).
 */
class StreamTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");
  private final RecordingProviderConnection watcher = f.bound("ci-watcher", session);

  @AfterEach
  void close() {
    f.close();
  }

  private void push(RecordingProviderConnection p, PushLevel level, String event) {
    p.send(Push.event("ci-watch", level, event));
  }

  /** The watcher's filter on ci-watch drops every event that mentions noise. */
  private void dropNoise() {
    watcher.send(
        new FilterSet(
            null, null, "ci-watch", List.of(new FilterRule("noise", FilterOutcome.DROP))));
  }

  private List<String> stored(String stream) {
    return done(f.gateway.queryStreams(session, List.of(stream), 200)).get(stream).stream()
        .map(StreamEntry::event)
        .toList();
  }

  // ---- budgets ----

  @Test
  void theEleventhPushWithinASecondIsRateLimitedAndChangesNothing() {
    for (int i = 0; i < 10; i++) {
      push(watcher, PushLevel.KEEP, "e" + i);
    }
    watcher.assertNoMoreMessages();

    push(watcher, PushLevel.KEEP, "e10");

    ErrorMessage error = watcher.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.RATE_LIMITED);
    assertThat(error.sessionId()).isEqualTo(session);
    assertThat(stored("ci-watch@ci-watcher")).hasSize(10);
  }

  @Test
  void theBudgetIsASlidingOneSecondWindow() {
    push(watcher, PushLevel.KEEP, "first");
    f.clock.advance(Duration.ofMillis(500));
    for (int i = 0; i < 9; i++) {
      push(watcher, PushLevel.KEEP, "more");
    }
    f.clock.advance(Duration.ofMillis(499));
    push(watcher, PushLevel.KEEP, "at 999 ms");
    assertThat(watcher.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.RATE_LIMITED);

    f.clock.advance(Duration.ofMillis(1));
    push(watcher, PushLevel.KEEP, "at 1000 ms: the first push has left the window");
    watcher.assertNoMoreMessages();
  }

  @Test
  void budgetsAreKeptPerProviderAndSession() {
    RecordingProviderConnection other = f.bound("other", session);
    for (int i = 0; i < 10; i++) {
      push(watcher, PushLevel.KEEP, "e" + i);
    }

    push(other, PushLevel.KEEP, "untouched budget");

    other.assertNoMoreMessages();
  }

  @Test
  void aProviderInTwoSessionsHasABudgetInEachThatTheOtherCannotUse() {
    String beta = f.startSession("beta");
    RecordingProviderConnection tap = f.connectLocal(null);
    tap.send(Hello.builder("tap").allSessions().build());
    tap.next(io.github.providergateway.protocol.HelloAck.class);
    tap.drain();
    for (int i = 0; i < 10; i++) {
      tap.send(new Push("feed", session, "alpha " + i, null, PushLevel.KEEP, null, null));
    }
    tap.send(new Push("feed", session, "alpha 10", null, PushLevel.KEEP, null, null));
    assertThat(tap.next(ErrorMessage.class).sessionId()).isEqualTo(session);

    for (int i = 0; i < 10; i++) {
      tap.send(new Push("feed", beta, "beta " + i, null, PushLevel.KEEP, null, null));
    }
    tap.assertNoMoreMessages();
    tap.send(new Push("feed", beta, "beta 10", null, PushLevel.KEEP, null, null));

    ErrorMessage error = tap.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.RATE_LIMITED);
    assertThat(error.sessionId()).isEqualTo(beta);
    assertThat(done(f.gateway.queryStreams(beta, List.of("feed@tap"), 200)).get("feed@tap"))
        .hasSize(10);
  }

  @Test
  void aChattyProviderCannotFloodTheSessionAndAQuietOnesEventGetsThrough() {
    RecordingProviderConnection quiet = f.bound("quiet", session);
    for (int i = 0; i < 10_000; i++) {
      push(watcher, PushLevel.INJECT, "spam " + i);
    }

    quiet.send(Push.event(PushLevel.INJECT, "Production is down"));

    assertThat(f.host(session).sends)
        .extracting(line -> line.text())
        .containsExactly("spam 0", "Production is down");
    assertThat(f.host(session).logs).hasSize(11);
    assertThat(stored("ci-watch@ci-watcher")).hasSize(10);
  }

  // ---- inject gating ----

  @Test
  void whileAnInjectIsUnansweredFurtherInjectsAreStoredAndSurfacedButNotSent() {
    push(watcher, PushLevel.INJECT, "first");
    push(watcher, PushLevel.INJECT, "second");

    assertThat(f.host(session).sends).extracting(line -> line.text()).containsExactly("first");
    assertThat(f.host(session).logs)
        .extracting(line -> line.text())
        .containsExactly("first", "second");
    assertThat(stored("ci-watch@ci-watcher")).containsExactly("second", "first");
  }

  @Test
  void onceTheSessionIsIdleTheNextInjectIsSentAgain() {
    push(watcher, PushLevel.INJECT, "first");
    done(f.gateway.idle(session));
    watcher.drain();

    push(watcher, PushLevel.INJECT, "second");

    assertThat(f.host(session).sends)
        .extracting(line -> line.text())
        .containsExactly("first", "second");
  }

  @Test
  void afterThreeInjectCyclesTheProviderIsPausedWithAWarningUntilTheUserSpeaks() {
    RecordingGatewayListener heard = new RecordingGatewayListener();
    f.gateway.monitor().addListener(heard);
    for (int i = 1; i <= 3; i++) {
      push(watcher, PushLevel.INJECT, "inject " + i);
      done(f.gateway.idle(session));
      f.clock.advance(Duration.ofSeconds(1));
    }

    push(watcher, PushLevel.INJECT, "inject 4");

    assertThat(f.host(session).sends)
        .extracting(line -> line.text())
        .containsExactly("inject 1", "inject 2", "inject 3");
    assertThat(f.host(session).logs)
        .anySatisfy(
            line -> {
              assertThat(line.source()).isEqualTo("gateway");
              assertThat(line.text()).contains("ci-watcher").contains("paused");
            });
    assertThat(heard.warnings())
        .singleElement()
        .asString()
        .contains("ci-watcher")
        .contains("paused");

    done(f.gateway.emit(session, "user.message", json("{\"content\":\"ok, stop\"}")));
    push(watcher, PushLevel.INJECT, "inject 5");
    assertThat(f.host(session).sends).extracting(line -> line.text()).endsWith("inject 5");
  }

  @Test
  void aUserMessageBetweenCyclesRestartsTheCount() {
    for (int i = 1; i <= 6; i++) {
      push(watcher, PushLevel.INJECT, "inject " + i);
      done(f.gateway.idle(session));
      if (i % 2 == 0) {
        done(f.gateway.emit(session, "user.message", json("{\"content\":\"hi\"}")));
      }
      f.clock.advance(Duration.ofSeconds(1));
    }
    assertThat(f.host(session).sends).hasSize(6);
  }

  // ---- filters ----

  @Test
  void theFirstMatchingFilterRuleOverridesThePushesLevel() {
    watcher.send(
        new FilterSet(
            null,
            null,
            "ci-watch",
            List.of(
                new FilterRule("behind=0", FilterOutcome.DROP),
                new FilterRule("conflicts=[1-9]", FilterOutcome.INJECT),
                new FilterRule(".*", FilterOutcome.KEEP))));

    push(watcher, PushLevel.INJECT, "status behind=0 conflicts=3");
    push(watcher, PushLevel.KEEP, "status behind=2 conflicts=3");
    push(watcher, PushLevel.INJECT, "status behind=2 conflicts=0");

    assertThat(stored("ci-watch@ci-watcher"))
        .containsExactly("status behind=2 conflicts=0", "status behind=2 conflicts=3");
    assertThat(f.host(session).sends)
        .extracting(line -> line.text())
        .containsExactly("status behind=2 conflicts=3");
  }

  @Test
  void aDroppedEventIsNotStoredLoggedOrSentWhateverItsLevel() {
    dropNoise();
    push(watcher, PushLevel.KEEP, "signal");

    push(watcher, PushLevel.SURFACE, "noise to show");
    push(watcher, PushLevel.INJECT, "noise to act on");

    assertThat(stored("ci-watch@ci-watcher")).containsExactly("signal");
    assertThat(f.host(session).logs).isEmpty();
    assertThat(f.host(session).sends).isEmpty();
  }

  // ---- the host hears of stream updates (SessionHost.streamUpdated) ----

  @Test
  void everyRetainedEventTellsTheHostItsStreamAsStreamAtProvider() {
    push(watcher, PushLevel.KEEP, "one");
    push(watcher, PushLevel.SURFACE, "two");
    watcher.send(Push.event(PushLevel.KEEP, "own stream"));

    assertThat(f.host(session).updatedStreams)
        .containsExactly("ci-watch@ci-watcher", "ci-watch@ci-watcher", "ci-watcher@ci-watcher");
  }

  @Test
  void anEventTheFilterDropsOrAPromptWithoutEventTellsTheHostNothing() {
    dropNoise();

    push(watcher, PushLevel.SURFACE, "noise");
    watcher.send(new Push("ci-watch", null, null, "look at this", PushLevel.KEEP, null, null));

    assertThat(f.host(session).updatedStreams).isEmpty();
    push(watcher, PushLevel.KEEP, "signal");
    assertThat(f.host(session).updatedStreams).containsExactly("ci-watch@ci-watcher");
  }

  @Test
  void aRefusedPushTellsTheHostNothing() {
    for (int i = 0; i < 10; i++) {
      push(watcher, PushLevel.KEEP, "e" + i);
    }
    push(watcher, PushLevel.KEEP, "one too many");

    watcher.next(ErrorMessage.class);
    assertThat(f.host(session).updatedStreams).hasSize(10);
  }

  @Test
  void aPushMatchingNoRuleKeepsItsOwnLevel() {
    dropNoise();

    push(watcher, PushLevel.SURFACE, "signal");

    assertThat(f.host(session).logs).extracting(line -> line.text()).containsExactly("signal");
  }

  @Test
  void filterSetReplacesThatStreamsRulesAndLeavesOtherStreamsAlone() {
    watcher.send(
        new FilterSet(null, null, "ci-watch", List.of(new FilterRule("x", FilterOutcome.DROP))));
    watcher.send(
        new FilterSet(null, null, "other", List.of(new FilterRule("y", FilterOutcome.DROP))));
    watcher.send(
        new FilterSet(null, null, "ci-watch", List.of(new FilterRule("z", FilterOutcome.DROP))));

    push(watcher, PushLevel.KEEP, "x");
    watcher.send(Push.event("other", PushLevel.KEEP, "y"));

    assertThat(stored("ci-watch@ci-watcher")).containsExactly("x");
    assertThat(stored("other@ci-watcher")).isEmpty();
  }

  @Test
  void filterSetWithRequestIdIsAcked() {
    watcher.send(
        new FilterSet("f-1", null, "ci-watch", List.of(new FilterRule("x", FilterOutcome.DROP))));

    Ack ack = watcher.next(Ack.class);
    assertThat(ack.requestId()).isEqualTo("f-1");
    assertThat(ack.sessionId()).isEqualTo(session);
  }

  @Test
  void filterSetOnAnotherProvidersStreamIsUnauthorized() {
    watcher.send(
        new FilterSet(
            null, null, "git-watch@guardian", List.of(new FilterRule("x", FilterOutcome.DROP))));

    assertThat(watcher.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void anInvalidFilterRegexIsRefusedWhenSet() {
    watcher.send(
        new FilterSet(
            null, null, "ci-watch", List.of(new FilterRule("[unclosed", FilterOutcome.DROP))));

    ErrorMessage error = watcher.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message()).contains("rules[0].match");
  }

  @Test
  void aStreamNameOfMoreThan128CharactersIsRefusedEverywhereAnd128AreAccepted() {
    String longest = "s".repeat(128);

    watcher.send(Push.event(longest + "s", PushLevel.KEEP, "held by its name"));
    ErrorMessage pushRefused = watcher.next(ErrorMessage.class);
    watcher.send(
        new FilterSet("f", null, longest + "s", List.of(new FilterRule("x", FilterOutcome.DROP))));
    ErrorMessage filterRefused = watcher.next(ErrorMessage.class);
    watcher.send(
        new io.github.providergateway.protocol.StreamQuery(
            "q", null, List.of("ok", longest + "s"), null));
    ErrorMessage queryRefused = watcher.next(ErrorMessage.class);

    assertThat(List.of(pushRefused, filterRefused, queryRefused))
        .allSatisfy(
            error -> {
              assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
              assertThat(error.message()).contains("longer than 128 characters (129 given)");
            });
    watcher.send(Push.event(longest, PushLevel.KEEP, "kept"));
    watcher.send(
        new io.github.providergateway.protocol.StreamQuery("q2", null, List.of(longest), null));
    assertThat(
            watcher
                .next(io.github.providergateway.protocol.StreamHistory.class)
                .streams()
                .get(longest))
        .extracting(io.github.providergateway.protocol.StreamEntry::event)
        .containsExactly("kept");
  }

  @Test
  void aFilterRegexOfMoreThan1024CharactersIsTooLargeAnd1024AreAccepted() {
    String longest = "a".repeat(1024);
    watcher.send(
        new FilterSet(
            "long", null, "ci-watch", List.of(new FilterRule(longest + "a", FilterOutcome.DROP))));

    ErrorMessage error = watcher.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(error.message()).contains("rules[0].match").contains("1025");

    watcher.send(
        new FilterSet(
            "longest", null, "ci-watch", List.of(new FilterRule(longest, FilterOutcome.DROP))));
    assertThat(watcher.next(io.github.providergateway.protocol.Ack.class).requestId())
        .isEqualTo("longest");
  }

  @Test
  void aFilterMatchCutOffByItsStepBudgetCountsAsNoMatch() {
    try (GatewayFixture few = GatewayFixture.withLimits(l -> l.regexStepsPerMatch(100))) {
      String s = few.startSession("few");
      RecordingProviderConnection p = few.bound("watch", s);
      p.send(
          new FilterSet(null, null, "w", List.of(new FilterRule("a{1000}", FilterOutcome.DROP))));

      // 1,000 a's match a{1000}, but reading them takes more than 100 steps: no match, kept.
      p.send(Push.event("w", PushLevel.SURFACE, "a".repeat(1000)));

      assertThat(few.host(s).logs).hasSize(1);
    }
  }

  @Test
  void aFilterRuleThatRepeatsAPartThatCanMatchNothingIsRefused() {
    watcher.send(
        new FilterSet(
            "spin", null, "ci-watch", List.of(new FilterRule("(?:\\b){9}", FilterOutcome.DROP))));

    ErrorMessage error = watcher.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message())
        .startsWith(
            "rules[0].match is refused: '{9}' repeats, at least 9 times, a part that can match nothing (at index 6)");
  }

  @Test
  void aFilterOfMoreThanFiftyRulesIsTooLargeAndFiftyAreAccepted() {
    List<FilterRule> rules = new ArrayList<>();
    for (int i = 0; i < 51; i++) {
      rules.add(new FilterRule("rule" + i, FilterOutcome.DROP));
    }

    watcher.send(new FilterSet("r-51", null, "ci-watch", rules));
    ErrorMessage error = watcher.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(error.message()).contains("at most 50 rules");

    watcher.send(new FilterSet("r-50", null, "ci-watch", rules.subList(0, 50)));
    assertThat(watcher.next(io.github.providergateway.protocol.Ack.class).requestId())
        .isEqualTo("r-50");
  }

  /**
   * A provider whose stream {@code w} is filtered by {@code catastrophic} rules that each spend a
   * whole match's steps on x's ({@code (x+x+)+y} backtracks exponentially), then by a rule that
   * drops the event at once, when it has steps left to run at all.
   */
  private RecordingProviderConnection catastrophicFilterThenADrop(int catastrophic) {
    RecordingProviderConnection p = f.bound("watch", session);
    List<FilterRule> rules = new ArrayList<>();
    for (int i = 0; i < catastrophic; i++) {
      rules.add(new FilterRule("(x+x+)+y", FilterOutcome.DROP));
    }
    rules.add(new FilterRule("^x", FilterOutcome.DROP));
    p.send(new FilterSet(null, null, "w", rules));
    return p;
  }

  @Test
  void aPushRunsItsFiltersRulesWithinOneStepBudgetAndAProviderWithinItsAllowancePerSecond() {
    RecordingProviderConnection p = catastrophicFilterThenADrop(4);
    String evil = "x".repeat(5_000);
    Runnable push = () -> p.send(Push.event("w", PushLevel.SURFACE, evil));
    int before = f.host(session).logs.size();

    // The provider's bucket holds four seconds' worth, 40 whole matches; each push spends 4 of
    // its message's 5 and then the drop (a step or two). Nine pushes are dropped; the tenth's four
    // matches spend what is left, so its drop never runs and the event is kept.
    for (int i = 0; i < 10; i++) {
      push.run();
    }
    f.clock.advance(Duration.ofSeconds(1));
    push.run(); // refilled by a second's worth: dropped again

    // Cut off or not run, a rule fails safe as no match: only the tenth event was kept.
    assertThat(f.host(session).logs.size() - before).isEqualTo(1);
  }

  @Test
  void aPushWhoseRulesSpendTheMessagesStepsKeepsTheEventAsNoMatch() {
    RecordingProviderConnection p = catastrophicFilterThenADrop(5);
    int before = f.host(session).logs.size();

    p.send(Push.event("w", PushLevel.SURFACE, "x".repeat(5_000)));

    assertThat(f.host(session).logs.size() - before)
        .as("the drop rule had no steps left")
        .isEqualTo(1);
  }

  // ---- queries ----

  @Test
  void streamQueryAnswersWithHistoryNewestFirstEchoingTheQueryId() {
    push(watcher, PushLevel.KEEP, "running");
    f.clock.advance(Duration.ofSeconds(60));
    push(watcher, PushLevel.KEEP, "failure on test/auth.spec.ts");

    watcher.send(
        new StreamQuery("q-1", null, List.of("ci-watch", "ci-watch@ci-watcher", "missing"), 10));

    StreamHistory history = watcher.next(StreamHistory.class);
    assertThat(history.queryId()).isEqualTo("q-1");
    assertThat(history.streams().keySet())
        .containsExactly("ci-watch", "ci-watch@ci-watcher", "missing");
    assertThat(history.streams().get("ci-watch"))
        .extracting(StreamEntry::event)
        .containsExactly("failure on test/auth.spec.ts", "running");
    assertThat(history.streams().get("ci-watch").get(0).ts()).isEqualTo(f.clock.instant());
    assertThat(history.streams().get("missing")).isEmpty();
  }

  @Test
  void aProvidersLastAboveOneHundredIsTreatedAsOneHundred() {
    for (int i = 0; i < 150; i++) {
      push(watcher, PushLevel.KEEP, "e" + i);
      f.clock.advance(Duration.ofMillis(100));
    }

    watcher.send(new StreamQuery("q", null, List.of("ci-watch"), 500));
    watcher.send(new StreamQuery("q2", null, List.of("ci-watch"), 3));

    assertThat(watcher.next(StreamHistory.class).streams().get("ci-watch")).hasSize(100);
    assertThat(watcher.next(StreamHistory.class).streams().get("ci-watch"))
        .extracting(StreamEntry::event)
        .containsExactly("e149", "e148", "e147");
  }

  @Test
  void aProjectProviderCannotReadAnotherProvidersStream() {
    RecordingProviderConnection guardian = f.bound("guardian", session);
    guardian.send(Push.event("git-watch", PushLevel.KEEP, "behind=2"));

    watcher.send(new StreamQuery("q", null, List.of("git-watch@guardian"), 10));

    assertThat(watcher.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void aProjectProviderCannotReadAnotherProvidersStreamBesideItsOwn() {
    RecordingProviderConnection guardian = f.bound("guardian", session);
    guardian.send(Push.event("git-watch", PushLevel.KEEP, "behind=2"));
    push(watcher, PushLevel.KEEP, "mine");

    watcher.send(new StreamQuery("q", null, List.of("ci-watch", "git-watch@guardian"), 10));

    assertThat(watcher.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void anInternalProviderReadsAnyStream() {
    RecordingProviderConnection guardian = f.bound("guardian", session);
    guardian.send(Push.event("git-watch", PushLevel.KEEP, "behind=2"));
    RecordingProviderConnection tap = f.connectLocal(session);
    tap.send(Hello.builder("tap").build());
    tap.drain();

    tap.send(new StreamQuery("q", null, List.of("git-watch@guardian"), 10));

    assertThat(tap.next(StreamHistory.class).streams().get("git-watch@guardian"))
        .extracting(StreamEntry::event)
        .containsExactly("behind=2");
  }

  @Test
  void aTwentyFirstStreamIsTooLarge() {
    for (int i = 0; i < 20; i++) {
      watcher.send(Push.event("s" + i, PushLevel.KEEP, "x"));
      f.clock.advance(Duration.ofMillis(100));
    }

    watcher.send(Push.event("s20", PushLevel.KEEP, "x"));

    assertThat(watcher.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
  }

  @Test
  void theHostMayReadBeyondOneHundred() {
    for (int i = 0; i < 150; i++) {
      push(watcher, PushLevel.KEEP, "e" + i);
      f.clock.advance(Duration.ofMillis(100));
    }

    assertThat(stored("ci-watch@ci-watcher")).hasSize(150);
  }

  /** Why the host's request was refused: the {@link HostException}'s code. */
  private static HostErrorCode refusal(java.util.concurrent.CompletableFuture<?> request) {
    Throwable thrown = catchThrowable(request::join);
    assertThat(thrown).hasCauseInstanceOf(HostException.class);
    return ((HostException) thrown.getCause()).code();
  }

  @Test
  void theHostNamesEachStreamItQueriesAsStreamAtProviderWithBothPartsGiven() {
    push(watcher, PushLevel.KEEP, "running");

    for (String malformed : List.of("ci-watch", "@ci-watcher", "ci-watch@")) {
      assertThat(refusal(f.gateway.queryStreams(session, List.of(malformed), 10)))
          .as(malformed)
          .isEqualTo(HostErrorCode.INVALID_ARGUMENT);
    }
    assertThat(done(f.gateway.queryStreams(session, List.of("c@ci-watcher"), 10)))
        .as("one character either side is enough")
        .containsEntry("c@ci-watcher", List.of());
    assertThat(stored("ci-watch@ci-watcher")).containsExactly("running");
  }

  @Test
  void theHostsQueryOfNoEntriesOrOfAnUnknownSessionReadsNothing() {
    push(watcher, PushLevel.KEEP, "running");

    assertThat(done(f.gateway.queryStreams(session, List.of("ci-watch@ci-watcher"), 0)))
        .containsEntry("ci-watch@ci-watcher", List.of());
    assertThat(done(f.gateway.queryStreams(session, List.of("ci-watch@ci-watcher"), -1)))
        .containsEntry("ci-watch@ci-watcher", List.of());
    assertThat(refusal(f.gateway.queryStreams("nope", List.of("ci-watch@ci-watcher"), 10)))
        .isEqualTo(HostErrorCode.INVALID_SESSION);
  }

  @Test
  void theMonitorReadsEveryStreamOfASessionInTheOrderFirstWrittenNewestFirst() {
    RecordingProviderConnection guardian = f.bound("guardian", session);
    push(watcher, PushLevel.KEEP, "ci 1");
    guardian.send(Push.event("git-watch", PushLevel.KEEP, "git 1"));
    push(watcher, PushLevel.KEEP, "ci 2");
    push(watcher, PushLevel.KEEP, "ci 3");

    var streams = done(f.gateway.monitor().streams(session, 2));

    assertThat(streams.keySet()).containsExactly("ci-watch@ci-watcher", "git-watch@guardian");
    assertThat(streams.get("ci-watch@ci-watcher"))
        .extracting(StreamEntry::event)
        .containsExactly("ci 3", "ci 2");
    assertThat(streams.get("git-watch@guardian"))
        .extracting(StreamEntry::event)
        .containsExactly("git 1");
    assertThat(done(f.gateway.monitor().streams(session, -1)).get("ci-watch@ci-watcher")).isEmpty();
    assertThat(refusal(f.gateway.monitor().streams("nope", 2)))
        .isEqualTo(HostErrorCode.INVALID_SESSION);
  }

  @Test
  void theMonitorCountsEveryPushPastItsChecksThoseTheFilterDropsTooButNoRefusedOne() {
    dropNoise();
    push(watcher, PushLevel.KEEP, "kept");
    push(watcher, PushLevel.KEEP, "noise, dropped");
    watcher.send(Push.event("s".repeat(129), PushLevel.KEEP, "refused: the name is too long"));
    watcher.next(ErrorMessage.class);

    assertThat(f.gateway.monitor().pushesAccepted()).isEqualTo(2);
    assertThat(stored("ci-watch@ci-watcher")).containsExactly("kept");
  }

  // ---- memory bounds ----

  /** Pushes {@code count} events of 40 characters (216 bytes estimated each), numbered from 0. */
  private static void pushFortyCharEvents(RecordingProviderConnection p, String stream, int count) {
    for (int i = 0; i < count; i++) {
      p.send(Push.event(stream, PushLevel.KEEP, i + stream.substring(0, 1).repeat(39)));
    }
  }

  @Test
  void aStreamHoldsAtMostItsHeapBudgetAndAlwaysItsNewestEvent() {
    // A 40-character event is estimated at 216 bytes (entry, string, characters as UTF-16): two fit
    // in 500.
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxStreamBytes(500))) {
      String s = small.startSession("small");
      RecordingProviderConnection p = small.bound("p", s);
      pushFortyCharEvents(p, "w", 3);
      p.send(Push.event("big", PushLevel.KEEP, "y".repeat(500)));

      var streams = done(small.gateway.queryStreams(s, List.of("w@p", "big@p"), 200));
      assertThat(streams.get("w@p")).extracting(e -> e.event().charAt(0)).containsExactly('2', '1');
      assertThat(streams.get("big@p")).hasSize(1);
    }
  }

  @Test
  void metadataCountsAsTheHeapItsTreeHoldsNotAsItsText() {
    // 200 KB of text, about 3.6 MB as a tree: one such event is more than a stream's 1 MiB.
    String zeros = "[" + "0,".repeat(99_999) + "0]";
    for (int i = 0; i < 3; i++) {
      watcher.send(
          new Push(
              "ci-watch",
              null,
              "run " + i,
              null,
              PushLevel.KEEP,
              json("{\"n\":" + zeros + "}"),
              null));
    }

    var streams = done(f.gateway.queryStreams(session, List.of("ci-watch@ci-watcher"), 200));
    assertThat(streams.get("ci-watch@ci-watcher"))
        .extracting(StreamEntry::event)
        .containsExactly("run 2");
  }

  @Test
  void allStreamsTogetherAreBoundedAndStreamsOfDepartedProvidersGoFirst() {
    // Each 40-character event is estimated at 216 bytes.
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxRetainedStreamBytes(1_900))) {
      String s = small.startSession("small");
      RecordingProviderConnection gone = small.bound("gone", s);
      for (int i = 0; i < 4; i++) {
        gone.send(Push.event("old", PushLevel.KEEP, i + "g".repeat(39)));
      }
      gone.drop();
      RecordingProviderConnection big = small.bound("big", s);
      RecordingProviderConnection quiet = small.bound("quiet", s);
      quiet.send(Push.event("q", PushLevel.KEEP, "q".repeat(40)));
      for (int i = 0; i < 8; i++) {
        small.clock.advance(Duration.ofSeconds(1));
        big.send(Push.event("b", PushLevel.KEEP, i + "b".repeat(39)));
      }

      var streams =
          done(small.gateway.queryStreams(s, List.of("old@gone", "b@big", "q@quiet"), 200));
      assertThat(streams.get("old@gone")).as("the departed provider's stream went first").isEmpty();
      assertThat(streams.get("q@quiet")).as("the smaller holder keeps its event").hasSize(1);
      // 9 events of 216 bytes (1,944) pass 1,900: the largest holder's oldest goes.
      assertThat(streams.get("b@big"))
          .extracting(e -> e.event().charAt(0))
          .containsExactly('7', '6', '5', '4', '3', '2', '1');
    }
  }

  @Test
  void theStreamsOfAnEndedSessionGiveTheirBytesBack() {
    // Each 40-character event is estimated at 216 bytes: 1,900 hold 8 of them, not 16.
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxRetainedStreamBytes(1_900))) {
      String first = small.startSession("first");
      pushFortyCharEvents(small.bound("early", first), "e", 8);
      var ended = small.gateway.endSession(first, Duration.ofSeconds(1));
      small.clock.advance(Duration.ofSeconds(1));
      assertThat(ended).isDone();
      String second = small.startSession("second");

      pushFortyCharEvents(small.bound("late", second), "l", 8);

      assertThat(done(small.gateway.queryStreams(second, List.of("l@late"), 200)).get("l@late"))
          .hasSize(8);
    }
  }

  @Test
  void aFullSessionDropsTheOldestStreamOfAProviderThatLeftAndRefusesWhenAllAreLive() {
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxStreamsPerSession(3))) {
      String s = small.startSession("small");
      RecordingProviderConnection gone = small.bound("gone", s);
      gone.send(Push.event("a", PushLevel.KEEP, "1"));
      small.clock.advance(Duration.ofSeconds(1));
      gone.send(Push.event("b", PushLevel.KEEP, "2"));
      gone.drop();
      RecordingProviderConnection live = small.bound("live", s);
      live.send(Push.event("c", PushLevel.KEEP, "3"));

      live.send(Push.event("d", PushLevel.KEEP, "4"));
      live.assertNoMoreMessages();
      var left = done(small.gateway.queryStreams(s, List.of("a@gone", "b@gone"), 10));
      assertThat(left.get("a@gone")).as("the least recently written goes").isEmpty();
      assertThat(left.get("b@gone")).hasSize(1);

      live.send(Push.event("e", PushLevel.KEEP, "5"));
      live.send(Push.event("f", PushLevel.KEEP, "6"));
      assertThat(live.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    }
  }

  @Test
  void filtersAreBoundedLikeStreams() {
    for (int i = 0; i < 20; i++) {
      watcher.send(
          new FilterSet(null, null, "f" + i, List.of(new FilterRule("x", FilterOutcome.DROP))));
    }
    watcher.assertNoMoreMessages();

    watcher.send(
        new FilterSet(null, null, "f20", List.of(new FilterRule("x", FilterOutcome.DROP))));

    assertThat(watcher.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    watcher.send(new FilterSet(null, null, "f0", List.of()));
    watcher.send(
        new FilterSet(null, null, "f20", List.of(new FilterRule("x", FilterOutcome.DROP))));
    watcher.assertNoMoreMessages();
  }
}
