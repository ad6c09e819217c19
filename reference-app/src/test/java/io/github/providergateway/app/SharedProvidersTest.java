package io.github.providergateway.app;

import static io.github.providergateway.gateway.testing.GatewayFixture.awaited;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.app.run.ProjectProviders;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.transport.ws.WebSocketServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 46, providers shared, not copied (decision 72): a configured provider of the provider
 * interface with {@code "session": "project"} runs once per project folder, bound to every session
 * of that project as an {@code "all"}-bound provider is bound to every session. Real processes: a
 * Node provider written to be shared ({@code src/test/resources/shared-provider}) over a real
 * WebSocket server; the gateway on a manual clock.
 */
@Tag("process")
class SharedProvidersTest {

  @TempDir Path dir;
  private final GatewayFixture f = GatewayFixture.create();
  private WebSocketServer server;
  private ProjectProviders providers;
  private Path script;

  @BeforeEach
  void start() throws Exception {
    Path node = Interop.nodeExamples(); // where the "ws" package is
    script = node.resolve("shared-provider.mjs");
    Files.copy(
        Interop.repoRoot()
            .resolve("reference-app/src/test/resources/shared-provider/shared-provider.mjs"),
        script,
        StandardCopyOption.REPLACE_EXISTING);
    server = WebSocketServer.builder(f.gateway).port(0).build().start();
  }

  @AfterEach
  void close() {
    if (providers != null) {
      providers.close();
    }
    if (server != null) {
      server.close();
    }
    f.close();
  }

  private void attach(String session) {
    String json =
        ("{\"providers\":[{\"name\":\"shared\",\"command\":[\"node\",\"%s\"],\"cwd\":\"${project}\"%s}]}")
            .formatted(script, session == null ? "" : ",\"session\":\"" + session + "\"");
    Path file = dir.resolve("providers.json"); // a reload reads it again
    try {
      Files.writeString(file, json);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    ProjectConfig config = ProjectConfig.load(file);
    assertThat(config.problems()).isEmpty();
    providers =
        ProjectProviders.attach(
            f.gateway,
            config,
            URI.create("ws://127.0.0.1:" + server.port()),
            dir.resolve("logs"),
            f.clock);
  }

  private Path project(String name) throws Exception {
    return Files.createDirectories(dir.resolve(name)).toRealPath();
  }

  private final java.util.Map<String, RecordingSessionHost> hosts =
      new java.util.concurrent.ConcurrentHashMap<>();

  private String session(String label, Path project) {
    RecordingSessionHost host = new RecordingSessionHost();
    String id =
        awaited(f.gateway.startSession(SessionSpec.of(label, project.toString()), host)).id();
    hosts.put(id, host);
    return id;
  }

  private boolean timelineSays(String session, String text) {
    return hosts.get(session).logs.stream().anyMatch(line -> line.text().contains(text));
  }

  private List<String> tools(String session) {
    return awaited(f.gateway.tools(session)).stream().map(HostTool::name).toList();
  }

  /** {@code whoami} in {@code session}: the session the provider was called from, and its pid. */
  private JsonNode whoami(String session) {
    CallResult result =
        awaited(
            f.gateway.callTool(
                session, "whoami", GatewayFixture.json("{}"), Duration.ofSeconds(20)));
    assertThat(result.outcome())
        .as("whoami in %s", session)
        .isInstanceOf(ToolOutcome.Success.class);
    return ((ToolOutcome.Success) result.outcome()).data();
  }

  private long pidIn(String session) {
    JsonNode answer = whoami(session);
    assertThat(answer.path("session").asText())
        .as("the session the call came from")
        .isEqualTo(session);
    return answer.path("pid").asLong();
  }

  /** The fixture's processes running now. */
  private Set<Long> running() {
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains(script.toString()))
        .map(ProcessHandle::pid)
        .collect(Collectors.toSet());
  }

  private static void await(String what, Await.Condition condition) {
    Await.until(Duration.ofSeconds(30), condition, () -> what);
  }

  private void awaitWhoami(String... sessions) {
    for (String session : sessions) {
      await("the provider's tool in " + session, () -> tools(session).contains("whoami"));
    }
  }

  /**
   * Ends {@code session} and lets its 1 s deadline pass, once the gateway has taken the end (the
   * session left the list, its deadline's timer set): another thread may be draining the loop.
   */
  private void end(String session) {
    f.gateway.endSession(session, Duration.ofSeconds(1));
    await(
        "the end of " + session,
        () -> awaited(f.gateway.sessions()).stream().noneMatch(info -> info.id().equals(session)));
    f.clock.advance(Duration.ofSeconds(1));
  }

  @Test
  void threeSessionsOfTwoProjectsStartTwoProcessesAndEachCallAnswersInItsOwnSession()
      throws Exception {
    attach("project");
    Path alpha = project("alpha");
    Path beta = project("beta");

    String first = session("claude", alpha);
    String second = session("copilot", alpha);
    String third = session("claude", beta);
    awaitWhoami(first, second, third);

    long alphaPid = pidIn(first);
    assertThat(pidIn(second)).as("alpha's two sessions share one process").isEqualTo(alphaPid);
    long betaPid = pidIn(third);
    assertThat(betaPid).as("beta has a process of its own").isNotEqualTo(alphaPid);
    assertThat(running()).containsExactlyInAnyOrder(alphaPid, betaPid);
    assertThat(ProcessHandle.of(alphaPid).orElseThrow().info().commandLine().orElse(""))
        .contains(script.toString());
  }

  /**
   * Beta's session is active, with its own run, when alpha's provider says {@code hello "all"}: its
   * token binds alpha's sessions only, and a later session of alpha joins alpha's run, not beta's.
   */
  @Test
  void aSessionOfAnotherProjectNeverReachesTheProjectsProvider() throws Exception {
    attach("project");
    Path alpha = project("alpha");
    Path beta = project("beta");
    String other = session("claude", beta);
    awaitWhoami(other);
    long betaPid = pidIn(other);

    String first = session("claude", alpha);
    awaitWhoami(first);
    long alphaPid = pidIn(first);
    String second = session("copilot", alpha);
    awaitWhoami(second);

    assertThat(alphaPid).isNotEqualTo(betaPid);
    assertThat(pidIn(second)).isEqualTo(alphaPid);
    for (int i = 0; i < 3; i++) {
      assertThat(pidIn(other)).as("beta's calls reach beta's run only").isEqualTo(betaPid);
    }
    assertThat(providers.processesOf(other)).extracting(Process::pid).containsExactly(betaPid);
    assertThat(awaited(f.gateway.providers()))
        .as("each run is bound in its own project's sessions only")
        .extracting(ProviderInfo::sessions)
        .containsExactlyInAnyOrder(List.of(other), List.of(first, second));
    assertThat(Files.readString(dir.resolve("logs/shared.log")))
        .as("no provider was refused anything, nor readied a session it may not access")
        .doesNotContain("error ");
  }

  /** Two sessions of {@code project}, with the entry shared by project, its tool in both. */
  private List<String> twoSessionsSharing(Path project) {
    attach("project");
    String first = session("claude", project);
    String second = session("copilot", project);
    awaitWhoami(first, second);
    return List.of(first, second);
  }

  @Test
  void aSessionLeavingKeepsItForTheOthersAndTheLastOneStopsIt() throws Exception {
    Path alpha = project("alpha");
    List<String> both = twoSessionsSharing(alpha);
    String first = both.get(0);
    String second = both.get(1);
    long pid = pidIn(first);
    ProcessHandle process = ProcessHandle.of(pid).orElseThrow();

    end(first);
    assertThat(pidIn(second)).isEqualTo(pid);
    assertThat(process.isAlive()).isTrue();

    end(second);
    process.onExit().get(10, TimeUnit.SECONDS);
    assertThat(process.isAlive()).isFalse();

    String later = session("claude", alpha);
    awaitWhoami(later);
    assertThat(pidIn(later)).as("a new session of the project starts a new run").isNotEqualTo(pid);
  }

  @Test
  void aCrashComesBackInEverySessionOfTheProject() throws Exception {
    List<String> both = twoSessionsSharing(project("alpha"));
    String first = both.get(0);
    String second = both.get(1);
    long pid = pidIn(first);

    ProcessHandle.of(pid).orElseThrow().destroyForcibly();
    await("its tools to leave", () -> !tools(first).contains("whoami"));
    for (String session : List.of(first, second)) {
      await("the timeline of " + session, () -> timelineSays(session, "restarting in 1000 ms"));
    }
    f.clock.advance(Duration.ofSeconds(1)); // the restart's backoff

    awaitWhoami(first, second);
    long restarted = pidIn(first);
    assertThat(restarted).isNotEqualTo(pid);
    assertThat(pidIn(second)).isEqualTo(restarted);
    assertThat(running()).containsExactly(restarted);
  }

  /** {@code reload shared}: one new run for the project, back in both of its sessions. */
  @Test
  void aReloadRestartsTheProjectsRunOnceAndItComesBackInEachSession() throws Exception {
    List<String> both = twoSessionsSharing(project("alpha"));
    long pid = pidIn(both.get(0));

    providers.reload("shared").get(30, TimeUnit.SECONDS);

    // Its tools stay listed while it restarts (decision 34), and their calls fail until it is back.
    for (String session : both) {
      await(
          "the new run to answer in " + session,
          () -> {
            CallResult result =
                awaited(
                    f.gateway.callTool(
                        session, "whoami", GatewayFixture.json("{}"), Duration.ofSeconds(20)));
            return result.outcome() instanceof ToolOutcome.Success success
                && success.data().path("pid").asLong() != pid;
          });
    }
    long reloaded = pidIn(both.get(0));
    assertThat(reloaded).isNotEqualTo(pid);
    assertThat(pidIn(both.get(1))).isEqualTo(reloaded);
    await("the old run to have gone", () -> running().equals(Set.of(reloaded)));
  }

  @Test
  void withoutSessionEachSessionGetsAProcessOfItsOwnAsTheHostRpcSays() throws Exception {
    attach(null); // R-SPAWN-03
    Path alpha = project("alpha");

    String first = session("claude", alpha);
    String second = session("copilot", alpha);
    awaitWhoami(first, second);

    assertThat(pidIn(first)).isNotEqualTo(pidIn(second));
    assertThat(running()).hasSize(2);
  }

  @Test
  void aStdioProviderCannotBeShared() {
    ProjectConfig config =
        ProjectConfig.parse(
            dir.resolve("providers.json"),
            "{\"providers\":[{\"name\":\"ci\",\"transport\":\"stdio\",\"command\":[\"node\",\"ci.mjs\"],\"session\":\"project\"}]}");

    assertThat(config.problems())
        .singleElement()
        .asString()
        .contains("\"transport\": \"stdio\" provider's one channel serves one session");
    assertThat(
            ProjectConfig.parse(
                    dir.resolve("providers.json"),
                    "{\"providers\":[{\"name\":\"ci\",\"command\":[\"node\",\"ci.mjs\"],\"session\":\"project\"}]}")
                .problems())
        .isEmpty();
  }
}
