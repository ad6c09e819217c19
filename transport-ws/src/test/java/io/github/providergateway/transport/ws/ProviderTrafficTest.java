package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.await;
import static io.github.providergateway.transport.ws.ServerFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.ToolOutcome;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Providers talking to the gateway through a real server, with real clients. */
class ProviderTrafficTest {

  @Test
  void aProviderAuthenticatesBindsAndAnswersTheHostsCall() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        JdkProvider provider = JdkProvider.connect(f.server.url())) {
      provider.send(Auth.withToken(f.gateway.providerToken()));
      assertThat(provider.next(Sessions.class).active()).hasSize(1);
      provider.send(
          Hello.builder("greeter").session(f.sessionId).tools(ServerFixture.definitions("greet")).build());
      provider.next(HelloAck.class);
      provider.next(SessionLifecycle.class);

      CompletableFuture<CallResult> result = f.call("greet", "{\"name\":\"Alice\"}");
      ToolCall call = provider.next(ToolCall.class);
      assertThat(call.args().get("name").asText()).isEqualTo("Alice");
      provider.send(ToolResult.success(call.id(), json("\"Hello, Alice!\"")));

      assertThat(await(result).outcome()).isEqualTo(ToolOutcome.success(json("\"Hello, Alice!\"")));
    }
  }

  @Test
  void aWrongTokenGetsAuthFailedAndThenTheSocketClosesWith1008() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider provider = new RawProvider(RawWebSocket.connect(f.port()))) {
      provider.send(Auth.withToken("not-the-token"));

      assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
      assertThat(provider.awaitCloseCode()).isEqualTo(1008);
    }
  }
}
