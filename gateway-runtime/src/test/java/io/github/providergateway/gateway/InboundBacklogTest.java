package io.github.providergateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Limits;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * Received text waiting for a busy gateway loop is bounded: past the per-connection or the total
 * limit the transport is told to stop reading, and told to read again once the loop has caught up
 * (issue 13, finding 4: messages piled up in the loop's queue while it was blocked).
 */
class InboundBacklogTest {

  private static final int PER_CONNECTION = 1_000;
  private static final int TOTAL = 3_000;

  /** Holds the loop's drain task until the test runs it: the loop is "busy" meanwhile. */
  private final ArrayDeque<Runnable> held = new ArrayDeque<>();

  private final Executor heldExecutor = held::add;
  private final ManualClock time = new ManualClock();
  private final Gateway gateway =
      Gateway.builder()
          .backend(time.backend().threaded().withLoopExecutor(heldExecutor))
          .limits(
              Limits.defaults().toBuilder()
                  .maxQueuedInboundBytes(TOTAL)
                  .maxQueuedInboundBytesPerConnection(PER_CONNECTION)
                  .build())
          .build();

  @Test
  void aConnectionPastItsShareIsSuspendedAndResumedOnceTheLoopHasCaughtUp() {
    FlowRecordingConnection conn = new FlowRecordingConnection();
    ProviderLink link =
        gateway.transports().acceptWebSocket(conn); // the loop now holds a task: busy

    for (int i = 0; i < 10; i++) {
      link.receive(unknownMessageOf(100)); // 10 × 100 chars: at the limit, not past it
    }
    assertThat(conn.events).isEmpty();

    link.receive(unknownMessageOf(100));

    assertThat(conn.events).containsExactly("suspend");

    runLoop();

    assertThat(conn.events).containsExactly("suspend", "resume");
  }

  @Test
  void theTotalSuspendsWhicheverConnectionDeliversPastItAndResumesEachOnce() {
    FlowRecordingConnection a = new FlowRecordingConnection();
    FlowRecordingConnection b = new FlowRecordingConnection();
    FlowRecordingConnection c = new FlowRecordingConnection();
    FlowRecordingConnection d = new FlowRecordingConnection();
    ProviderLink la = gateway.transports().acceptWebSocket(a);
    ProviderLink lb = gateway.transports().acceptWebSocket(b);
    ProviderLink lc = gateway.transports().acceptWebSocket(c);
    ProviderLink ld = gateway.transports().acceptWebSocket(d);

    // Each stays within its own 1,000; together they pass 3,000 on d's message.
    la.receive(unknownMessageOf(900));
    lb.receive(unknownMessageOf(900));
    lc.receive(unknownMessageOf(900));
    assertThat(List.of(a.events, b.events, c.events)).allMatch(List::isEmpty);
    ld.receive(unknownMessageOf(900));

    assertThat(d.events).containsExactly("suspend");
    assertThat(List.of(a.events, b.events, c.events)).allMatch(List::isEmpty);

    runLoop();

    assertThat(d.events).containsExactly("suspend", "resume");
  }

  @Test
  void aTransportThatGoesOnDeliveringWhileSuspendedIsClosedTooFastAndTheRestIsDropped() {
    FlowRecordingConnection conn = new FlowRecordingConnection(); // reads on regardless
    ProviderLink link = gateway.transports().acceptWebSocket(conn);
    for (int i = 0; i < 11; i++) {
      link.receive(unknownMessageOf(100));
    }
    assertThat(conn.events).containsExactly("suspend");
    for (int i = 0; i < 10; i++) {
      link.receive(unknownMessageOf(100)); // its share again: what it had already read
    }

    for (int i = 0; i < 100; i++) {
      link.receive(unknownMessageOf(100));
    }

    assertThat(gateway.inboundBacklog().total())
        .as("twice the share and the message that passed it")
        .isEqualTo(2_100);
    assertThat(gateway.inboundBacklog().totalMessages()).isEqualTo(21);
    runLoop();
    assertThat(conn.closedWith).isEqualTo(CloseReason.TOO_FAST);
    assertThat(conn.sent).as("the dropped messages are never answered").hasSize(21);
  }

  @Test
  void anIdleLoopHandlesTextAtOnceAndNeverSuspends() {
    Gateway idle =
        Gateway.builder()
            .backend(time.backend().threaded().withLoopExecutor(Runnable::run))
            .limits(Limits.defaults().toBuilder().maxQueuedInboundBytesPerConnection(10).build())
            .build();
    FlowRecordingConnection conn = new FlowRecordingConnection();
    ProviderLink link = idle.transports().acceptWebSocket(conn);

    link.receive(unknownMessageOf(1_000)); // a hundred times the limit, but nothing waits

    assertThat(conn.events).isEmpty();
    assertThat(conn.sent).hasSize(1); // UNKNOWN_TYPE: it was handled at once
    idle.close();
  }

  private void runLoop() {
    while (!held.isEmpty()) {
      held.poll().run();
    }
  }

  /** A message of {@code chars} chars whose type nobody knows (answered UNKNOWN_TYPE). */
  private static String unknownMessageOf(int chars) {
    String start = "{\"type\":\"x\",\"pad\":\"";
    String end = "\"}";
    return start + "p".repeat(chars - start.length() - end.length()) + end;
  }

  /** A transport that records what it is sent and when it is told to stop or go on reading. */
  private static final class FlowRecordingConnection implements ProviderConnection {
    final List<String> events = new ArrayList<>();
    final List<GatewayMessage> sent = new ArrayList<>();
    CloseReason closedWith;

    @Override
    public synchronized boolean send(GatewayMessage message) {
      sent.add(message);
      return true;
    }

    @Override
    public synchronized void close(CloseReason reason) {
      if (closedWith == null) {
        closedWith = reason;
      }
    }

    @Override
    public String describe() {
      return "flow";
    }

    @Override
    public synchronized void suspendReading() {
      events.add("suspend");
    }

    @Override
    public synchronized void resumeReading() {
      events.add("resume");
    }
  }
}
