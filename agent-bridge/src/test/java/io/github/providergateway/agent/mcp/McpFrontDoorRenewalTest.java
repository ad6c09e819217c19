package io.github.providergateway.agent.mcp;

import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The stdio front door ({@code gateway mcp} in its JVM) when the gateway has lost the agent's
 * session: the gateway was stopped and started again, or a service restarted it, and its session
 * was ended with it. Over stdio the agent cannot be told to initialize again, so without a new
 * session every later call failed with {@code No active session} until the agent restarted.
 */
class McpFrontDoorRenewalTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  private final GatewayFixture f = GatewayFixture.create();
  private final BlockingQueue<SessionInfo> started = new LinkedBlockingQueue<>();
  private final BlockingQueue<List<McpSchema.Tool>> toolLists = new LinkedBlockingQueue<>();
  private McpSyncClient client;
  private PipedFrontDoor piped;

  /** The provider of the session at the end, and that session: told to go when the agent goes. */
  private RecordingProviderConnection worker;

  private String last;

  @AfterEach
  void close() throws Exception {
    if (client != null) {
      client.closeGracefully();
      if (worker != null) {
        GatewayMessage message;
        do {
          worker.await(1, WAIT);
          message = worker.next(GatewayMessage.class);
        } while (!(message instanceof SessionLifecycle lifecycle
            && lifecycle.state() == LifecycleState.SHUTDOWN_PENDING));
        worker.send(new ShutdownReady(last));
      }
      piped.ran.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }
    f.close();
  }

  @Test
  void aCallInASessionTheGatewayLostIsMadeInTheSessionStartedAgainAsItFirstWas() throws Exception {
    f.onSessionStarted(started::add);
    piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    client =
        McpClient.sync(new StreamClientTransport(piped.agentReads, piped.agentWrites))
            .clientInfo(new McpSchema.Implementation("test-agent", "1.0"))
            .requestTimeout(WAIT)
            .toolsChangeConsumer(toolLists::add)
            .build();
    client.initialize();
    SessionInfo first = started.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(first).isNotNull();

    RecordingProviderConnection before = bind(first.id(), "worker");
    f.settle();
    offered("status");
    CompletableFuture<Void> ended = f.gateway.endSession(first.id(), null);
    before.await(1, WAIT);
    before.next(SessionLifecycle.class); // shutdown.pending
    before.send(new ShutdownReady(first.id()));
    ended.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    McpSchema.CallToolResult inTheNewSession =
        client.callTool(new McpSchema.CallToolRequest("status", Map.of()));

    SessionInfo again = started.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(again).as("a session started again").isNotNull();
    assertThat(again.id()).isNotEqualTo(first.id());
    assertThat(again.label()).isEqualTo(first.label());
    assertThat(again.cwd()).isEqualTo(first.cwd());
    assertThat(again.openedBy()).isEqualTo(first.openedBy());
    assertThat(inTheNewSession.toString())
        .as("answered in the new session, which has no such tool yet")
        .doesNotContain("No active session");

    // The new session is the window's from now on: its provider's tool answers the agent.
    last = again.id();
    worker = bind(again.id(), "worker-again");
    f.settle();
    offered("status");
    CompletableFuture<McpSchema.CallToolResult> call =
        CompletableFuture.supplyAsync(
            () -> client.callTool(new McpSchema.CallToolRequest("status", Map.of())));
    worker.await(1, WAIT);
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(ToolResult.success(sent.id(), GatewayFixture.json("{\"green\":true}")));
    assertThat(call.get(WAIT.toSeconds(), TimeUnit.SECONDS).isError()).isFalse();
    assertThat(started).as("one new session, not one a call").isEmpty();
  }

  /** Waits until the agent is offered {@code tool}. */
  private void offered(String tool) throws InterruptedException {
    List<McpSchema.Tool> tools;
    do {
      tools = toolLists.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(tools).as("a tool list offering %s", tool).isNotNull();
    } while (tools.stream().noneMatch(t -> t.name().equals(tool)));
  }

  private RecordingProviderConnection bind(String session, String name) {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));
    conn.await(1, WAIT);
    conn.next(Sessions.class);
    conn.send(Hello.builder(name).session(session).tools(tool("status")).build());
    conn.await(1, WAIT);
    conn.next(HelloAck.class);
    conn.await(1, WAIT);
    conn.next(SessionLifecycle.class);
    return conn;
  }
}
