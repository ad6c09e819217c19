package io.github.providergateway.app;

import static io.github.providergateway.gateway.testing.GatewayFixture.awaited;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.app.run.ProjectProviders;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.Await;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 46, providers shared, not copied: a configured MCP server runs once per project and the
 * sessions of that project share it; {@code ${project}} gives each run its own project. The
 * official filesystem server from the npm registry, real processes, the gateway on a manual clock.
 */
@Tag("process")
class SharedMcpServersTest {

  @TempDir Path dir;
  private final GatewayFixture f = GatewayFixture.create();
  private ProjectProviders providers;
  private Path script;

  @BeforeEach
  void findTheServer() throws Exception {
    script =
        Interop.mcpServers()
            .resolve("node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
  }

  @AfterEach
  void close() {
    if (providers != null) {
      providers.close();
    }
    f.close();
  }

  private void attach(String session) throws Exception {
    String json =
        ("{\"providers\":[{\"name\":\"fs\",\"mcp\":\"stdio\",\"command\":[\"node\",\"%s\",\"${project}\"],"
                + "\"cwd\":\"${project}\"%s}]}")
            .formatted(script, session == null ? "" : ",\"session\":\"" + session + "\"");
    ProjectConfig config = ProjectConfig.parse(dir.resolve("providers.json"), json);
    assertThat(config.problems()).isEmpty();
    providers =
        ProjectProviders.attach(
            f.gateway, config, URI.create("ws://127.0.0.1:9400"), dir.resolve("logs"), f.clock);
  }

  private Path project(String name) throws Exception {
    return Files.createDirectories(dir.resolve(name)).toRealPath();
  }

  private String session(String label, Path project) {
    return awaited(
            f.gateway.startSession(
                SessionSpec.of(label, project == null ? null : project.toString()),
                new RecordingSessionHost()))
        .id();
  }

  /** The filesystem servers running for {@code project}, by their command line. */
  private static long serversOf(Path project) {
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains("server-filesystem"))
        .filter(p -> p.info().commandLine().orElse("").endsWith(project.toString()))
        .count();
  }

  private List<String> tools(String session) {
    return awaited(f.gateway.tools(session)).stream().map(HostTool::name).toList();
  }

  private String allowedDirectories(String session) {
    CallResult result =
        awaited(
            f.gateway.callTool(
                session,
                "list_allowed_directories",
                GatewayFixture.json("{}"),
                Duration.ofSeconds(20)));
    assertThat(result.outcome()).isInstanceOf(ToolOutcome.Success.class);
    return ((ToolOutcome.Success) result.outcome()).data().toString();
  }

  private static void await(String what, Await.Condition condition) {
    Await.until(Duration.ofSeconds(30), condition, () -> what);
  }

  @Test
  void threeWindowsOfTwoProjectsNeedOneServerForEachProjectEachInItsOwnFolder() throws Exception {
    attach("project");
    Path alpha = project("alpha");
    Path beta = project("beta");

    String first = session("claude", alpha);
    String second = session("copilot", alpha);
    String third = session("claude", beta);

    for (String session : List.of(first, second, third)) {
      await("the server's tools in " + session, () -> tools(session).contains("read_file"));
    }
    assertThat(serversOf(alpha)).as("one server for both windows of alpha").isEqualTo(1);
    assertThat(serversOf(beta)).isEqualTo(1);
    assertThat(allowedDirectories(second)).contains(alpha.toString()).doesNotContain("beta");
    assertThat(allowedDirectories(third)).contains(beta.toString()).doesNotContain("alpha");
    assertThat(providers.mcpServersOf(first)).hasSize(1);
  }

  @Test
  void withoutProjectSharingEachSessionKeepsACopyAsTheHostRpcSays() throws Exception {
    attach(null); // R-SPAWN-03: an entry without "session" runs once for each session
    Path alpha = project("alpha");

    String first = session("claude", alpha);
    String second = session("copilot", alpha);

    await("both sessions' tools", () -> tools(first).contains("read_file"));
    await("both sessions' tools", () -> tools(second).contains("read_file"));
    assertThat(serversOf(alpha)).isEqualTo(2);
  }

  @Test
  void aSessionWithNoProjectStartsNoEntryThatNamesItAndSaysWhy() throws Exception {
    attach("project");
    Path alpha = project("alpha");
    String withProject = session("claude", alpha);
    RecordingSessionHost host = new RecordingSessionHost();
    String without = awaited(f.gateway.startSession(SessionSpec.of("inspector", null), host)).id();

    await(
        "the session with a project has its server",
        () -> tools(withProject).contains("read_file"));
    await(
        "the timeline says why the other has none",
        () -> host.logs.stream().anyMatch(line -> line.text().contains("no project folder")));
    assertThat(tools(without)).doesNotContain("read_file");
  }
}
