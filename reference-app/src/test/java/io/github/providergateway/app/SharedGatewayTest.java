package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One gateway per machine, with real processes (spec: Multi-session model, Gateway process model,
 * Gateway crash recovery): host processes that start the detached gateway for themselves, share it,
 * race to start it, survive its kill -9, and a gateway that leaves when nobody needs it. Every
 * process started here is killed in {@link #killEverything()}, the detached gateways included
 * (found by their home on the command line).
 */
@Tag("process")
class SharedGatewayTest {

  private static final Duration WAIT = HostProcess.WAIT;

  @TempDir Path home;
  @TempDir Path logs;
  private final List<HostProcess> hosts = new ArrayList<>();
  private final List<WsProvider> providers = new ArrayList<>();

  @AfterEach
  void killEverything() {
    providers.forEach(WsProvider::close);
    hosts.forEach(HostProcess::close);
    gatewaysOf(home).forEach(ProcessHandle::destroyForcibly);
  }

  private HostProcess host(int port, String label) throws IOException {
    HostProcess host = HostProcess.start(home, port, label, logs, "--idle-exit-grace", "60s");
    hosts.add(host);
    return host;
  }

  /** Live detached gateways serving {@code home}. */
  static List<ProcessHandle> gatewaysOf(Path home) {
    return ProcessHandle.allProcesses()
        .filter(
            p -> {
              List<String> args = argumentsOf(p);
              return args.contains("--detached") && args.contains(home.toString());
            })
        .toList();
  }

  /**
   * A process's arguments, read from {@code /proc/<pid>/cmdline} where it exists: the JDK's {@code
   * ProcessHandle.Info} gives up on command lines over 4,096 bytes, and a gateway started on a long
   * test class path has one.
   */
  static List<String> argumentsOf(ProcessHandle process) {
    Path cmdline = Path.of("/proc", Long.toString(process.pid()), "cmdline");
    try {
      if (Files.isReadable(cmdline)) {
        return List.of(
            new String(Files.readAllBytes(cmdline), java.nio.charset.StandardCharsets.UTF_8)
                .split("\u0000"));
      }
    } catch (IOException gone) {
      return List.of(); // the process ended while we looked
    }
    return process.info().arguments().map(List::of).orElse(List.of());
  }

  private String token() throws IOException {
    return Files.readString(home.resolve(".provider-token")).strip();
  }

  private WsProvider provider(int port, String session, String instance) throws IOException {
    WsProvider provider =
        WsProvider.bound(
            URI.create("ws://127.0.0.1:" + port),
            token(),
            session,
            "shared",
            "\"instance\":\"" + instance + "\"," + WsProvider.tools("echo"));
    providers.add(provider);
    return provider;
  }

  private static void awaitTrue(String what, Await.Condition condition) {
    Await.until(WAIT, condition, () -> what);
  }

  /** The file's text, or "" while it cannot be read (not written yet). */
  private static String readQuietly(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "";
    }
  }

  /** The host calls {@code echo} in {@code session}; the provider answers; the host shows it. */
  private static void callReaches(
      HostProcess host, String session, WsProvider provider, String answer) {
    int from = host.lineCount();
    host.send("call " + session + " echo");
    JsonNode call = provider.next("tool.call");
    provider.result(call, "\"" + answer + "\"");
    assertThat(host.await("RESULT", from))
        .isEqualTo("{\"status\":\"success\",\"data\":\"" + answer + "\"}");
  }

  @Test
  void hostsRacingToStartAGatewayShareOneAndEachOwnsItsSessions() throws Exception {
    int port = FreePorts.pick();
    // Both start at once with nothing running: each tries to start the gateway.
    HostProcess a = host(port, "a");
    HostProcess b = host(port, "b");
    String sessionA = a.await("SESSION");
    String sessionB = b.await("SESSION");

    assertThat(a.await("GATEWAY")).isEqualTo(b.await("GATEWAY"));
    awaitTrue("exactly one gateway survives the race", () -> gatewaysOf(home).size() == 1);
    assertThat(Long.toString(gatewaysOf(home).get(0).pid())).isEqualTo(a.await("GATEWAY"));
    // The winner logs that it listens a moment after the hosts could reach it.
    Path logFile = home.resolve("logs/gateway.log");
    awaitTrue(
        "the gateway says it listens",
        () -> readQuietly(logFile).contains("gateway: listening on"));
    String log = Files.readString(logFile);
    assertThat(log.split("gateway: listening on", -1))
        .as("gateways that listened:\n%s", log)
        .hasSize(2);

    // A provider sees both hosts' sessions, and calls from each host reach it.
    WsProvider watcher = WsProvider.connect(URI.create("ws://127.0.0.1:" + port));
    providers.add(watcher);
    watcher.send("{\"type\":\"auth\",\"token\":\"" + token() + "\"}");
    assertThat(watcher.next("sessions").get("active").findValuesAsText("id"))
        .containsExactlyInAnyOrder(sessionA, sessionB);
    WsProvider forA = provider(port, sessionA, "a");
    WsProvider forB = provider(port, sessionB, "b");
    callReaches(a, sessionA, forA, "from a");
    callReaches(b, sessionB, forB, "from b");

    // One host leaving ends only its sessions, even the host that started the gateway (R-SESS-14).
    long starter = gatewaysOf(home).get(0).parent().map(ProcessHandle::pid).orElse(-1L);
    boolean aStarted = starter == a.pid();
    HostProcess leaving = aStarted ? a : b;
    HostProcess staying = aStarted ? b : a;
    String leavingSession = aStarted ? sessionA : sessionB;
    String stayingSession = aStarted ? sessionB : sessionA;
    WsProvider leavingProvider = aStarted ? forA : forB;
    WsProvider stayingProvider = aStarted ? forB : forA;
    assertThat(leaving.quit()).isZero();
    JsonNode pending = leavingProvider.next("session.lifecycle");
    assertThat(pending.get("state").asText()).isEqualTo("shutdown.pending");
    assertThat(pending.get("sessionId").asText()).isEqualTo(leavingSession);
    assertThat(stayingProvider.receivedNoneBeforeAnAnswer("session.lifecycle")).isTrue();
    callReaches(staying, stayingSession, stayingProvider, "still here");
    assertThat(gatewaysOf(home)).hasSize(1);
  }

  @Test
  void killingTheGatewayCostsSecondsAndNoSession() throws Exception {
    int port = FreePorts.pick();
    HostProcess a = host(port, "a");
    String sessionA = a.await("SESSION");
    long firstPid = Long.parseLong(a.await("GATEWAY"));
    HostProcess b = host(port, "b");
    String sessionB = b.await("SESSION");
    assertThat(b.await("GATEWAY")).isEqualTo(Long.toString(firstPid));
    WsProvider before = provider(port, sessionA, "a");
    String oldProviderId = before.ack.get("providerId").asText();
    String oldReconnectToken = before.ack.get("reconnectToken").asText();

    // kill -9: both hosts notice at once, race to start a new one, and re-register their sessions.
    ProcessHandle.of(firstPid).orElseThrow().destroyForcibly();
    String replacedA = a.await("REPLACED");
    String replacedB = b.await("REPLACED");
    assertThat(a.await("RECONNECTED")).isEqualTo("true");
    assertThat(b.await("RECONNECTED")).isEqualTo("true");

    assertThat(before.closed).succeedsWithin(WAIT);
    assertThat(replacedA.split(" ")[0]).isEqualTo(sessionA);
    assertThat(replacedB.split(" ")[0]).isEqualTo(sessionB);
    String newIdA = replacedA.split(" ")[1];
    String newIdB = replacedB.split(" ")[1];
    awaitTrue(
        "exactly one new gateway runs",
        () -> gatewaysOf(home).size() == 1 && gatewaysOf(home).get(0).pid() != firstPid);
    // The provider comes back as to any fresh gateway: its old reconnect token is not honoured.
    WsProvider after =
        WsProvider.bound(
            URI.create("ws://127.0.0.1:" + port),
            token(),
            newIdA,
            "shared",
            "\"instance\":\"a\",\"reconnectToken\":\""
                + oldReconnectToken
                + "\","
                + WsProvider.tools("echo"));
    providers.add(after);
    assertThat(after.ack.get("providerId").asText()).isNotEqualTo(oldProviderId);
    WsProvider forB = provider(port, newIdB, "b");
    // Each host still uses the session id it was first given.
    callReaches(a, sessionA, after, "survived a");
    callReaches(b, sessionB, forB, "survived b");
  }

  @Test
  void aDetachedGatewayExitsAfterItsIdleGraceAndTakesItsFilesWithIt() throws Exception {
    int port = FreePorts.pick();
    List<String> command =
        TestJvm.command(
            Main.class,
            List.of(
                "--detached",
                "--home",
                home.toString(),
                "--port",
                Integer.toString(port),
                "--idle-exit-grace",
                "3s"));
    Process gateway =
        new ProcessBuilder(command)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(logs.resolve("gateway.out").toFile())
            .start();
    try {
      Path pid = home.resolve(GatewayHome.PID_FILE);
      Path portFile = home.resolve(GatewayHome.PORT_FILE);
      awaitTrue("the gateway publishes its port", () -> Files.exists(portFile));
      assertThat(Files.readString(pid).strip()).isEqualTo(Long.toString(gateway.pid()));
      assertThat(Files.readString(portFile).strip()).isEqualTo(Integer.toString(port));
      for (Path file : List.of(pid, portFile, home.resolve(".provider-token"))) {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
            .as("%s", file)
            .isEqualTo("rw-------");
      }

      // A host comes within the grace and leaves: the countdown starts again from its leaving.
      // That a live host or session stops the countdown, however long it stays, is shown on the
      // manual clock (HostServiceTest); here the process shows that it counts from the last host.
      long leaving;
      try (GatewayClient client =
          GatewayClient.connect(home, port, GatewayClientOptions.defaults())) {
        client
            .startSession(SessionSpec.of("brief", "/tmp"), new RecordingSessionHost())
            .get(10, TimeUnit.SECONDS);
        assertThat(gateway.isAlive()).isTrue();
        leaving =
            System.nanoTime(); // the host is still there: the gateway cannot count before this
      }

      assertThat(gateway.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS))
          .as("exited after the grace")
          .isTrue();
      assertThat(Duration.ofNanos(System.nanoTime() - leaving))
          .as("the whole grace after the host left")
          .isGreaterThanOrEqualTo(Duration.ofSeconds(3));
      assertThat(gateway.exitValue()).isZero();
      assertThat(pid).doesNotExist();
      assertThat(portFile).doesNotExist();
      assertThat(home.resolve(".provider-token")).doesNotExist();
      assertThat(Files.readString(home.resolve("logs/gateway.log"))).contains("stopped");
    } finally {
      gateway.destroyForcibly();
    }
  }
}
