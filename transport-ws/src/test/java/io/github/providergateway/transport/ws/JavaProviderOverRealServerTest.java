package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Java provider client against the real {@link WebSocketServer}: every part real, nothing faked
 * between a Java provider author's code and the host.
 */
class JavaProviderOverRealServerTest {

  @Test
  void aJavaProviderConnectsThroughTheRealServerAndAnswersTheHost() throws Exception {
    try (ServerFixture f = ServerFixture.start()) {
      JavaProvider provider =
          JavaProvider.builder("greeter")
              .session(f.sessionId)
              .tool(
                  ToolDefinition.of(
                      "greet", "Say hello", ServerFixture.CODEC.parseJson("{\"type\":\"object\"}")),
                  (args, call) ->
                      CompletableFuture.completedFuture(
                          TextNode.valueOf("Hello, " + args.path("name").asText() + "!")))
              .build();
      ProviderSession session =
          WebSocketProviderClient.connect(
              URI.create("ws://127.0.0.1:" + f.port() + "/"),
              f.gateway.credentials().providerToken(),
              provider);
      try {
        HelloAck ack = session.bound().toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertThat(ack.sessionId()).isEqualTo(f.sessionId);

        CallResult result = f.call("greet", "{\"name\":\"Alice\"}").get(10, TimeUnit.SECONDS);
        session.push(PushLevel.SURFACE, "watching");

        assertThat(result.outcome())
            .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Alice!")));
        assertThat(f.gateway.tools(f.sessionId).get(10, TimeUnit.SECONDS))
            .extracting(HostTool::name)
            .containsExactly("greet");
        ServerFixture.awaitTrue(
            "the push in the timeline", () -> f.host.loggedTexts().contains("watching"));
      } finally {
        session.close();
      }
    }
  }
}
