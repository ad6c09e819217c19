package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 43, row 5: {@code gateway mcp} that cannot reach or start its home's gateway says why in
 * its first answer to {@code tools/list}, an MCP error naming the cause, rather than listing no
 * tools; a {@code tools/call} fails the same way.
 */
class McpFrontDoorUnavailableTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @Test
  void theFirstToolListSaysWhyThereIsNoGateway() throws Exception {
    PipedFrontDoor piped =
        PipedFrontDoor.start(
            b ->
                b.gateway(
                        () -> {
                          throw new IOException(
                              "the gateway started for /h exited with code 1 before it answered;"
                                  + " port 9477 is already in use");
                        })
                    .version("test"));
    McpSyncClient client =
        McpClient.sync(new StreamClientTransport(piped.agentReads, piped.agentWrites))
            .clientInfo(new McpSchema.Implementation("test-agent", "1.0"))
            .requestTimeout(WAIT)
            .build();
    try {
      client.initialize();

      assertThatThrownBy(client::listTools)
          .isInstanceOf(McpError.class)
          .hasMessageContaining("The provider gateway is not available")
          .hasMessageContaining("port 9477 is already in use");
      assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("greet", Map.of())))
          .isInstanceOf(McpError.class)
          .hasMessageContaining("port 9477 is already in use");
    } finally {
      client.closeGracefully();
      piped.ran.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }
    assertThat(piped.ran).isDone();
  }
}
