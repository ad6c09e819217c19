package io.github.providergateway.gateway;

import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * An embedder that does nothing about logging, run by {@link QuietLoggingTest} in a JVM of its own:
 * a real gateway (its own loop thread and scheduler), a session, a provider whose tool has a JSON
 * Schema (the schema validator is what brings SLF4J), one call checked against it, a clean close.
 * Prints {@code done} and the call's outcome on stdout.
 */
final class EmbeddedGatewayRun {

  private EmbeddedGatewayRun() {}

  public static void main(String[] args) throws Exception {
    ProtocolCodec codec = ProtocolCodec.create();
    Gateway gateway = Gateway.builder().build();
    SessionInfo session =
        gateway
            .startSession(SessionSpec.of("quiet", "/code/quiet"), new RecordingSessionHost())
            .get(10, TimeUnit.SECONDS);
    RecordingProviderConnection provider = new RecordingProviderConnection("quiet");
    provider.attach(gateway.transports().acceptWebSocket(provider));
    provider.send(Auth.withToken(gateway.credentials().providerToken()));
    provider.await(1, Duration.ofSeconds(10));
    provider.drain();
    provider.send(
        Hello.builder("greeter")
            .session(session.id())
            .tools(
                ToolDefinition.of(
                    "greet",
                    "Say hello",
                    codec.parseJson(
                        "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},"
                            + "\"required\":[\"name\"]}")))
            .build());
    provider.await(1, Duration.ofSeconds(10));
    provider.drain();
    var pending =
        gateway.callTool(
            session.id(), "greet", codec.parseJson("{\"name\":\"Alice\"}"), Duration.ofSeconds(10));
    ToolCall call = null;
    while (call == null) { // after what the gateway sent since hello.ack (session.lifecycle, ...)
      provider.await(1, Duration.ofSeconds(10));
      if (provider.next() instanceof ToolCall toolCall) {
        call = toolCall;
      }
    }
    provider.send(ToolResult.success(call.id(), codec.parseJson("\"Hello, Alice!\"")));
    CallResult result = pending.get(10, TimeUnit.SECONDS);
    provider.drop();
    gateway.endSession(session.id(), Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);
    gateway.close();
    System.out.println("done " + result.outcome());
  }
}
