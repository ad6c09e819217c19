package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.SessionInfo;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 46, "a session that only initializes (a health check) starts none": an agent's window on
 * the gateway's {@code /mcp} (a token of the agent's kind, as {@code gateway setup} issues it)
 * whose client only initializes and goes, as {@code claude mcp list} does, starts none of the
 * providers of the home's {@code --config}; the first {@code tools/list}, or a hook deciding a call
 * in the session, starts them. A real gateway on its real port, the MCP Java SDK's Streamable HTTP
 * client, and two real MCP servers from the npm registry: one per session, one shared by project.
 * Each entry's command is {@code sh} writing a line to a file of the test's before it runs the
 * server, so the file lists every start there was.
 */
@Tag("process")
class ProvidersStartWhenWantedTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Two servers from the npm registry start on a busy machine. */
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir Path dir;
  private Path starts;
  private RunningGateway running;
  private String agentToken;
  private Path home;

  /** The MCP servers' processes below this JVM before the test: an earlier class's, ending. */
  private Set<Long> serversBefore;

  private final Map<String, CompletableFuture<SessionInfo>> startedIn = new ConcurrentHashMap<>();
  private final Map<String, CompletableFuture<Void>> ended = new ConcurrentHashMap<>();
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(WAIT).build();

  @BeforeEach
  void gatewayWithTwoMcpServers() throws Exception {
    // A second back: the kernel counts a process's start in clock ticks, and a server this test
    // starts must not be counted out.
    serversBefore = servers().map(ProcessHandle::pid).collect(Collectors.toSet());
    Path servers = Interop.mcpServers().resolve("node_modules/@modelcontextprotocol");
    starts = dir.resolve("starts.txt");
    Files.writeString(starts, "");
    ObjectNode file = JSON.createObjectNode();
    ArrayNode providers = file.putArray("providers");
    ObjectNode each = providers.addObject().put("name", "everything").put("mcp", "stdio");
    each.putArray("command")
        .add("sh")
        .add("-c")
        .add("echo everything >> \"$0\"; exec node \"$1\" stdio")
        .add(starts.toString())
        .add(servers.resolve("server-everything/dist/index.js").toString());
    ObjectNode shared =
        providers.addObject().put("name", "fs").put("mcp", "stdio").put("session", "project");
    shared
        .putArray("command")
        .add("sh")
        .add("-c")
        .add("echo \"fs $2\" >> \"$0\"; exec node \"$1\" \"$2\"")
        .add(starts.toString())
        .add(servers.resolve("server-filesystem/dist/index.js").toString())
        .add("${project}");
    Path config = dir.resolve("providers.json");
    Files.writeString(config, JSON.writeValueAsString(file));
    home = Files.createDirectories(dir.resolve("home"));
    running =
        RunningGateway.start(
            Main.options(
                Map.of(),
                "--rpc",
                "--home",
                home.toString(),
                "--port",
                "0",
                "--config",
                config.toString()),
            new GatewayListener() {});
    running
        .gateway()
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void sessionStarted(SessionInfo session) {
                startedIn(session.cwd()).complete(session);
              }

              @Override
              public void sessionEnded(String sessionId) {
                ended(sessionId).complete(null);
              }
            });
    agentToken = ClientTokens.mcpHttp(home).issue("setup-claude", ClientTokens.Kind.AGENT);
  }

  @AfterEach
  void stop() {
    if (running != null) {
      running.close();
    }
  }

  @Test
  void aHealthCheckStartsNoProviderAndTheFirstToolsListStartsThem() throws Exception {
    Path alpha = project("alpha");
    Path beta = project("beta");

    McpSyncClient check = window(alpha);
    check.initialize(); // initialize, then notifications/initialized: what a health check does
    SessionInfo checked = startedIn(alpha.toString()).get(WAIT.toSeconds(), TimeUnit.SECONDS);
    check.closeGracefully();
    ended(checked.id()).get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(serversRunning()).as("processes of the MCP servers after the health check").isZero();

    McpSyncClient agent = window(beta);
    agent.initialize();
    // The first tools/list starts them, and waits for them up to 2 s (a slow start's tools come
    // with notifications/tools/list_changed, as before).
    await("the servers' tools", () -> names(agent).containsAll(List.of("echo", "read_file")));
    // The spawner starts sessions' providers one after another, in turn: a start the health check
    // had asked for would be in the file before the agent's.
    assertThat(Files.readAllLines(starts)).containsExactly("everything", "fs " + beta);
    agent.closeGracefully();
  }

  /**
   * The agent's session joined but its client has not listed tools yet (Claude Code connects its
   * MCP servers in the background): its first hook call starts the session's providers, and waits
   * for them, so that their gates decide that call (the "always in force" issue's start check).
   */
  @Test
  void aHookCallForTheSessionStartsItsProviders() throws Exception {
    Path alpha = project("alpha");
    McpSyncClient agent = window(alpha);
    agent.initialize();
    startedIn(alpha.toString()).get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(Files.readAllLines(starts)).as("initialized only").isEmpty();

    HttpResponse<String> answer = hook(alpha);

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    await(
        "both servers started for the session",
        () -> Files.readAllLines(starts).containsAll(List.of("everything", "fs " + alpha)));
    agent.closeGracefully();
  }

  // ---- the parts ----

  private Path project(String name) throws IOException {
    return Files.createDirectories(dir.resolve(name)).toRealPath();
  }

  private CompletableFuture<SessionInfo> startedIn(String cwd) {
    return startedIn.computeIfAbsent(String.valueOf(cwd), k -> new CompletableFuture<>());
  }

  private CompletableFuture<Void> ended(String sessionId) {
    return ended.computeIfAbsent(sessionId, k -> new CompletableFuture<>());
  }

  /**
   * An agent's window over HTTP, not yet initialized: the SDK's Streamable HTTP client named {@code
   * claude} with the agent's token, offering {@code root} as its one root.
   */
  private McpSyncClient window(Path root) {
    return McpClient.sync(
            HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + running.port())
                .endpoint("/mcp")
                .httpRequestCustomizer(
                    (request, method, uri, body, context) ->
                        request.header("Authorization", "Bearer " + agentToken))
                .build())
        .clientInfo(new McpSchema.Implementation("claude", "1.0"))
        .requestTimeout(WAIT)
        .initializationTimeout(WAIT)
        .capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
        .roots(new McpSchema.Root("file://" + root, "project"))
        .build();
  }

  private static List<String> names(McpSyncClient client) {
    return client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
  }

  /**
   * The MCP servers this test's gateway runs: this JVM's live descendants that were not there
   * before the test, so that one an earlier test class of the same JVM is still ending is not
   * counted (a start time would not tell: the JDK reads it to the second, from the boot time).
   */
  private long serversRunning() {
    return servers().filter(p -> !serversBefore.contains(p.pid())).count();
  }

  /** The MCP servers' live processes below this JVM (the gateway runs in it). */
  private static Stream<ProcessHandle> servers() {
    return ProcessHandle.current()
        .descendants()
        .filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().orElse("").contains("@modelcontextprotocol/server-"));
  }

  /** Claude Code's HTTP hook: a {@code Bash} call in {@code cwd}, with a hook token of Claude's. */
  private HttpResponse<String> hook(Path cwd) throws Exception {
    ObjectNode body = JSON.createObjectNode();
    body.put("session_id", "8c1e2f4a-5b6d-4e7f-9a0b-1c2d3e4f5a6b")
        .put("cwd", cwd.toString())
        .put("permission_mode", "default")
        .put("hook_event_name", "PreToolUse")
        .put("tool_name", "Bash")
        .put("tool_use_id", "toolu_01");
    body.putObject("tool_input").put("command", "ls");
    String hookToken = ClientTokens.hooks(home).issue("claude");
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + running.port() + "/hooks/claude"))
            .timeout(WAIT)
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + hookToken)
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static void await(String what, Await.Condition condition) {
    Await.until(WAIT, condition, () -> what);
  }
}
