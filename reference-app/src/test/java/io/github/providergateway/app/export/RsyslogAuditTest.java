package io.github.providergateway.app.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The syslog export against Debian's {@code rsyslogd} (installed by {@code .ci/run}), started by
 * the test in the foreground on free ports with a configuration in a temporary folder (no system
 * daemon): it parses our RFC 5424 records, UDP and TCP with octet counting, and writes what it
 * parsed to a file, which must hold every record within {@link #WAIT}. Skipped, saying so, when
 * rsyslogd is not installed. Takes about a second.
 */
@Tag("process")
class RsyslogAuditTest {

  private static final Path RSYSLOGD = Path.of("/usr/sbin/rsyslogd");

  /** How long rsyslogd may take to start and to write what it received. */
  private static final Duration WAIT = Duration.ofSeconds(15);

  @TempDir Path dir;

  private Process rsyslogd;

  @AfterEach
  void stopRsyslogd() throws InterruptedException {
    if (rsyslogd != null) {
      rsyslogd.destroy();
      if (!rsyslogd.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
        rsyslogd.destroyForcibly();
      }
    }
  }

  @Test
  void rsyslogParsesEveryRecordSentOverUdpAndTcp() throws Exception {
    assumeTrue(
        Files.isExecutable(RSYSLOGD),
        "rsyslogd is not installed (Debian: apt-get install rsyslog; .ci/run installs it)");
    int tcpPort = SyslogSenderTest.freePort();
    int udpPort = SyslogSenderTest.freePort();
    startRsyslogd(tcpPort, udpPort);
    ManualClock clock = new ManualClock();
    for (SyslogSettings settings :
        List.of(
            new SyslogSettings(
                "127.0.0.1", udpPort, SyslogSettings.Protocol.UDP, 20, SyslogSettings.Format.CEF),
            new SyslogSettings(
                "127.0.0.1",
                tcpPort,
                SyslogSettings.Protocol.TCP,
                20,
                SyslogSettings.Format.CEF))) {
      try (SyslogSender sender =
          new SyslogSender(
              settings, new SyslogMessage(settings, "laptop-0042", "0.1.0", 4711), clock)) {
        sender.decided(
            SampleDecisions.denied("No pushes while CI is red (" + settings.protocol() + ")"));
        sender.decided(SampleDecisions.call(1));
        sender.decided(SampleDecisions.denied(SampleDecisions.QUOTING_A_TOKEN));
      }
    }
    Path received = dir.resolve("audit.log");
    List<String> lines =
        Await.value(
            WAIT,
            () -> {
              List<String> now =
                  Files.readAllLines(received).stream()
                      .filter(line -> line.contains(" provider-gateway "))
                      .toList();
              return now.size() >= 6 ? now : null;
            },
            () -> "six records in " + received + ": " + read(received));
    // A reason quoting a command's token leaves masked, over UDP in the clear too (issue 78).
    assertThat(lines)
        .noneMatch(line -> line.contains(SampleDecisions.TOKEN))
        .filteredOn(line -> line.contains("Authorization: Bearer ****"))
        .hasSize(2);
    // The template writes what rsyslog parsed: facility, severity, host, app, procid, msgid, msg.
    assertThat(lines)
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("local4 warning laptop-0042 provider-gateway 4711 pre_tool_use ")
                    .contains(
                        "CEF:0|provider-gateway|gateway|0.1.0|guard/no-push|pre_tool_use deny|7|")
                    .endsWith("reason=No pushes while CI is red (UDP)"))
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("local4 warning laptop-0042 provider-gateway 4711 pre_tool_use ")
                    .endsWith("reason=No pushes while CI is red (TCP)"))
        .filteredOn(line -> line.contains("tool_call success"))
        .hasSize(2)
        .allSatisfy(line -> assertThat(line).startsWith("local4 info laptop-0042 "));
  }

  private void startRsyslogd(int tcpPort, int udpPort) throws IOException {
    Path conf = dir.resolve("rsyslog.conf");
    Files.writeString(
        conf,
        """
        global(workDirectory="%1$s")
        module(load="imtcp")
        module(load="imudp")
        template(name="parsed" type="string"
                 string="%%syslogfacility-text%% %%syslogseverity-text%% %%hostname%% %%app-name%% %%procid%% %%msgid%% %%msg%%\\n")
        ruleset(name="audit") {
          action(type="omfile" file="%1$s/audit.log" template="parsed")
        }
        input(type="imtcp" address="127.0.0.1" port="%2$d" ruleset="audit")
        input(type="imudp" address="127.0.0.1" port="%3$d" ruleset="audit")
        """
            .formatted(dir, tcpPort, udpPort),
        StandardCharsets.UTF_8);
    rsyslogd =
        new ProcessBuilder(
                RSYSLOGD.toString(),
                "-n",
                "-f",
                conf.toString(),
                "-i",
                dir.resolve("rsyslogd.pid").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("rsyslogd.out").toFile())
            .start();
    // Ready once both inputs listen: TCP accepts, and a UDP probe (sent again at each look, as
    // one sent before imudp listens is lost) reaches the file.
    Await.until(
        WAIT,
        () -> accepts(tcpPort) && probed(udpPort),
        () -> "rsyslogd listening: " + read(dir.resolve("rsyslogd.out")));
  }

  /** Sends a probe record over UDP; {@return whether a probe has reached the file} */
  private boolean probed(int udpPort) throws IOException {
    byte[] probe = "<14>1 - - probe - - - ready".getBytes(StandardCharsets.US_ASCII);
    try (DatagramSocket socket = new DatagramSocket()) {
      socket.send(
          new DatagramPacket(probe, probe.length, InetAddress.getLoopbackAddress(), udpPort));
    }
    Path file = dir.resolve("audit.log");
    return Files.exists(file) && Files.readString(file).contains(" probe ");
  }

  private static boolean accepts(int port) {
    try (Socket probe = new Socket()) {
      probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
      return true;
    } catch (IOException notYet) {
      return false;
    }
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "(no output)";
    } catch (IOException e) {
      return e.toString();
    }
  }
}
