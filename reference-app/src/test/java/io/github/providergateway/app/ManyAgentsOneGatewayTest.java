package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.loop.testing.Await;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34's promise, end to end with real parts (X-AGENT-19): one gateway process with a {@code
 * --config} of the three kinds of entry (the Python provider over stdio, {@code greet.py}; the Node
 * guardrail over WebSocket, {@code guardrail.mjs}; the MCP server {@code server-everything}, its
 * tools prefixed {@code ev_}) and three agents, each the MCP Java SDK's client, arriving one after
 * another through both front doors: A through {@code gateway mcp} on stdio, B over the HTTP front
 * door ({@code /mcp}, a client token), C through a second {@code gateway mcp}. Each agent's session
 * gets a run of every entry of its own: each lists {@code greet}, {@code ci_status} and {@code
 * ev_echo} and calls them.
 *
 * <p>Killing B's runs one by one takes each tool out of B's list alone, while A and C still list
 * and call it. The stdio and WebSocket providers stay gone; the MCP server is the gateway's to
 * restart (docs/mcp-servers.md, "Crashes"), so {@code ev_echo} is asserted to leave B's list and
 * come back. Ending C's session stops C's three processes and none of A's or B's.
 *
 * <p>Which process is whose: each session's start brings one new process of each entry, a child of
 * the gateway; a WebSocket run's {@code TAP_SESSION} confirms it is its agent's session.
 */
@Tag("process")
class ManyAgentsOneGatewayTest {

  /** Bounds every wait: sessions here start node and Python processes, on a busy machine too. */
  private static final Duration WAIT = Duration.ofSeconds(30);

  private static final String GREET = "greet";
  private static final String CI_STATUS = "ci_status";
  private static final String ECHO = "ev_echo";
  private static final String GREETER_SCRIPT = "greet.py";
  private static final String GUARD_SCRIPT = "guardrail.mjs";
  private static final String EVERYTHING_SCRIPT = "server-everything";

  @TempDir Path tmp;
  private Path home;
  private RpcApp gateway;
  private final List<Agent> agents = new ArrayList<>();

  @AfterEach
  void stop() {
    agents.forEach(Agent::close);
    if (gateway != null) {
      List<ProcessHandle> children =
          ProcessHandle.of(gateway.pid()).map(p -> p.descendants().toList()).orElse(List.of());
      gateway.close();
      children.forEach(
          ProcessHandle::destroyForcibly); // none, unless the gateway failed to stop them
    }
    if (home != null) {
      SharedGatewayTest.gatewaysOf(home).forEach(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void threeAgentsArrivingOverBothFrontDoorsEachGetEveryConfigProviderOfTheirOwn()
      throws Exception {
    home = tmp.resolve("home");
    gateway =
        RpcApp.startProcess(
            home, tmp.resolve("gateway.log"), "--port", "0", "--config", config().toString());
    int port = gateway.url().getPort();

    Agent a = overStdio("agent-a", port);
    Runs aRuns = awaitServed(a, List.of());
    Agent b = overHttp("agent-b", port);
    Runs bRuns = awaitServed(b, List.of(aRuns));
    Agent c = overStdio("agent-c", port);
    Runs cRuns = awaitServed(c, List.of(aRuns, bRuns));

    // B's greeter over stdio, then its guardrail over WebSocket: each takes its tools from B alone.
    bRuns.greeter().destroy();
    assertThat(
            b.awaitTools(
                "agent-b's list without greet, its greeter killed",
                tools -> !tools.contains(GREET)))
        .contains(CI_STATUS, ECHO)
        .doesNotContain("wait");
    assertStillServed(List.of(a, c), GREET, Map.of("name", "Cy"), "Hello, Cy!");

    bRuns.guard().destroy();
    assertThat(
            b.awaitTools(
                "agent-b's list without ci_status, its guardrail killed",
                tools -> !tools.contains(CI_STATUS)))
        .contains(ECHO);
    assertStillServed(List.of(a, c), CI_STATUS, Map.of("red", false), "CI is now green");

    // B's MCP server: the gateway starts it again after 1 s, so ev_echo goes and comes back.
    int heardBefore = b.heardCount();
    bRuns.everything().destroy();
    await(
        "agent-b hears ev_echo go, its MCP server killed",
        () -> b.heardSince(heardBefore),
        lists -> lists.stream().anyMatch(tools -> !tools.contains(ECHO)));
    assertStillServed(List.of(a, c), ECHO, Map.of("message", "still here"), "still here");
    b.awaitTools(
        "agent-b's list with ev_echo again, its MCP server restarted",
        tools -> tools.contains(ECHO));
    assertThat(b.call(ECHO, Map.of("message", "back"))).contains("back");
    ProcessHandle bEverything =
        onlyNew(EVERYTHING_SCRIPT, Set.of(aRuns.everything(), cRuns.everything()));

    // C's session ends with its client: its three processes stop, nobody else's.
    c.close();
    assertThat(
            CompletableFuture.allOf(
                cRuns.all().stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new)))
        .as("agent-c's greeter, guardrail and MCP server stop with its session")
        .succeedsWithin(WAIT);
    assertThat(aRuns.all()).as("agent-a's runs").allMatch(ProcessHandle::isAlive);
    assertThat(bEverything.isAlive()).as("agent-b's restarted MCP server").isTrue();
    assertThat(a.call(GREET, Map.of("name", "Ada"))).isEqualTo("Hello, Ada!");
    assertThat(b.call(ECHO, Map.of("message", "last"))).contains("last");
  }

  /** The config: one entry of each kind, each run for every session. */
  private Path config() throws IOException, InterruptedException {
    Path everything =
        Interop.mcpServers()
            .resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assertThat(everything)
        .as("server-everything, from mcp-federation/src/test/mcp-servers/package.json")
        .exists();
    Path config = tmp.resolve("providers.json");
    Files.writeString(
        config,
        """
        {"providers":[
          {"name":"greeter","transport":"stdio","cwd":"%s","command":["%s","greet.py"]},
          {"name":"ci-guard","cwd":"%s","command":["node","guardrail.mjs"]},
          {"name":"everything","mcp":"stdio","command":["node","%s"],"toolPrefix":"ev_"}
        ]}
        """
            .formatted(
                Interop.repoRoot().resolve("examples/stdio"),
                Interop.PYTHON,
                Interop.nodeExamples(),
                everything));
    return config;
  }

  /**
   * Waits until {@code agent} lists a tool of each entry, calls each, and returns the processes its
   * session's start brought: one of each entry that none of the {@code earlier} sessions has.
   */
  private Runs awaitServed(Agent agent, List<Runs> earlier) throws IOException {
    agent.awaitTools(
        agent.name + "'s list with greet, ci_status and ev_echo",
        tools -> tools.containsAll(List.of(GREET, CI_STATUS, ECHO)));
    assertThat(agent.call(GREET, Map.of("name", agent.name)))
        .isEqualTo("Hello, " + agent.name + "!");
    assertThat(agent.call(CI_STATUS, Map.of("red", false))).isEqualTo("CI is now green");
    assertThat(agent.call(ECHO, Map.of("message", "from " + agent.name)))
        .contains("from " + agent.name);

    Set<ProcessHandle> known =
        earlier.stream().flatMap(runs -> runs.all().stream()).collect(Collectors.toSet());
    Runs runs =
        new Runs(
            onlyNew(GREETER_SCRIPT, known),
            onlyNew(GUARD_SCRIPT, known),
            onlyNew(EVERYTHING_SCRIPT, known));
    assertThat(tapSession(runs.guard()))
        .as("TAP_SESSION of %s's guardrail", agent.name)
        .isEqualTo(sessionLabelled(agent.name));
    return runs;
  }

  /** Each of {@code agents} still lists {@code tool}, and a call of it answers {@code answer}. */
  private static void assertStillServed(
      List<Agent> agents, String tool, Map<String, Object> args, String answer) {
    for (Agent agent : agents) {
      assertThat(agent.tools()).as("%s's list", agent.name).contains(tool);
      assertThat(agent.call(tool, args)).as("%s's call of %s", agent.name, tool).contains(answer);
    }
  }

  /** The one live process of the gateway running {@code script} that is none of {@code known}. */
  private ProcessHandle onlyNew(String script, Set<ProcessHandle> known) {
    List<ProcessHandle> running =
        ProcessHandle.of(gateway.pid())
            .orElseThrow()
            .descendants()
            .filter(ProcessHandle::isAlive)
            .filter(process -> process.info().commandLine().orElse("").contains(script))
            .toList();
    List<ProcessHandle> fresh =
        running.stream().filter(process -> !known.contains(process)).toList();
    assertThat(fresh)
        .as("new runs of %s (one per session); all of them: %s", script, running)
        .hasSize(1);
    return fresh.get(0);
  }

  /** The session the gateway started a process for, from its environment. */
  private static String tapSession(ProcessHandle process) throws IOException {
    String environment =
        Files.readString(
            Path.of("/proc", Long.toString(process.pid()), "environ"), StandardCharsets.UTF_8);
    for (String variable : environment.split("\u0000")) {
      if (variable.startsWith("TAP_SESSION=")) {
        return variable.substring("TAP_SESSION=".length());
      }
    }
    throw new AssertionError(
        "no TAP_SESSION in the environment of "
            + process.info().commandLine().orElse("pid " + process.pid()));
  }

  /** The id of the session the front door opened for the client named {@code label}. */
  private String sessionLabelled(String label) {
    JsonNode sessions = gateway.request("{\"cmd\":\"sessions.list\"}").get("sessions");
    for (JsonNode session : sessions) {
      if (label.equals(session.path("label").asText())) {
        return session.get("id").asText();
      }
    }
    throw new AssertionError("no session labelled " + label + " in " + sessions);
  }

  /**
   * Agent A and C: a {@code gateway mcp} process for the running gateway, on the client's stdio.
   */
  private Agent overStdio(String name, int port) {
    List<String> command =
        TestJvm.command(
            Main.class,
            List.of("mcp", "--home", home.toString(), "--port", Integer.toString(port)));
    return connect(name, SdkStdioTransport.running(command));
  }

  /** Agent B: the gateway's HTTP front door, with a client token of its own. */
  private Agent overHttp(String name, int port) throws IOException {
    String token = ClientTokens.mcpHttp(home).issue(name);
    return connect(
        name,
        HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
            .endpoint("/mcp")
            .httpRequestCustomizer(
                (request, method, uri, body, context) ->
                    request.header("Authorization", "Bearer " + token))
            .build());
  }

  private Agent connect(String name, McpClientTransport transport) {
    Agent agent = new Agent(name);
    agents.add(agent);
    agent.client =
        McpClient.sync(transport)
            .clientInfo(new McpSchema.Implementation(name, "1.0"))
            .requestTimeout(WAIT)
            .initializationTimeout(WAIT)
            .toolsChangeConsumer(
                tools ->
                    agent.heard(
                        tools.stream().map(McpSchema.Tool::name).collect(Collectors.toSet())))
            .build();
    agent.client.initialize();
    return agent;
  }

  /**
   * Polls {@code probe} until its value satisfies {@code done}, at most {@link #WAIT}: the
   * gateway's providers are real processes, so there is no event of ours to wait on.
   */
  private static <T> T await(String what, Supplier<T> probe, Predicate<T> done) {
    AtomicReference<T> seen = new AtomicReference<>();
    return Await.value(
        WAIT,
        () -> {
          seen.set(probe.get());
          return done.test(seen.get()) ? seen.get() : null;
        },
        () -> what + "; last seen: " + seen.get());
  }

  /** The processes the gateway runs for one session's config entries, one of each. */
  private record Runs(ProcessHandle greeter, ProcessHandle guard, ProcessHandle everything) {
    List<ProcessHandle> all() {
      return List.of(greeter, guard, everything);
    }
  }

  /** An agent: the MCP Java SDK's client, and every tool list it has been given. */
  private static final class Agent implements AutoCloseable {
    final String name;

    /** Set once connected (the tools consumer needs the agent first); null once closed. */
    McpSyncClient client;

    /**
     * Each tool list the agent got, listed or sent after {@code list_changed}. Guarded by itself.
     */
    private final List<Set<String>> lists = new ArrayList<>();

    Agent(String name) {
      this.name = name;
    }

    /** The tool names it lists now. */
    Set<String> tools() {
      Set<String> names =
          client.listTools().tools().stream().map(McpSchema.Tool::name).collect(Collectors.toSet());
      heard(names);
      return names;
    }

    /** Lists its tools until {@code done} holds of them; returns that list. */
    Set<String> awaitTools(String what, Predicate<Set<String>> done) {
      return await(what, this::tools, done);
    }

    void heard(Set<String> tools) {
      synchronized (lists) {
        lists.add(tools);
      }
    }

    int heardCount() {
      synchronized (lists) {
        return lists.size();
      }
    }

    /**
     * The lists it got after the first {@code count}, listing once more first: a change that came
     * and went between two of its own lists still shows, as the list sent with {@code
     * list_changed}.
     */
    List<Set<String>> heardSince(int count) {
      tools();
      synchronized (lists) {
        return List.copyOf(lists.subList(count, lists.size()));
      }
    }

    /** Calls {@code tool}; the text it answered, which must not be an error. */
    String call(String tool, Map<String, Object> args) {
      McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, args));
      String text =
          result.content().stream()
              .filter(McpSchema.TextContent.class::isInstance)
              .map(content -> ((McpSchema.TextContent) content).text())
              .collect(Collectors.joining("\n"));
      assertThat(result.isError())
          .as("%s's call of %s: %s", name, tool, text)
          .isNotEqualTo(Boolean.TRUE);
      return text;
    }

    @Override
    public void close() {
      if (client != null) {
        client.closeGracefully();
        client = null;
      }
    }
  }
}
