package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Tool dispatch and its terminal semantics (spec: Tool call terminal semantics). */
class ToolCallTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");
  private final RecordingProviderConnection provider =
      f.bound(
          Hello.builder("worker")
              .session(session)
              .tools(tool("fast"), tool("slow").withTimeout(Duration.ofSeconds(15)), tool("other"))
              .build());

  @AfterEach
  void close() {
    f.close();
  }

  private static ToolOutcome.Failure failure(CompletableFuture<CallResult> call) {
    ToolOutcome outcome = done(call).outcome();
    assertThat(outcome).isInstanceOf(ToolOutcome.Failure.class);
    return (ToolOutcome.Failure) outcome;
  }

  @Test
  void aCallReachesItsProviderWithANewIdTheSessionToolAndArgs() {
    var call = f.call(session, "fast", "{\"query\":\"find active users\"}");

    ToolCall sent = provider.next(ToolCall.class);
    assertThat(sent.id()).startsWith("call-");
    assertThat(sent.sessionId()).isEqualTo(session);
    assertThat(sent.tool()).isEqualTo("fast");
    assertThat(sent.args()).isEqualTo(json("{\"query\":\"find active users\"}"));
    assertThat(call).isNotDone();
  }

  @Test
  void aToolOfOneInstanceGetsATargetArgumentAsTheHostGaveIt() {
    f.call(session, "fast", "{\"target\":\"production\"}");

    assertThat(provider.next(ToolCall.class).args()).isEqualTo(json("{\"target\":\"production\"}"));
  }

  @Test
  void aCallThatTimesOutWhileAGateIsAskedIsNeverSentWhenTheGateAllows() {
    RecordingProviderConnection ci =
        f.bound(
            Hello.builder("ci")
                .session(session)
                .hooks(
                    new io.github.providergateway.protocol.Hooks(
                        java.util.List.of(
                            io.github.providergateway.protocol.HookRule.gate(null, "g")),
                        null))
                .build());
    var call = f.call(session, "fast", "{}", Duration.ofSeconds(1));
    String gate = ci.next(io.github.providergateway.protocol.GateCheck.class).callId();
    f.clock.advance(Duration.ofSeconds(1));
    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.TIMEOUT);

    ci.send(io.github.providergateway.protocol.GateResult.allow("g", gate));

    provider.assertNoMoreMessages();
  }

  @Test
  void callIdsAreUniqueAcrossSessionsAndProviders() {
    String beta = f.startSession("beta");
    RecordingProviderConnection other = f.bound("other", beta, tool("fast"));
    provider.drain(); // sessions.updated for beta
    Set<String> ids = new HashSet<>();
    for (int i = 0; i < 50; i++) {
      f.call(session, "fast", "{}");
      f.call(beta, "fast", "{}");
      ids.add(provider.next(ToolCall.class).id());
      ids.add(other.next(ToolCall.class).id());
    }
    assertThat(ids).hasSize(100);
  }

  @Test
  void dataResultEndsTheCallAsSuccess() {
    var call = f.call(session, "fast", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(ToolResult.success(id, json("{\"user\":\"alice\",\"role\":\"admin\"}")));

    assertThat(done(call).outcome())
        .isEqualTo(ToolOutcome.success(json("{\"user\":\"alice\",\"role\":\"admin\"}")));
    assertThat(done(call).context()).isEmpty();
    // Whatever JSON value the data is, falsy and empty ones included, it is the call's value.
    for (String data :
        List.of("\"Hello\"", "42", "0", "false", "\"\"", "[]", "{}", "[1,2]", "null")) {
      var next = f.call(session, "fast", "{}");
      provider.send(ToolResult.success(provider.next(ToolCall.class).id(), json(data)));

      assertThat(done(next).outcome()).as(data).isEqualTo(ToolOutcome.success(json(data)));
    }
  }

  @Test
  void errorResultReachesTheHostUnchanged() {
    var call = f.call(session, "fast", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(
        ToolResult.failure(id, "Element not found: #submit-btn", ToolErrorCode.NOT_FOUND));

    ToolOutcome.Failure failure = failure(call);
    assertThat(failure.error()).isEqualTo("Element not found: #submit-btn");
    assertThat(failure.code()).isEqualTo(ToolErrorCode.NOT_FOUND);
    assertThat(failure.codeText()).isEqualTo("NOT_FOUND");
  }

  @Test
  void anUnknownErrorCodeIsForwardedAsWritten() {
    var call = f.call(session, "fast", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.sendText(
        "{\"type\":\"tool.result\",\"id\":\""
            + id
            + "\",\"error\":\"nope\",\"errorCode\":\"QUOTA\"}");

    ToolOutcome.Failure failure = failure(call);
    assertThat(failure.code()).isEqualTo(ToolErrorCode.UNKNOWN);
    assertThat(failure.codeText()).isEqualTo("QUOTA");
  }

  @Test
  void aResultWithoutDataIsASuccessWithNull() {
    var call = f.call(session, "fast", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.sendText("{\"type\":\"tool.result\",\"id\":\"" + id + "\"}");

    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("null")));
  }

  @Test
  void laterDuplicateResultsAreDroppedSilently() {
    var call = f.call(session, "fast", "{}");
    String id = provider.next(ToolCall.class).id();
    provider.send(ToolResult.success(id, json("1")));

    provider.send(ToolResult.success(id, json("2")));
    provider.send(ToolResult.failure(id, "late", ToolErrorCode.INTERNAL));

    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("1")));
    provider.assertNoMoreMessages();
  }

  @Test
  void aResultNamingAnotherProvidersCallChangesNothing() {
    RecordingProviderConnection intruder = f.bound("intruder", session, tool("x"));
    var call = f.call(session, "fast", "{}");
    String id = provider.next(ToolCall.class).id();

    intruder.send(ToolResult.success(id, json("\"forged\"")));

    assertThat(call).isNotDone();
    assertThat(intruder.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    provider.send(ToolResult.success(id, json("\"real\"")));
    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("\"real\"")));
  }

  /** Unreadable or not, a result is matched against its own connection's calls only. */
  @Test
  void anUnreadableResultNamingAnotherProvidersCallChangesNothing() {
    RecordingProviderConnection intruder = f.bound("intruder", session, tool("x"));
    var call = f.call(session, "fast", "{}");
    String id = provider.next(ToolCall.class).id();

    intruder.sendText(
        "{\"type\":\"tool.result\",\"id\":\""
            + id
            + "\",\"error\":\"forged\",\"retryable\":\"no\"}");

    assertThat(intruder.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(call).isNotDone();
    provider.assertNoMoreMessages();
    provider.send(ToolResult.success(id, json("\"real\"")));
    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("\"real\"")));
  }

  @Test
  void unknownToolIsNotFoundAndNothingIsSent() {
    var call = f.call(session, "missing", "{}");

    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.NOT_FOUND);
    provider.assertNoMoreMessages();
  }

  @Test
  void callingInAnUnknownSessionIsRefused() {
    var call = f.call("nope", "fast", "{}");

    assertThatThrownBy(call::join)
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(HostException.class);
  }

  @Test
  void progressIsLoggedWithTheProviderAsSourceAndTheCallStaysOpen() {
    var call = f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(new ToolProgress(id, "Capturing viewport... 60%"));

    assertThat(f.host(session).logs)
        .containsExactly(
            new io.github.providergateway.gateway.testing.RecordingSessionHost.Line(
                session, "worker", "Capturing viewport... 60%"));
    assertThat(call).isNotDone();
  }

  /** Once the host has its outcome the call is no longer in flight: late progress is not shown. */
  @Test
  void progressForACallThatTimedOutIsNotShown() {
    var call = f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();
    f.clock.advance(Duration.ofSeconds(15));
    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.TIMEOUT);
    provider.next(ToolCancel.class);

    provider.send(new ToolProgress(id, "still capturing"));
    f.clock.advance(Duration.ofSeconds(1));

    assertThat(f.host(session).logs).isEmpty();
  }

  private java.util.List<String> progressShown() {
    return f.host(session).logs.stream()
        .map(io.github.providergateway.gateway.testing.RecordingSessionHost.Line::text)
        .toList();
  }

  @Test
  void progressReachesTheHostAtMostOncePerIntervalCoalescedToTheLatest() {
    f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();

    for (int i = 1; i <= 1_000; i++) {
      provider.send(new ToolProgress(id, i + "/1000"));
    }
    assertThat(progressShown()).as("the first at once, the rest held").containsExactly("1/1000");

    f.clock.advance(Duration.ofMillis(250));
    assertThat(progressShown())
        .as("the latest when the interval ends")
        .containsExactly("1/1000", "1000/1000");

    f.clock.advance(Duration.ofMillis(250));
    assertThat(progressShown()).as("nothing new, nothing shown").hasSize(2);
  }

  @Test
  void progressShownAtOnceWhileAFlushIsQueuedStartsTheNextIntervalForItToo() {
    f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();
    provider.send(new ToolProgress(id, "first"));
    // Two messages that arrive at 250 ms before the flush queued for that instant has run (as
    // when a real loop is busy): the first is due and shown, the second belongs to a new interval.
    f.clock.schedule(Duration.ofMillis(250), () -> provider.send(new ToolProgress(id, "due")));
    f.clock.schedule(Duration.ofMillis(250), () -> provider.send(new ToolProgress(id, "next")));
    f.clock.advance(Duration.ofMillis(100));
    provider.send(new ToolProgress(id, "held"));

    f.clock.advance(Duration.ofMillis(150));
    assertThat(progressShown()).as("not two lines in one instant").containsExactly("first", "due");

    f.clock.advance(Duration.ofMillis(250));
    assertThat(progressShown()).containsExactly("first", "due", "next");
  }

  @Test
  void heldProgressIsShownBeforeTheOutcomeAndNothingIsLeftPending() {
    var call = f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();
    provider.send(new ToolProgress(id, "started"));
    provider.send(new ToolProgress(id, "almost done"));

    provider.send(ToolResult.success(id, json("\"ok\"")));

    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Success.class);
    assertThat(progressShown()).containsExactly("started", "almost done");
    f.clock.advance(Duration.ofSeconds(1));
    assertThat(progressShown()).hasSize(2);
  }

  // ---- timeouts ----

  @Test
  void aToolsOwnTimeoutEndsTheCallAtOnceAndCancelsItOnTheProvider() {
    var call = f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();

    f.clock.advance(Duration.ofMillis(14_999));
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.TIMEOUT);
    ToolCancel cancel = provider.next(ToolCancel.class);
    assertThat(cancel.id()).isEqualTo(id);
    assertThat(cancel.sessionId()).isEqualTo(session);
    assertThat(cancel.reason()).isEqualTo(CancelReason.TIMEOUT);
  }

  @Test
  void withoutAnyTimeoutACallTimesOutAfterSixtySeconds() {
    var call = f.call(session, "fast", "{}");
    provider.next(ToolCall.class);

    f.clock.advance(Duration.ofMillis(59_999));
    assertThat(call).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.TIMEOUT);
  }

  @Test
  void theHostsTimeoutWinsOverTheToolsWhetherShorterOrLonger() {
    var shorter = f.call(session, "slow", "{}", Duration.ofSeconds(2));
    var longer = f.call(session, "slow", "{}", Duration.ofSeconds(20));
    provider.drain();

    f.clock.advance(Duration.ofSeconds(2));
    assertThat(failure(shorter).code()).isEqualTo(ToolErrorCode.TIMEOUT);
    f.clock.advance(Duration.ofSeconds(13));
    assertThat(longer).isNotDone();
    f.clock.advance(Duration.ofSeconds(5));
    assertThat(failure(longer).code()).isEqualTo(ToolErrorCode.TIMEOUT);
  }

  @Test
  void afterATimeoutTheCancelledAnswerClosesTheCallAndTheTimeoutStands() {
    var call = f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();
    f.clock.advance(Duration.ofSeconds(15));
    provider.next(ToolCancel.class);

    provider.send(ToolResult.cancelled(id));

    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.TIMEOUT);
    assertThat(f.clock.pendingTasks()).as("grace timer cancelled").isZero();
    provider.send(ToolResult.cancelled(id)); // a duplicate is now silently dropped
    provider.assertNoMoreMessages();
  }

  @Test
  void afterATimeoutADataAnswerIsIgnoredAndTheGracePeriodClosesTheCall() {
    var call = f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();
    f.clock.advance(Duration.ofSeconds(15));
    provider.next(ToolCancel.class);

    provider.send(ToolResult.success(id, json("\"too late\"")));
    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.TIMEOUT);
    f.clock.advance(Duration.ofSeconds(5));

    assertThat(f.clock.pendingTasks()).isZero();
    provider.send(ToolResult.cancelled(id));
    provider.assertNoMoreMessages();
  }

  // ---- cancel ----

  @Test
  void interruptCancelsEveryCallInFlightInTheSession() {
    var first = f.call(session, "fast", "{}");
    var second = f.call(session, "slow", "{}");
    String a = provider.next(ToolCall.class).id();
    String b = provider.next(ToolCall.class).id();

    done(f.gateway.interrupt(session));

    assertThat(provider.next(ToolCancel.class).id()).isEqualTo(a);
    ToolCancel cancel = provider.next(ToolCancel.class);
    assertThat(cancel.id()).isEqualTo(b);
    assertThat(cancel.reason()).isEqualTo(CancelReason.INTERRUPTED);
    assertThat(failure(first).code()).isEqualTo(ToolErrorCode.CANCELLED);
    assertThat(failure(second).code()).isEqualTo(ToolErrorCode.CANCELLED);
    provider.send(ToolResult.success(a, json("\"ignored\"")));
    assertThat(failure(first).code()).isEqualTo(ToolErrorCode.CANCELLED);
  }

  // ---- disconnect ----

  @Test
  void disconnectEndsEveryCallInFlightAsDisconnected() {
    var first = f.call(session, "fast", "{}");
    var second = f.call(session, "slow", "{}");

    provider.drop();

    assertThat(failure(first).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(failure(second).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    f.clock.advance(
        f.gateway.limits().connections().reconnectWindow()); // registration and reconnect window
    assertThat(f.clock.pendingTasks()).as("no timer outlives its call").isZero();
  }

  @Test
  void disconnectedCallsAreNotReplayedWhenTheProviderReturns() {
    var call = f.call(session, "fast", "{}");
    provider.next(ToolCall.class);
    provider.drop();

    RecordingProviderConnection back = f.bound("worker", session, tool("fast"));

    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    back.assertNoMoreMessages();
  }

  @Test
  void firstTerminalEventWinsWhenResultTimeoutAndDisconnectRace() {
    var call = f.call(session, "slow", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(ToolResult.success(id, json("\"first\"")));
    f.clock.advance(Duration.ofSeconds(20));
    provider.drop();

    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("\"first\"")));
  }

  @Test
  void aCallToAToolRemovedByAnUpdateStillEndsByItsResult() {
    var call = f.call(session, "fast", "{}");
    String id = provider.next(ToolCall.class).id();

    provider.send(
        io.github.providergateway.protocol.ToolsUpdate.replaceAll(
            java.util.List.of(tool("other"))));
    provider.send(ToolResult.success(id, json("\"still answered\"")));

    assertThat(done(call).outcome()).isEqualTo(ToolOutcome.success(json("\"still answered\"")));
  }

  // ---- unreadable input while calls are pending (core profile, rule 4) ----

  @Test
  void malformedJsonWithOneCallPendingFailsThatCallAsInternal() {
    var call = f.call(session, "fast", "{}");
    provider.next(ToolCall.class);

    provider.sendText("{\"type\":\"tool.result\",\"id\":");

    ToolOutcome.Failure failure = failure(call);
    assertThat(failure.code()).isEqualTo(ToolErrorCode.INTERNAL);
    assertThat(failure.error()).startsWith("INVALID_JSON");
    assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(provider.isClosed()).isFalse();
  }

  @Test
  void malformedJsonWithSeveralCallsPendingDisconnectsAndFailsThemAll() {
    var first = f.call(session, "fast", "{}");
    var second = f.call(session, "slow", "{}");
    provider.drain();

    provider.sendText("not json at all");

    assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(provider.closeReason()).isEqualTo(CloseReason.PROTOCOL_ERROR);
    assertThat(failure(first).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(failure(second).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
  }

  @Test
  void malformedJsonWithNothingPendingIsOnlyAnError() {
    provider.sendText("{oops");

    assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(provider.isClosed()).isFalse();
  }

  @Test
  void aResultForAnUnknownIdWithOneCallPendingFailsThatCall() {
    var call = f.call(session, "fast", "{}");
    provider.next(ToolCall.class);

    provider.send(ToolResult.success("call-never-issued", json("1")));

    assertThat(failure(call).code()).isEqualTo(ToolErrorCode.INTERNAL);
    assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
  }

  @Test
  void aResultForAnUnknownIdWithSeveralCallsPendingDisconnects() {
    var first = f.call(session, "fast", "{}");
    var second = f.call(session, "fast", "{}");
    provider.drain();

    provider.send(ToolResult.success("call-never-issued", json("1")));

    assertThat(provider.isClosed()).isTrue();
    assertThat(failure(first).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(failure(second).code()).isEqualTo(ToolErrorCode.DISCONNECTED);
  }

  @Test
  void anInvalidResultNamingAPendingCallFailsExactlyThatCall() {
    var first = f.call(session, "fast", "{}");
    var second = f.call(session, "fast", "{}");
    String a = provider.next(ToolCall.class).id();
    String b = provider.next(ToolCall.class).id();

    provider.sendText("{\"type\":\"tool.result\",\"id\":\"" + a + "\",\"retryable\":\"yes\"}");

    assertThat(failure(first).code()).isEqualTo(ToolErrorCode.INTERNAL);
    assertThat(provider.isClosed()).isFalse();
    provider.send(ToolResult.success(b, json("2")));
    assertThat(done(second).outcome()).isEqualTo(ToolOutcome.success(json("2")));
  }

  @Test
  void anOversizedMessageWithOneCallPendingFailsThatCallNamingTheLimit() {
    try (GatewayFixture small =
        GatewayFixture.withLimits(l -> l.maxToolResultBytes(1024).maxMessageBytes(512))) {
      String s = small.startSession("small");
      RecordingProviderConnection p = small.bound("worker", s, tool("fast"));
      var call = small.call(s, "fast", "{}");
      String id = p.next(ToolCall.class).id();

      // Size limits apply to the text on the wire.
      p.sendText(
          GatewayFixture.CODEC.encode(
              ToolResult.success(id, json("\"" + "x".repeat(2000) + "\""))));

      ToolOutcome.Failure failure = (ToolOutcome.Failure) done(call).outcome();
      assertThat(failure.code()).isEqualTo(ToolErrorCode.INTERNAL);
      assertThat(failure.error()).startsWith("PAYLOAD_TOO_LARGE");
      assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    }
  }

  /**
   * Any oversized message may have been the result: its type, read from its start, does not matter.
   */
  @Test
  void anOversizedPushWithOneCallPendingFailsThatCallNamingTheLimit() {
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxMessageBytes(512))) {
      String s = small.startSession("small");
      RecordingProviderConnection p = small.bound("worker", s, tool("fast"));
      var call = small.call(s, "fast", "{}");
      p.next(ToolCall.class);

      p.sendText("{\"type\":\"push\",\"level\":\"keep\",\"event\":\"" + "x".repeat(2000) + "\"}");

      ToolOutcome.Failure failure = (ToolOutcome.Failure) done(call).outcome();
      assertThat(failure.code()).isEqualTo(ToolErrorCode.INTERNAL);
      assertThat(failure.error()).startsWith("PAYLOAD_TOO_LARGE");
      assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
      assertThat(p.isClosed()).isFalse();
    }
  }

  @Test
  void anOversizedMessageWithNothingPendingChangesNothingAndKeepsTheConnection() {
    try (GatewayFixture small = GatewayFixture.withLimits(l -> l.maxMessageBytes(512))) {
      String s = small.startSession("small");
      RecordingProviderConnection p = small.bound("worker", s, tool("fast"));

      p.sendText("{\"type\":\"push\",\"level\":\"inject\",\"event\":\"" + "x".repeat(600) + "\"}");

      ErrorMessage error = p.next(ErrorMessage.class);
      assertThat(error.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
      assertThat(error.replyTo()).isEqualTo("push");
      assertThat(p.isClosed()).isFalse();
      assertThat(small.host(s).sends).isEmpty();
    }
  }

  @Test
  void aProviderThatNeverAnswersDelaysNoOtherProvider() {
    RecordingProviderConnection quick = f.bound("quick", session, tool("ping"));
    var stuck = f.call(session, "slow", "{}");
    provider.next(ToolCall.class); // never answered

    var ping = f.call(session, "ping", "{}");
    quick.send(ToolResult.success(quick.next(ToolCall.class).id(), json("\"pong\"")));
    quick.send(
        io.github.providergateway.protocol.Push.event(
            io.github.providergateway.protocol.PushLevel.SURFACE, "still here"));

    assertThat(done(ping).outcome()).isEqualTo(ToolOutcome.success(json("\"pong\"")));
    assertThat(f.host(session).loggedTexts()).contains("still here");
    assertThat(stuck).isNotDone();
  }

  @Test
  void hostFuturesCompleteOnTheGatewayLoop() throws Exception {
    var loopThread =
        java.util.concurrent.Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "test-loop");
              t.setDaemon(true);
              return t;
            });
    var released = new java.util.concurrent.CountDownLatch(1);
    // Loop tasks wait for the latch, so the callback below is attached before completion.
    java.util.concurrent.Executor gated =
        task ->
            loopThread.execute(
                () -> {
                  try {
                    released.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  task.run();
                });
    try (GatewayFixture real = GatewayFixture.withBackend(t -> t.withLoopExecutor(gated))) {
      var sessions = real.gateway.sessions();
      var thread = sessions.thenApply(list -> Thread.currentThread().getName());
      released.countDown();
      assertThat(thread.get(5, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("test-loop");
    } finally {
      loopThread.shutdownNow();
    }
  }
}
