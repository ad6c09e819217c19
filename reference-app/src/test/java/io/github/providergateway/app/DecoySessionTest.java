package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionOpener;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 47, row 3, end to end with real parts: before (or after) the agent starts, a program with a
 * front-door client token opens an MCP session over HTTP ({@code /mcp}) named {@code claude}, with
 * the agent's project as its root: a decoy. The agent is a real {@code gateway mcp} process, the
 * MCP Java SDK's client on its stdio, named {@code claude} too, in the same project. The guardrail
 * a person then starts in the project, the Node example ({@code examples/node/guardrail.mjs},
 * choosing as {@code session.mjs} does) or the Java client ({@code WebSocketProviderClient}), binds
 * to the agent's session and never to the decoy's, whichever opened first, because the gateway
 * tells providers who opened each session ({@code "openedBy"}; decision 68); with only the decoy's
 * session open it waits, and binds to the agent's once it opens. The agent then lists the
 * guardrail's tool and the decoy does not.
 */
@Tag("process")
class DecoySessionTest {

  /** Bounds every wait: a gateway mcp JVM and a Node process start on a busy machine. */
  private static final Duration WAIT = Duration.ofSeconds(30);

  private static final String GUARD_TOOL = "ci_status";
  private static final Pattern BOUND = Pattern.compile("binding to session (\\S+):");

  @TempDir Path tmp;
  private Path home;
  private RpcApp gateway;
  private final List<AutoCloseable> opened = new ArrayList<>();

  /** The first session list the Java guardrail was sent that was not empty. */
  private final CompletableFuture<List<SessionInfo>> listed = new CompletableFuture<>();

  @AfterEach
  void stop() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
  }

  @Test
  void theNodeGuardrailBindsToTheAgentsSessionWhenTheDecoyOpenedFirst() throws Exception {
    Path project = startGateway();
    McpSyncClient decoy = decoy(project);
    McpSyncClient agent = agent(project);

    ProviderProcess guard = nodeGuardrail(project);

    assertThat(boundTo(guard)).isEqualTo(sessionOpenedBy("agent"));
    assertGuarded(agent, decoy);
  }

  @Test
  void theNodeGuardrailBindsToTheAgentsSessionWhenTheDecoyOpenedSecond() throws Exception {
    Path project = startGateway();
    McpSyncClient agent = agent(project);
    McpSyncClient decoy = decoy(project);

    ProviderProcess guard = nodeGuardrail(project);

    assertThat(boundTo(guard)).isEqualTo(sessionOpenedBy("agent"));
    assertGuarded(agent, decoy);
  }

  @Test
  void theNodeGuardrailWaitsBesideOnlyTheDecoyAndBindsToTheAgentOnceItStarts() throws Exception {
    Path project = startGateway();
    McpSyncClient decoy = decoy(project);
    ProviderProcess guard = nodeGuardrail(project);
    Interop.awaitOutput(guard, "only front-door clients' sessions are active", 1);
    assertThat(guard.output()).doesNotContain("binding to session");

    McpSyncClient agent = agent(project);

    assertThat(boundTo(guard)).isEqualTo(sessionOpenedBy("agent"));
    assertGuarded(agent, decoy);
  }

  /** The Java client chooses from the JVM's working directory: the project is that directory. */
  @Test
  void theJavaClientBindsToTheAgentsSessionWhenTheDecoyOpenedFirst() throws Exception {
    startGateway();
    Path project = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    McpSyncClient decoy = decoy(project);
    McpSyncClient agent = agent(project);

    ProviderSession guard = javaGuardrail();

    assertThat(boundSession(guard)).isEqualTo(sessionOpenedBy("agent"));
    assertGuarded(agent, decoy);
  }

  @Test
  void theJavaClientWaitsBesideOnlyTheDecoyAndBindsToTheAgentOnceItStarts() throws Exception {
    startGateway();
    Path project = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    McpSyncClient decoy = decoy(project);
    ProviderSession guard = javaGuardrail();
    // Told of the decoy's session alone, it chooses none and waits for a list it can choose from.
    assertThat(listed.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .singleElement()
        .satisfies(seen -> assertThat(seen.opener()).isEqualTo(SessionOpener.CLIENT));
    gateway.loopCaughtUp();
    assertThat(guard.bound().toCompletableFuture()).as("bound beside only the decoy").isNotDone();

    McpSyncClient agent = agent(project);

    assertThat(boundSession(guard)).isEqualTo(sessionOpenedBy("agent"));
    assertGuarded(agent, decoy);
  }

  // ---- the parts ----

  /** The gateway, in this JVM; returns a project folder of the test's own. */
  private Path startGateway() throws IOException {
    home = tmp.resolve("home");
    gateway = RpcApp.start(home);
    opened.add(gateway::close);
    return Files.createDirectories(tmp.resolve("app"));
  }

  /**
   * The decoy: a client of the HTTP front door, with a client token, that names itself {@code
   * claude} and offers {@code project} as its root; back once its gateway session runs there.
   */
  private McpSyncClient decoy(Path project) throws IOException {
    String token = ClientTokens.mcpHttp(home).issue("decoy");
    McpSyncClient client =
        client(
            HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + gateway.url().getPort())
                .endpoint("/mcp")
                .httpRequestCustomizer(
                    (request, method, uri, body, context) ->
                        request.header("Authorization", "Bearer " + token))
                .build(),
            project);
    sessionOpenedBy("mcp-http:decoy");
    return client;
  }

  /** The agent: {@code gateway mcp} for the running gateway, the SDK's client on its stdio. */
  private McpSyncClient agent(Path project) {
    List<String> command =
        TestJvm.command(
            Main.class,
            List.of(
                "mcp",
                "--home",
                home.toString(),
                "--port",
                Integer.toString(gateway.url().getPort())));
    McpSyncClient client = client(SdkStdioTransport.running(command), project);
    sessionOpenedBy("agent");
    return client;
  }

  /** An MCP client named {@code claude} whose one root is {@code project}. */
  private McpSyncClient client(McpClientTransport transport, Path project) {
    McpSyncClient client =
        McpClient.sync(transport)
            .clientInfo(new McpSchema.Implementation("claude", "1.0"))
            .capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
            .roots(new McpSchema.Root(project.toUri().toString(), "project"))
            .requestTimeout(WAIT)
            .initializationTimeout(WAIT)
            .build();
    opened.add(client::closeGracefully);
    client.initialize();
    return client;
  }

  /** The Node example guardrail, started by a person in {@code project} with the home's token. */
  private ProviderProcess nodeGuardrail(Path project) throws Exception {
    Path examples = Interop.nodeExamples();
    ProviderProcess guard =
        ProviderProcess.start(
            List.of("node", examples.resolve("guardrail.mjs").toString()),
            project,
            Map.of("TAP_HOME", home.toString()),
            tmp.resolve("guardrail.log"));
    opened.add(guard);
    return guard;
  }

  /** The Java client, a guardrail with the same tool, choosing its session itself. */
  private ProviderSession javaGuardrail() {
    JavaProvider provider =
        JavaProvider.builder("ci-guard")
            .tool(
                ToolDefinition.of(
                    GUARD_TOOL,
                    "Tell the guard whether CI is red",
                    RpcApp.CODEC.parseJson("{\"type\":\"object\"}")),
                (args, call) ->
                    CompletableFuture.completedFuture(TextNode.valueOf("CI is now red")))
            .onSessions(
                sessions -> {
                  if (!sessions.isEmpty()) {
                    listed.complete(sessions);
                  }
                })
            .build();
    ProviderSession session =
        WebSocketProviderClient.fromEnvironment(provider, Map.of("TAP_HOME", home.toString()));
    opened.add(session::close);
    return session;
  }

  /** The id of the one active session {@code openedBy} the host's list says, once there is one. */
  private String sessionOpenedBy(String openedBy) {
    return Await.value(
        WAIT,
        () -> {
          List<String> ids = new ArrayList<>();
          for (JsonNode session : gateway.request("{\"cmd\":\"sessions.list\"}").get("sessions")) {
            if (openedBy.equals(session.path("openedBy").asText(null))) {
              ids.add(session.get("id").asText());
            }
          }
          assertThat(ids).as("sessions opened by " + openedBy).hasSizeLessThan(2);
          return ids.isEmpty() ? null : ids.get(0);
        },
        () -> "a session opened by " + openedBy);
  }

  /** The session the Node guardrail says it binds to, once it says so. */
  private static String boundTo(ProviderProcess guard) {
    return Await.value(
        WAIT,
        () -> {
          Matcher bound = BOUND.matcher(guard.output());
          return bound.find() ? bound.group(1) : null;
        },
        () -> "the guardrail binding; its output:\n" + guard.output());
  }

  private static String boundSession(ProviderSession guard) throws Exception {
    HelloAck ack = guard.bound().toCompletableFuture().get(WAIT.toSeconds(), TimeUnit.SECONDS);
    return ack.sessionId();
  }

  /** The agent lists the guardrail's tool and the decoy does not: the guardrail is the agent's. */
  private static void assertGuarded(McpSyncClient agent, McpSyncClient decoy) {
    assertThat(awaitTools(agent, tools -> tools.contains(GUARD_TOOL))).contains(GUARD_TOOL);
    assertThat(tools(decoy)).doesNotContain(GUARD_TOOL);
  }

  private static Set<String> awaitTools(McpSyncClient client, Predicate<Set<String>> done) {
    CompletableFuture<Set<String>> last = new CompletableFuture<>();
    return Await.value(
        WAIT,
        () -> {
          Set<String> tools = tools(client);
          last.obtrudeValue(tools);
          return done.test(tools) ? tools : null;
        },
        () -> "the agent's tools; last listed: " + last.getNow(null));
  }

  private static Set<String> tools(McpSyncClient client) {
    return client.listTools().tools().stream()
        .map(McpSchema.Tool::name)
        .collect(Collectors.toSet());
  }
}
