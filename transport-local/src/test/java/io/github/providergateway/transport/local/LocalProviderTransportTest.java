package io.github.providergateway.transport.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What only the in-process transport does: its threads, its backlog cap, its close, internal trust.
 * Tests with real threads wait on futures and latches, never on time.
 */
class LocalProviderTransportTest {

  private static final ToolDefinition GREET = GatewayFixture.tool("greet");

  @Test
  void gatewayMessagesArriveOnTheProvidersOwnThreadNeverOnTheGatewayLoop() throws Exception {
    try (Gateway gateway = threadedGateway()) {
      String session = start(gateway);
      CompletableFuture<String> deliveredOn = new CompletableFuture<>();
      LocalConnection connection =
          LocalProviderTransport.open(
              gateway, session, message -> deliveredOn.complete(Thread.currentThread().getName()));

      connection.send(Hello.builder("low-level").build());

      assertThat(await(deliveredOn)).isEqualTo("local-provider");
      connection.close();
    }
  }

  @Test
  void aBlockedProviderDoesNotHoldUpTheGatewayOrOtherProviders() throws Exception {
    try (Gateway gateway = threadedGateway()) {
      String session = start(gateway);
      CountDownLatch release = new CountDownLatch(1);
      CompletableFuture<String> ranOn = new CompletableFuture<>();
      ProviderSession stuck =
          LocalProviderTransport.connect(
              gateway,
              JavaProvider.builder("stuck")
                  .tool(
                      GatewayFixture.tool("wait"),
                      (args, call) -> {
                        ranOn.complete(Thread.currentThread().getName());
                        release.await(); // blocks this provider's own thread only
                        return CompletableFuture.completedFuture(TextNode.valueOf("released"));
                      })
                  .build(),
              session);
      ProviderSession quick = LocalProviderTransport.connect(gateway, greeter().build(), session);
      await(stuck.bound());
      await(quick.bound());

      CompletableFuture<CallResult> waiting = gateway.callTool(session, "wait", null, null);
      assertThat(await(ranOn)).isEqualTo("provider-stuck");
      CallResult answered = await(gateway.callTool(session, "greet", null, null));
      assertThat(waiting).isNotDone();
      release.countDown();

      assertThat(answered.outcome()).isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello")));
      assertThat(await(waiting).outcome())
          .isEqualTo(ToolOutcome.success(TextNode.valueOf("released")));
      await(stuck.goodbye("done"));
      await(quick.goodbye("done"));
    }
  }

  @Test
  void aPoolDeliversOneMessageAtATimeInOrder() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try (Gateway gateway = threadedGateway()) {
      String session = start(gateway);
      List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
      ProviderSession provider =
          LocalProviderTransport.connect(
              gateway,
              JavaProvider.builder("pooled")
                  .tool(
                      GREET,
                      (args, call) -> {
                        seen.add(args.get("n").asInt());
                        return CompletableFuture.completedFuture(args.get("n"));
                      })
                  .build(),
              session,
              pool);
      await(provider.bound());

      List<CompletableFuture<CallResult>> calls = new ArrayList<>();
      for (int n = 0; n < 1000; n++) {
        calls.add(
            gateway.callTool(session, "greet", GatewayFixture.json("{\"n\":" + n + "}"), null));
      }
      for (CompletableFuture<CallResult> call : calls) {
        await(call);
      }

      assertThat(seen).containsExactlyElementsOf(IntStream.range(0, 1000).boxed().toList());
      await(provider.goodbye(null));
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void aProviderThatFallsTooFarBehindIsClosedAsTooSlow() {
    try (GatewayFixture f = GatewayFixture.create()) {
      String session = f.startSession("demo");
      List<Runnable> undelivered = new ArrayList<>();
      List<Object> heard = new ArrayList<>();
      LocalConnection connection =
          LocalProviderTransport.open(
              f.gateway.transports()::acceptLocal,
              session,
              new LocalConnection.Listener() {
                @Override
                public void onMessage(GatewayMessage message) {
                  heard.add(message);
                }

                @Override
                public void onClosed(CloseReason reason) {
                  heard.add(reason);
                }
              },
              undelivered::add, // an executor that never gets round to running anything
              3);
      connection.send(
          Hello.builder("sleepy").tools(GREET).build()); // hello.ack + started: 2 queued
      CompletableFuture<CallResult> call = f.call(session, "greet", "{}"); // tool.call: 3 queued

      f.startSession("other"); // sessions.updated: one too many

      assertThat(connection.isOpen()).isFalse();
      assertThat(((ToolOutcome.Failure) GatewayFixture.done(call).outcome()).code())
          .isEqualTo(ToolErrorCode.DISCONNECTED);
      assertThat(GatewayFixture.done(f.gateway.providers())).isEmpty();
      new ArrayList<>(undelivered).forEach(Runnable::run);
      assertThat(heard)
          .as("the backlog is dropped; only the close is told")
          .containsExactly(CloseReason.TOO_SLOW);
    }
  }

  @Test
  void theGatewaysCloseArrivesAfterWhatItQueuedBefore() {
    try (GatewayFixture f = GatewayFixture.create()) {
      String session = f.startSession("demo");
      List<Object> heard = new ArrayList<>();
      LocalConnection connection =
          LocalProviderTransport.open(
              f.gateway.transports()::acceptLocal,
              session,
              new LocalConnection.Listener() {
                @Override
                public void onMessage(GatewayMessage message) {
                  heard.add(message.getClass().getSimpleName());
                }

                @Override
                public void onClosed(CloseReason reason) {
                  heard.add(reason);
                }
              },
              Runnable::run);
      connection.send(Hello.builder("polite").build());

      f.gateway.close();

      assertThat(heard)
          .containsExactly(
              HelloAck.class.getSimpleName(),
              SessionLifecycle.class.getSimpleName(),
              CloseReason.GATEWAY_STOPPING);
      assertThat(connection.send(Hello.builder("polite").build())).isFalse();
    }
  }

  @Test
  void closingFromTheProviderSideRemovesItAtOnce() {
    try (GatewayFixture f = GatewayFixture.create()) {
      String session = f.startSession("demo");
      List<Object> heard = new ArrayList<>();
      LocalConnection connection =
          LocalProviderTransport.open(
              f.gateway.transports()::acceptLocal, session, heard::add, Runnable::run);
      connection.send(Hello.builder("leaver").tools(GREET).build());
      assertThat(GatewayFixture.done(f.gateway.providers())).hasSize(1);

      connection.close();

      assertThat(GatewayFixture.done(f.gateway.providers())).isEmpty();
      assertThat(GatewayFixture.done(f.gateway.tools(session))).isEmpty();
      assertThat(connection.send(Hello.builder("leaver").build())).isFalse();
    }
  }

  @Test
  void anInProcessProviderHasInternalTrustAndBindsWithoutAuth() {
    try (GatewayFixture f = GatewayFixture.create()) {
      String session = f.startSession("demo");
      ProviderSession provider =
          LocalProviderTransport.connect(f.gateway, greeter().build(), session, Runnable::run);

      assertThat(provider.bound().toCompletableFuture()).isCompleted();
      assertThat(GatewayFixture.done(f.gateway.providers()))
          .singleElement()
          .satisfies(info -> assertThat(info.trust()).isEqualTo(TrustLevel.INTERNAL));
    }
  }

  /**
   * Issue 49: a home session that does not exist failed nothing; the provider logged "no session is
   * active" (one was) and {@code bound()} never completed.
   */
  @Test
  void aHomeSessionThatDoesNotExistFailsBoundAndClosedWithInvalidSession() {
    try (GatewayFixture f = GatewayFixture.create()) {
      f.startSession("demo");
      ProviderSession provider =
          LocalProviderTransport.connect(
              f.gateway, greeter().onError(error -> {}).build(), "s-gone", Runnable::run);

      for (CompletionStage<?> stage : List.of(provider.bound(), provider.closed())) {
        assertThat(stage.toCompletableFuture())
            .failsWithin(Duration.ZERO)
            .withThrowableOfType(ExecutionException.class)
            .havingCause()
            .isInstanceOfSatisfying(
                GatewayErrorException.class,
                e -> {
                  assertThat(e.code()).isEqualTo(ErrorCode.INVALID_SESSION);
                  assertThat(e.error().sessionId()).isEqualTo("s-gone");
                });
      }
    }
  }

  @Test
  void anAllBoundProviderServesSessionsThatStartLater() {
    try (GatewayFixture f = GatewayFixture.create()) {
      f.startSession("first");
      List<SessionsUpdated> lists = new ArrayList<>();
      ProviderSession provider =
          LocalProviderTransport.connect(
              f.gateway,
              greeter()
                  .allSessions()
                  .onSessions(active -> lists.add(new SessionsUpdated(active)))
                  .build(),
              null,
              Runnable::run);
      assertThat(GatewayFixture.done(provider.bound().toCompletableFuture()).sessionId())
          .isEqualTo("all");

      String later = f.startSession("later");

      assertThat(lists).isNotEmpty();
      assertThat(GatewayFixture.done(f.gateway.tools(later)))
          .extracting(HostTool::name)
          .containsExactly("greet");
      assertThat(GatewayFixture.done(f.call(later, "greet", "{}")).outcome())
          .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello")));
    }
  }

  // ---- helpers ----

  private static JavaProvider.Builder greeter() {
    return JavaProvider.builder("greeter")
        .tool(
            GREET,
            (args, call) -> CompletableFuture.<JsonNode>completedFuture(TextNode.valueOf("Hello")));
  }

  /** A gateway on its own loop thread; time still moves only when told. */
  private static Gateway threadedGateway() {
    ManualClock clock = new ManualClock();
    return Gateway.builder().backend(clock.backend().threaded()).build();
  }

  private static String start(Gateway gateway) throws Exception {
    return await(
            gateway.startSession(SessionSpec.of("demo", "/code/demo"), new RecordingSessionHost()))
        .id();
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }
}
