package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.await;
import static io.github.providergateway.transport.ws.ServerFixture.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.HostService;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.SyncHostApi;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SyncTimeoutException;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.RawProvider;
import io.github.providergateway.transport.testing.RawWebSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The blocking twin of the host API over a {@link GatewayClient}, against a real gateway on port 0
 * in this JVM: a call the gateway answers returns its value, a refusal throws {@link HostException}
 * with the gateway's code, and a call with no answer throws {@link SyncTimeoutException} after the
 * twin's timeout, and is cancelled at the provider.
 */
class SyncHostApiTest {

  private Gateway gateway;
  private HostService hosts;
  private WebSocketServer server;
  private GatewayClient client;
  private SyncHostApi sync;
  private String sessionId;

  @BeforeEach
  void start() throws Exception {
    gateway = Gateway.builder().build();
    hosts = HostService.builder(gateway).backend(Backend.system()).build();
    server = WebSocketServer.builder(gateway).port(0).hosts(hosts).build().start();
    client = GatewayClient.connect(server.hostUrl(), gateway.credentials().providerToken());
    sync = SyncHostApi.of(client);
    sessionId =
        sync.startSession(SessionSpec.of("sync", "/code/sync"), new RecordingSessionHost()).id();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
    hosts.close();
    gateway.close();
  }

  /** A raw provider bound to the session, with tool {@code greet}, and the host told of it. */
  private RawProvider greeter() throws Exception {
    RawProvider provider = new RawProvider(RawWebSocket.connect(server.port()));
    provider.send(Auth.withToken(gateway.credentials().providerToken()));
    provider.next(Sessions.class);
    provider.send(
        Hello.builder("greeter")
            .session(sessionId)
            .tools(ServerFixture.definitions("greet"))
            .build());
    provider.next(HelloAck.class);
    provider.next(SessionLifecycle.class);
    awaitTrue("greet registered", () -> !sync.tools(sessionId).isEmpty());
    return provider;
  }

  @Test
  void aCallTheGatewayAnswersReturnsItsValue() throws Exception {
    try (RawProvider provider = greeter()) {
      CompletableFuture<CallResult> blocked =
          CompletableFuture.supplyAsync(
              () -> sync.callTool(sessionId, "greet", ServerFixture.json("{}"), null));
      ToolCall call = provider.next(ToolCall.class);
      provider.send(ToolResult.success(call.id(), ServerFixture.json("\"Hello\"")));

      assertThat(await(blocked).outcome())
          .isEqualTo(ToolOutcome.success(ServerFixture.json("\"Hello\"")));
      assertThat(sync.providers())
          .singleElement()
          .satisfies(p -> assertThat(p.name()).isEqualTo("greeter"));
    }
  }

  @Test
  void aRefusalThrowsHostExceptionWithTheGatewaysCodeFromTheCallersThread() {
    assertThatThrownBy(() -> sync.idle("s-none"))
        .isInstanceOfSatisfying(
            HostException.class,
            refused -> {
              assertThat(refused.code()).isEqualTo(HostErrorCode.INVALID_SESSION);
              assertThat(refused.getCause()).isInstanceOf(HostException.class);
              assertThat(refused.getStackTrace())
                  .anyMatch(frame -> frame.getClassName().equals(getClass().getName()));
            });
    // Waiting on a call beyond HostApi maps its refusal the same way.
    assertThatThrownBy(() -> sync.await(client.releaseHeldGates("", null, null)))
        .isInstanceOf(HostException.class);
  }

  @Test
  void aCallWithNoAnswerThrowsSyncTimeoutAndIsCancelledAtTheProvider() throws Exception {
    try (RawProvider provider = greeter()) {
      SyncHostApi impatient = sync.withTimeout(Duration.ofMillis(300));

      assertThatThrownBy(
              () -> impatient.callTool(sessionId, "greet", ServerFixture.json("{}"), null))
          .isInstanceOfSatisfying(
              SyncTimeoutException.class,
              late -> {
                assertThat(late.timeout()).isEqualTo(Duration.ofMillis(300));
                assertThat(late.getMessage())
                    .isEqualTo("no answer to callTool greet within 300 ms");
              });
      ToolCall call = provider.next(ToolCall.class);
      ToolCancel cancel = provider.next(ToolCancel.class);

      assertThat(cancel.id()).isEqualTo(call.id());
      assertThat(cancel.reason()).isEqualTo(CancelReason.INTERRUPTED);
      assertThat(sync.timeout()).isEqualTo(SyncHostApi.DEFAULT_TIMEOUT); // the first twin unchanged
    }
  }
}
