package io.github.providergateway.transport.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.websocket.internal.CloseStatus;
import io.github.providergateway.websocket.internal.CloseStatuses;
import io.github.providergateway.websocket.internal.OutboundQueue;
import jakarta.websocket.CloseReason;
import jakarta.websocket.SendHandler;
import jakarta.websocket.SendResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * websocket-core's outbound queue over a Jakarta session's async remote, as the endpoints build it:
 * one text in flight, the bounds, the close frame, and the container keeping the close handshake.
 */
class SessionWireTest {

  /** Keeps what is sent and closed; completes sends when told, or at once within the call. */
  private static final class RecordingRemote implements SessionWire.Remote {
    final List<String> sent = new ArrayList<>();
    final List<CloseReason> closes = new ArrayList<>();
    final List<SendHandler> pending = new ArrayList<>();
    boolean completeInline;

    @Override
    public void sendText(String text, SendHandler done) {
      sent.add(text);
      if (completeInline) {
        done.onResult(new SendResult());
      } else {
        pending.add(done);
      }
    }

    @Override
    public void close(CloseReason reason) {
      closes.add(reason);
    }

    void completeNext() {
      pending.remove(0).onResult(new SendResult());
    }
  }

  private final RecordingRemote remote = new RecordingRemote();
  private final ManualClock clock = new ManualClock();
  private final List<String> gone = new ArrayList<>();

  private OutboundQueue<String> queue(int maxMessages, long maxBytes, Duration stallGrace) {
    OutboundQueue<String> queue =
        new OutboundQueue<>(
            "test",
            new SessionWire("test", remote, Runnable::run),
            OutboundQueue.Bounds.alone(maxMessages, maxBytes, stallGrace),
            OutboundQueue.Encoding.ON_SEND,
            text -> text.getBytes(StandardCharsets.UTF_8),
            OutboundQueue.Context.containerCloses(Runnable::run, clock));
    queue.whenGone(() -> gone.add("gone"));
    return queue;
  }

  @Test
  void oneSendIsInFlightAtATimeInOrder() {
    OutboundQueue<String> queue = queue(10, 1000, Duration.ZERO);

    queue.send("a");
    queue.send("b");
    queue.send("c");
    assertThat(remote.sent).containsExactly("a");
    remote.completeNext();
    assertThat(remote.sent).containsExactly("a", "b");
    remote.completeNext();
    assertThat(remote.sent).containsExactly("a", "b", "c");
  }

  @Test
  void sendsThatCompleteWithinTheirCallDoNotGrowTheStack() {
    OutboundQueue<String> queue = queue(200_000, Long.MAX_VALUE, Duration.ZERO);
    queue.send("first"); // stays in flight while the rest queue up
    for (int i = 0; i < 100_000; i++) {
      queue.send("m" + i);
    }
    remote.completeInline = true;

    remote.completeNext();

    assertThat(remote.sent).hasSize(100_001).endsWith("m99999");
  }

  @Test
  void passingTheMessageBoundClosesWith1008AndReportsTheConnectionGone() {
    OutboundQueue<String> queue = queue(2, 1000, Duration.ZERO);
    queue.send("a");
    queue.send("b");

    assertThat(queue.send("c")).isFalse();

    assertThat(remote.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1008);
    assertThat(gone).containsExactly("gone");
    assertThat(queue.send("d")).isFalse();
  }

  @Test
  void passingTheByteBoundClosesButOneLargeMessageAloneIsSent() {
    OutboundQueue<String> queue = queue(100, 10, Duration.ZERO);

    assertThat(queue.send("x".repeat(50))).isTrue();
    assertThat(queue.send("y")).isFalse();

    assertThat(remote.sent).containsExactly("x".repeat(50));
    assertThat(remote.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1008);
  }

  @Test
  void theByteBoundCountsUtf8Bytes() {
    OutboundQueue<String> queue = queue(100, 4 + 4, Duration.ZERO);
    queue.send("😀"); // 4 bytes in flight

    assertThat(queue.send("😀")).isTrue(); // 8 bytes in all: within the bound
    assertThat(queue.send("é")).isFalse(); // 10
  }

  @Test
  void withAStallGraceTheByteBoundCountsOnlyOnceTheSendInFlightHasStalled() {
    OutboundQueue<String> queue = queue(100, 10, Duration.ofSeconds(2));
    queue.send("x".repeat(50));

    assertThat(queue.send("y".repeat(50))).isTrue();
    clock.advance(Duration.ofMillis(2001));
    assertThat(queue.send("z")).isFalse();
    assertThat(gone).containsExactly("gone");
  }

  @Test
  void closeSendsWhatWaitsThenTheCloseFrameAndIsGoneOnceItIsHandedOver() {
    OutboundQueue<String> queue = queue(10, 1000, Duration.ZERO);
    queue.send("a");
    queue.send("b");

    queue.close(CloseStatuses.goingAway());
    assertThat(queue.send("c")).isFalse();
    assertThat(remote.closes).isEmpty();
    remote.completeNext();
    assertThat(gone).isEmpty();
    remote.completeNext();

    assertThat(remote.sent).containsExactly("a", "b");
    assertThat(remote.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1001);
    assertThat(gone).containsExactly("gone");
    assertThat(queue.state()).isEqualTo(OutboundQueue.State.GONE);
  }

  @Test
  void aFailedSendClosesWith1011() {
    OutboundQueue<String> queue = queue(10, 1000, Duration.ZERO);
    queue.send("a");

    remote.pending.remove(0).onResult(new SendResult(new IOException("timed out")));

    assertThat(remote.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1011);
    assertThat(gone).containsExactly("gone");
  }

  @Test
  void aSendTheSessionRefusesClosesWith1011() {
    SessionWire.Remote closedUnderUs =
        new SessionWire.Remote() {
          @Override
          public void sendText(String text, SendHandler done) {
            throw new IllegalStateException("session closed");
          }

          @Override
          public void close(CloseReason reason) {
            remote.close(reason);
          }
        };
    OutboundQueue<String> queue =
        new OutboundQueue<>(
            "test",
            new SessionWire("test", closedUnderUs, Runnable::run),
            OutboundQueue.Bounds.alone(10, 1000, Duration.ZERO),
            OutboundQueue.Encoding.ON_SEND,
            text -> text.getBytes(StandardCharsets.UTF_8),
            OutboundQueue.Context.containerCloses(Runnable::run, clock));

    assertThat(queue.send("a")).isTrue();

    assertThat(remote.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1011);
    assertThat(queue.state()).isEqualTo(OutboundQueue.State.GONE);
  }

  @Test
  void theContainerEndingTheSessionReportsItGoneOnceWithoutAFrame() {
    OutboundQueue<String> queue = queue(10, 1000, Duration.ZERO);

    queue.ended(new CloseStatus(CloseStatus.NORMAL, ""));
    queue.ended(new CloseStatus(CloseStatus.NORMAL, ""));
    queue.abort(CloseStatuses.goingAway(), null);

    assertThat(gone).containsExactly("gone");
    assertThat(remote.closes).isEmpty();
  }

  @Test
  void aCloseStatusBecomesTheSameJakartaCloseReason() {
    CloseReason reason = SessionWire.closeReason(CloseStatuses.tooSlow());

    assertThat(reason.getCloseCode().getCode()).isEqualTo(1008);
    assertThat(reason.getReasonPhrase()).isEqualTo("too slow: outbound queue full");
  }
}
