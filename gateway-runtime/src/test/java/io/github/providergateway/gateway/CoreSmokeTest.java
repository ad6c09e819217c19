package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import org.junit.jupiter.api.Test;

class CoreSmokeTest {
  @Test
  void providerAnswersAToolCall() {
    try (GatewayFixture f = GatewayFixture.create()) {
      String session = f.startSession("demo");
      RecordingProviderConnection provider = f.bound("greeter", session, tool("greet"));
      f.settle();
      assertThat(f.host(session).registeredNames()).containsExactly("greet");
      var result = f.call(session, "greet", "{\"name\":\"Alice\"}");
      ToolCall call = provider.next(ToolCall.class);
      assertThat(call.args().get("name").asText()).isEqualTo("Alice");
      provider.send(ToolResult.success(call.id(), GatewayFixture.json("\"Hello, Alice!\"")));
      assertThat(done(result).outcome()).isEqualTo(ToolOutcome.success(GatewayFixture.json("\"Hello, Alice!\"")));
    }
  }
}
