package io.github.providergateway.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.loop.InboundBacklog;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Limits;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Host text waits for a busy gateway loop as counted text, in the budget provider text waits in
 * (decision 54; issue 47, row 8): past its share the carrier is told to stop reading, and told to
 * read again once the loop has caught up; a carrier that goes on delivering is closed.
 */
class HostInboundBacklogTest {

  private static final int PER_CONNECTION = 1_000;

  /** Holds the loop's drain task until the test runs it: the loop is "busy" meanwhile. */
  private final ArrayDeque<Runnable> held = new ArrayDeque<>();

  private final ManualClock time = new ManualClock();
  private final Gateway gateway =
      Gateway.builder()
          .backend(time.backend().threaded().withLoopExecutor(held::add))
          .limits(
              Limits.defaults().toBuilder()
                  .maxQueuedInboundBytes(3_000)
                  .maxQueuedInboundBytesPerConnection(PER_CONNECTION)
                  .build())
          .build();
  private final InboundBacklog backlog = gateway.inboundBacklog();
  private final HostService hosts = HostService.builder(gateway).build();

  @AfterEach
  void close() {
    hosts.close();
    runLoop(); // the gateway itself is left to the collector: closing waits for a loop it holds
  }

  @Test
  void aHostPastItsShareIsSuspendedAndResumedOnceTheLoopHasCaughtUp() {
    FlowHost host = new FlowHost();
    HostChannel channel = hosts.openTrusted(host);

    for (int i = 0; i < 10; i++) {
      channel.receive(unknownCommandOf(i, 100)); // 10 × 100 chars: at the limit, not past it
    }
    assertThat(host.flow).isEmpty();
    assertThat(backlog.total()).as("waiting as text, counted").isEqualTo(1_000);

    channel.receive(unknownCommandOf(10, 100));

    assertThat(host.flow).containsExactly("suspend");
    assertThat(host.replies()).as("nothing is handled off the loop").isEmpty();

    runLoop();

    assertThat(host.flow).containsExactly("suspend", "resume");
    assertThat(host.replies()).hasSize(11);
    assertThat(backlog.total()).isZero();
    assertThat(host.closedWith).isNull();
  }

  @Test
  void aCarrierThatGoesOnDeliveringWhileSuspendedIsClosedTooFastAndTheRestIsDropped() {
    FlowHost host = new FlowHost(); // records the suspension, and reads on regardless
    HostChannel channel = hosts.openTrusted(host);
    for (int i = 0; i < 11; i++) {
      channel.receive(unknownCommandOf(i, 100));
    }
    assertThat(host.flow).containsExactly("suspend");
    for (int i = 11; i < 21; i++) {
      channel.receive(unknownCommandOf(i, 100)); // its allowance again: what it had read
    }
    assertThat(host.closedWith).isNull();

    channel.receive(unknownCommandOf(21, 100));
    channel.receive(unknownCommandOf(22, 100));

    assertThat(host.closedWith).isEqualTo(CloseReason.TOO_FAST);
    assertThat(backlog.total()).as("twice the limit and one message").isEqualTo(2_100);
    runLoop();
    assertThat(host.replies()).as("the dropped commands are never answered").hasSize(21);
  }

  private void runLoop() {
    while (!held.isEmpty()) {
      held.poll().run();
    }
  }

  /** A command of {@code chars} chars nobody knows (answered with an error). */
  private static String unknownCommandOf(int id, int chars) {
    String start = "{\"id\":" + id + ",\"cmd\":\"x\",\"pad\":\"";
    String end = "\"}";
    return start + "p".repeat(chars - start.length() - end.length()) + end;
  }

  /** A carrier that records what it is sent, when it is told to stop or go on, and its close. */
  private static final class FlowHost implements HostConnection {
    final List<String> flow = new ArrayList<>();
    final List<HostOutput> sent = new ArrayList<>();
    CloseReason closedWith;

    @Override
    public synchronized boolean send(HostOutput output) {
      sent.add(output);
      return true;
    }

    @Override
    public void close() {
      close(CloseReason.NORMAL);
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
      flow.add("suspend");
    }

    @Override
    public synchronized void resumeReading() {
      flow.add("resume");
    }

    synchronized List<HostOutput> replies() {
      return sent.stream().filter(HostReply.class::isInstance).toList();
    }
  }
}
