package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ConcurrencyScope;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Concurrency limits from {@code hello.concurrency} (spec: Tool concurrency). */
class ConcurrencyTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  private RecordingProviderConnection provider(Concurrency concurrency) {
    return f.bound(
        Hello.builder("worker")
            .session(session)
            .concurrency(concurrency)
            .tools(tool("a"), tool("b"))
            .build());
  }

  private static ToolErrorCode code(CompletableFuture<CallResult> call) {
    return ((ToolOutcome.Failure) done(call).outcome()).code();
  }

  @Test
  void withoutALimitEveryCallIsSentAtOnce() {
    RecordingProviderConnection p = provider(null);
    for (int i = 0; i < 30; i++) {
      f.call(session, "a", "{}");
    }
    assertThat(p.drain()).hasSize(30);
  }

  @Test
  void overTheLimitCallsWaitAndAreSentInArrivalOrderAsSlotsFree() {
    RecordingProviderConnection p = provider(new Concurrency(2, ConcurrencyScope.INSTANCE));
    List<CompletableFuture<CallResult>> calls = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      calls.add(f.call(session, "a", "{\"n\":" + i + "}"));
    }

    List<ToolCall> sent = new ArrayList<>();
    p.drain().forEach(m -> sent.add((ToolCall) m));
    assertThat(sent).extracting(c -> c.args().get("n").asInt()).containsExactly(0, 1);

    p.send(ToolResult.success(sent.get(0).id(), json("0")));
    ToolCall third = p.next(ToolCall.class);
    assertThat(third.args().get("n").asInt()).isEqualTo(2);
    p.assertNoMoreMessages();
    p.send(ToolResult.success(sent.get(1).id(), json("1")));
    p.send(ToolResult.success(third.id(), json("2")));
    assertThat(p.drain())
        .extracting(m -> ((ToolCall) m).args().get("n").asInt())
        .containsExactly(3, 4);
  }

  /**
   * A call that ended while it waited has left the queue: the slot goes to the next one waiting.
   */
  @Test
  void aWaitingCallThatTimesOutIsNeverSentAndTheNextInArrivalOrderGetsTheSlot() {
    RecordingProviderConnection p = provider(new Concurrency(1, ConcurrencyScope.INSTANCE));
    f.call(session, "a", "{\"n\":0}", Duration.ofSeconds(20));
    var impatient = f.call(session, "a", "{\"n\":1}", Duration.ofSeconds(2));
    f.call(session, "a", "{\"n\":2}", Duration.ofSeconds(20));
    ToolCall first = p.next(ToolCall.class);
    p.assertNoMoreMessages();

    f.clock.advance(Duration.ofSeconds(2));
    assertThat(code(impatient)).isEqualTo(ToolErrorCode.TIMEOUT);
    p.assertNoMoreMessages();
    p.send(ToolResult.success(first.id(), json("0")));

    assertThat(p.next(ToolCall.class).args().get("n").asInt()).isEqualTo(2);
    p.assertNoMoreMessages();
  }

  @Test
  void atMostTenCallsWaitAndTheEleventhIsRateLimitedAtOnce() {
    RecordingProviderConnection p = provider(new Concurrency(1, null));
    f.call(session, "a", "{}");
    List<CompletableFuture<CallResult>> waiting = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      waiting.add(f.call(session, "a", "{}"));
    }

    var eleventh = f.call(session, "a", "{}");

    assertThat(code(eleventh)).isEqualTo(ToolErrorCode.RATE_LIMITED);
    assertThat(waiting).noneMatch(CompletableFuture::isDone);
    assertThat(p.drain()).hasSize(1);
  }

  @Test
  void toolScopeCountsEachToolSeparately() {
    RecordingProviderConnection p = provider(new Concurrency(1, ConcurrencyScope.TOOL));

    f.call(session, "a", "{}");
    f.call(session, "a", "{}");
    f.call(session, "b", "{}");

    assertThat(p.drain()).extracting(m -> ((ToolCall) m).tool()).containsExactly("a", "b");
  }

  @Test
  void providerScopeCountsAcrossInstances() {
    RecordingProviderConnection a =
        f.bound(
            Hello.builder("browser")
                .instance("tab-a")
                .session(session)
                .concurrency(new Concurrency(1, ConcurrencyScope.PROVIDER))
                .tools(tool("shot"))
                .build());
    RecordingProviderConnection b =
        f.bound(
            Hello.builder("browser")
                .instance("tab-b")
                .session(session)
                .concurrency(new Concurrency(1, ConcurrencyScope.PROVIDER))
                .tools(tool("shot"))
                .build());
    a.drain();

    f.call(session, "shot", "{\"target\":\"tab-a\"}");
    f.call(session, "shot", "{\"target\":\"tab-b\"}");

    assertThat(a.drain()).hasSize(1);
    b.assertNoMoreMessages();
  }

  @Test
  void instanceScopeCountsEachInstanceSeparately() {
    RecordingProviderConnection a =
        f.bound(
            Hello.builder("browser")
                .instance("tab-a")
                .session(session)
                .concurrency(new Concurrency(1, ConcurrencyScope.INSTANCE))
                .tools(tool("shot"))
                .build());
    RecordingProviderConnection b =
        f.bound(
            Hello.builder("browser")
                .instance("tab-b")
                .session(session)
                .concurrency(new Concurrency(1, ConcurrencyScope.INSTANCE))
                .tools(tool("shot"))
                .build());
    a.drain();

    f.call(session, "shot", "{\"target\":\"tab-a\"}");
    f.call(session, "shot", "{\"target\":\"tab-b\"}");

    assertThat(a.drain()).hasSize(1);
    assertThat(b.drain()).hasSize(1);
  }

  @Test
  void aCancelledCallKeepsItsSlotUntilCancelledArrives() {
    RecordingProviderConnection p = provider(new Concurrency(1, null));
    f.call(session, "a", "{}", Duration.ofSeconds(1));
    var waiting = f.call(session, "a", "{}");
    String first = p.next(ToolCall.class).id();

    f.clock.advance(Duration.ofSeconds(1));
    p.next(ToolCancel.class);
    p.assertNoMoreMessages();

    p.send(ToolResult.cancelled(first));
    p.next(ToolCall.class);
    assertThat(waiting).isNotDone();
  }

  @Test
  void aCancelledCallFreesItsSlotAfterTheGracePeriodWithoutAnAnswer() {
    RecordingProviderConnection p = provider(new Concurrency(1, null));
    f.call(session, "a", "{}", Duration.ofSeconds(1));
    f.call(session, "a", "{}", Duration.ofSeconds(30));
    p.next(ToolCall.class);
    f.clock.advance(Duration.ofSeconds(1));
    p.next(ToolCancel.class);

    f.clock.advance(Duration.ofMillis(4_999));
    p.assertNoMoreMessages();
    f.clock.advance(Duration.ofMillis(1));

    p.next(ToolCall.class);
  }

  /**
   * After tool.cancel only CANCELLED or the grace period closes the call (R-TOOL-18, R-TOOL-21).
   */
  @Test
  void aDataAnswerAfterTheCancelKeepsTheSlotUntilTheGracePeriodEnds() {
    RecordingProviderConnection p = provider(new Concurrency(1, null));
    var timedOut = f.call(session, "a", "{}", Duration.ofSeconds(1));
    var waiting = f.call(session, "a", "{}", Duration.ofSeconds(30));
    String first = p.next(ToolCall.class).id();
    f.clock.advance(Duration.ofSeconds(1));
    p.next(ToolCancel.class);

    p.send(ToolResult.success(first, json("\"too late\"")));
    f.clock.advance(Duration.ofMillis(4_999));
    p.assertNoMoreMessages();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(code(timedOut)).isEqualTo(ToolErrorCode.TIMEOUT);
    p.next(ToolCall.class);
    assertThat(waiting).isNotDone();
  }

  @Test
  void aCallThatTimesOutWhileWaitingIsNeverSent() {
    RecordingProviderConnection p = provider(new Concurrency(1, null));
    f.call(session, "a", "{}");
    var waiting = f.call(session, "a", "{}", Duration.ofSeconds(2));
    String first = p.next(ToolCall.class).id();

    f.clock.advance(Duration.ofSeconds(2));
    assertThat(code(waiting)).isEqualTo(ToolErrorCode.TIMEOUT);
    p.send(ToolResult.success(first, json("1")));

    p.assertNoMoreMessages();
  }

  @Test
  void waitingCallsOfAProviderThatLeavesEndDisconnectedWithoutBeingSent() {
    RecordingProviderConnection p = provider(new Concurrency(1, null));
    f.call(session, "a", "{}");
    var waiting = f.call(session, "a", "{}");
    p.next(ToolCall.class);

    p.drop();

    assertThat(code(waiting)).isEqualTo(ToolErrorCode.DISCONNECTED);
    p.assertNoMoreMessages();
  }

  /**
   * Goodbye unbinds while the connection is still open: the in-flight call ending must not hand its
   * slot to a waiting call of the same provider and send it a tool.call after its goodbye.
   */
  @Test
  void waitingCallsOfAProviderThatSaysGoodbyeEndDisconnectedWithoutBeingSent() {
    RecordingProviderConnection p = provider(new Concurrency(1, null));
    var inFlight = f.call(session, "a", "{}");
    var waiting = f.call(session, "a", "{}");
    p.next(ToolCall.class);

    p.send(new Goodbye("done"));

    assertThat(code(inFlight)).isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(code(waiting)).isEqualTo(ToolErrorCode.DISCONNECTED);
    p.assertNoMoreMessages();
  }

  /** A call ending while another still runs frees one slot, not the whole limit. */
  @Test
  void theLimitStillCountsTheCallInFlightAfterAnotherOneEnds() {
    RecordingProviderConnection p = provider(new Concurrency(2, ConcurrencyScope.INSTANCE));
    f.call(session, "a", "{}");
    f.call(session, "a", "{}");
    String first = p.next(ToolCall.class).id();
    p.next(ToolCall.class);
    p.send(ToolResult.success(first, json("1")));

    var third = f.call(session, "a", "{\"n\":3}");
    var fourth = f.call(session, "a", "{\"n\":4}");

    assertThat(p.next(ToolCall.class).args().get("n").asInt()).isEqualTo(3);
    p.assertNoMoreMessages();
    assertThat(third).isNotDone();
    assertThat(fourth).isNotDone();
  }

  /**
   * A limit is the provider's latest word: one that leaves and binds again with another starts
   * afresh.
   */
  @Test
  void aProviderThatBindsAgainWithAHigherLimitGetsItsNewLimit() {
    RecordingProviderConnection before = provider(new Concurrency(1, ConcurrencyScope.INSTANCE));
    f.call(session, "a", "{}");
    before.send(ToolResult.success(before.next(ToolCall.class).id(), json("1")));
    before.drop();

    RecordingProviderConnection after = provider(new Concurrency(2, ConcurrencyScope.INSTANCE));
    f.call(session, "a", "{}");
    f.call(session, "a", "{}");

    assertThat(after.drain()).hasSize(2);
  }

  /**
   * A cancelled call keeps its slot until CANCELLED or the grace period, but only while the
   * provider could still answer: when its connection drops, the slot is free at once.
   */
  @Test
  void aCancelledCallsSlotIsFreedAsSoonAsItsConnectionDrops() {
    RecordingProviderConnection before = provider(new Concurrency(1, ConcurrencyScope.PROVIDER));
    var cancelled = f.call(session, "a", "{}");
    before.next(ToolCall.class);
    // A rebind cancels the old binding's calls: this one now waits for CANCELLED on its own.
    before.send(Hello.builder("worker").session(session).tools(tool("a")).build());
    before.next(ToolCancel.class);
    assertThat(code(cancelled)).isEqualTo(ToolErrorCode.CANCELLED);
    before.drop();

    RecordingProviderConnection after = provider(new Concurrency(1, ConcurrencyScope.PROVIDER));
    f.call(session, "a", "{}");

    after.next(ToolCall.class);
  }

  /** A call retried on another instance gives its first instance's slot back. */
  @Test
  void aCallRetriedOnAnotherInstanceFreesTheSlotOfTheFirst() {
    Concurrency one = new Concurrency(1, ConcurrencyScope.INSTANCE);
    RecordingProviderConnection a =
        f.bound(
            Hello.builder("worker")
                .instance("a")
                .session(session)
                .concurrency(one)
                .tools(tool("t"))
                .build());
    RecordingProviderConnection b =
        f.bound(
            Hello.builder("worker")
                .instance("b")
                .session(session)
                .concurrency(one)
                .tools(tool("t"))
                .build());
    a.drain();
    f.call(session, "t", "{\"target\":\"b\"}");
    b.send(
        ToolResult.failure(b.next(ToolCall.class).id(), "busy", ToolErrorCode.INTERNAL)
            .withRetryable(true));
    a.next(ToolCall.class);

    f.call(session, "t", "{\"target\":\"b\"}");

    b.next(ToolCall.class);
  }

  @Test
  void callsInFlightAndQueuedCountEveryCallUntilItEndsWhicheverWay() {
    RecordingProviderConnection worker = provider(new Concurrency(1, ConcurrencyScope.PROVIDER));

    f.call(session, "a", "{}");
    var second = f.call(session, "a", "{}");
    var third = f.call(session, "a", "{}", Duration.ofSeconds(1));
    assertThat(f.gateway.monitor().callsInFlight()).isEqualTo(3);
    assertThat(f.gateway.monitor().callsQueued()).isEqualTo(2);

    f.clock.advance(Duration.ofSeconds(1)); // the third times out in the queue
    assertThat(code(third)).isEqualTo(ToolErrorCode.TIMEOUT);
    assertThat(f.gateway.monitor().callsQueued()).isEqualTo(1);
    worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("1")));
    assertThat(f.gateway.monitor().callsQueued()).isZero();
    worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("2")));
    done(second);

    assertThat(f.gateway.monitor().callsInFlight()).isZero();
  }

  /**
   * The host's list of providers counts, for each, the calls out with its connection: those waiting
   * for a slot are not, and an answered one no longer is.
   */
  @Test
  void theHostSeesEachProvidersToolsAndOnlyTheCallsSentToIt() {
    RecordingProviderConnection worker = provider(new Concurrency(1, ConcurrencyScope.PROVIDER));
    f.bound("idle", session, tool("c"));
    f.call(session, "a", "{}");
    f.call(session, "a", "{}");

    List<ProviderInfo> providers = done(f.gateway.providers());
    assertThat(providers).isSortedAccordingTo(Comparator.comparing(ProviderInfo::providerId));
    assertThat(providers)
        .extracting(ProviderInfo::name, ProviderInfo::tools, ProviderInfo::callsInFlight)
        .containsExactlyInAnyOrder(
            tuple("worker", List.of("a", "b"), 1), tuple("idle", List.of("c"), 0));

    worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("1")));
    worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("2")));

    assertThat(done(f.gateway.providers())).extracting(ProviderInfo::callsInFlight).containsOnly(0);
  }
}
