package io.github.providergateway.status;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.DecisionLog;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.http.HttpRefusal;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.HttpRoute;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import io.github.providergateway.transport.ws.WebSocketServer;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real gateway on its own loop, behind a real server on a free port with the status page at
 * {@code /status}, one session, and a way to connect a real provider over WebSocket. Every request
 * that reaches the page's route is recorded, with its {@code Origin}, so a test can show a refused
 * request never got there.
 */
final class LiveStatusGateway implements AutoCloseable {

  static final Duration WAIT = Duration.ofSeconds(20);
  static final ProtocolCodec CODEC = ProtocolCodec.create();

  final Gateway gateway = Gateway.builder().build();
  final DecisionLog decisions = new DecisionLog(DecisionLog.DEFAULT_CAPACITY);
  final SystemScheduler scheduler = new SystemScheduler();
  final StatusPage page;
  final WebSocketServer server;
  final String sessionId;

  /** The {@code Origin} (or "none") of each request that reached the page's route. */
  final List<String> originsServed = new CopyOnWriteArrayList<>();

  private final List<ProviderSession> providers = new CopyOnWriteArrayList<>();

  LiveStatusGateway() throws IOException {
    gateway.monitor().addListener(decisions);
    page =
        StatusPage.builder(gateway, scheduler)
            .decisionLog(decisions)
            .gatewayNotes(this::notesOnceReleased)
            .build();
    HttpRoute recorded =
        new HttpRoute() {
          @Override
          public Optional<HttpRefusal> admit(HttpRequest head) {
            return page.route().admit(head);
          }

          @Override
          public void handle(HttpRequest request, HttpReply reply) {
            originsServed.add(request.header("Origin").orElse("none"));
            page.route().handle(request, reply);
          }
        };
    server =
        WebSocketServer.builder(gateway)
            .port(0)
            .route(StatusPage.PATH, StatusPage.MAX_BODY_BYTES, recorded)
            .build()
            .start();
    sessionId =
        await(
                gateway.startSession(
                    SessionSpec.of("demo", "/code/demo"), new RecordingSessionHost()))
            .id();
  }

  /**
   * Holds every snapshot until {@link #releaseSnapshots}: the page is seen as it is before its
   * first snapshot arrives, as on a gateway slow to answer (issue 77). The snapshot waits in its
   * notes, on the gateway's loop, which so waits too.
   */
  void holdSnapshots() {
    held = new CountDownLatch(1);
  }

  /** Lets the held snapshots go. */
  void releaseSnapshots() {
    held.countDown();
  }

  private volatile CountDownLatch held = new CountDownLatch(0);

  private List<String> notesOnceReleased() {
    try {
      if (!held.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("the test did not release the snapshots");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return List.of();
  }

  /** A fresh one-time link. */
  URI link() {
    return page.openLink(server.httpUrl());
  }

  /**
   * Connects a real provider, {@code guard}, over WebSocket: it offers {@code deploy} and denies
   * every call of it with {@code reason}.
   */
  ProviderSession connectGuard(String reason) {
    JavaProvider guard =
        JavaProvider.builder("guard")
            .session(sessionId)
            .tool(
                ToolDefinition.of(
                    "deploy", "Deploy the service", CODEC.parseJson("{\"type\":\"object\"}")),
                (args, call) -> CompletableFuture.completedFuture(CODEC.parseJson("\"deployed\"")))
            .onPreToolUse(HookRule.deny(null, reason))
            .build();
    ProviderSession session =
        WebSocketProviderClient.connect(server.url(), gateway.credentials().providerToken(), guard);
    providers.add(session);
    return session;
  }

  /**
   * Connects a real provider, {@code confirm}, over WebSocket: it offers {@code ship} and its gate
   * asks the person {@code question} before every call of it (extension gate.ask).
   */
  ProviderSession connectAsker(String question) {
    JavaProvider confirm =
        JavaProvider.builder("confirm")
            .session(sessionId)
            .extension(io.github.providergateway.protocol.ProtocolExtension.GATE_ASK)
            .tool(
                ToolDefinition.of(
                    "ship", "Ship the release", CODEC.parseJson("{\"type\":\"object\"}")),
                (args, call) -> CompletableFuture.completedFuture(CODEC.parseJson("\"shipped\"")))
            .gate(
                null,
                "confirm-ship",
                check ->
                    CompletableFuture.completedFuture(
                        io.github.providergateway.provider.GateVerdict.ask(
                            question, Duration.ofSeconds(60))))
            .build();
    ProviderSession session =
        WebSocketProviderClient.connect(
            server.url(), gateway.credentials().providerToken(), confirm);
    providers.add(session);
    return session;
  }

  /**
   * Connects a real provider named {@code name} over WebSocket whose one gate, also named {@code
   * name} as the reference app's guard's is, allows every call; it offers {@code tool}.
   */
  ProviderSession connectGatekeeper(String name, String tool) {
    JavaProvider keeper =
        JavaProvider.builder(name)
            .session(sessionId)
            .tool(
                ToolDefinition.of(tool, "A tool", CODEC.parseJson("{\"type\":\"object\"}")),
                (args, call) -> CompletableFuture.completedFuture(CODEC.parseJson("\"done\"")))
            .gate(
                null,
                name,
                check ->
                    CompletableFuture.completedFuture(
                        io.github.providergateway.provider.GateVerdict.allow()))
            .build();
    ProviderSession session =
        WebSocketProviderClient.connect(
            server.url(), gateway.credentials().providerToken(), keeper);
    providers.add(session);
    return session;
  }

  static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new AssertionError("no value within " + WAIT, e);
    }
  }

  @Override
  public void close() {
    releaseSnapshots();
    providers.forEach(ProviderSession::close);
    page.close();
    server.close();
    gateway.close();
    scheduler.close();
  }
}
