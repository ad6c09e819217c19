package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionInfo;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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

  /**
   * A gateway that answers only later (one that took longer to start than the window waits, found
   * by the trial of issue 46, session 8: the agent's window stayed without tools for its whole
   * session) is joined when it does: until then every request is answered at once with why; then
   * the session starts, the agent hears its lists changed and lists the tools.
   */
  @Test
  void aGatewayThatAnswersLaterIsJoinedAndTheAgentHearsItsListsChanged() throws Exception {
    GatewayFixture f = GatewayFixture.create();
    AtomicInteger attempts = new AtomicInteger();
    CompletableFuture<SessionInfo> started = new CompletableFuture<>();
    f.onSessionStarted(started::complete);
    BlockingQueue<List<McpSchema.Tool>> toolLists = new LinkedBlockingQueue<>();
    PipedFrontDoor piped =
        PipedFrontDoor.start(
            b ->
                b.gateway(
                        () -> {
                          if (attempts.incrementAndGet() == 1) {
                            throw new IOException(
                                "no answer from a gateway for /h within 20 s (it is still starting)");
                          }
                          return PipedFrontDoor.notClosable(f.gateway);
                        })
                    .backend(f.clock.backend())
                    .version("test"));
    McpSyncClient client =
        McpClient.sync(new StreamClientTransport(piped.agentReads, piped.agentWrites))
            .clientInfo(new McpSchema.Implementation("test-agent", "1.0"))
            .requestTimeout(WAIT)
            .toolsChangeConsumer(toolLists::add)
            .build();
    try {
      client.initialize();
      assertThatThrownBy(client::listTools)
          .isInstanceOf(McpError.class)
          .hasMessageContaining("it is still starting")
          .hasMessageContaining("joins it when it answers");
      assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("greet", Map.of())))
          .isInstanceOf(McpError.class)
          .hasMessageContaining("it is still starting");
      assertThat(started).isNotDone();

      f.clock.advance(McpFrontDoor.REJOIN_EVERY.minusMillis(1));
      assertThat(attempts).as("not before its time").hasValue(1);
      f.clock.advance(Duration.ofMillis(1));

      String session = started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id();
      assertThat(toolLists.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
          .as("the agent heard its tool list changed")
          .isNotNull();
      f.boundAcrossThreads(
          Hello.builder("greeter").session(session).tools(GatewayFixture.tool("greet")).build(),
          WAIT);
      f.settle();
      assertThat(toolLists.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
          .extracting(McpSchema.Tool::name)
          .containsExactly("greet");
      assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains("greet");
    } finally {
      client.closeGracefully();
      f.close();
    }
  }
}
