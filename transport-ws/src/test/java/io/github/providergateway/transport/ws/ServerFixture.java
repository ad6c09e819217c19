package io.github.providergateway.transport.ws;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A real gateway (its own loop thread and scheduler) with one session, behind a {@link
 * WebSocketServer} on a free port. Real sockets mean real time: every wait here is bounded.
 */
final class ServerFixture implements AutoCloseable {

  static final ProtocolCodec CODEC = ProtocolCodec.create();
  static final Duration WAIT = Duration.ofSeconds(10);

  /**
   * Limits for tests on real time whose gates and transforms do answer and whose sockets do
   * authenticate, if perhaps only after opening many others: timeouts far above {@link #WAIT}, so a
   * stalled machine slows such a test down but cannot change its outcome.
   */
  static final Limits PATIENT_LIMITS =
      Limits.defaults().toBuilder()
          .gateTimeout(Duration.ofSeconds(60))
          .transformTimeout(Duration.ofSeconds(60))
          .authTimeout(Duration.ofSeconds(60))
          .build();

  final Gateway gateway;
  final WebSocketServer server;
  final RecordingSessionHost host = new RecordingSessionHost();
  final String sessionId;

  private ServerFixture(Consumer<WebSocketServer.Builder> customizer) throws IOException {
    this(g -> {}, customizer);
  }

  private ServerFixture(
      Consumer<Gateway.Builder> gatewayCustomizer, Consumer<WebSocketServer.Builder> customizer)
      throws IOException {
    Gateway.Builder gatewayBuilder = Gateway.builder().limits(PATIENT_LIMITS);
    gatewayCustomizer.accept(gatewayBuilder);
    gateway = gatewayBuilder.build();
    WebSocketServer.Builder builder = WebSocketServer.builder(gateway).port(0);
    customizer.accept(builder);
    server = builder.build().start();
    sessionId = await(gateway.startSession(SessionSpec.of("demo", "/code/demo"), host)).id();
  }

  static ServerFixture start() throws IOException {
    return new ServerFixture(b -> {});
  }

  static ServerFixture start(Consumer<WebSocketServer.Builder> customizer) throws IOException {
    return new ServerFixture(customizer);
  }

  /**
   * A fixture whose gateway is configured by {@code gatewayCustomizer} too (a manual clock, other
   * limits) on top of {@link #PATIENT_LIMITS}.
   */
  static ServerFixture start(
      Consumer<Gateway.Builder> gatewayCustomizer, Consumer<WebSocketServer.Builder> customizer)
      throws IOException {
    return new ServerFixture(gatewayCustomizer, customizer);
  }

  int port() {
    return server.port();
  }

  /** The host calls {@code tool} with {@code args} (JSON text). */
  CompletableFuture<CallResult> call(String tool, String args) {
    return gateway.callTool(sessionId, tool, json(args), null);
  }

  /** A raw connection that has authenticated with the gateway token and taken {@code sessions}. */
  RawProvider authenticatedRaw(RawWebSocket socket) throws IOException {
    RawProvider provider = new RawProvider(socket);
    provider.send(Auth.withToken(gateway.credentials().providerToken()));
    provider.next(Sessions.class);
    return provider;
  }

  /** A raw provider named {@code name}, bound to the session with {@code tools}. */
  RawProvider boundRaw(RawWebSocket socket, String name, String... tools) throws IOException {
    RawProvider provider = authenticatedRaw(socket);
    provider.send(Hello.builder(name).session(sessionId).tools(definitions(tools)).build());
    provider.next(HelloAck.class);
    provider.next(SessionLifecycle.class);
    return provider;
  }

  static ToolDefinition[] definitions(String... tools) {
    return Arrays.stream(tools)
        .map(name -> ToolDefinition.of(name, "Tool " + name, json("{\"type\":\"object\"}")))
        .toArray(ToolDefinition[]::new);
  }

  static JsonNode json(String text) {
    return CODEC.parseJson(text);
  }

  /** The future's value, waiting at most {@link #WAIT}. */
  static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new AssertionError("no value within " + WAIT, e);
    }
  }

  /** Waits, at most {@link #WAIT}, until {@code condition} holds. For real sockets only. */
  static void awaitTrue(String what, Await.Condition condition) {
    Await.until(WAIT, condition, () -> what);
  }

  @Override
  public void close() {
    server.close();
    gateway.close();
  }
}
