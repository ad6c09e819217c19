package io.github.providergateway.agent.mcp;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpClient;
import io.modelcontextprotocol.modern.client.McpSyncClient;
import io.modelcontextprotocol.modern.client.SubscriptionEvent;
import io.modelcontextprotocol.modern.client.transport.StdioMcpClientTransport;
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
 * The MCP Java SDK's 2026-07-28 client ({@code io.modelcontextprotocol.modern.client}), written by
 * others, against {@link McpFrontDoor} in-process over a pair of pipes with an embedded gateway
 * behind it (issue 81): {@code server/discover} with no session, then stateless {@code tools/list}
 * and {@code tools/call} on the window's one gateway session.
 */
class ModernFrontDoorTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String DEPLOY_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"env\":{\"type\":\"string\"}},\"required\":[\"env\"]}";

  private final GatewayFixture f = GatewayFixture.create();
  private final CompletableFuture<SessionInfo> started = new CompletableFuture<>();
  private PipedFrontDoor piped;
  private StdioMcpClientTransport transport;
  private McpSyncClient client;

  private void connect() throws Exception {
    f.onSessionStarted(started::complete);
    piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    transport =
        StdioMcpClientTransport.builder(piped.agentReads, piped.agentWrites)
            .jsonMapper(Json.MCP)
            .start();
    client =
        McpClient.sync(transport)
            .jsonMapper(Json.MCP)
            .clientInfo(McpSchema.Implementation.builder("modern-agent", "1.0").build())
            .callTimeout(WAIT)
            .build();
  }

  @AfterEach
  void close() throws Exception {
    if (transport != null) {
      transport.close();
    }
    f.close();
  }

  @Test
  void discoverAnswersWithTheModernVersionCacheHintsAndServerInfoAndStartsTheWindowsSession()
      throws Exception {
    connect();
    McpSchema.DiscoverResult discover = client.discover();

    assertThat(discover.supportedVersions()).containsExactly("2026-07-28");
    assertThat(discover.resultType()).isEqualTo("complete");
    assertThat(discover.ttlMs()).isEqualTo(ModernDoor.DISCOVER_TTL_MS);
    assertThat(discover.cacheScope()).isEqualTo(McpSchema.CacheScope.PRIVATE);
    assertThat(discover.capabilities().tools()).isNotNull();
    assertThat(discover.instructions()).contains("provider gateway");
    // As initialized starts a legacy window's session: the agent's first hook call may come
    // before its first list (decision 116).
    assertThat(started.get(WAIT.toSeconds(), TimeUnit.SECONDS).label()).isEqualTo("modern-agent");
  }

  @Test
  void theSessionsToolsAreListedAndCalledStatelessly() throws Exception {
    connect();
    RecordingProviderConnection worker = worker();
    McpSchema.ListToolsResult listed = client.listTools().skipCache().list();
    assertThat(listed.tools()).extracting(McpSchema.Tool::name).containsExactly("deploy", "status");
    assertThat(listed.ttlMs()).isZero();
    assertThat(listed.cacheScope()).isEqualTo(McpSchema.CacheScope.PRIVATE);
    assertThat(json(Json.text(Json.tree(listed.tools().get(0).inputSchema()))))
        .isEqualTo(json(DEPLOY_SCHEMA));

    CompletableFuture<McpSchema.CallToolResult> call =
        CompletableFuture.supplyAsync(
            () -> client.tool("status").arguments(Map.of("branch", "main")).call());
    worker.await(1, WAIT);
    ToolCall sent = worker.next(ToolCall.class);
    assertThat(sent.args()).isEqualTo(json("{\"branch\":\"main\"}"));
    worker.send(ToolResult.success(sent.id(), json("{\"green\":true}")));
    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).isFalse();
    assertThat(result.resultType()).isEqualTo("complete");
    assertThat(result.structuredContent()).isEqualTo(Map.of("green", true));
  }

  @Test
  void aProvidersProgressReachesTheCallersProgressBeforeItsResult() throws Exception {
    connect();
    RecordingProviderConnection worker = worker();
    BlockingQueue<McpSchema.ProgressParams> progress = new LinkedBlockingQueue<>();
    CompletableFuture<McpSchema.CallToolResult> call =
        CompletableFuture.supplyAsync(
            () -> client.tool("status").arguments(Map.of()).progress(progress::add).call());
    worker.await(1, WAIT);
    ToolCall sent = worker.next(ToolCall.class);
    worker.send(new ToolProgress(sent.id(), "compiling"));
    McpSchema.ProgressParams first = progress.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(first).as("a notifications/progress for the call").isNotNull();
    assertThat(first.message()).isEqualTo("compiling");
    assertThat(first.progress()).isEqualTo(1.0);
    worker.send(ToolResult.success(sent.id(), json("\"built\"")));

    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).isFalse();
  }

  @Test
  void aSubscriptionHearsTheSessionsToolsChange() throws Exception {
    connect();
    assertThat(client.discover().capabilities().tools().listChanged())
        .as("discover offers tools' list changes through subscriptions/listen")
        .isTrue();
    BlockingQueue<SubscriptionEvent> events = new LinkedBlockingQueue<>();
    McpSyncClient.Listening listening = client.listen().toolsChanged().open(events::add);
    SubscriptionEvent first = events.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(first).isInstanceOf(SubscriptionEvent.Subscribed.class);
    assertThat(((SubscriptionEvent.Subscribed) first).honoured().wantsToolsListChanged()).isTrue();

    worker(); // its tools registered in the session: the list changed
    assertThat(events.poll(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(SubscriptionEvent.ToolsListChanged.class);

    listening.close();
  }

  /**
   * A provider with {@code deploy} and {@code status}, bound to the session the first modern {@code
   * tools/list} starts, once both are listed.
   */
  private RecordingProviderConnection worker() throws Exception {
    assertThat(client.listTools().skipCache().list().tools()).isEmpty();
    SessionInfo session = started.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(session.label()).isEqualTo("modern-agent");
    RecordingProviderConnection worker =
        bind(
            Hello.builder("worker")
                .session(session.id())
                .tools(
                    ToolDefinition.of("deploy", "Deploys the app", json(DEPLOY_SCHEMA)),
                    tool("status"))
                .build());
    f.settle();
    List<McpSchema.Tool> tools = List.of();
    for (long until = System.nanoTime() + WAIT.toNanos();
        tools.size() < 2 && System.nanoTime() < until; ) {
      tools = client.listTools().skipCache().list().tools();
    }
    assertThat(tools).hasSize(2);
    return worker;
  }

  private RecordingProviderConnection bind(Hello hello) {
    return bind(f, hello);
  }

  /** A provider connected to {@code f}'s gateway, authenticated and bound as {@code hello} says. */
  static RecordingProviderConnection bind(GatewayFixture f, Hello hello) {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(f.gateway.credentials().providerToken()));
    conn.await(1, WAIT);
    conn.next(Sessions.class);
    conn.send(hello);
    conn.await(1, WAIT);
    conn.next(HelloAck.class);
    conn.await(1, WAIT);
    conn.next(SessionLifecycle.class);
    return conn;
  }
}
