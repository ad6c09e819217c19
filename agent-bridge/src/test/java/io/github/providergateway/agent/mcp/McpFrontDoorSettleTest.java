package io.github.providergateway.agent.mcp;

import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.RecordingBackend;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, as a one-shot client ({@code mcp-inspector --cli … --method tools/list}) meets the
 * front door: a new session's first {@code tools/list} waits for the providers the gateway
 * announced for it, at most {@link AgentSession#SETTLE_WAIT} from that first list (or call), which
 * asks the gateway for them (issue 46: a session that only initializes asks for none), on the
 * injected clock; and a {@code tools/call} of a tool that is not there says which tool was asked
 * for and which there are, where the SDK alone says {@code Unknown tool: invalid_tool_name}.
 *
 * <p>The MCP Java SDK's client against {@link McpFrontDoor} in-process over pipes, with an embedded
 * gateway on a manual clock; the gateway announces the provider {@code greeter} for every session,
 * as the reference app does for a {@code --config} entry.
 */
class McpFrontDoorSettleTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  /**
   * The bound on the first list's wait, written out rather than read from {@link
   * AgentSession#SETTLE_WAIT} (issue 48): checked against itself, the constant could become 2,001
   * ms or 30 s unseen.
   */
  private static final Duration TWO_SECONDS = Duration.ofMillis(2_000);

  /** The bound on a call's further wait ({@link AgentSession#CALL_SETTLE_WAIT}), written out. */
  private static final Duration TEN_SECONDS = Duration.ofMillis(10_000);

  private final GatewayFixture f = GatewayFixture.create();

  /** The gateway's manual clock as the front door's backend, counting the schedulers it makes. */
  private final RecordingBackend backend = new RecordingBackend(f.clock.backend());

  private CompletableFuture<Void> ran;
  private McpFrontDoor door;
  private McpSyncClient client;
  private String session;

  @BeforeEach
  void connect() throws Exception {
    f.onSessionStarted(info -> f.gateway.spawning().expectProviders(info.id(), List.of("greeter")));
    PipedFrontDoor piped = PipedFrontDoor.start(b -> b.gateway(() -> f.gateway).backend(backend));
    door = piped.door;
    ran = piped.ran;
    client =
        McpClient.sync(new StreamClientTransport(piped.agentReads, piped.agentWrites))
            .clientInfo(new McpSchema.Implementation("mcp-inspector-cli", "0.15"))
            .requestTimeout(WAIT)
            .build();
    client.initialize();
    // The bound is armed by the first tools/list or tools/call (which asks for the session's
    // providers), once the session has started: from here on, the clock is ours.
    session = door.serving().sessionId().block(WAIT);
  }

  @AfterEach
  void close() throws Exception {
    client.closeGracefully();
    // The session ends once its providers are ready or its deadline passes, on the manual clock:
    // moved on until the front door has ended it.
    Await.until(
        WAIT,
        () -> {
          f.clock.advance(Duration.ofSeconds(5));
          return ran.isDone();
        },
        () -> "the front door ended with its input");
    assertThat(ran).isCompleted();
    // Its waits ran on the backend's scheduler (issue 50), released when the run ended.
    assertThat(backend.schedulersMade()).isEqualTo(1);
    assertThat(backend.schedulersReleased()).isEqualTo(1);
  }

  @Test
  void theFirstListWaitsForTheAnnouncedProviderAndListsItsTools() throws Exception {
    CompletableFuture<McpSchema.ListToolsResult> listed =
        CompletableFuture.supplyAsync(client::listTools);
    awaitTheWaitForProviders(); // the list was read and is held

    assertThat(listed).as("held until greeter has bound").isNotDone();
    RecordingProviderConnection greeter = greeterBinds();
    f.clock.advance(Duration.ofMillis(200)); // the registration debounce, well inside the bound

    assertThat(listed.get(WAIT.toSeconds(), TimeUnit.SECONDS).tools())
        .extracting(McpSchema.Tool::name)
        .containsExactly("greet");
  }

  @Test
  void aProviderThatDoesNotComeHoldsTheFirstListTwoSecondsNotOneTickLonger() throws Exception {
    bindOther();
    CompletableFuture<McpSchema.ListToolsResult> listed =
        CompletableFuture.supplyAsync(client::listTools);
    awaitTheWaitForProviders();

    // 1,999 ms from the list, which armed the bound when it was read.
    f.clock.advance(TWO_SECONDS.minusMillis(1));
    assertThat(door.serving().toolsReady()).as("a tick before the bound").isNotDone();
    assertThat(listed).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(listed.get(WAIT.toSeconds(), TimeUnit.SECONDS).tools())
        .as("what there is at the bound; greeter's tools would follow as list_changed")
        .extracting(McpSchema.Tool::name)
        .containsExactly("status");
  }

  @Test
  void aCallOfAToolThatIsNotThereNamesItAndTheToolsThereAre() {
    bindOther();

    McpError unknown = callOnceSettled("stats");

    assertThat(unknown.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
    assertThat(unknown.getMessage())
        .contains("No tool named 'stats' in this session; its tools: status")
        .doesNotContain("invalid_tool_name");
  }

  @Test
  void aCallInASessionWithoutToolsSaysItHasNone() {
    McpError unknown = callOnceSettled("greet");

    assertThat(unknown.getMessage())
        .contains("No tool named 'greet' in this session: it has no tools now");
  }

  /**
   * Calls {@code tool} as the session's first request: it waits for the announced greeter, which
   * does not come, until the bound has passed on the clock; {@return the error it was answered}.
   */
  private McpError callOnceSettled(String tool) {
    CompletableFuture<McpError> called =
        CompletableFuture.supplyAsync(
            () ->
                catchThrowableOfType(
                    () -> client.callTool(new McpSchema.CallToolRequest(tool, Map.of())),
                    McpError.class));
    awaitTheWaitForProviders();
    f.clock.advance(AgentSession.SETTLE_WAIT);
    awaitTheCallsWait();
    f.clock.advance(TEN_SECONDS.minusMillis(1));
    assertThat(called).as("a tick before the call's own bound").isNotDone();
    f.clock.advance(Duration.ofMillis(1));
    return called.join();
  }

  /**
   * A call of a tool a provider still starting may bring waits for it past the list's bound: CI's
   * StdioProviderAppTest on a loaded machine (2026-11-27), where the Python greeter bound 2.1 s
   * after the first request and the call was told there was no such tool.
   */
  @Test
  void aCallOfAToolWhoseProviderIsStillStartingWaitsForItAndRuns() throws Exception {
    CompletableFuture<McpSchema.CallToolResult> called =
        CompletableFuture.supplyAsync(
            () -> client.callTool(new McpSchema.CallToolRequest("greet", Map.of())));
    awaitTheWaitForProviders();
    f.clock.advance(AgentSession.SETTLE_WAIT);
    awaitTheCallsWait();
    assertThat(called).as("greet is not offered yet, and greeter is starting").isNotDone();

    RecordingProviderConnection greeter = greeterBinds();
    f.clock.advance(Duration.ofMillis(200)); // the registration debounce, inside the bound
    // Its session's start, then the call: both sent from the gateway's loop, in that order.
    greeter.await(2, WAIT);
    greeter.next(io.github.providergateway.protocol.SessionLifecycle.class);
    ToolCall sent = greeter.next(ToolCall.class);
    greeter.send(ToolResult.success(sent.id(), GatewayFixture.json("{\"hello\":\"Ada\"}")));

    assertThat(called.get(WAIT.toSeconds(), TimeUnit.SECONDS).isError()).isFalse();
  }

  /**
   * The announced greeter connects with its spawn credential and binds with the tool {@code greet};
   * {@return its connection, its hello acknowledged}.
   */
  private RecordingProviderConnection greeterBinds() {
    RecordingProviderConnection greeter = f.connectSpawned(session, "greeter");
    greeter.await(1, WAIT);
    greeter.next(Sessions.class);
    greeter.send(Hello.builder("greeter").tools(List.of(tool("greet"))).build());
    greeter.await(1, WAIT);
    greeter.next(HelloAck.class);
    return greeter;
  }

  /** Waits until a call of a tool not offered has started its wait for starting providers. */
  private void awaitTheCallsWait() {
    Await.until(
        WAIT,
        () -> door.serving().waitingForCall(),
        () -> "the call waiting for the session's starting providers");
  }

  /**
   * Waits until the front door has read the session's first request that needs its providers and
   * started the wait for them: the request is sent from another thread, so a ping answered after it
   * proves nothing about its order (it failed that way under load).
   */
  private void awaitTheWaitForProviders() {
    Await.until(
        WAIT,
        () -> door.serving().waitingForProviders(),
        () -> "the front door waiting for the session's providers");
  }

  /**
   * A provider of the gateway token with the tool {@code status}, not the one announced, whose tool
   * the front door has installed: the gateway's registration debounce gone on the clock, then a
   * bounded wait for the front door's own thread, which installs it.
   */
  private void bindOther() {
    RecordingProviderConnection other = f.connect();
    other.send(Auth.withToken(f.gateway.credentials().providerToken()));
    other.await(1, WAIT);
    other.next(Sessions.class);
    other.send(Hello.builder("other").session(session).tools(List.of(tool("status"))).build());
    other.await(1, WAIT);
    other.next(HelloAck.class);
    f.settle();
    Await.until(
        WAIT,
        () -> door.serving().unknownTool("status") == null,
        () -> "the front door offers status");
  }
}
