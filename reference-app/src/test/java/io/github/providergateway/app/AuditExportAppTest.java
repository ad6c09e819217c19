package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.SessionInfo;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference gateway as it runs, with the organisation's settings naming a syslog receiver: a
 * call the gateway decides (here: a tool nobody provides) reaches a real UDP socket as one RFC 5424
 * record with its CEF event, carrying the settings' host id (issue 66).
 */
class AuditExportAppTest {

  private static final Duration WAIT = RpcApp.WAIT;

  @TempDir Path home;
  @TempDir Path system;

  /** The folder the build gives every test (never the machine's /etc), put back after. */
  private final String buildsFolder = System.getProperty(SystemSettings.DIR_PROPERTY);

  @AfterEach
  void restoreTheSystemFolder() {
    if (buildsFolder == null) {
      System.clearProperty(SystemSettings.DIR_PROPERTY);
    } else {
      System.setProperty(SystemSettings.DIR_PROPERTY, buildsFolder);
    }
  }

  @Test
  void aDecisionOfTheRunningGatewayReachesTheSyslogReceiverTheSystemSettingsName()
      throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "the settings must be root's");
    try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      receiver.setSoTimeout((int) WAIT.toMillis());
      Files.writeString(
          system.resolve(SystemSettings.FILE),
          """
          {"hostId": "laptop-0042",
           "audit": {"syslog": {"host": "127.0.0.1", "port": %d, "facility": "local4"}}}
          """
              .formatted(receiver.getLocalPort()));
      System.setProperty(SystemSettings.DIR_PROPERTY, system.toString());
      String record = aCallsRecord(receiver, "--rpc", "--home", home.toString(), "--port", "0");
      assertThat(record)
          .startsWith("<")
          .contains(" laptop-0042 provider-gateway ")
          .contains("CEF:0|provider-gateway|gateway|")
          .contains("cs2Label=tool cs2=nobody-has-it")
          .contains("cs3Label=session cs3=");
    }
  }

  /**
   * A developer with no organisation's settings sends their own trail: the home's configuration
   * names the receiver in its {@code "audit"} object, as the system settings would.
   */
  @Test
  void withNoOrganisationsSettingsTheHomesConfigurationNamesTheReceiver() throws Exception {
    try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      receiver.setSoTimeout((int) WAIT.toMillis());
      Path config =
          Files.writeString(
              home.resolveSibling(home.getFileName() + "-config.json"),
              """
              {"providers": [],
               "audit": {"syslog": {"host": "127.0.0.1", "port": %d, "format": "json"}}}
              """
                  .formatted(receiver.getLocalPort()));
      System.setProperty(SystemSettings.DIR_PROPERTY, system.toString()); // no settings.json

      String record =
          aCallsRecord(
              receiver,
              "--rpc",
              "--home",
              home.toString(),
              "--port",
              "0",
              "--config",
              config.toString());

      assertThat(record).contains("\"kind\":\"tool_call\"").contains("\"tool\":\"nobody-has-it\"");
    }
  }

  /** Starts the gateway with {@code args}, has it decide a call, and returns its record. */
  private static String aCallsRecord(DatagramSocket receiver, String... args) throws Exception {
    try (RunningGateway running =
        RunningGateway.start(Main.options(Map.of(), args), new GatewayListener() {})) {
      SessionInfo session =
          running
              .gateway()
              .startSession(
                  SessionSpec.of("claude-code", "/home/dev/project"), new RecordingSessionHost())
              .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
      running
          .gateway()
          .callTool(session.id(), "nobody-has-it", JsonNodeFactory.instance.objectNode(), WAIT)
          .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
      return Await.value(
          WAIT,
          () -> {
            DatagramPacket packet = new DatagramPacket(new byte[4096], 4096);
            receiver.receive(packet);
            String text =
                new String(packet.getData(), 0, packet.getLength(), StandardCharsets.UTF_8);
            return text.contains("tool_call") ? text : null;
          },
          () -> "the call's record at the receiver");
    }
  }
}
