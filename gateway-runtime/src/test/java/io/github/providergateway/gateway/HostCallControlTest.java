package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a host controls of its own call ({@link HostApi#callTool(String, String,
 * com.fasterxml.jackson.databind.JsonNode, Duration, ProgressListener)}): a progress listener that
 * hears what the timeline shows, and cancelling by cancelling the returned future.
 */
class HostCallControlTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");
  private final RecordingProviderConnection provider =
      f.bound(
          Hello.builder("worker")
              .session(session)
              .concurrency(new Concurrency(1, null))
              .tools(tool("slow"))
              .build());
  private final List<String> heard = new CopyOnWriteArrayList<>();

  @AfterEach
  void close() {
    provider.assertNoMoreMessages();
    f.close();
  }

  private CompletableFuture<CallResult> call(ProgressListener listener) {
    return f.gateway.callTool(session, "slow", json("{}"), null, listener);
  }

  private List<String> timeline() {
    return f.host(session).logs.stream().map(RecordingSessionHost.Line::text).toList();
  }

  private static ToolErrorCode code(CompletableFuture<CallResult> call) {
    return ((ToolOutcome.Failure) done(call).outcome()).code();
  }

  // ---- progress ----

  @Test
  void theListenerHearsProgressAtTheTimelinesPaceCoalescedToTheLatest() {
    call(heard::add);
    String id = provider.next(ToolCall.class).id();

    for (int i = 1; i <= 100; i++) {
      provider.send(new ToolProgress(id, i + "/100"));
    }
    assertThat(heard).as("the first at once, the rest held").containsExactly("1/100");

    f.clock.advance(Duration.ofMillis(249));
    assertThat(heard).hasSize(1);
    f.clock.advance(Duration.ofMillis(1));
    assertThat(heard).as("the latest when the interval ends").containsExactly("1/100", "100/100");
    assertThat(timeline()).isEqualTo(heard);
  }

  @Test
  void heldProgressReachesTheListenerBeforeTheOutcome() {
    List<String> order = new CopyOnWriteArrayList<>();
    CompletableFuture<CallResult> call = call(message -> order.add("progress " + message));
    call.thenRun(() -> order.add("outcome"));
    String id = provider.next(ToolCall.class).id();
    provider.send(new ToolProgress(id, "started"));
    provider.send(new ToolProgress(id, "almost"));

    provider.send(ToolResult.success(id, json("\"ok\"")));

    assertThat(order).containsExactly("progress started", "progress almost", "outcome");
  }

  @Test
  void eachListenerHearsOnlyItsOwnCall() {
    Concurrency none = null;
    RecordingProviderConnection other =
        f.bound(
            Hello.builder("other").session(session).concurrency(none).tools(tool("fast")).build());
    List<String> otherHeard = new CopyOnWriteArrayList<>();
    call(heard::add);
    f.gateway.callTool(session, "fast", json("{}"), null, otherHeard::add);
    String mine = provider.next(ToolCall.class).id();
    String theirs = other.next(ToolCall.class).id();

    provider.send(new ToolProgress(mine, "mine"));
    other.send(new ToolProgress(theirs, "theirs"));

    assertThat(heard).containsExactly("mine");
    assertThat(otherHeard).containsExactly("theirs");
  }

  @Test
  void aListenerThatThrowsCostsNeitherTheTimelineNorTheOutcome() {
    CompletableFuture<CallResult> call =
        call(
            message -> {
              throw new IllegalStateException("host bug");
            });
    String id = provider.next(ToolCall.class).id();

    provider.send(new ToolProgress(id, "step"));
    provider.send(ToolResult.success(id, json("\"ok\"")));

    assertThat(timeline()).containsExactly("step");
    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Success.class);
    assertThat(provider.isClosed()).isFalse();
  }

  // ---- cancelling the future ----

  @Test
  void cancellingTheFutureSendsToolCancelInterruptedToTheProvider() {
    CompletableFuture<CallResult> call = call(ProgressListener.NONE);
    String id = provider.next(ToolCall.class).id();

    assertThat(call.cancel(false)).isTrue();

    ToolCancel cancel = provider.next(ToolCancel.class);
    assertThat(cancel.id()).isEqualTo(id);
    assertThat(cancel.reason()).isEqualTo(CancelReason.INTERRUPTED);
    assertThat(call).isCancelled();
  }

  @Test
  void theFourArgumentCallIsCancelledTheSameWay() {
    CompletableFuture<CallResult> call = f.call(session, "slow", "{}");
    provider.next(ToolCall.class);

    call.cancel(false);

    assertThat(provider.next(ToolCancel.class).reason()).isEqualTo(CancelReason.INTERRUPTED);
  }

  @Test
  void aCancelledCallKeepsItsSlotUntilItsProviderAnswersCancelled() {
    CompletableFuture<CallResult> first = call(ProgressListener.NONE);
    CompletableFuture<CallResult> waiting = call(ProgressListener.NONE);
    String id = provider.next(ToolCall.class).id();

    first.cancel(false);
    provider.next(ToolCancel.class);
    provider.assertNoMoreMessages();

    provider.send(ToolResult.cancelled(id));
    provider.next(ToolCall.class);
    assertThat(waiting).isNotDone();
  }

  @Test
  void cancellingAQueuedCallSendsNothingAndFreesItsPlace() {
    call(ProgressListener.NONE);
    CompletableFuture<CallResult> queued = call(ProgressListener.NONE);
    CompletableFuture<CallResult> last = call(ProgressListener.NONE);
    String first = provider.next(ToolCall.class).id();

    queued.cancel(false);
    provider.assertNoMoreMessages();
    provider.send(ToolResult.success(first, json("1")));

    assertThat(provider.next(ToolCall.class).id())
        .as("the last, not the cancelled one")
        .isNotEqualTo(first);
    assertThat(last).isNotDone();
    provider.assertNoMoreMessages();
  }

  @Test
  void cancellingAfterTheOutcomeDoesNothing() {
    CompletableFuture<CallResult> call = call(heard::add);
    String id = provider.next(ToolCall.class).id();
    provider.send(ToolResult.success(id, json("\"ok\"")));

    assertThat(call.cancel(false)).isFalse();

    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Success.class);
    call(ProgressListener.NONE);
    provider.next(ToolCall.class); // the slot was freed once, by the result
  }

  @Test
  void aCallCancelledWhileAGateDecidesIsNeverSent() {
    RecordingProviderConnection ci =
        f.bound(
            Hello.builder("ci")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "g")), null))
                .build());
    CompletableFuture<CallResult> call = call(ProgressListener.NONE);
    GateCheck check = ci.next(GateCheck.class);

    call.cancel(false);
    ci.send(GateResult.allow(check.gateId(), check.callId()));

    provider.assertNoMoreMessages();
    assertThat(call).isCancelled();
  }

  @Test
  void aCallThatTimedOutIsNotCancelledAgainByCancellingItsFuture() {
    CompletableFuture<CallResult> call =
        f.gateway.callTool(
            session, "slow", json("{}"), Duration.ofSeconds(1), ProgressListener.NONE);
    provider.next(ToolCall.class);
    f.clock.advance(Duration.ofSeconds(1));
    assertThat(code(call)).isEqualTo(ToolErrorCode.TIMEOUT);
    assertThat(provider.next(ToolCancel.class).reason()).isEqualTo(CancelReason.TIMEOUT);

    call.cancel(false);
  }
}
