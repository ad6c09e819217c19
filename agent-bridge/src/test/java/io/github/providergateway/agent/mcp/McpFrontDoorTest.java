package io.github.providergateway.agent.mcp;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.SessionOpener;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The MCP Java SDK's own client against {@link McpFrontDoor} in-process, over a pair of pipes, with
 * an embedded gateway on a manual clock behind it: what an agent sees, end to end. The gateway's
 * loop runs on whichever thread hands it work (the SDK's threads and the test's), so waits on the
 * provider's side are on recorded messages, and the clock moves only when the test says.
 */
class McpFrontDoorTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String DEPLOY_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"env\":{\"type\":\"string\"}},\"required\":[\"env\"]}";

  private final GatewayFixture f = GatewayFixture.create();
  private final CompletableFuture<SessionInfo> started = new CompletableFuture<>();
  private CompletableFuture<Void> ran;
  private final BlockingQueue<List<McpSchema.Tool>> toolLists = new LinkedBlockingQueue<>();
  private final BlockingQueue<McpSchema.LoggingMessageNotification> logs =
      new LinkedBlockingQueue<>();
  private final BlockingQueue<List<McpSchema.ResourceContents>> resourceUpdates =
      new LinkedBlockingQueue<>();

  private McpSyncClient client;
  private McpSchema.InitializeResult initialized;
  private String session;
  private RecordingProviderConnection worker;
  private RecordingProviderConnection guard;
  private List<McpSchema.Tool> tools;

  @BeforeEach
  void connect() throws Exception {
    f.onSessionStarted(started::complete);
    PipedFrontDoor piped =
        PipedFrontDoor.start(
            b -> b.gateway(() -> PipedFrontDoor.notClosable(f.gateway)).version("test"));
    ran = piped.ran;
    client =
        McpClient.sync(new StreamClientTransport(piped.agentReads, piped.agentWrites))
            .clientInfo(new McpSchema.Implementation("test-agent", "1.0"))
            .requestTimeout(WAIT)
            .toolsChangeConsumer(toolLists::add)
            .loggingConsumer(logs::add)
            .resourcesUpdateConsumer(resourceUpdates::add)
            .build();
    initialized = client.initialize();
    session = started.get(WAIT.toSeconds(), TimeUnit.SECONDS).id();

    worker =
        f.boundAcrossThreads(
            Hello.builder("worker")
                .session(session)
                .tools(
                    ToolDefinition.of("deploy", "Deploys the app", json(DEPLOY_SCHEMA)),
                    tool("status"))
                .build(),
            WAIT);
    guard =
        f.boundAcrossThreads(
            Hello.builder("guard")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("deploy"), "ci")), null))
                .build(),
            WAIT);
    f.settle(); // the registration debounce: the session's tool list reaches the front door
    tools = toolLists.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
  }

  @AfterEach
  void close() throws Exception {
    if (!ran.isDone()) {
      client.closeGracefully();
      for (RecordingProviderConnection provider : List.of(worker, guard)) {
        awaitShutdownPending(provider);
        provider.send(new ShutdownReady(session));
      }
      ran.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    }
    f.close();
  }

  // ---- the connection ----

  @Test
  void initializeNamesTheServerAndPromisesToolListChanges() {
    assertThat(initialized.serverInfo().name()).isEqualTo("provider-gateway");
    assertThat(initialized.serverInfo().version()).isEqualTo("test");
    assertThat(initialized.capabilities().tools().listChanged()).isTrue();
    assertThat(initialized.instructions())
        .contains("provider gateway")
        .contains(ToolResults.DENIED_PREFIX.trim());
  }

  @Test
  void theGatewaySessionIsLabelledAfterTheClientAndRunsInTheWorkingDirectory() {
    assertThat(started.join().label()).isEqualTo("test-agent");
    assertThat(started.join().cwd()).isEqualTo(Path.of("/code/agent").toAbsolutePath().toString());
  }

  @Test
  void theStdioFrontDoorsSessionIsTheAgentsOpenedByAHolderOfTheGatewayToken() {
    // gateway mcp holds the gateway token and is the agent's own MCP server: its sessions are the
    // ones hook adapters take for the agent's, and providers are told "agent" (decision 68).
    assertThat(started.join().openedBy()).isEqualTo("agent");
    assertThat(started.join().opener()).isEqualTo(SessionOpener.AGENT);
    assertThat(started.join().openedByTokenHolder()).isTrue();
  }

  @Test
  void pingIsAnswered() {
    assertThat(client.ping()).isNotNull();
  }

  // ---- tools ----

  @Test
  void theProvidersToolsAreListedWithTheirParametersAsInputSchema() {
    assertThat(tools).as("the list_changed after the providers registered").isNotNull();
    assertThat(client.listTools().tools())
        .extracting(McpSchema.Tool::name)
        .containsExactlyInAnyOrder("deploy", "status");
    McpSchema.Tool deploy = byName(client.listTools().tools(), "deploy");
    assertThat(deploy.description()).isEqualTo("Deploys the app");
    assertThat(json(Json.text(Json.tree(deploy.inputSchema())))).isEqualTo(json(DEPLOY_SCHEMA));
  }

  @Test
  void aSuccessfulCallGivesTheDataAsTextAndAnObjectAsStructuredContent() throws Exception {
    var call = callAsync("status", Map.of());
    ToolCall sent = next(worker, ToolCall.class);
    worker.send(ToolResult.success(sent.id(), json("{\"green\":true,\"runs\":3}")));

    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).isFalse();
    assertThat(texts(result)).hasSize(1);
    assertThat(json(texts(result).get(0))).isEqualTo(json("{\"green\":true,\"runs\":3}"));
    assertThat(result.structuredContent()).isEqualTo(Map.of("green", true, "runs", 3));
  }

  @Test
  void theAgentsArgumentsReachTheProviderUnchanged() throws Exception {
    var call = callAsync("status", Map.of("verbose", true, "branch", "main"));
    ToolCall sent = next(worker, ToolCall.class);
    worker.send(ToolResult.success(sent.id(), json("\"ok\"")));

    assertThat(sent.args()).isEqualTo(json("{\"verbose\":true,\"branch\":\"main\"}"));
    assertThat(texts(call.get(WAIT.toSeconds(), TimeUnit.SECONDS))).containsExactly("ok");
  }

  @Test
  void aCallAGateDeniesIsAnErrorNamingTheGatesReason() throws Exception {
    var call = callAsync("deploy", Map.of("env", "prod"));
    GateCheck check = next(guard, GateCheck.class);
    guard.send(GateResult.deny("ci", check.callId(), "CI is red on main"));

    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).isTrue();
    assertThat(texts(result)).containsExactly("Denied by the provider gateway: CI is red on main");
    worker.assertNoMoreMessages();
  }

  @Test
  void argumentsTheToolsSchemaRefusesAreAnErrorFromTheGatewayAndReachNoOne() throws Exception {
    McpSchema.CallToolResult result =
        callAsync("deploy", Map.of("env", 42)).get(WAIT.toSeconds(), TimeUnit.SECONDS);

    assertThat(result.isError()).isTrue();
    assertThat(texts(result)).singleElement().asString().endsWith("[INVALID_ARGS]").contains("env");
    guard.assertNoMoreMessages();
    worker.assertNoMoreMessages();
  }

  @Test
  void aFailedCallIsAnErrorWithItsCode() throws Exception {
    var call = callAsync("status", Map.of());
    ToolCall sent = next(worker, ToolCall.class);
    worker.send(ToolResult.failure(sent.id(), "the CI server is down", ToolErrorCode.INTERNAL));

    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.isError()).isTrue();
    assertThat(texts(result)).containsExactly("the CI server is down [INTERNAL]");
  }

  @Test
  void whenTheProvidersToolsChangeTheAgentHearsListChanged() throws Exception {
    worker.send(new ToolsUpdate(null, null, List.of(tool("logs")), List.of("status")));
    f.settle();

    List<McpSchema.Tool> changed = toolLists.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(changed)
        .extracting(McpSchema.Tool::name)
        .containsExactlyInAnyOrder("deploy", "logs");
  }

  // ---- pushes ----

  @Test
  void aSurfacePushIsALoggingNotification() throws Exception {
    worker.send(Push.event("ci", PushLevel.SURFACE, "tests started"));

    assertThat(nextLogFrom("worker").data()).isEqualTo("tests started");
  }

  @Test
  void anInjectPushIsLoggedAndRidesOnTheNextToolResult() throws Exception {
    worker.send(Push.event("ci", PushLevel.INJECT, "CI failed on test/auth.spec.ts"));
    assertThat(nextLogFrom("worker").data()).isEqualTo("CI failed on test/auth.spec.ts");

    var call = callAsync("status", Map.of());
    worker.send(ToolResult.success(next(worker, ToolCall.class).id(), json("\"ok\"")));
    McpSchema.CallToolResult result = call.get(WAIT.toSeconds(), TimeUnit.SECONDS);

    assertThat(texts(result))
        .containsExactly("ok", PushedEvents.HEADER + "\n- worker: CI failed on test/auth.spec.ts");
    var again = callAsync("status", Map.of());
    worker.send(ToolResult.success(next(worker, ToolCall.class).id(), json("\"ok\"")));
    assertThat(texts(again.get(WAIT.toSeconds(), TimeUnit.SECONDS)))
        .as("delivered once")
        .containsExactly("ok");
  }

  @Test
  void aSubscribedStreamIsReportedUpdatedWhenItsProviderPushesToIt() throws Exception {
    worker.send(Push.event("ci", PushLevel.SURFACE, "tests started"));
    assertThat(nextLogFrom("worker").data()).isEqualTo("tests started");
    String uri = StreamResources.uri("ci@worker");
    client.subscribeResource(new McpSchema.SubscribeRequest(uri));

    worker.send(Push.event("ci", PushLevel.SURFACE, "tests passed"));

    // A notification to one session by its id: the stdio transport must carry those too.
    List<McpSchema.ResourceContents> updated =
        resourceUpdates.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(updated).as("resources/updated, then the client's read").isNotNull();
    assertThat(updated).extracting(McpSchema.ResourceContents::uri).containsExactly(uri);
  }

  // ---- the end ----

  @Test
  void closingTheAgentsInputEndsTheGatewaySessionAndTheFrontDoor() throws Exception {
    client.closeGracefully();

    SessionLifecycle pending = next(worker, SessionLifecycle.class);
    assertThat(pending.state()).isEqualTo(LifecycleState.SHUTDOWN_PENDING);
    assertThat(next(guard, SessionLifecycle.class).state())
        .isEqualTo(LifecycleState.SHUTDOWN_PENDING);
    assertThat(ran).isNotDone();
    worker.send(new ShutdownReady(session));
    guard.send(new ShutdownReady(session));

    ran.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(done(f.gateway.sessions())).extracting(SessionInfo::id).doesNotContain(session);
  }

  // ---- helpers ----

  /** Skips what the provider was sent before its {@code shutdown.pending}. */
  private static void awaitShutdownPending(RecordingProviderConnection provider) {
    while (true) {
      if (next(provider, io.github.providergateway.protocol.GatewayMessage.class)
              instanceof SessionLifecycle lifecycle
          && lifecycle.state() == LifecycleState.SHUTDOWN_PENDING) {
        return;
      }
    }
  }

  private static <T extends io.github.providergateway.protocol.GatewayMessage> T next(
      RecordingProviderConnection conn, Class<T> type) {
    conn.await(1, WAIT);
    return conn.next(type);
  }

  private CompletableFuture<McpSchema.CallToolResult> callAsync(
      String tool, Map<String, Object> args) {
    return CompletableFuture.supplyAsync(
        () -> client.callTool(new McpSchema.CallToolRequest(tool, args)));
  }

  private McpSchema.LoggingMessageNotification nextLogFrom(String source)
      throws InterruptedException {
    while (true) {
      McpSchema.LoggingMessageNotification log = logs.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(log).as("a notifications/message from %s", source).isNotNull();
      if (source.equals(log.logger())) {
        return log;
      }
    }
  }

  private static List<String> texts(McpSchema.CallToolResult result) {
    return result.content().stream()
        .map(content -> ((McpSchema.TextContent) content).text())
        .toList();
  }

  private static McpSchema.Tool byName(List<McpSchema.Tool> tools, String name) {
    return tools.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }
}
