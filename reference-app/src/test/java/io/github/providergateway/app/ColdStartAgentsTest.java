package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.testing.Await;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 62, the first call of the day (decision 76), with the real binaries of Claude Code 2.1.332,
 * Codex CLI 0.169.0 and Gemini CLI 0.61.0 started at once on one home whose gateway is not running:
 * the home's gateway ran yesterday (its configured guard bound once, so the home's record knows its
 * gates) and was stopped. Each agent's MCP server is {@code gateway mcp}, which starts the home's
 * gateway (decision 74), through a stand-in launcher that holds every window's start for {@link
 * #HOLD}, so that the calls meet no gateway however fast the machine; each agent's hook is the
 * command hook {@code gateway hook AGENT}, as {@code gateway setup} writes it where no service
 * keeps the gateway running.
 *
 * <p>Each agent's model makes three calls at once, without waiting for anything: an ordinary one
 * (runs: the guard allows it), one the guard's {@code agent-guard} gates in the record deny (does
 * not run), and one the built-in guard denies ({@code guard.self}: does not run). None is decided
 * by a connection error, each is answered inside the agent's hook timeout, and the run ends
 * normally. Ground truth is the marker each call would leave. Afterwards one gateway runs for the
 * home, however many windows tried to start it.
 */
@Tag(NpmAgent.TAG)
class ColdStartAgentsTest {

  /** How long the stand-in launcher holds each window before it starts the gateway. */
  private static final Duration HOLD = Duration.ofSeconds(20);

  @TempDir Path temp;
  private GuardedHome guarded;
  private final List<AgentGateTests> agents = new ArrayList<>();

  @AfterEach
  void stopEverything() throws Exception {
    for (AgentGateTests agent : agents) {
      if (agent.model != null) {
        agent.model.close();
      }
    }
    if (guarded != null) {
      guarded.close();
    }
  }

  @Test
  @Timeout(value = 8, unit = TimeUnit.MINUTES)
  void threeAgentsStartedAtOnceWithNoGatewayHaveTheirFirstCallsDecidedByTheGuard()
      throws Exception {
    List<AgentGateTests> kinds =
        List.of(new ClaudeCodeCommandHook(), new CodexCliGateTest(), new GeminiCliGateTest());
    for (AgentGateTests agent : kinds) {
      agent.temp = temp;
      agent.install(); // skips the test where npm cannot reach its registry
      agents.add(agent);
    }
    guarded = GuardedHome.start(temp);
    yesterdaysSessionBindsTheGuard();
    stopTheGateway();
    StandInLauncher.holdingWindows(temp, HOLD);
    assertThat(temp.resolve("gateway")).isEqualTo(guarded.launcher());

    List<CompletableFuture<NpmAgent.Run>> runs = new ArrayList<>();
    for (AgentGateTests agent : agents) {
      agent.guarded = guarded;
      agent.addMcpServer(guarded.mcpCommand());
      agent.installHook();
      String name = name(agent);
      agent.model =
          ScriptedModel.start(
              agent.dialect(),
              List.of(
                  shell(agent, "call_first", "touch " + guarded.marker(name + "-first.marker")),
                  shell(
                      agent,
                      "call_gated",
                      "touch " + guarded.marker("guarded-denied-" + name + ".marker")),
                  shell(
                      agent,
                      "call_ground",
                      "touch "
                          + guarded.marker(name + "-ground.marker")
                          + " && "
                          + guarded.launcher()
                          + " uninstall --home "
                          + guarded.home()),
                  ScriptedModel.Turn.text("Done.")));
    }
    for (AgentGateTests agent : agents) {
      runs.add(
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return agent.run();
                } catch (Exception e) {
                  throw new IllegalStateException(name(agent) + " did not run", e);
                }
              }));
    }

    FileTime coldUntil = null;
    for (int i = 0; i < agents.size(); i++) {
      AgentGateTests agent = agents.get(i);
      NpmAgent.Run run =
          runs.get(i).get(AgentGateTests.AGENT_LIMIT.toSeconds() + 30, TimeUnit.SECONDS);
      String name = name(agent);
      agent.assertEnded(run);
      Path first = guarded.marker(name + "-first.marker");
      assertThat(first).as(() -> name + ": " + agent.describe(run)).exists();
      assertThat(guarded.marker("guarded-denied-" + name + ".marker"))
          .as(() -> name + ": " + agent.describe(run))
          .doesNotExist();
      assertThat(guarded.marker(name + "-ground.marker"))
          .as(() -> name + ": " + agent.describe(run))
          .doesNotExist();
      assertThat(agent.resultOf("call_ground", run)).contains("guard.self");
      assertThat(agent.resultOf("call_gated", run))
          .containsAnyOf("agent-guard: no-marker says no", "agent-guard's gate 'no-marker'");
      for (String call : List.of("call_first", "call_gated", "call_ground")) {
        assertThat(agent.resultOf(call, run))
            .as("%s %s: decided, not a connection error", name, call)
            .doesNotContainIgnoringCase("ECONNREFUSED")
            .doesNotContain("blocking because onFailure")
            .doesNotContain("timed out");
      }
      FileTime made = Files.getLastModifiedTime(first);
      coldUntil = coldUntil == null || made.compareTo(coldUntil) < 0 ? made : coldUntil;
    }
    Await.until(
        GuardedHome.WAIT,
        () -> Files.exists(guarded.home().resolve(GatewayHome.PID_FILE)),
        () -> "a window started the home's gateway; " + guarded.describe());
    assertThat(coldUntil)
        .as("a first call ran before any window's gateway had started: the cold path was taken")
        .isLessThan(Files.getLastModifiedTime(guarded.home().resolve(GatewayHome.PID_FILE)));
    assertThat(SharedGatewayTest.gatewaysOf(guarded.home()))
        .as("one gateway for the home, of every window that tried")
        .hasSize(1);
  }

  /**
   * Yesterday: an agent's window opened a session of the home's gateway, which started the
   * configured guard for it; the home's record keeps the guard's gates from then on.
   */
  private void yesterdaysSessionBindsTheGuard() throws Exception {
    McpSyncClient window =
        McpClient.sync(
                SdkStdioTransport.running(
                    TestJvm.command(
                        Main.class, List.of("mcp", "--home", guarded.home().toString()))))
            .clientInfo(new McpSchema.Implementation("yesterday", "1.0"))
            .requestTimeout(GuardedHome.WAIT)
            .initializationTimeout(GuardedHome.WAIT)
            .build();
    try (window) {
      window.initialize();
      window.listTools(); // as an agent lists them at once: the session's providers start
      Await.until(
          GuardedHome.WAIT,
          guarded::guardIsBound,
          () -> "agent-guard binds; " + guarded.describe());
    }
  }

  /** {@code gateway stop}, as a person ends the day; its pid file goes with it. */
  private void stopTheGateway() throws Exception {
    Process stop =
        new ProcessBuilder(
                guarded.launcher().toString(), "stop", "--home", guarded.home().toString())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    String said = new String(stop.getInputStream().readAllBytes());
    assertThat(stop.waitFor(60, TimeUnit.SECONDS) && stop.exitValue() == 0).as(said).isTrue();
    assertThat(guarded.home().resolve(GatewayHome.PID_FILE)).as(said).doesNotExist();
  }

  private static ScriptedModel.Turn shell(AgentGateTests agent, String id, String command) {
    return ScriptedModel.Turn.toolUse(agent.shellTool(), id, agent.shellInput(command));
  }

  private static String name(AgentGateTests agent) {
    return agent
        .getClass()
        .getSimpleName()
        .replaceAll("(Command|Gate|Cli|Test|Hook)", "")
        .toLowerCase(java.util.Locale.ROOT);
  }

  /** Claude Code 2.1.332 with the command hook, as setup writes it where no service runs. */
  static final class ClaudeCodeCommandHook extends ClaudeCodeAgentGateTest {
    @Override
    void installHook() throws Exception {
      settings(
          JSON.createObjectNode()
              .put("type", "command")
              .put("command", guarded.hookCommand("claude"))
              .put("timeout", HOOK_TIMEOUT.toSeconds()));
    }
  }
}
