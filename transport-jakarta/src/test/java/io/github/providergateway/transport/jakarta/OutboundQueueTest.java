package io.github.providergateway.transport.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.ManualClock;
import jakarta.websocket.CloseReason;
import jakarta.websocket.SendHandler;
import jakarta.websocket.SendResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutboundQueueTest {

  /** Keeps what is sent and closed; completes sends when told, or at once within the call. */
  private static final class RecordingWire implements OutboundQueue.Wire {
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

  private final RecordingWire wire = new RecordingWire();
  private final ManualClock clock = new ManualClock();
  private final List<String> gone = new ArrayList<>();

  private OutboundQueue queue(int maxMessages, long maxBytes, Duration stallGrace) {
    OutboundQueue queue =
        new OutboundQueue(
            "test",
            wire,
            new OutboundQueue.Bounds(maxMessages, maxBytes, stallGrace),
            clock,
            Runnable::run);
    queue.whenGone(() -> gone.add("gone"));
    return queue;
  }

  @Test
  void oneSendIsInFlightAtATimeInOrder() {
    OutboundQueue queue = queue(10, 1000, Duration.ZERO);

    queue.send("a");
    queue.send("b");
    assertThat(wire.sent).containsExactly("a");
    wire.completeNext();
    assertThat(wire.sent).containsExactly("a", "b");
  }

  @Test
  void sendsThatCompleteWithinTheirCallDoNotGrowTheStack() {
    OutboundQueue queue = queue(200_000, Long.MAX_VALUE, Duration.ZERO);
    queue.send("first"); // stays in flight while the rest queue up
    for (int i = 0; i < 100_000; i++) {
      queue.send("m" + i);
    }
    wire.completeInline = true;

    wire.completeNext();

    assertThat(wire.sent).hasSize(100_001).endsWith("m99999");
  }

  @Test
  void passingTheMessageBoundClosesWith1008AndReportsTheConnectionGone() {
    OutboundQueue queue = queue(2, 1000, Duration.ZERO);
    queue.send("a");
    queue.send("b");

    assertThat(queue.send("c")).isFalse();

    assertThat(wire.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1008);
    assertThat(gone).containsExactly("gone");
    assertThat(queue.send("d")).isFalse();
  }

  @Test
  void passingTheByteBoundClosesButOneLargeMessageAloneIsSent() {
    OutboundQueue queue = queue(100, 10, Duration.ZERO);

    assertThat(queue.send("x".repeat(50))).isTrue();
    assertThat(queue.send("y")).isFalse();

    assertThat(wire.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1008);
  }

  @Test
  void withAStallGraceTheByteBoundCountsOnlyOnceTheSendInFlightHasStalled() {
    OutboundQueue queue = queue(100, 10, Duration.ofSeconds(2));
    queue.send("x".repeat(50));

    assertThat(queue.send("y".repeat(50))).isTrue();
    clock.advance(Duration.ofMillis(2001));
    assertThat(queue.send("z")).isFalse();
    assertThat(gone).containsExactly("gone");
  }

  @Test
  void closeSendsWhatWaitsThenTheCloseFrame() {
    OutboundQueue queue = queue(10, 1000, Duration.ZERO);
    queue.send("a");
    queue.send("b");

    queue.close(Closes.goingAway());
    assertThat(queue.send("c")).isFalse();
    assertThat(wire.closes).isEmpty();
    wire.completeNext();
    wire.completeNext();

    assertThat(wire.sent).containsExactly("a", "b");
    assertThat(wire.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1001);
    assertThat(gone).containsExactly("gone");
  }

  @Test
  void aFailedSendClosesWith1011() {
    OutboundQueue queue = queue(10, 1000, Duration.ZERO);
    queue.send("a");

    wire.pending.remove(0).onResult(new SendResult(new java.io.IOException("timed out")));

    assertThat(wire.closes).extracting(c -> c.getCloseCode().getCode()).containsExactly(1011);
    assertThat(gone).containsExactly("gone");
  }

  @Test
  void theContainerEndingTheSessionReportsItGoneOnceWithoutAFrame() {
    OutboundQueue queue = queue(10, 1000, Duration.ZERO);

    queue.ended();
    queue.ended();
    queue.abort(Closes.goingAway(), null);

    assertThat(gone).containsExactly("gone");
    assertThat(wire.closes).isEmpty();
  }

  @Test
  void utf8LengthCountsBytes() {
    assertThat(OutboundQueue.utf8Length("aé€😀")).isEqualTo(1 + 2 + 3 + 4);
  }
}
