package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 46, the trial of session 8: Claude Code 2.1.332's real binary set up by {@code gateway
 * setup claude} (its stdio MCP server {@code gateway mcp}, which the launcher hands to the bridge
 * while a gateway runs, and its command hook), one {@code claude -p} session on a home whose
 * gateway is stopped (SIGTERM) and started again the way a person starts it ({@code gateway
 * --detached}), then killed (SIGKILL) and started again by the window itself (the bridge, through
 * the launcher, as the JVM's {@code gateway mcp} does). While no gateway runs, the agent's call of
 * the gateway's tool is answered at once with an error (the hook's, saying so); once it runs again,
 * the same window calls the tool, with no restart of the agent.
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeWindowAcrossRestartsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CLAUDE_LIMIT = Duration.ofSeconds(120);
  private static final String MARK = "mcp__provider-gateway__mark";

  @TempDir Path temp;
  private GuardedHome guarded;
  private ScriptedModel model;
  private final List<Process> gateways = new ArrayList<>();

  /** How far the test has gone: turn N of the script is held until this is N or more. */
  private final AtomicInteger stage = new AtomicInteger(1);

  @AfterEach
  void stopAll() throws Exception {
    if (model != null) {
      model.close();
    }
    if (guarded != null) {
      guarded.close();
    }
    for (Process gateway : gateways) {
      gateway.destroyForcibly();
    }
  }

  @Test
  void oneWindowCallsTheGatewaysToolBeforeAndAfterAStopAndAKillWithoutARestartOfTheAgent()
      throws Exception {
    ClaudeCode claude = ClaudeCode.installed();
    guarded = GuardedHome.start(temp);
    Path launcher = StandInLauncher.withMcpBridge(guarded.temp());
    Path claudeHome = Files.createDirectory(guarded.temp().resolve("claude-home"));
    guarded.setup("claude", Map.of("HOME", claudeHome.toString()));
    model =
        ScriptedModel.start(
            List.of(
                mark(1, "one")
                    .onceOffered(
                        ScriptedModel.Turn.toolUse(
                            "Bash",
                            "call_probe",
                            JSON.createObjectNode()
                                .put("command", "true")
                                .put("description", "wait"))),
                mark(2, "two").after("the gateway stopped", () -> stage.get() >= 2),
                mark(3, "three").after("the gateway started again", () -> stage.get() >= 3),
                mark(4, "four").after("the gateway killed and back", () -> stage.get() >= 4),
                ScriptedModel.Turn.text("Done.")));

    CompletableFuture<NpmAgent.Run> run =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return claude.print(
                    guarded.project(),
                    claudeHome,
                    model,
                    Map.of(),
                    "Mark four times.",
                    List.of("--allowedTools", "Bash", "mcp__provider-gateway"),
                    CLAUDE_LIMIT);
              } catch (Exception e) {
                throw new AssertionError(e);
              }
            });

    answered("call_1", run);
    assertThat(guarded.marker("one")).as(() -> describe(run)).exists();

    long stopped = stopGateway("TERM");
    stage.set(2);
    // The command hook (no service keeps the gateway running: decision 76) lets the guard allow
    // the tool's call; the window, with no gateway behind it, says so, and the tool does not run.
    assertThat(errorOf("call_2", run))
        .containsAnyOf("was stopped at", "no gateway of this user listens");

    startGateway(launcher, stopped);
    stage.set(3);
    answered("call_3", run);

    // Killed, it is started again by the window (the bridge, through the launcher): nobody else.
    long killed = stopGateway("KILL");
    awaitGatewayOtherThan(killed);
    stage.set(4);
    answered("call_4", run);

    NpmAgent.Run ended = run.get(CLAUDE_LIMIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(ended.timedOut() || ended.exitCode() != 0).as(() -> describe(run)).isFalse();
    assertThat(guarded.marker("two")).doesNotExist();
    assertThat(guarded.marker("four")).exists();
    assertThat(model.failures()).isEmpty();
  }

  private static ScriptedModel.Turn mark(int n, String name) {
    return ScriptedModel.Turn.toolUse(MARK, "call_" + n, JSON.createObjectNode().put("name", name));
  }

  /** Waits for the result of the call {@code id}, and {@return it}. */
  private JsonNode resultOf(String id, CompletableFuture<NpmAgent.Run> run) {
    Await.until(
        CLAUDE_LIMIT,
        () -> model.toolResult(id).isPresent() || run.isDone(),
        () -> "the result of " + id + "; " + describe(run));
    return model.toolResult(id).orElseThrow(() -> new AssertionError(describe(run)));
  }

  /** The call {@code id} ran: its result is the provider's, and its marker was made. */
  private void answered(String id, CompletableFuture<NpmAgent.Run> run) {
    JsonNode result = resultOf(id, run);
    assertThat(result.path("is_error").asBoolean()).as(() -> result + describe(run)).isFalse();
    assertThat(ScriptedModel.text(result)).startsWith("marked ");
  }

  /** The call {@code id} did not run: {@return what the agent was told}. */
  private String errorOf(String id, CompletableFuture<NpmAgent.Run> run) {
    JsonNode result = resultOf(id, run);
    assertThat(result.path("is_error").asBoolean()).as(() -> result + describe(run)).isTrue();
    return ScriptedModel.text(result);
  }

  /** Stops the home's gateway with {@code signal}; {@return its pid} once it has ended. */
  private long stopGateway(String signal) throws Exception {
    Long pid = guarded.gatewayPid();
    guarded.signalGateway(signal);
    Await.until(
        GuardedHome.WAIT,
        () -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true),
        () -> "the gateway " + pid + " ends on SIG" + signal);
    return pid;
  }

  /**
   * {@code gateway --detached} for the home, as a person (or a service manager) starts it; waits
   * until a gateway other than the one stopped names itself in the home.
   */
  private void startGateway(Path launcher, long stopped) throws Exception {
    gateways.add(
        new ProcessBuilder(launcher.toString(), "--detached", "--home", guarded.home().toString())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(guarded.temp().resolve("restarts.out").toFile()))
            .start());
    awaitGatewayOtherThan(stopped);
  }

  /** Waits until a gateway other than {@code stopped} names itself in the home and listens. */
  private void awaitGatewayOtherThan(long stopped) {
    Path pid = guarded.home().resolve(GatewayHome.PID_FILE);
    Await.until(
        GuardedHome.WAIT,
        () ->
            Files.exists(pid)
                && !GuardedHome.read(pid).strip().equals(Long.toString(stopped))
                && listens(guarded.port()),
        () -> "the home's gateway runs again; " + guarded.describe());
  }

  private static boolean listens(int port) {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      return socket.isConnected();
    } catch (IOException e) {
      return false;
    }
  }

  private String describe(CompletableFuture<NpmAgent.Run> run) {
    String agent = run.isDone() && !run.isCompletedExceptionally() ? run.join().describe() : "";
    return "\n--- model:\n" + model.describe() + "\n--- claude:\n" + agent + guarded.describe();
  }
}
