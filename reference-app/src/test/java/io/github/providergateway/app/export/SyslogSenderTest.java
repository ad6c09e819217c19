package io.github.providergateway.app.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The syslog sender against real sockets on port 0: one datagram a record over UDP, octet-counted
 * frames over TCP, reconnection with backoff on a manual clock, and a full queue that drops and
 * counts rather than waits.
 */
class SyslogSenderTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final ManualClock clock = new ManualClock();

  private static SyslogSettings settings(SyslogSettings.Protocol protocol, int port) {
    return new SyslogSettings("127.0.0.1", port, protocol, 16, SyslogSettings.Format.CEF);
  }

  private SyslogSender sender(SyslogSettings settings) {
    return new SyslogSender(settings, new SyslogMessage(settings, "laptop", "0.1.0", 7), clock);
  }

  @Test
  void overUdpEachDecisionIsOneDatagram() throws Exception {
    try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      receiver.setSoTimeout((int) WAIT.toMillis());
      try (SyslogSender sender =
          sender(settings(SyslogSettings.Protocol.UDP, receiver.getLocalPort()))) {
        sender.decided(SampleDecisions.denied("No pushes while CI is red."));
        sender.decided(SampleDecisions.call(1));
        List<String> received = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
          DatagramPacket packet = new DatagramPacket(new byte[4096], 4096);
          receiver.receive(packet);
          received.add(new String(packet.getData(), 0, packet.getLength(), StandardCharsets.UTF_8));
        }
        assertThat(received.get(0))
            .startsWith("<132>1 2026-11-28T16:20:03.412Z laptop provider-gateway 7 pre_tool_use")
            .endsWith("reason=No pushes while CI is red.");
        assertThat(received.get(1)).contains("|tool_call|tool_call success|");
        Await.until(WAIT, () -> sender.counts().sent() == 2, () -> "two records counted as sent");
        assertThat(sender.counts().dropped()).isZero();
      }
    }
  }

  @Test
  void overTcpEachRecordIsFramedByItsOctetCount() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        SyslogSender sender =
            sender(settings(SyslogSettings.Protocol.TCP, server.getLocalPort()))) {
      sender.decided(SampleDecisions.denied("a reason\nwith a newline"));
      sender.decided(SampleDecisions.call(1));
      try (Socket connection = server.accept()) {
        connection.setSoTimeout((int) WAIT.toMillis());
        InputStream in = connection.getInputStream();
        assertThat(frame(in)).contains("reason=a reason\\nwith a newline");
        assertThat(frame(in)).contains("|tool_call success|");
      }
    }
  }

  @Test
  void aTcpReceiverThatIsDownIsRetriedAfterTheBackoffAndGetsTheRecord() throws Exception {
    int port = freePort();
    try (SyslogSender sender = sender(settings(SyslogSettings.Protocol.TCP, port))) {
      sender.decided(SampleDecisions.denied("kept while the receiver is down"));
      // The first attempt is refused: the sender waits 1 s on the manual clock.
      Await.until(WAIT, () -> clock.pendingTasks() == 1, () -> "the sender's backoff timer");
      try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        clock.advance(Duration.ofMillis(999));
        assertThat(clock.pendingTasks()).as("one tick before the backoff ends").isEqualTo(1);
        clock.advance(Duration.ofMillis(1));
        try (Socket connection = server.accept()) {
          connection.setSoTimeout((int) WAIT.toMillis());
          assertThat(frame(connection.getInputStream()))
              .endsWith("reason=kept while the receiver is down");
        }
        Await.until(WAIT, () -> sender.counts().sent() == 1, () -> "the record counted as sent");
        assertThat(sender.counts().dropped()).isZero();
      }
    }
  }

  @Test
  void theBackoffDoublesFromOneSecondToAMinute() {
    List<Duration> waits = new ArrayList<>();
    for (int failures = 0; failures <= 9; failures++) {
      waits.add(SyslogSender.backoff(failures));
    }
    assertThat(waits)
        .containsExactly(
            Duration.ZERO,
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(4),
            Duration.ofSeconds(8),
            Duration.ofSeconds(16),
            Duration.ofSeconds(32),
            Duration.ofSeconds(60),
            Duration.ofSeconds(60),
            Duration.ofSeconds(60));
  }

  @Test
  void aFullQueueDropsAndCountsInsteadOfWaiting() throws Exception {
    SyslogSender sender = sender(settings(SyslogSettings.Protocol.TCP, freePort()));
    sender.decided(SampleDecisions.call(0));
    // The sender holds that record, waiting out its backoff; the queue behind it fills.
    Await.until(WAIT, () -> clock.pendingTasks() == 1, () -> "the sender's backoff timer");
    for (int i = 1; i <= SyslogSender.QUEUE + 10; i++) {
      sender.decided(SampleDecisions.call(i));
    }
    assertThat(sender.counts().dropped()).isEqualTo(10);
    sender.close();
    // What was queued, and the record it held, are counted when the gateway stops.
    assertThat(sender.counts().dropped()).isEqualTo(10 + SyslogSender.QUEUE + 1);
    assertThat(sender.counts().sent()).isZero();
  }

  /** A port nobody listens on now. */
  static int freePort() throws IOException {
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return probe.getLocalPort();
    }
  }

  /** One {@code LENGTH SP MESSAGE} frame (RFC 6587 §3.4.1). */
  static String frame(InputStream in) throws IOException {
    int length = 0;
    for (int c = in.read(); c != ' '; c = in.read()) {
      assertThat(c).as("a digit of the octet count").isBetween((int) '0', (int) '9');
      length = length * 10 + (c - '0');
    }
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    message.write(in.readNBytes(length));
    assertThat(message.size()).isEqualTo(length);
    return message.toString(StandardCharsets.UTF_8);
  }
}
