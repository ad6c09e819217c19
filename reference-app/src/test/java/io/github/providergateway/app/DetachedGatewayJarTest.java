package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.dist.ClassDataTrainer;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.GatewayLaunch;
import io.github.providergateway.host.protocol.HostWire;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared gateway and the jar it was started from, with real processes: a build rewriting the
 * jar (as {@code mvn package} or {@code ./gateway} after a pull do) must not take the running
 * gateway down, and when a gateway dies anyway its hosts' pending calls fail at once. Every
 * detached gateway of the test's home, and the class-data training beside it, is killed in {@link
 * #killGateways()}.
 */
@Tag("process")
class DetachedGatewayJarTest {

  private static final Duration WAIT = HostProcess.WAIT;

  @TempDir Path home;
  @TempDir Path build;

  /** Providers first: a host closing waits for its sessions' providers, up to 10 s. */
  private final List<AutoCloseable> closing = new ArrayList<>();

  @AfterEach
  void killGateways() throws Exception {
    for (AutoCloseable each : closing) {
      each.close();
    }
    CommandRun.killProcessesNaming(home);
  }

  @Test
  void theSharedGatewayKeepsServingWhenABuildRewritesItsJar() throws Exception {
    Path jar = AppJar.write(build.resolve("provider-gateway.jar"), false);
    int port = FreePorts.pick();
    GatewayClient first =
        connectOrStart(DetachedGatewayStarter.fromClassPath(jar.toString()), port);
    startSession(first, "before");
    long gateway = Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());
    List<String> args = RuntimeCopy.argumentsOf(ProcessHandle.of(gateway).orElseThrow());
    byte[] built = Files.readAllBytes(jar);

    // A rebuild rewrites the jar in place: the same classes, each at another place in the file.
    byte[] rebuilt = Files.readAllBytes(AppJar.write(build.resolve("rebuilt.jar"), true));
    try (OutputStream out = Files.newOutputStream(jar, StandardOpenOption.TRUNCATE_EXISTING)) {
      out.write(rebuilt);
    }

    // Everything a host and a provider do next loads classes the gateway had not loaded yet.
    GatewayClient second =
        connectOrStart(DetachedGatewayStarter.fromClassPath(jar.toString()), port);
    String session = startSession(second, "after");
    WsProvider provider = provider(port, session, "rebuilt", "echo");
    awaitTools(second, session, "echo");
    CompletableFuture<CallResult> call =
        second.callTool(
            session, "echo", JsonNodeFactory.instance.objectNode(), Duration.ofSeconds(10));
    provider.result(provider.next("tool.call"), "\"still here\"");
    assertThat(HostWire.outcome(call.get(10, TimeUnit.SECONDS).outcome()).toString())
        .isEqualTo("{\"status\":\"success\",\"data\":\"still here\"}");
    assertThat(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip())
        .isEqualTo(Long.toString(gateway));
    assertThat(ProcessHandle.of(gateway).map(ProcessHandle::isAlive)).contains(true);

    // It ran from its own copy of the jar, whose class-data archive is made beside the start for
    // the next one (issue 76: never before it): the training, started by the start, holds its
    // lock. That a training beside a start ends in the archive the next start uses is
    // DetachedStartTrainsBesideTest's (X-HOST-17), and waiting for this one too (a gateway's
    // start and 600 hook calls, at the lowest priority, for this class alone) proved it again:
    // killGateways() ends it with the gateway.
    Path copy = Path.of(args.get(args.indexOf("-cp") + 1));
    assertThat(copy.getParent()).isEqualTo(home.resolve(RuntimeCopy.DIR));
    assertThat(copy).hasBinaryContent(built);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(copy)))
        .isEqualTo("rw-------");
    Path archive = RuntimeCopy.archiveOf(copy);
    assertThat(List.of(archive, ClassDataTrainer.lockOf(archive)))
        .as("the copy's class-data archive, or its training beside the start")
        .anyMatch(Files::exists);
  }

  @Test
  void aHostsPendingCallFailsAtOnceWhenTheGatewayIsKilled() throws Exception {
    int port = FreePorts.pick();
    // The test class path is no one jar: the gateway runs from it as it is.
    GatewayClient client =
        connectOrStart(
            DetachedGatewayStarter.fromClassPath(System.getProperty("surefire.test.class.path")),
            port);
    String session = startSession(client, "pending");
    WsProvider provider = provider(port, session, "silent", "wait");
    awaitTools(client, session, "wait");
    CompletableFuture<CallResult> call =
        client.callTool(
            session, "wait", JsonNodeFactory.instance.objectNode(), Duration.ofSeconds(60));
    provider.next("tool.call"); // and never answered
    long gateway = Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());

    long killed = System.nanoTime();
    ProcessHandle.of(gateway).orElseThrow().destroyForcibly();

    // The socket's end says it, long before the heartbeat (15 s) or the call's timeout (60 s)
    // would.
    assertThat(call)
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOfSatisfying(
            HostException.class, e -> assertThat(e.code()).isEqualTo(HostErrorCode.GATEWAY_CLOSED));
    assertThat(Duration.ofNanos(System.nanoTime() - killed)).isLessThan(Duration.ofSeconds(5));
  }

  private GatewayClient connectOrStart(DetachedGatewayStarter starter, int port)
      throws IOException {
    GatewayClient client =
        GatewayClient.connectOrStart(
            home,
            GatewayLaunch.builder()
                .port(port)
                .startTimeout(WAIT)
                .starter(starter.withArgs(List.of("--idle-exit-grace", "60s")))
                .build());
    closing.add(client);
    return client;
  }

  private static String startSession(GatewayClient client, String label) throws Exception {
    return client
        .startSession(SessionSpec.of(label, "/code/" + label), new RecordingSessionHost())
        .get(10, TimeUnit.SECONDS)
        .id();
  }

  /** A provider of {@code tool} bound to {@code session}, closed after the test. */
  private WsProvider provider(int port, String session, String name, String tool)
      throws IOException {
    WsProvider provider =
        WsProvider.bound(
            URI.create("ws://127.0.0.1:" + port),
            Files.readString(home.resolve(".provider-token")).strip(),
            session,
            name,
            WsProvider.tools(tool));
    closing.add(0, provider);
    return provider;
  }

  private static void awaitTools(GatewayClient client, String session, String tool) {
    Await.until(
        WAIT,
        () ->
            client.tools(session).get(10, TimeUnit.SECONDS).stream()
                .map(HostTool::name)
                .anyMatch(tool::equals),
        () -> "the host lists " + tool);
  }
}
