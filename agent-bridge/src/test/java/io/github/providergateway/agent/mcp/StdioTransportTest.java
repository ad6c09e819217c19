package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.HostApi;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link StdioTransport} as an agent sees it, in raw lines: {@code gateway mcp}'s front door
 * in-process over a pair of pipes, an embedded gateway behind it.
 */
class StdioTransportTest {

  private final GatewayFixture f = GatewayFixture.create();
  private CompletableFuture<Void> ran;
  private OutputStream agentWrites;
  private BufferedReader agentReads;

  @BeforeEach
  void start() throws IOException {
    PipedFrontDoor piped =
        PipedFrontDoor.start(b -> b.gateway(() -> (HostApi) f.gateway).version("test"));
    ran = piped.ran;
    agentWrites = piped.agentWrites;
    agentReads =
        new BufferedReader(new InputStreamReader(piped.agentReads, StandardCharsets.UTF_8));
  }

  @AfterEach
  void stop() {
    f.close();
  }

  private void send(String line) throws IOException {
    agentWrites.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    agentWrites.flush();
  }

  /** The next line the front door writes that is not a notification. */
  private JsonNode nextAnswer() throws IOException {
    for (String line = agentReads.readLine(); line != null; line = agentReads.readLine()) {
      JsonNode message = Json.MAPPER.readTree(line);
      if (message.has("id")) {
        return message;
      }
    }
    throw new AssertionError("the front door's output ended");
  }

  private void initialize() throws IOException {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
    assertThat(nextAnswer().at("/result/serverInfo/name").asText()).isEqualTo("provider-gateway");
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  }

  @Test
  void aJsonRpcMessageTheSdkCannotReadIsAnsweredAndTheSessionGoesOn() throws Exception {
    initialize();

    // A response whose error is a number: JSON-RPC in shape, but no message the SDK can make of it.
    // The SDK's own stdio transport ended the agent's connection at such a line.
    send("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":5}");
    send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}");

    JsonNode refusal = nextAnswer();
    assertThat(refusal.get("id").asInt()).isEqualTo(7);
    assertThat(refusal.at("/error/code").asInt()).isEqualTo(-32600);
    assertThat(refusal.at("/error/message").asText()).startsWith("Invalid Request: ");
    JsonNode pong = nextAnswer();
    assertThat(pong.get("id").asInt()).isEqualTo(8);
    assertThat(pong.has("result")).isTrue();
  }

  @Test
  void theEndOfTheAgentsInputEndsTheFrontDoor() throws Exception {
    initialize();

    agentWrites.close();

    ran.get(10, TimeUnit.SECONDS);
  }
}
