package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.await;
import static io.github.providergateway.transport.ws.ServerFixture.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.HeldGates;
import io.github.providergateway.host.HostService;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientListener;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.GatewayLaunch;
import io.github.providergateway.host.client.GatewayStarter;
import io.github.providergateway.host.client.UnverifiedGatewayException;
import io.github.providergateway.host.protocol.HeldGate;
import io.github.providergateway.host.testing.FakeHeldGates;
import io.github.providergateway.host.testing.RecordingRelay;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GatewayClient} against real gateways in this JVM: the same host API as an embedded
 * gateway, over {@code /host}; and the crash path, where a gateway vanishes and the client starts a
 * new one (an in-process {@link GatewayStarter}) and registers its sessions again.
 */
class GatewayClientTest {

  @TempDir Path home;

  /** Gateways this test started, each with its server; stopped after the test. */
  private final List<Running> started = new CopyOnWriteArrayList<>();

  /** The sessions, of every gateway started here, whose providers someone asked for. */
  private final List<String> providersWanted = new CopyOnWriteArrayList<>();

  private record Running(Gateway gateway, HostService hosts, WebSocketServer server) {
    void stop() {
      server.close();
      hosts.close();
      gateway.close();
    }
  }

  @AfterEach
  void stopAll() {
    started.forEach(Running::stop);
  }

  private Running startGateway(Path home, int port) throws IOException {
    return startGateway(home, port, null);
  }

  /** A gateway whose host side keeps {@code heldGates} (none when null). */
  private Running startGateway(Path home, int port, HeldGates heldGates) throws IOException {
    if (port != 0) {
      // As the app does: look at the port before the new gateway replaces the home's token file.
      try (ServerSocket probe = new ServerSocket()) {
        probe.setReuseAddress(true);
        probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      }
    }
    Gateway gateway = Gateway.builder().home(home).build();
    // As the app starts a session's --config providers: once someone asks for them.
    gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void sessionStarted(SessionInfo session) {
                gateway
                    .spawning()
                    .startProvidersWhenWanted(
                        session.id(),
                        () -> {
                          providersWanted.add(session.id());
                          return List.of();
                        });
              }
            });
    HostService.Builder builder = HostService.builder(gateway).backend(Backend.system());
    if (heldGates != null) {
      builder.heldGates(heldGates);
    }
    HostService hosts = builder.build();
    WebSocketServer server =
        WebSocketServer.builder(gateway).port(port).hosts(hosts).build().start();
    Files.writeString(home.resolve(GatewayHome.PORT_FILE), Integer.toString(server.port()));
    Running running = new Running(gateway, hosts, server);
    started.add(running);
    return running;
  }

  private static RawProvider bind(Running gateway, String sessionId, String name, String... tools)
      throws IOException {
    RawProvider provider = new RawProvider(RawWebSocket.connect(gateway.server().port()));
    provider.send(Auth.withToken(gateway.gateway().credentials().providerToken()));
    provider.next(Sessions.class);
    provider.send(
        Hello.builder(name).session(sessionId).tools(ServerFixture.definitions(tools)).build());
    provider.next(HelloAck.class);
    provider.next(SessionLifecycle.class);
    return provider;
  }

  @Test
  void aRemoteHostDrivesTheGatewayThroughTheSameHostApi() throws Exception {
    Running gateway = startGateway(home, 0);
    RecordingSessionHost host = new RecordingSessionHost();
    try (GatewayClient client =
        GatewayClient.connect(
            gateway.server().hostUrl(), gateway.gateway().credentials().providerToken())) {
      String session =
          await(client.startSession(SessionSpec.of("remote", "/code/remote"), host)).id();
      try (RawProvider provider = bind(gateway, session, "greeter", "greet")) {
        awaitTrue(
            "tools registered with the remote host",
            () -> host.registrations.stream().anyMatch(r -> r.names().contains("greet")));

        var call =
            client.callTool(
                session, "greet", ServerFixture.json("{\"name\":\"Ada\"}"), Duration.ofSeconds(5));
        ToolCall toolCall = provider.next(ToolCall.class);
        provider.send(ToolResult.success(toolCall.id(), ServerFixture.json("\"Hello, Ada!\"")));
        CallResult result = await(call);

        assertThat(result.outcome())
            .isEqualTo(ToolOutcome.success(ServerFixture.json("\"Hello, Ada!\"")));
        assertThat(await(client.sessions())).extracting(SessionInfo::id).contains(session);
        assertThat(await(client.providers()))
            .singleElement()
            .satisfies(p -> assertThat(p.sessions()).containsExactly(session));
        assertThat(await(client.tools(session))).extracting(t -> t.name()).containsExactly("greet");
        assertThatThrownBy(() -> await(client.idle("s-none")))
            .hasRootCauseInstanceOf(HostException.class)
            .rootCause()
            .satisfies(
                e ->
                    assertThat(((HostException) e).code())
                        .isEqualTo(HostErrorCode.INVALID_SESSION));
      }
    }
    // Closing the client ended its session; the gateway runs on.
    assertThat(await(gateway.gateway().sessions())).isEmpty();
  }

  /**
   * A stdio window's front door asks the shared gateway for its session's federated MCP servers'
   * resources and prompts over the host protocol (ours: {@code mcp.feature}, decision 123): the
   * answer as the server gave it, a refusal with its code and message.
   */
  @Test
  void aRemoteHostAsksTheSessionsMcpServersOffersOverTheHostProtocol() throws Exception {
    Running gateway = startGateway(home, 0);
    RecordingSessionHost host = new RecordingSessionHost();
    try (GatewayClient client =
        GatewayClient.connect(
            gateway.server().hostUrl(), gateway.gateway().credentials().providerToken())) {
      String session =
          await(client.startSession(SessionSpec.of("remote", "/code/remote"), host)).id();
      gateway
          .gateway()
          .mcpOffers()
          .offer(
              session,
              "docs",
              (method, params) ->
                  java.util.concurrent.CompletableFuture.completedFuture(
                      ServerFixture.json(
                          method == io.github.providergateway.host.api.McpFeature.RESOURCES_LIST
                              ? "{\"resources\":[{\"uri\":\"test://static-text\",\"name\":\"t\"}]}"
                              : "{\"contents\":[{\"uri\":\"test://static-text\",\"text\":\"hi\"}]}")));

      assertThat(
              await(
                  client.mcpFeature(
                      session,
                      io.github.providergateway.host.api.McpFeature.RESOURCES_READ,
                      ServerFixture.json("{\"uri\":\"test://static-text\"}"))))
          .isEqualTo(
              ServerFixture.json(
                  "{\"contents\":[{\"uri\":\"test://static-text\",\"text\":\"hi\"}]}"));
      assertThatThrownBy(
              () ->
                  await(
                      client.mcpFeature(
                          session,
                          io.github.providergateway.host.api.McpFeature.RESOURCES_READ,
                          ServerFixture.json("{\"uri\":\"test://nothing\"}"))))
          .rootCause()
          .isInstanceOfSatisfying(
              HostException.class,
              refused -> {
                assertThat(refused.code()).isEqualTo(HostErrorCode.INVALID_ARGUMENT);
                assertThat(refused.getMessage())
                    .contains("no MCP server of this session offers test://nothing");
              });
    }
  }

  /**
   * What a front door such as the MCP one needs of a shared gateway: a call's progress as it comes,
   * cancelling a call by cancelling its future, and hearing that a stream has news.
   */
  @Test
  void aRemoteHostHearsItsCallsProgressCancelsACallAndHearsOfStreamAndOfferUpdates()
      throws Exception {
    Running gateway = startGateway(home, 0);
    RecordingSessionHost host = new RecordingSessionHost();
    List<String> heard = new CopyOnWriteArrayList<>();
    try (GatewayClient client =
        GatewayClient.connect(
            gateway.server().hostUrl(), gateway.gateway().credentials().providerToken())) {
      String session =
          await(client.startSession(SessionSpec.of("remote", "/code/remote"), host)).id();
      try (RawProvider provider = bind(gateway, session, "worker", "slow", "other")) {
        awaitTrue(
            "tools registered with the remote host",
            () -> host.registrations.stream().anyMatch(r -> r.names().contains("other")));

        var withProgress =
            client.callTool(
                session, "slow", ServerFixture.json("{}"), Duration.ofSeconds(10), heard::add);
        ToolCall slow = provider.next(ToolCall.class);
        provider.send(new ToolProgress(slow.id(), "1/2"));
        provider.send(new ToolProgress(slow.id(), "2/2"));
        awaitTrue(
            "both progress messages heard, the second after the interval", () -> heard.size() == 2);
        provider.send(ToolResult.success(slow.id(), ServerFixture.json("\"done\"")));
        assertThat(await(withProgress).outcome())
            .isEqualTo(ToolOutcome.success(ServerFixture.json("\"done\"")));
        assertThat(heard).containsExactly("1/2", "2/2");

        var cancelled =
            client.callTool(session, "other", ServerFixture.json("{}"), Duration.ofSeconds(10));
        ToolCall other = provider.next(ToolCall.class);
        assertThat(cancelled.cancel(false)).isTrue();
        ToolCancel cancel = provider.next(ToolCancel.class);
        assertThat(cancel.id()).isEqualTo(other.id());
        assertThat(cancel.reason()).isEqualTo(CancelReason.INTERRUPTED);
        provider.send(ToolResult.cancelled(other.id()));

        provider.send(Push.event("builds", PushLevel.KEEP, "green"));
        awaitTrue(
            "the session's host heard of the stream update",
            () -> host.updatedStreams.contains("builds@worker"));
        assertThat(
                await(client.queryStreams(session, List.of("builds@worker"), 1))
                    .get("builds@worker"))
            .extracting(StreamEntry::event)
            .containsExactly("green");

        // A federated MCP server's prompts changed (decision 131): the remote host hears it.
        var offers = gateway.gateway().mcpOffers();
        offers.offer(session, "docs", (method, params) -> new CompletableFuture<>());
        offers.listChanged(session, "docs", McpFeature.PROMPTS_LIST);
        awaitTrue(
            "the session's host heard its offers changed",
            () -> host.offersChanged.contains(session + " prompts/list"));
      }
    }
  }

  /**
   * A host with a wrong token finds out before it sends it: the gateway's proof ({@code
   * host.challenge}) is not for that token, so the host does not take it for its gateway.
   */
  @Test
  void aRemoteHostListsTheHeldGatesAndReleasesAProvidersGate() throws Exception {
    HeldGate pushes = FakeHeldGates.CI_GREEN;
    HeldGate deny = FakeHeldGates.CI_DENY;
    FakeHeldGates record = new FakeHeldGates(pushes, deny);
    Running gateway = startGateway(home, 0, record);
    try (GatewayClient client =
        GatewayClient.connect(
            gateway.server().hostUrl(), gateway.gateway().credentials().providerToken())) {
      assertThat(await(client.heldGates())).containsExactly(pushes, deny);

      assertThat(await(client.releaseHeldGates("nobody", null, null))).isEmpty();
      assertThat(await(client.releaseHeldGates("ci-guard", "ci-green", "/code/alpha")))
          .containsExactly(pushes);

      assertThat(await(client.heldGates())).containsExactly(deny);
      assertThat(record.releases())
          .containsExactly(
              new FakeHeldGates.Release("nobody", null, null),
              new FakeHeldGates.Release("ci-guard", "ci-green", "/code/alpha"));
      assertThatThrownBy(() -> await(client.releaseHeldGates("ci-guard", "", null)))
          .rootCause()
          .satisfies(
              e -> assertThat(((HostException) e).code()).isEqualTo(HostErrorCode.INVALID_ARGUMENT))
          .hasMessageContaining("gateId");
    }
  }

  @Test
  void aGatewayWithoutARecordOfGatesRefusesToListOrReleaseThemSayingSo() throws Exception {
    Running gateway = startGateway(home, 0);
    try (GatewayClient client =
        GatewayClient.connect(
            gateway.server().hostUrl(), gateway.gateway().credentials().providerToken())) {
      for (var request :
          List.<java.util.function.Supplier<java.util.concurrent.CompletableFuture<?>>>of(
              client::heldGates, () -> client.releaseHeldGates("ci-guard", null, null))) {
        assertThatThrownBy(() -> await(request.get()))
            .rootCause()
            .isInstanceOf(HostException.class)
            .hasMessageContaining("this gateway keeps no record of gates");
      }
    }
  }

  @Test
  void aWrongTokenIsRefused() throws Exception {
    Running gateway = startGateway(home, 0);

    assertThatThrownBy(() -> GatewayClient.connect(gateway.server().hostUrl(), "ptk-wrong"))
        .isInstanceOf(UnverifiedGatewayException.class)
        .hasMessageContaining("the token this host has is not that gateway's");
  }

  /**
   * Issue 32: a process on the port a host dials (a URL given by hand, a stale {@code
   * gateway.port}) passes the host's {@code host.challenge} on to the live gateway on its own port
   * and the proof back. The proof is for the port the gateway accepted the connection on, not the
   * one the host dialled: the host refuses it, and the relay never sees the token.
   */
  @Test
  void aProcessOnTheDialledPortThatRelaysToTheLiveGatewayIsRefusedAndNeverSeesTheToken()
      throws Exception {
    Running gateway = startGateway(home, 0);
    String token = gateway.gateway().credentials().providerToken();
    try (RecordingRelay relay = RecordingRelay.start(gateway.server().port())) {
      URI dialled = URI.create("ws://127.0.0.1:" + relay.port() + "/host");

      assertThatThrownBy(() -> GatewayClient.connect(dialled, token))
          .isInstanceOf(UnverifiedGatewayException.class)
          .hasMessageContaining("127.0.0.1:" + gateway.server().port())
          .hasMessageContaining("relays");
      assertThat(relay.fromGateway())
          .as("the live gateway answered the relayed challenge")
          .anyMatch(text -> text.contains("\"proof\""));
      assertThat(relay.fromHost())
          .as("what the host sent through the relay")
          .isNotEmpty()
          .noneMatch(text -> text.contains(token) || text.contains("host.auth"));
      assertThat(await(gateway.hosts().connectedHosts())).isZero();
    }
  }

  /**
   * A gateway binds its port before it writes its token file: a host that read a crashed run's
   * token from the home just then is refused, and tries again with the token the home holds now.
   */
  @Test
  void aHostRefusedWithATokenTheHomeHasSinceReplacedTriesAgain() throws Exception {
    Running gateway = startGateway(home, 0);
    java.util.concurrent.atomic.AtomicInteger reads =
        new java.util.concurrent.atomic.AtomicInteger();
    // The first read is a crashed run's token; every later one the home's.
    try (GatewayClient client =
        GatewayClient.connect(
            gateway.server().hostUrl(),
            () ->
                reads.getAndIncrement() == 0
                    ? "ptk-of-a-crashed-run"
                    : gateway.gateway().credentials().providerToken(),
            GatewayClientOptions.defaults())) {
      assertThat(await(client.sessions())).isEmpty();
    }
    assertThat(reads.get()).isGreaterThanOrEqualTo(3); // the refused try, the check, the next try
  }

  @Test
  void aVanishedGatewayIsStartedAgainAndTheSessionsRegisteredUnderTheirOldIds() throws Exception {
    int port = FreePorts.pick();
    Map<String, String> replaced = new ConcurrentHashMap<>();
    List<Boolean> reconnects = new CopyOnWriteArrayList<>();
    GatewayLaunch launch =
        launchOn(
            port,
            (where, onPort) -> {
              startGateway(where, onPort);
              return null; // in this JVM: no process to watch
            });
    GatewayClientOptions options = quickToNotice(new Replacements(replaced, reconnects));
    RecordingSessionHost host = new RecordingSessionHost();
    try (GatewayClient client = GatewayClient.connectOrStart(home, launch, options)) {
      assertThat(started).hasSize(1); // nobody answered: the client started one
      String session = await(client.startSession(SessionSpec.of("survivor", "/code/s"), host)).id();
      await(client.providersSettled(session)); // the agent asked for its providers
      assertThat(providersWanted).containsExactly(session);
      Running first = started.get(0);
      RawProvider old = bind(first, session, "ci", "build");

      first.stop(); // the gateway vanishes with its sessions, bindings and tokens
      old.close();
      awaitTrue(
          "the client started a new gateway and registered the session again",
          () -> replaced.containsKey(session));

      Running second = started.get(1);
      String newId = replaced.get(session);
      assertThat(newId).isNotEqualTo(session);
      assertThat(reconnects).containsExactly(true);
      awaitTrue(
          "the new gateway is asked for the session's providers, as the old one was",
          () -> providersWanted.contains(newId));
      assertThat(await(second.gateway().sessions()))
          .extracting(SessionInfo::id)
          .containsExactly(newId);
      // Callers keep the id they had: the client translates it.
      assertThat(await(client.sessions())).extracting(SessionInfo::id).containsExactly(session);
      try (RawProvider fresh = bind(second, newId, "ci", "build")) {
        var call =
            client.callTool(session, "build", ServerFixture.json("{}"), Duration.ofSeconds(5));
        ToolCall toolCall = fresh.next(ToolCall.class);
        fresh.send(ToolResult.success(toolCall.id(), ServerFixture.json("\"green\"")));
        assertThat(await(call).outcome()).isInstanceOf(ToolOutcome.Success.class);
        // The session ends on the new gateway when the client leaves, as anywhere.
        client.close();
        assertThat(shutdownPending(fresh, newId)).isTrue();
      }
    }
  }

  /**
   * A starter that takes its time (the reference app's trains a class-data archive for a jar the
   * home has not run yet: 6 s and more) runs beside the client, not on its loop: a call made
   * meanwhile fails at once, as any call while no gateway answers, where it waited for the start
   * (an agent's tool call through {@code gateway mcp} answered after the training).
   */
  @Test
  void aCallWhileASlowStarterRunsFailsAtOnceAndTheClientComesBackWhenTheGatewayIsUp()
      throws Exception {
    int port = FreePorts.pick();
    CountDownLatch secondStartBegun = new CountDownLatch(1);
    CountDownLatch secondStartMayGoOn = new CountDownLatch(1);
    Map<String, String> replaced = new ConcurrentHashMap<>();
    GatewayLaunch launch =
        launchOn(
            port,
            (where, onPort) -> {
              if (!started.isEmpty()) {
                secondStartBegun.countDown();
                try {
                  secondStartMayGoOn.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return null;
                }
              }
              startGateway(where, onPort);
              return null;
            });
    GatewayClientOptions options =
        quickToNotice(new Replacements(replaced, new CopyOnWriteArrayList<>()));
    try (GatewayClient client = GatewayClient.connectOrStart(home, launch, options)) {
      String session =
          await(
                  client.startSession(
                      SessionSpec.of("slow start", "/code/s"), new RecordingSessionHost()))
              .id();
      started.get(0).stop();
      assertThat(secondStartBegun.await(ServerFixture.WAIT.toMillis(), TimeUnit.MILLISECONDS))
          .as("the client started a gateway again")
          .isTrue();

      try {
        // The starter is still held: the call's answer cannot wait for it.
        var call =
            client.callTool(session, "build", ServerFixture.json("{}"), Duration.ofSeconds(5));
        assertThatThrownBy(() -> await(call))
            .hasRootCauseInstanceOf(HostException.class)
            .rootCause()
            .satisfies(
                e ->
                    assertThat(((HostException) e).code()).isEqualTo(HostErrorCode.GATEWAY_CLOSED));
      } finally {
        secondStartMayGoOn.countDown();
      }
      awaitTrue(
          "the client registered the session on the gateway the starter started",
          () -> replaced.containsKey(session));
      assertThat(await(client.sessions())).extracting(SessionInfo::id).containsExactly(session);
    }
  }

  /** A launch on {@code port} by {@code starter}, waiting 5 s for an answer. */
  private static GatewayLaunch launchOn(int port, GatewayStarter starter) {
    return GatewayLaunch.builder()
        .port(port)
        .startTimeout(Duration.ofSeconds(5))
        .starter(starter)
        .build();
  }

  /**
   * Hears the gateway id each session got again, and whether each reconnection found a new gateway.
   */
  private record Replacements(Map<String, String> replaced, List<Boolean> reconnects)
      implements GatewayClientListener {
    @Override
    public void sessionReplaced(String sessionId, String gatewaySessionId) {
      replaced.put(sessionId, gatewaySessionId);
    }

    @Override
    public void reconnected(boolean freshGateway) {
      reconnects.add(freshGateway);
    }
  }

  /** Options of a client quick to notice a lost gateway, and its {@code listener}. */
  private static GatewayClientOptions quickToNotice(GatewayClientListener listener) {
    return GatewayClientOptions.builder()
        .heartbeat(Duration.ofMillis(200), Duration.ofSeconds(2))
        .closeDeadline(Duration.ofMillis(300))
        .connectTimeout(Duration.ofSeconds(1))
        .listener(listener)
        .build();
  }

  private static boolean shutdownPending(RawProvider provider, String sessionId)
      throws IOException {
    for (int i = 0; i < 5; i++) {
      Object next = provider.socket.readMessage(ServerFixture.WAIT);
      if (next instanceof String text
          && ServerFixture.CODEC.decodeGatewayMessage(text).messageOrNull()
              instanceof SessionLifecycle lifecycle
          && lifecycle.sessionId().equals(sessionId)
          && lifecycle.state() == LifecycleState.SHUTDOWN_PENDING) {
        return true;
      }
    }
    return false;
  }
}
